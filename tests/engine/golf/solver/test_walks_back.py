"""The walks back (the kernel's and engine/golf/solver/walks_back.py): "can the tableau be cleared with at
most u stock cards turned?" asked backwards from the cleared tableau, against the brute-force reference on
small positions of every two-deck variant; the two backends alike, position for position; and the fringe
search with them against the same search without them."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.moves import TURN
from engine.golf.rules import Rules, find_rules
from engine.golf.solver import kernel_available, pysearch, solve, walks_back
from engine.golf.solver.problem import BACK, Problem, moves_of, problem_of
from engine.golf.solver.walks_back import back
from tests.engine.golf.solver.test_pysearch import small_positions

TWO_DECKS = [
    Rules(decks=2, **base, jokers=jokers, empty_foundation=head)  # type: ignore[arg-type]
    for base in ({}, {"queens_on_kings": True}, {"wrap": True})
    for jokers in (0, 1, 2)
    for head in (False, True)
]


def small_double_positions() -> st.SearchStrategy[Hole]:
    """A two-deck position with few cards: up to 14 in the tableau's nine columns and 8 in the stock."""
    return small_positions(TWO_DECKS, least_in_tableau=1, most_in_stock=8)


def _both(problem: Problem, turns: int, max_states: int = 0) -> tuple[str, bytes, int]:
    """The Python walks back's answer, the kernel's checked to be the same."""
    answer = back(problem, turns, max_states)
    if kernel_available():
        from engine.golf.solver import _kernel

        p = problem
        kernel = _kernel.back(p.columns, p.stock, p.top, p.adjacent, p.flags, turns, max_states)
        assert kernel == answer
    return answer


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hole=small_double_positions())
def test_they_clear_exactly_when_some_line_does(brute_force: Callable[[Hole], int], hole: Hole) -> None:
    """For every number of turns: 'clear' with a line that clears within them when the brute force's
    optimum clears with as much stock in hand, 'none' when it does not."""
    problem = problem_of(hole)
    best = brute_force(hole)
    for turns in range(len(problem.stock) + 1):
        status, line, _ = _both(problem, turns)
        assert status == ("clear" if best <= turns - len(problem.stock) else "none"), (hole, turns)
        if status == "clear":
            moves = moves_of(line)
            assert sum(move == TURN for move in moves) <= turns
            end = hole.play_all(moves)
            assert end.is_cleared, (hole, turns)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hole=small_double_positions(), limit=st.integers(1, 30))
def test_past_their_positions_they_are_cut(hole: Hole, limit: int) -> None:
    problem = problem_of(hole)
    status, line, states = _both(problem, len(problem.stock), limit)
    assert status in ("clear", "none", "cut")
    if status == "cut":
        assert states == limit and line == b""
    else:
        assert states <= limit


def test_turns_beyond_the_stock_are_refused() -> None:
    problem = problem_of(deal(3, find_rules("strict+double")))
    with pytest.raises(ValueError, match="turns"):
        back(problem, len(problem.stock) + 1)


def test_they_prove_at_once_what_the_search_forwards_takes_millions_for() -> None:
    """Strict+double deal 79, optimum -10: no line scores -11 (29 cards turned at most). Forwards the
    search took 26 million positions to prove it (the plain deepening); backwards it is a few
    thousand."""
    if not kernel_available():
        pytest.skip("the C kernel is not built")
    problem = problem_of(deal(79, find_rules("strict+double")))
    status, _, states = _both(problem, 29)
    assert status == "none" and states < 10_000


def _without_walks_back(problem: Problem) -> Problem:
    return Problem(problem.columns, problem.stock, problem.top, problem.adjacent, problem.flags & ~BACK)


@pytest.mark.parametrize("name", ["strict+double", "wrap+double", "queens-on-kings+double+jokers=1"])
def test_the_fringe_search_answers_alike_with_them_and_without(name: str) -> None:
    """Mid-game two-deck positions: the fringe search with the walks back (steps proven at once and
    skipped, or started over; positions with enough turned answered from them; the start found to clear
    by them) finds the optimum the search without them finds, and a line that plays out to it."""
    rules = find_rules(name)
    rng = random.Random(name)
    for number in range(1, 9):
        hole = deal(number, rules)
        tableau = tuple(col[: rng.randint(1, 4)] for col in hole.tableau)
        hole = Hole(tableau, hole.foundation, hole.stock[: rng.randint(6, 20)], rules)
        problem = problem_of(hole)
        assert problem.flags & BACK
        lower = pysearch.lower_bound(problem)
        found = [pysearch.Search(p).fringe(lower, 2**31 - 1) for p in (problem, _without_walks_back(problem))]
        assert found[0][1] == found[1][1] == solve(hole).score
        for _, score, line, _, status in found:
            assert status == "found"
            end = hole.play_all(moves_of(line))
            assert end.is_over and end.score == score


