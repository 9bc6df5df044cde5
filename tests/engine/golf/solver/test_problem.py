"""engine/golf/solver/problem.py: a Hole reduced to ranks, with the rules as a table both backends share."""

from __future__ import annotations

import itertools

import pytest

from engine.golf.deal import deal
from engine.golf.moves import TURN, Move
from engine.golf.rules import Rules, find_rules, ranks_adjacent
from engine.golf.solver.problem import (
    KINGS_PRED,
    LAST_WALK,
    NO_BOUND,
    NO_TOP,
    RANKS,
    STUCK_DRAW,
    TURN_CODE,
    WRAP,
    moves_of,
    problem_of,
)


def _all_rules() -> list[Rules]:
    bases = [{}, {"queens_on_kings": True}, {"wrap": True}]
    flags = itertools.product(bases, (0, 1, 2), (False, True), (1, 2), (False, True))
    return [
        Rules(**base, jokers=jokers, empty_foundation=head, decks=decks, draw_only_when_stuck=stuck)
        for base, jokers, head, decks, stuck in flags
    ]


def test_ranks_of_deal_24() -> None:
    problem = problem_of(deal(24))
    assert problem.columns[0] == bytes([4, 7, 5, 13, 10])  # 4C 7S 5S KH TC, TC available
    assert problem.stock[:3] == bytes([10, 13, 8])  # TD KC 8H
    assert problem.top == 11  # JH
    assert problem.flags == 0


def test_empty_foundation_is_no_top() -> None:
    assert problem_of(deal(5, find_rules("strict+head-start"))).top == NO_TOP


@pytest.mark.parametrize("rules", _all_rules(), ids=lambda r: r.name)
def test_adjacency_is_the_rules_table(rules: Rules) -> None:
    problem = problem_of(deal(3, rules))
    for top in range(NO_TOP + 1):
        for rank in range(RANKS):
            expected = ranks_adjacent(rank, None if top == NO_TOP else top, rules)
            assert problem.adjacent[top * RANKS + rank] == expected
    assert not problem.flags & NO_BOUND, "every variant of the rule book gets the lower bound"
    assert bool(problem.flags & KINGS_PRED) == rules.queens_on_kings
    assert bool(problem.flags & WRAP) == rules.wrap
    assert bool(problem.flags & STUCK_DRAW) == rules.draw_only_when_stuck
    assert bool(problem.flags & LAST_WALK) == (rules.decks == 2)  # where it pays
    assert len(problem.columns) == rules.columns


def test_moves_of_a_line() -> None:
    assert moves_of(bytes([2, TURN_CODE, 0])) == (Move.play(2), TURN, Move.play(0))
