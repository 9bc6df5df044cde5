"""engine/spread/solver.py: its best score is a brute force's on small layouts of every kind (a peak with a
stock, piles with an empty foundation, piles from the Ace of Spades), and its line replays to that score on
real deals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.blackhole.game import BLACK_HOLE
from engine.cards import Card, Suit, full_deck
from engine.pyramid.game import PYRAMID_GOLF
from engine.spread.layout import SpreadLayout, Start, fans, steps
from engine.spread.position import Spread, opening
from engine.spread.solver import SearchTooLarge, solve
from engine.tripeaks.game import TRIPEAKS

PACK = list(full_deck(decks=1, jokers=0))

SMALL = [
    steps("peak", "Peak", (1, 2, 3), (1, 2, 2), face_down=frozenset({0, 1, 2})),
    steps("strict peak", "Strict peak", (1, 2, 3), (1, 2, 2), wrap=False),
    fans("row", "Row", 3, 2, start=Start.EMPTY, stock=False),
    fans("hole", "Hole", 4, 2, start=Start.ACE_OF_SPADES, stock=False),
]


def brute(spread: Spread) -> int:
    """The best score by trying every line (no memory, no pruning)."""
    moves = spread.legal_moves()
    if not moves:
        return spread.score
    return min(brute(spread.play(move)) for move in moves)


@settings(max_examples=150, deadline=None)
@given(layout=st.sampled_from(SMALL), order=st.permutations(range(51)), stock=st.integers(0, 6))
def test_the_best_score_is_the_brute_forces(layout: SpreadLayout, order: list[int], stock: int) -> None:
    cards = [PACK[i] for i in order if not (layout.start is Start.ACE_OF_SPADES and PACK[i].rank == 1)]
    extra = (1 + stock) if layout.stock else 0
    spread = opening(layout, tuple(cards[: layout.size + extra]))
    solution = solve(spread)
    assert solution.score == brute(spread)
    replayed = spread
    for move in solution.line:
        replayed = replayed.play(move)
    assert replayed.score == solution.score or replayed.left == solution.score


RUNS = [(1, 2, 3, 4), (13, 1, 2, 3), (12, 13, 1, 2)]


def close(run: tuple[int, ...]) -> list[Card]:
    """The cards of four ranks next to each other round the Ace (the Ace of Spades, which starts a hole,
    left out), so that holes of them are often won, and often lost only by the count of their ranks: the
    search for a win and its Euler-trail bound, which these exercise."""
    return [c for c in PACK if c.rank in run and c != Card(1, Suit.SPADES)]


HOLES = [
    fans("hole 4x3", "Hole", 4, 3, start=Start.ACE_OF_SPADES, stock=False),
    fans("strict hole 4x3", "Strict hole", 4, 3, start=Start.ACE_OF_SPADES, stock=False, wrap=False),
    fans("row 4x3", "Row", 4, 3, start=Start.EMPTY, stock=False),
]


@settings(max_examples=150, deadline=None)
@given(layout=st.sampled_from(HOLES), run=st.sampled_from(RUNS), order=st.permutations(range(15)))
def test_a_win_is_found_exactly_when_the_brute_force_finds_one(
    layout: SpreadLayout, run: tuple[int, ...], order: list[int]
) -> None:
    cards = close(run)
    spread = opening(layout, tuple(cards[i] for i in order[: layout.size]))
    solution = solve(spread)
    assert solution.score == brute(spread)
    for move in solution.line:
        spread = spread.play(move)
    assert spread.left == solution.score


@pytest.mark.parametrize("number", [1, 2, 3, 24])
def test_a_pyramid_line_replays_to_its_score(number: int) -> None:
    hole = PYRAMID_GOLF.new_hole(number)
    solution = solve(hole)
    for move in solution.line:
        hole = hole.play(move)
    while not hole.is_over:  # (a line may stop once nothing better can come; the rest are turns)
        hole = hole.play(hole.legal_moves()[-1])
    assert hole.score == solution.score


def test_tripeaks_deal_24_is_cleared_with_stock_to_spare() -> None:
    solution = solve(TRIPEAKS.new_hole(24))
    assert solution.score < 0
    hole = TRIPEAKS.new_hole(24)
    for move in solution.line:
        hole = hole.play(move)
    assert hole.is_cleared and hole.score == solution.score


def test_black_hole_deal_5_is_won_and_deal_1_blocked_at_once() -> None:
    solution = solve(BLACK_HOLE.new_hole(5))
    assert solution.score == 0 and len(solution.line) == 51
    stuck = solve(BLACK_HOLE.new_hole(1))  # three cards go, then nothing: 48 left whatever is played
    assert stuck.score == 48 and len(stuck.line) == 3


def test_a_search_may_be_bounded() -> None:
    with pytest.raises(SearchTooLarge):
        solve(TRIPEAKS.new_hole(24), max_states=100)
