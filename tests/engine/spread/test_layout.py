"""engine/spread/layout.py: which card covers which in each game, as PySolFC lays them out."""

from __future__ import annotations

from engine.allinarow.game import LAYOUT as ALL_IN_A_ROW
from engine.blackhole.game import LAYOUT as BLACK_HOLE
from engine.pyramid.game import ELEVATOR_LAYOUT, PYRAMID_LAYOUT
from engine.spread.layout import stacked
from engine.tripeaks.game import LAYOUT as TRIPEAKS


def free(layout, gone: set[int]) -> list[int]:
    mask = sum(1 << s for s in gone)
    return [s for s in range(layout.size) if layout.is_free(s, mask)]


def test_tripeaks_lays_three_peaks_over_a_row_of_ten() -> None:
    assert [len(line) for line in TRIPEAKS.lines] == [3, 6, 9, 10]
    assert TRIPEAKS.size == 28
    assert TRIPEAKS.covered_by[0] == (3, 4)  # a peak's top, on the two below it
    assert TRIPEAKS.covered_by[1] == (5, 6) and TRIPEAKS.covered_by[2] == (7, 8)
    assert TRIPEAKS.covered_by[4] == (10, 11) and TRIPEAKS.covered_by[5] == (12, 13)
    assert TRIPEAKS.covered_by[9] == (18, 19) and TRIPEAKS.covered_by[17] == (26, 27)
    assert free(TRIPEAKS, set()) == list(range(18, 28))  # only the bottom row at the start
    assert 9 in free(TRIPEAKS, {18, 19})
    assert TRIPEAKS.face_down == frozenset(range(18))
    assert not TRIPEAKS.is_shown(9, 0) and TRIPEAKS.is_shown(9, 1 << 18 | 1 << 19)


def test_the_pyramid_covers_each_card_with_the_two_below_it() -> None:
    assert [len(line) for line in PYRAMID_LAYOUT.lines] == [1, 2, 3, 4, 5, 6, 7]
    assert PYRAMID_LAYOUT.covered_by[0] == (1, 2)
    assert PYRAMID_LAYOUT.covered_by[1] == (3, 4) and PYRAMID_LAYOUT.covered_by[2] == (4, 5)
    assert PYRAMID_LAYOUT.covered_by[20] == (26, 27)
    assert free(PYRAMID_LAYOUT, set()) == list(range(21, 28))
    assert PYRAMID_LAYOUT.face_down == frozenset() and ELEVATOR_LAYOUT.face_down == frozenset(range(21))
    assert PYRAMID_LAYOUT.covered_by == ELEVATOR_LAYOUT.covered_by


def test_black_hole_and_all_in_a_row_are_piles() -> None:
    assert len(BLACK_HOLE.lines) == 17 and {len(line) for line in BLACK_HOLE.lines} == {3}
    assert len(ALL_IN_A_ROW.lines) == 13 and {len(line) for line in ALL_IN_A_ROW.lines} == {4}
    assert stacked(BLACK_HOLE) and stacked(ALL_IN_A_ROW)
    assert not stacked(TRIPEAKS) and not stacked(PYRAMID_LAYOUT)
    assert free(BLACK_HOLE, set()) == list(range(34, 51))  # the fans' top cards, dealt last
    assert BLACK_HOLE.lines[0] == (0, 17, 34)  # dealt a row at a time across the fans
    assert free(ALL_IN_A_ROW, set()) == list(range(39, 52))
