"""The colours of the pictures: the table's felt, the cards, the marks, and the two decks' suit inks."""

from __future__ import annotations

from engine.cards import Suit

RGB = tuple[int, int, int]

FELT: RGB = (28, 84, 52)
"""The table: a dark green that neither red nor black ink is lost on."""
FELT_LIGHT: RGB = (58, 122, 84)
"""Outlines on the felt (an empty pile) and quiet text."""
FELT_TEXT: RGB = (236, 242, 236)
FELT_DIM: RGB = (170, 200, 178)
PAPER: RGB = (252, 251, 245)
"""A card's face."""
EDGE: RGB = (120, 120, 112)
"""A card's border."""
BACK: RGB = (36, 62, 140)
BACK_LINE: RGB = (92, 122, 206)
GLOW: RGB = (255, 206, 48)
"""A playable card's outline, the seat to act."""
PAIRED: RGB = (86, 214, 255)
"""A pair of cards (one column of a Six-card grid) that scores nothing."""
JOKER_INK: RGB = (128, 48, 160)
FRAME: RGB = (246, 232, 196)
"""The panel of a face card (J, Q, K)."""
PANEL: RGB = (22, 68, 42)
"""Under a Six-card seat's grid."""
SCORE_BG: RGB = (22, 66, 41)
"""Under the scorecard."""
BADGE: RGB = (16, 24, 48)
"""The disc of the stock's count."""
DARK: RGB = (20, 20, 20)
"""Text on a bright mark."""

BLACK: RGB = (24, 24, 28)
RED: RGB = (206, 24, 36)
BLUE: RGB = (22, 84, 206)
GREEN: RGB = (18, 130, 52)

TWO_COLOURS: dict[Suit, RGB] = {
    Suit.SPADES: BLACK,
    Suit.CLUBS: BLACK,
    Suit.HEARTS: RED,
    Suit.DIAMONDS: RED,
    Suit.NONE: JOKER_INK,
}
FOUR_COLOURS: dict[Suit, RGB] = {
    Suit.SPADES: BLACK,
    Suit.CLUBS: GREEN,
    Suit.HEARTS: RED,
    Suit.DIAMONDS: BLUE,
    Suit.NONE: JOKER_INK,
}


def ink(suit: Suit, four_colour: bool) -> RGB:
    """The colour a suit is printed in, in the chosen deck."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


SQUARE_COLOURS: dict[str, RGB] = {
    "🟦": (52, 120, 230),
    "🟩": (60, 170, 80),
    "🟨": (240, 200, 40),
    "🟥": (220, 60, 50),
}
"""The daily's coloured squares (engine.daily.SQUARES), drawn as rounded squares."""
