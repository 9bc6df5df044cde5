"""Drawing the art before it is asked for: a bot that calls ``prepare`` at start (on its picture pool) keeps
its first presses as fast as the later ones (a cold Golf board takes about 170 ms: its cards are drawn
then)."""

from __future__ import annotations

from adapters.pictures import colours, golf, sixcard, stickers
from bot.screens import BoardView, Screen, ScreenKind
from engine.cards import JOKER_CARD, ONE_DECK

EVERY_CARD = (*ONE_DECK, JOKER_CARD)


def prepare(four_colour: bool = False) -> int:
    """Draw every card as the Golf board and the Six-card table place them, in one deck; the number of
    pieces drawn (or found drawn)."""
    pieces = 0
    width = golf.CARD.width
    paper, felt = colours.PAPER, colours.FELT
    for card in EVERY_CARD:
        for over, covered, marked in (
            (None, True, False),  # the first card of a column
            (paper, True, False),  # a card under others
            (paper, False, False),  # the available card
            (paper, False, True),  # ... playable
            (None, False, False),  # alone in its column, or on the foundation
            (None, False, True),
        ):
            stickers.card(card, width, four_colour, felt, over, covered, marked)
            pieces += 1
        for size in (sixcard.FRONT, sixcard.OTHER, sixcard.PLACE):
            stickers.card(card, size.width, four_colour, sixcard.PANEL)
            pieces += 1
        stickers.card(card, sixcard.PILE.width, four_colour, felt)
        stickers.card(card, sixcard.PILE.width, four_colour, felt, None, False, True)
        pieces += 2
    _board(four_colour)
    return pieces


def _board(four_colour: bool) -> None:
    """A board drawn twice (every column playable, then none): its column numbers, labels and stock."""
    from engine.golf.deal import deal

    hole = deal(1)
    for playable in (True, False):
        view = BoardView(
            columns=hole.tableau,
            playable=(playable,) * len(hole.tableau),
            foundation=hole.top,
            stock_left=len(hole.stock),
            hole=1,
            holes=9,
            total=0,
            par=45,
            rules="strict",
            deal=None,
        )
        golf.draw_hole(Screen(ScreenKind.BOARD, "", board=view), view, four_colour=four_colour)
