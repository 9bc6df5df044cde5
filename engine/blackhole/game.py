"""Black Hole's layout (17 fans of 3, each card covered by the next one dealt onto its fan) and its deal,
which pysol-cards makes (``black_hole``)."""

from __future__ import annotations

from engine.spread.deal import dealt_by_pysol_cards
from engine.spread.game import SpreadGame
from engine.spread.layout import Start, fans
from engine.spread.position import Spread
from engine.wording import N_

LAYOUT = fans("black-hole", "Black Hole", 17, 3, start=Start.ACE_OF_SPADES, stock=False)


def deal(number: int) -> Spread:
    return dealt_by_pysol_cards(LAYOUT, "black_hole", number)


BLACK_HOLE = SpreadGame(
    LAYOUT,
    deal,
    N_(
        "Black Hole: the Ace of Spades starts the foundation, and the other 51 cards lie in 17 fans of "
        "three, all face up; the top card of a fan is free. There is no stock: clear the fans to win."
    ),
)
