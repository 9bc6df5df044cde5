"""All in a Row's layout (13 columns of 4) and its deal, which pysol-cards makes (``all_in_a_row``)."""

from __future__ import annotations

from engine.spread.deal import dealt_by_pysol_cards
from engine.spread.game import SpreadGame
from engine.spread.layout import Start, fans
from engine.spread.position import Spread
from engine.wording import N_

LAYOUT = fans("all-in-a-row", "All in a Row", 13, 4, start=Start.EMPTY, stock=False)


def deal(number: int) -> Spread:
    return dealt_by_pysol_cards(LAYOUT, "all_in_a_row", number)


ALL_IN_A_ROW = SpreadGame(
    LAYOUT,
    deal,
    N_(
        "All in a Row: 13 columns of four, all face up; the bottom card of a column is free. The foundation "
        "starts empty, so the first card may be any free card. There is no stock: clear the columns to win."
    ),
)