def test_they_are_not_asked_where_turning_is_not_free() -> None:
    """Under the stuck rule the stock may be turned only with no card to play: the worths assume turning
    at any time, so the walks back are off there, as they are on one deck."""
    assert not problem_of(deal(1, find_rules("strict+double+stuck-draw"))).flags & BACK
    assert not problem_of(deal(1, find_rules("strict"))).flags & BACK
    assert problem_of(deal(1, find_rules("wrap+double+jokers=2+head-start"))).flags & BACK


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    hole=small_double_positions(),
    lead=st.integers(1, 6),
    every=st.integers(1, 4),
    pace=st.sampled_from([(1, 2), (1, 1), (8, 1)]),
)
def test_a_slow_start_changes_the_work_not_the_answer(
    monkeypatch: pytest.MonkeyPatch,
    brute_force: Callable[[Hole], int],
    hole: Hole,
    lead: int,
    every: int,
    pace: tuple[int, int],
) -> None:
    """With a head start of a few positions and a turn every few, the walks back decide steps while the
    search is under way: a step with no line is started over from the start in the next, the start found
    to clear ends the search with their line; the answer is the brute force's, with a line to it."""
    with monkeypatch.context() as m:
        m.setattr(pysearch, "BACK_LEAD", lead)
        m.setattr(pysearch, "BACK_EVERY", every)
        m.setattr(pysearch, "BACK_PACE", pace)
        solution = solve(hole, backend="python")
    assert solution.proven and solution.score == brute_force(hole)
    end = hole.play_all(solution.moves)
    assert end.is_over and end.score == solution.score


def test_a_step_proven_under_way_starts_the_search_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wrap+double positions whose walks back, taking a turn at every position, prove a step has no line
    once the step's search is under way (deals 10, 18 and 27 of these do): the search starts over from
    the start in the next step and still finds the optimum, with a line that plays out to it."""
    rules = find_rules("wrap+double")
    rng = random.Random("wrap+double")
    holes = []
    for number in range(1, 28):
        hole = deal(number, rules)
        tableau = tuple(col[: rng.randint(1, 3)] for col in hole.tableau)
        holes.append(Hole(tableau, hole.foundation, hole.stock[: rng.randint(6, 16)], rules))
    expected = [solve(hole).score for hole in holes]
    with monkeypatch.context() as m:
        m.setattr(pysearch, "BACK_LEAD", 1)
        m.setattr(pysearch, "BACK_EVERY", 1)
        m.setattr(pysearch, "BACK_PACE", (1, 1))
        for hole, score in zip(holes, expected, strict=True):
            solution = solve(hole, backend="python")
            assert solution.proven and solution.score == score
            end = hole.play_all(solution.moves)
            assert end.is_over and end.score == score


@pytest.mark.parametrize("name", ["strict+double", "wrap+double"])
def test_walks_back_at_their_memory_cap_change_the_work_not_the_answer(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Tables at BACK_SLOTS (here from their first slots on: the walks back take nothing): the search
    goes on without them and finds the same optimum, with a line that plays out to it."""
    rules = find_rules(name)
    rng = random.Random(name + " cap")
    holes = []
    for number in range(1, 13):
        hole = deal(number, rules)
        tableau = tuple(col[: rng.randint(1, 3)] for col in hole.tableau)
        holes.append(Hole(tableau, hole.foundation, hole.stock[: rng.randint(6, 16)], rules))
    expected = [solve(hole, backend="python") for hole in holes]
    with monkeypatch.context() as m:
        m.setattr(walks_back, "BACK_SLOTS", walks_back.SLOTS_FIRST)
        for hole, before in zip(holes, expected, strict=True):
            solution = solve(hole, backend="python")
            assert solution.proven and solution.score == before.score
            end = hole.play_all(solution.moves)
            assert end.is_over and end.score == solution.score
