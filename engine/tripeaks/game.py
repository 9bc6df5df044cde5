"""TriPeaks' layout and deal, from PySolFC's ``threepeaks.py``: rows of 3, 6, 9 and 10 cards; the card in
slot ``i`` of the upper rows is covered by slots ``i + STEP[i]`` and the one after (its ``STEP`` table);
the 18 cards of the peaks are dealt face down, the bottom row face up."""

from __future__ import annotations

from engine.spread.deal import dealt_in_turn
from engine.spread.game import SpreadGame
from engine.spread.layout import steps
from engine.spread.position import Spread
from engine.wording import N_

STEP = (3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9)
"""PySolFC's ``ThreePeaks_RowStack.STEP``."""

PLACES = (3, 9, 15, 2, 4, 8, 10, 14, 16, *range(1, 19, 2), *range(0, 20, 2))
"""Each slot across the table in half cards, as PySolFC draws the peaks."""

LAYOUT = steps("tripeaks", "TriPeaks", (3, 6, 9, 10), STEP, face_down=frozenset(range(18)), places=PLACES)


def deal(number: int) -> Spread:
    return dealt_in_turn(LAYOUT, number)


TRIPEAKS = SpreadGame(
    LAYOUT,
    deal,
    N_(
        "TriPeaks: 28 cards in three overlapping peaks over a row of ten. The ten at the bottom lie face up, "
        "the peaks' eighteen face down; a card turns face up once nothing covers it. One card starts the "
        "foundation and 23 form the stock."
    ),
)
