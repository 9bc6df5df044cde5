"""engine.golf.solver's API: optimal scores against the published list, complete lines, winnable, hint,
mid-game positions, deals above 32000, finished holes and the backend switch."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE, TURN, Move
from engine.golf.rules import STRICT, find_rules
from engine.golf.solver import (
    BACKENDS,
    FINISH_SHARE,
    SearchLimitError,
    Solution,
    best_score,
    hint,
    kernel_available,
    lower_bound,
    solve,
    winnable,
)

SAMPLE = range(1, 1001, 6)  # 167 deals of the 1000 in the default run
BASES = ("strict", "queens-on-kings", "wrap")

CheckLine = Callable[[Hole, Solution], Hole]


def _check_deals(optimal_deals, name: str, numbers, check_line: CheckLine) -> None:
    rules = find_rules(name)
    wrong = []
    for number in numbers:
        record = optimal_deals[number - 1]
        hole = record.hole(rules)
        solution = solve(hole)
        check_line(hole, solution)
        if solution.score != record.optimal[name]:
            wrong.append((number, solution.score, record.optimal[name]))
    assert not wrong, f"(deal, solver, published) under {name}: {wrong}"


@pytest.mark.parametrize("name", BASES)
def test_optimal_scores_of_a_sample_of_deals(optimal_deals, check_line: CheckLine, name: str) -> None:
    assert len(SAMPLE) >= 150
    _check_deals(optimal_deals, name, SAMPLE, check_line)


@pytest.mark.parametrize("name", BASES)
def test_the_deepening_finds_the_published_optimum(optimal_deals, check_line: CheckLine, name: str) -> None:
    """A probe of 64 positions: the answers come from the deepening and the later branch and bound."""
    rules = find_rules(name)
    for number in range(3, 1001, 40):
        record = optimal_deals[number - 1]
        hole = record.hole(rules)
        solution = solve(hole, probe_states=64)
        check_line(hole, solution)
        assert solution.proven and solution.score == record.optimal[name], number


@pytest.mark.parametrize("name", ["strict+double", "wrap+double", "strict+jokers=2", "wrap+jokers=1"])
def test_big_packs_answer_alike_with_and_without_the_deepening(name: str, check_line: CheckLine) -> None:
    rules = find_rules(name)
    for number in (8, 11):
        hole = deal(number, rules)
        full = solve(hole, max_states=3_000_000)
        if full.proven:  # deals that a few million positions prove (most jokers, some double deals)
            check_line(hole, full)
            deep = solve(hole, probe_states=256, max_states=12_000_000)
            assert deep.score == full.score or not deep.proven
        else:
            assert full.lower_bound < full.score
            assert hole.play_all(full.moves).score == full.score


@pytest.mark.full
@pytest.mark.parametrize("name", BASES)
def test_optimal_scores_of_all_1000_deals(optimal_deals, check_line: CheckLine, name: str) -> None:
    _check_deals(optimal_deals, name, range(1, 1001), check_line)


def test_the_deal_list_is_engine_deal(optimal_deals) -> None:
    """The file's positions are the engine's deals, so solving deal(N) is solving the listed deal."""
    for number in (1, 24, 500, 1000):
        assert optimal_deals[number - 1].hole() == deal(number)


@pytest.mark.parametrize("name", BASES)
def test_winnable_is_a_score_of_zero_or_less(optimal_deals, name: str) -> None:
    rules = find_rules(name)
    for record in optimal_deals[:120]:
        assert winnable(record.hole(rules)) == (record.optimal[name] <= 0), record.number


@pytest.mark.parametrize("name", BASES)
def test_hint_keeps_the_optimal_score(optimal_deals, name: str) -> None:
    rules = find_rules(name)
    for record in optimal_deals[200:215]:
        hole = record.hole(rules)
        move = hint(hole)
        assert move is not None and hole.is_legal(move)
        assert best_score(hole.play(move)) == record.optimal[name]


def _wander(hole: Hole, steps: int, rng: random.Random) -> Hole:
    """Some legal moves, mostly plays, so that the position is well into the hole but not over."""
    for _ in range(steps):
        moves = hole.legal_moves()
        plays = [m for m in moves if m != TURN]
        choice = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(moves)
        nxt = hole.play(choice)
        if nxt.is_over:
            break
        hole = nxt
    return hole


@pytest.mark.parametrize("name", BASES)
def test_mid_game_score_is_the_best_over_the_moves(name: str, check_line: CheckLine) -> None:
    rules = find_rules(name)
    rng = random.Random(f"mid-game {name}")
    for number in range(300, 312):
        hole = _wander(deal(number, rules), rng.randrange(4, 30), rng)
        solution = solve(hole)
        check_line(hole, solution)
        children = [solve(hole.play(m)).score for m in hole.legal_moves()]
        assert solution.score == min(children)
        assert solution.score <= hole.cards_in_tableau  # conceding never beats playing on
        assert winnable(hole) == (solution.score <= 0)
        move = hint(hole)
        assert move is not None and best_score(hole.play(move)) == solution.score


@pytest.mark.parametrize("name", ["strict+double", "wrap+double", "strict+jokers=2"])
def test_two_deck_winnable_asks_the_fringe_search_for_zero(name: str) -> None:
    """On two decks winnable is one step of the fringe search, "a line scoring 0 or less?" (one deck with
    two Jokers, branch and bound, for contrast): it agrees with the optimum, both ways, and cut short it
    says it cannot tell."""
    rules = find_rules(name)
    rng = random.Random(f"two-deck winnable {name}")
    seen = set()
    for number in range(1, 13):
        hole = _wander(deal(number, rules), rng.randrange(10, 40), rng)
        solution = solve(hole, max_states=5_000_000)
        if solution.proven:
            assert winnable(hole) == (solution.score <= 0) == winnable(hole, max_states=10**9), number
            seen.add(solution.score <= 0)
    assert True in seen and (False in seen or name != "strict+double")  # both answers asked, where both occur
    with pytest.raises(SearchLimitError):
        winnable(deal(17, find_rules("strict+double")), max_states=1000)


@pytest.mark.parametrize("number", [32000, 32001, 65536, 1_000_000, 123_456_789_012, 10**20 - 1])
@pytest.mark.parametrize("name", BASES)
def test_deals_above_32000(number: int, name: str, check_line: CheckLine) -> None:
    hole = deal(number, find_rules(name))
    solution = solve(hole)
    check_line(hole, solution)
    assert winnable(hole) == solution.winnable
    assert solution.states > 0


def test_a_line_after_the_first_move_continues_the_best_line(optimal_deals) -> None:
    hole = optimal_deals[23].hole()
    solution = solve(hole)
    after = hole.play(solution.moves[0])
    assert solve(after).score == solution.score


def test_solution_is_a_frozen_value() -> None:
    solution = solve(deal(24))
    with pytest.raises(dataclasses.FrozenInstanceError):
        solution.score = 0  # type: ignore[misc]
    assert all(isinstance(m, Move) for m in solution.moves)
    assert CONCEDE not in solution.moves


class TestFinishedHoles:
    def test_cleared_hole_scores_minus_the_stock_left(self, make_hole) -> None:
        hole = make_hole(["", "", ""], foundation="5D", stock="2C 9H 3S")
        assert solve(hole) == Solution(-3, (), 0, -3)
        assert winnable(hole) and hint(hole) is None and best_score(hole) == -3

    def test_stuck_hole_scores_cards_left(self, make_hole) -> None:
        hole = make_hole(["KS 9H", "2C"], foundation="5D")
        assert hole.is_over
        assert solve(hole) == Solution(3, (), 0, 3)
        assert not winnable(hole) and hint(hole) is None

    def test_conceded_hole_is_over(self, make_hole) -> None:
        hole = make_hole(["4C"], foundation="5D", stock="2C", conceded=True)
        assert solve(hole).score == 1 and solve(hole).moves == ()
        assert not winnable(hole) and hint(hole) is None

    def test_last_card_then_stop(self, make_hole, check_line: CheckLine) -> None:
        hole = make_hole(["KS", "QH"], foundation="JD", stock="2C 9H")
        solution = solve(hole)
        assert solution.score == -2
        assert [str(m) for m in solution.moves] == ["2", "1"]
        check_line(hole, solution)

    def test_uncleared_line_turns_out_the_stock(self, make_hole, check_line: CheckLine) -> None:
        hole = make_hole(["KS 9H", "4C"], foundation="5D", stock="2C 8H 3S")
        solution = solve(hole)
        assert solution.score == 1  # 4C, turn, turn, 9H on 8H; the King never finds a Queen
        end = check_line(hole, solution)
        assert end.stock == ()


def test_positions_beyond_the_kernel_fall_back_to_python(make_hole, brute_force) -> None:
    tokens = ("4C", "5D", "KS", "6H", "7S", "2C", "3D", "8H", "9C", "TS", "JD", "QC", "AH", "2S", "3S", "8S")
    hole = make_hole([*tokens, "9D"], foundation="5S", stock="AC TC")
    assert len(hole.tableau) == 17
    assert solve(hole).score == brute_force(hole)


def test_without_the_kernel_the_python_search_answers(tmp_path) -> None:
    """As on a machine without a compiler: the import of the kernel fails, and the API still works."""
    script = (
        "import sys; sys.modules['engine.golf.solver._kernel'] = None\n"
        "from engine.golf.deal import deal\n"
        "from engine.golf import solver\n"
        "assert not solver.kernel_available()\n"
        "print(solver.solve(deal(7)).score, solver.winnable(deal(7)))\n"
    )
    repo = Path(__file__).resolve().parents[4]
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, cwd=repo, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["13", "False"]  # deal 7: 13 cards left under strict rules


@pytest.mark.parametrize("backend", ["python", "auto"])
def test_a_state_limit_answers_with_what_is_proven(backend: str, check_line: CheckLine) -> None:
    hole = deal(2)  # about 2000 states
    full = solve(hole, backend=backend)
    assert full.proven and full.lower_bound == full.score == 0  # deal 2 clears, with no stock left
    cut = solve(hole, backend=backend, max_states=50)
    assert not cut.proven
    assert cut.lower_bound <= full.score < cut.score  # the truth lies between what is proven and found
    end = hole.play_all(cut.moves)  # the best line found, conceded where the search stopped
    assert end.is_over and end.score == cut.score
    assert cut.states <= 50 + 1
    with pytest.raises(SearchLimitError):
        best_score(hole, backend=backend, max_states=50)
    move = hint(hole, backend=backend, max_states=50)
    assert move is not None and hole.is_legal(move)
    assert solve(hole, backend=backend, max_states=full.states) == full
    assert best_score(hole, backend=backend, max_states=10**9) == full.score
    assert winnable(hole, backend=backend, max_states=10**9) == full.winnable
    with pytest.raises(ValueError, match="max_states"):
        solve(hole, backend=backend, max_states=0)


@pytest.mark.parametrize("limit", [1, 5, 20, 2000])
def test_a_two_deck_search_cut_short_still_answers_a_line_and_a_bound(limit: int) -> None:
    """Two decks deepen first: cut short, the answer is the best line the search reached (conceded where
    it stopped), conceding at once when it reached none, and the bound proven so far."""
    hole = deal(3, find_rules("strict+double"))
    cut = solve(hole, max_states=limit)
    assert not cut.proven and cut.states <= limit + limit // FINISH_SHARE + 1
    end = hole.play_all(cut.moves)
    assert end.is_over and end.score == cut.score
    assert cut.lower_bound <= solve(hole).score < cut.score
    assert (cut.moves == (CONCEDE,)) == (limit == 1)  # past the start, a line better than conceding


@pytest.mark.parametrize("backend", ["auto", "python"])
def test_a_two_deck_search_cut_short_plays_on_from_the_best_position_reached(backend: str) -> None:
    """Cut short before branch and bound found a line, the answer is the fringe search's best position
    reached, played on from there by a search of its own (before: conceding at once, 63 cards)."""
    hole = deal(1, find_rules("strict+double"))
    limit = 300_000 if backend == "auto" else 3_000
    cut = solve(hole, backend=backend, max_states=limit)
    end = hole.play_all(cut.moves)
    assert end.is_over and end.score == cut.score
    assert cut.lower_bound < cut.score < hole.score and cut.states <= limit + limit // FINISH_SHARE + 1
    assert cut == solve(hole, backend=backend, max_states=limit)  # deterministic


def test_what_a_solution_says_of_winnable_and_its_first_move() -> None:
    """Proven either way, or a clearing line found: winnable is known. Cut short before either: None,
    and a line that only concedes has no first move to hint."""
    assert solve(deal(2)).winnable_if_known is True  # published optimum 0
    assert solve(deal(1)).winnable_if_known is False  # published optimum 6
    proven = solve(deal(24))
    assert proven.first_move == hint(deal(24)) and proven.first_move is not None
    cut = solve(deal(3, find_rules("strict+double")), max_states=1)
    assert cut.moves == (CONCEDE,) and cut.first_move is None and cut.winnable_if_known is None
    over = deal(24).play(CONCEDE)
    assert solve(over).first_move is None and solve(over).winnable_if_known is False


def test_the_lower_bound_never_beats_the_optimum(optimal_deals) -> None:
    for record in optimal_deals[:200]:
        for name in BASES:
            hole = record.hole(find_rules(name))
            assert lower_bound(hole) == lower_bound(hole, backend="python") <= record.optimal[name]


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown solver backend"):
        solve(deal(1), backend="fortran")
    assert BACKENDS == ("auto", "c", "python")


def test_both_backends_answer_alike(make_hole) -> None:
    hole = make_hole(["4C 7S 5S", "5H 2C 6C", "QC QH 9C"], foundation="8D", stock="TD 6H 3D", rules=STRICT)
    python = solve(hole, backend="python")
    assert python == solve(hole, backend="auto")
    if kernel_available():
        assert python == solve(hole, backend="c")
    else:
        with pytest.raises(RuntimeError):
            solve(hole, backend="c")


@pytest.mark.parametrize(
    ("columns", "foundation", "stock"),
    [
        (["", "3S JS QD", "", "TH", "", "", ""], "7D", "2D JH 6S 6D 2S JC"),  # -3 would end on 6S
        (["", "", "AH 7S", "TH 9H", "", "", ""], "AS", "8H KH JC 2C 4S TS"),  # -1 would end on 4S
        (["9S 2D", "AS", "TH", "", "", "", ""], "TS", "7S AC 2H KC 9C 6D"),  # -2 would end on KC
    ],
)
@pytest.mark.parametrize("backend", ["c", "python"])
def test_the_deepening_skips_scores_whose_last_stock_card_takes_nothing(
    make_hole, brute_force, check_line: CheckLine, columns, foundation, stock, backend: str
) -> None:
    """A clearing line ends with a play onto the last stock card it turns: a score whose last card can
    take no card of the tableau is skipped, never answered."""
    if backend == "c" and not kernel_available():
        pytest.skip("the C kernel is not built")
    hole = make_hole(columns, foundation=foundation, stock=stock)
    solution = solve(hole, backend=backend, probe_states=1)
    assert solution.score == brute_force(hole)
    assert solution.proven
    check_line(hole, solution)
