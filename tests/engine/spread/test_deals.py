"""The Golf family's deals are PySolFC's.

Black Hole and All in a Row: pysol-cards deals them (``pysol_cards.deal_game.Game``), and our opening
position prints the very board it prints. TriPeaks and Pyramid Golf: pysol-cards does not deal them, so the
test rebuilds PySolFC's dealing order from its source: every one-deck game of PySolFC shuffles the pack the
same way for a number (``Game.shuffle`` in ``pysollib/game/__init__.py``), and Golf (pysol-cards'
``golf``: ``_startDealNumRows(4)`` then ``dealRow()``, a row of seven at a time, then ``dealCards()`` to the
waste) shows that order; TriPeaks (``pysollib/games/threepeaks.py``, ``ThreePeaks.startGame``) and Elevator
and Escalator (``pysollib/games/golf.py``) deal it one card to each of their 28 slots in turn, then one to
the waste, and keep the rest in the talon.
"""

from __future__ import annotations

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

from engine.allinarow.game import ALL_IN_A_ROW
from engine.blackhole.game import BLACK_HOLE
from engine.cards import parse_card
from engine.pyramid.game import ELEVATOR, PYRAMID_GOLF
from engine.spread.board import format_board
from engine.tripeaks.game import TRIPEAKS

NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 24, 100, 617, 1000, 11982, 31999, 32000, 32001, 123456, 10**19]


def pysol_board(game: str, number: int) -> str:
    return PysolGame(game, number, RandomBase.DEALS_PYSOLFC).calc_deal_string(number, CardRenderer(True))


def pysol_order(number: int) -> list:
    """PySolFC's dealing order for a one-deck game, read off its Golf deal (7 columns of 5, dealt a row at a
    time; then the waste's card; then the talon, next card first)."""
    lines = pysol_board("golf", number).splitlines()
    talon = [parse_card(t) for t in lines[0].split(":")[1].split()]
    waste = [parse_card(lines[1].split(":")[1].split()[0])]
    columns = [[parse_card(t) for t in line.split()] for line in lines[2:9]]
    rows = [columns[c][r] for r in range(5) for c in range(7)]
    return rows + waste + talon


@pytest.mark.parametrize("number", NUMBERS)
def test_black_hole_and_all_in_a_row_are_pysol_cards_deals(number: int) -> None:
    assert format_board(BLACK_HOLE.new_hole(number)) == pysol_board("black_hole", number).strip() + "\n"
    assert format_board(ALL_IN_A_ROW.new_hole(number)) == pysol_board("all_in_a_row", number).strip() + "\n"


@pytest.mark.parametrize("number", NUMBERS)
def test_tripeaks_and_the_pyramids_deal_pysolfcs_order(number: int) -> None:
    order = pysol_order(number)
    for game in (TRIPEAKS, PYRAMID_GOLF, ELEVATOR):
        spread = game.new_hole(number)
        assert list(spread.cards) == order[:28]
        assert list(spread.foundation) == order[28:29]
        assert list(spread.stock) == order[29:]


def test_black_hole_starts_with_the_ace_of_spades_and_all_in_a_row_with_nothing() -> None:
    hole = BLACK_HOLE.new_hole(24)
    assert [str(c) for c in hole.foundation] == ["AS"] and not hole.stock
    assert len(set(hole.cards)) == 51
    row = ALL_IN_A_ROW.new_hole(24)
    assert row.foundation == () and not row.stock and len(set(row.cards)) == 52
