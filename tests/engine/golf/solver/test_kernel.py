"""The C kernel (engine/golf/solver/_kernel.c) gives the pure-Python search's answers exactly: same score,
same line, same number of states; and its bounded visited set changes the work, never the answer."""

from __future__ import annotations

import random

import pytest

from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE
from engine.golf.rules import Rules, find_rules
from engine.golf.solver import solve, winnable
from engine.golf.solver.problem import Problem, moves_of, problem_of

MODE_OPTIMAL = (2**31 - 1, -99)
"""best_init, stop_value: a plain branch-and-bound search for the optimum."""

pytestmark = pytest.mark.usefixtures("needs_kernel")

VARIANTS = [
    "strict",
    "queens-on-kings",
    "wrap",
    "strict+jokers=2",
    "wrap+jokers=1",
    "strict+head-start",
    "queens-on-kings+stuck-draw",
    "strict+double",
    "wrap+double",
    "queens-on-kings+double",
    "wrap+double+jokers=2+head-start",
]


def _small_fresh_deals(rules: Rules, count: int, limit: int) -> list[Hole]:
    """The first deals whose search visits at most ``limit`` states (the Python search is slow)."""
    found = []
    for number in range(1, 400):
        hole = deal(number, rules)
        if solve(hole, backend="c").states <= limit:
            found.append(hole)
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize(
    "name", ["strict", "queens-on-kings", "wrap", "strict+jokers=1", "strict+head-start"]
)
def test_fresh_deals_alike(name: str) -> None:
    holes = _small_fresh_deals(find_rules(name), 2, 12_000)
    assert holes
    for hole in holes:
        assert solve(hole, backend="c") == solve(hole, backend="python")
        assert winnable(hole, backend="c") == winnable(hole, backend="python")


def _mid_game(hole: Hole, rng: random.Random, left: int) -> Hole:
    """A position later in the hole: cards taken from the available ends of random columns and from the
    front of the stock go under the foundation's top card, until ``left`` tableau cards remain. The whole
    pack is still there, as on a real board."""
    tableau = [list(col) for col in hole.tableau]
    taken = []
    while sum(map(len, tableau)) > left:
        column = rng.choice([col for col in tableau if col])
        taken.append(column.pop())
    cut = rng.randrange(0, len(hole.stock) // 2 + 1)
    taken += hole.stock[:cut]
    return Hole(
        tableau=tuple(tuple(col) for col in tableau),
        foundation=(*taken, *hole.foundation),
        stock=hole.stock[cut:],
        rules=hole.rules,
    )


@pytest.mark.parametrize("name", VARIANTS)
def test_mid_game_positions_alike(name: str, check_line) -> None:
    rules = find_rules(name)
    rng = random.Random(name)
    for number in (7, 77, 32_123, 4_000_000_000):
        hole = _mid_game(deal(number, rules), rng, rng.randrange(14, 27))
        c = solve(hole, backend="c")
        assert c == solve(hole, backend="python")
        check_line(hole, c)


def test_a_tiny_visited_set_forgets_but_answers_alike(optimal_deals) -> None:
    from engine.golf.solver import _kernel

    for record in optimal_deals[:12]:
        problem = problem_of(record.hole())
        args = (problem.columns, problem.stock, problem.top, problem.adjacent, problem.flags, *MODE_OPTIMAL)
        full = _kernel.search(*args, 1 << 23, 0)
        tiny = _kernel.search(*args, 4096, 0)
        assert tiny[0] == full[0] == record.optimal["strict"]
        assert tiny[1] == full[1]
        assert tiny[2] >= full[2]
        assert tiny[3] and full[3]


def test_positions_beyond_the_kernel_are_refused() -> None:
    from engine.golf.solver import _kernel

    adjacent = problem_of(deal(1)).adjacent
    with pytest.raises(ValueError):
        _kernel.search(tuple(b"\x01" for _ in range(17)), b"", 1, adjacent, 0, *MODE_OPTIMAL, 1024, 0)
    with pytest.raises(ValueError):
        _kernel.search((b"\x0f",), b"", 1, adjacent, 0, *MODE_OPTIMAL, 1024, 0)
    with pytest.raises(ValueError):
        _kernel.search((b"\x01",), b"", 1, adjacent[:-1], 0, *MODE_OPTIMAL, 1024, 0)
    with pytest.raises(ValueError, match="too large"):  # more positions than 63 bits can number
        _kernel.search(tuple(bytes([1] * 16) for _ in range(16)), b"", 1, adjacent, 0, *MODE_OPTIMAL, 1024, 0)


def _steps(search: object, best_init: int, stop_value: int, step: int) -> list[tuple[int, bytes, int, bool]]:
    """Runs of ``step`` positions each until the question is answered, each for lines below the best
    found so far (as the driver asks)."""
    runs = []
    while True:
        runs.append(search.run(best_init, stop_value, step))  # type: ignore[attr-defined]
        score, _, _, complete = runs[-1]
        if complete or score <= stop_value:
            return runs
        best_init = min(best_init, score)


def _answer(runs: list[tuple[int, bytes, int, bool]], best_init: int) -> tuple[int, bytes]:
    """The best line the runs found (best_init and no line when none)."""
    return min(((score, line) for score, line, _, _ in runs if line), default=(best_init, b""))


Args = tuple[tuple[bytes, ...], bytes, int, bytes, int]


def _mid_game_problems(
    name: str, seed: str, deals: int, left: tuple[int, int], low: int
) -> list[tuple[Hole, Problem, Args, tuple[int, bytes, int, bool]]]:
    """The first three positions later in deals 1 .. deals - 1 (_mid_game, ``left`` cards in the tableau)
    whose plain search takes between ``low`` and 20,000 positions (the Python search is slow): each with
    its problem, the kernel's arguments and that search's answer."""
    from engine.golf.solver import _kernel

    rules = find_rules(name)
    rng = random.Random(seed)
    picked = []
    for number in range(1, deals):
        hole = _mid_game(deal(number, rules), rng, rng.randrange(*left))
        problem = problem_of(hole)
        args = (problem.columns, problem.stock, problem.top, problem.adjacent, problem.flags)
        fresh = _kernel.search(*args, *MODE_OPTIMAL, 1 << 20, 0)
        if low < fresh[2] < 20_000:
            picked.append((hole, problem, args, fresh))
            if len(picked) == 3:
                break
    assert picked
    return picked


@pytest.mark.parametrize("name", ["strict", "wrap+jokers=1", "strict+double", "wrap+double"])
def test_a_search_cut_in_steps_goes_on_where_it_stopped(name: str) -> None:
    """Both backends keep their visited sets between runs alike, step for step; the answer is a fresh
    search's, for a few more positions (the way down to where the last run stopped)."""
    from engine.golf.solver import _kernel, pysearch

    # a few hundred positions: one step
    for _, problem, args, fresh in _mid_game_problems(name, name, 40, (12, 22), 500):
        # branch and bound, and deepening questions around the optimum, each in steps
        questions = [MODE_OPTIMAL, (fresh[0], fresh[0] - 1), (fresh[0] + 1, fresh[0])]
        for best_init, stop_value in questions:
            c, python = _kernel.Search(*args, 1 << 20), pysearch.Search(problem)
            runs = _steps(c, best_init, stop_value, 97)
            assert runs == _steps(python, best_init, stop_value, 97)
            alone = _kernel.search(*args, best_init, stop_value, 1 << 20, 0)
            assert _answer(runs, best_init)[0] == alone[0]
            assert alone[2] <= sum(run[2] for run in runs) <= alone[2] + len(runs) * 200


def test_a_search_for_a_higher_best_starts_over() -> None:
    """What the visited set holds was proven for lines below the last best: a search for a higher
    best cannot use it, and starts afresh (the same positions as a new search)."""
    from engine.golf.solver import _kernel, pysearch

    problem = problem_of(deal(2))
    args = (problem.columns, problem.stock, problem.top, problem.adjacent, problem.flags)
    c, python = _kernel.Search(*args, 1 << 20), pysearch.Search(problem)
    first = c.run(*MODE_OPTIMAL, 0)  # finds the optimum and proves it
    optimum = first[0]
    assert python.run(*MODE_OPTIMAL, 0) == first and first[2] > 100
    assert c.run(optimum, -99, 0) == python.run(optimum, -99, 0) == (optimum, b"", 0, True)  # all known
    again = c.run(optimum + 1, -99, 0)
    assert again == python.run(optimum + 1, -99, 0) == _kernel.search(*args, optimum + 1, -99, 1 << 20, 0)
    assert again[0] == optimum


def _wide_problem(number: int = 8) -> tuple[tuple[bytes, ...], bytes, int, bytes, int]:
    """Sixteen short columns of a two-deck deal: positions numbered past 40 bits, kept in 8-byte slots."""
    problem = problem_of(deal(number, find_rules("strict+double")))
    cards = b"".join(problem.columns)
    columns = tuple(cards[i : i + 3] for i in range(0, 48, 3))
    return columns, problem.stock[:20], problem.top, problem.adjacent, problem.flags


def test_two_searches_sharing_the_memory_cap_answer_alike() -> None:
    """Past the cap the growing visited set empties the idle one, whose next run starts over: work is
    lost, never an answer."""
    from engine.golf.solver import _kernel

    args = _wide_problem()
    fresh = _kernel.search(*args, *MODE_OPTIMAL, 1 << 26, 0)
    first, second = _kernel.Search(*args, 1 << 17), _kernel.Search(*args, 1 << 17)
    first.share(second)
    bests = [MODE_OPTIMAL[0], MODE_OPTIMAL[0]]
    lines = [b"", b""]
    for step in range(30):  # both branch and bound, in turns, on budgets growing as the driver's do
        for i, search in enumerate((first, second)):
            score, line, _, complete = search.run(bests[i], MODE_OPTIMAL[1], 1000 << step)
            if score < bests[i]:
                bests[i], lines[i] = score, line
        if complete:
            break
    assert (bests[1], lines[1]) == fresh[:2]
    with pytest.raises(RuntimeError):
        first.share(second)
    with pytest.raises(TypeError):
        first.share(first)


def test_branch_and_bound_never_empties_the_fringe_search() -> None:
    """Past the cap, branch and bound growing beside an idle fringe search stops growing (it forgets
    positions) instead of emptying the fringe search's set, which could not start over: the fringe search
    goes on to the optimum."""
    from engine.golf.solver import _kernel

    args = _wide_problem(56)  # its fringe search takes some 123,000 positions
    fresh = _kernel.search(*args, *MODE_OPTIMAL, 1 << 26, 0)
    lower = _kernel.lower_bound(*args)
    fringe, bound = _kernel.Search(*args, 1 << 17), _kernel.Search(*args, 1 << 17)
    fringe.share(bound)
    runs = [fringe.fringe(lower, MODE_OPTIMAL[0], 40_000)]
    assert runs[0][4] == "cut"  # its set has grown to the cap
    assert bound.run(MODE_OPTIMAL[0], MODE_OPTIMAL[1], 0)[2] > 1 << 15  # enough to grow past it
    while runs[-1][4] == "cut":
        runs.append(fringe.fringe(lower, MODE_OPTIMAL[0], 40_000))
    assert runs[-1][4] == "found" and runs[-1][1] == fresh[0]


@pytest.mark.parametrize("name", ["strict", "wrap+jokers=1", "strict+double", "wrap+double"])
def test_the_deepening_prunes_what_branch_and_bound_finished(name: str) -> None:
    """A pair of searches (share): branch and bound, cut in steps, then "a line scoring T or less?" for
    every T from below the optimum up to it. Each question below the best found takes the positions
    branch and bound finished as answered: both backends alike step for step, the answers a fresh
    search's, in fewer positions than alone."""
    from engine.golf.solver import _kernel, pysearch

    saved = 0
    for _, problem, args, fresh in _mid_game_problems(name, f"trust {name}", 60, (12, 22), 2_000):
        pairs = [
            (_kernel.Search(*args, 1 << 20), _kernel.Search(*args, 1 << 20)),
            (pysearch.Search(problem), pysearch.Search(problem)),
        ]
        for bound, deepen in pairs:
            bound.share(deepen)  # type: ignore[arg-type]
        cut = [bound.run(*MODE_OPTIMAL, fresh[2] // 3) for bound, _ in pairs]
        assert cut[0] == cut[1] and not cut[0][3]
        for target in range(fresh[0] - 3, fresh[0] + 1):
            if target + 1 > cut[0][0]:
                break
            answers = [deepen.run(target + 1, target, 0) for _, deepen in pairs]
            alone = _kernel.search(*args, target + 1, target, 1 << 20, 0)
            assert answers[0] == answers[1]
            assert answers[0][:2] == alone[:2] or answers[0][0] == alone[0] <= target
            assert answers[0][2] <= alone[2]
            saved += alone[2] - answers[0][2]
    assert saved


def _fringe_steps(
    search: object, lower: int, best: int, step: int, second: bool = False
) -> list[tuple[int, int, bytes, int, str]]:
    """Fringe search runs of ``step`` positions each until it answers."""
    runs = []
    while True:
        runs.append(search.fringe(lower, best, step, second))  # type: ignore[attr-defined]
        if runs[-1][4] != "cut":
            return runs


@pytest.mark.parametrize("name", ["strict", "wrap+jokers=1", "strict+double", "wrap+double"])
def test_the_fringe_search_alike_in_steps(name: str) -> None:
    """The fringe search (Search.fringe) of both backends alike, run on in steps of a few positions: the
    same steps, the optimum of a plain search, and a line that plays out to it; told the best line's
    score, it proves it instead of looking for the line."""
    from engine.golf.solver import _kernel, pysearch

    for hole, problem, args, fresh in _mid_game_problems(name, f"fringe {name}", 60, (12, 24), 500):
        lower = _kernel.lower_bound(*args)
        for best, step in ((MODE_OPTIMAL[0], 0), (MODE_OPTIMAL[0], 97), (fresh[0], 97)):
            runs = _fringe_steps(_kernel.Search(*args, 1 << 20), lower, best, step)
            assert runs == _fringe_steps(pysearch.Search(problem), lower, best, step)
            for _, score, line, _, status in runs[:-1]:  # cut short: the line to the least value reached
                assert status == "cut" and (line or score == best)
                if line:
                    end = hole.play_all(moves_of(line))
                    assert (end if end.is_over else end.play(CONCEDE)).score == score
            last_lower, score, line, _, status = runs[-1]
            if best == fresh[0]:
                assert (last_lower, score, status) == (fresh[0], fresh[0], "proven")
            else:
                assert (last_lower, score, status) == (fresh[0], fresh[0], "found")
                end = hole.play_all(moves_of(line))
                assert end.is_over and end.score == fresh[0]


def test_the_second_walks_alike() -> None:
    """The fringe search asked for the second walks (Search.fringe's second: the last walk's rest needs a
    last walk of its own): both backends alike, at once and in steps, with the optimum of a plain search
    and a line playing out to it; on some of these positions in fewer positions than without."""
    from engine.golf.solver import _kernel, pysearch

    fewer = 0
    for hole, problem, args, fresh in _mid_game_problems("strict+double", "second 25", 200, (25, 40), 2_000):
        lower = _kernel.lower_bound(*args)
        without = _kernel.Search(*args, 1 << 20).fringe(lower, MODE_OPTIMAL[0], 0)
        for step in (0, 997):
            runs = _fringe_steps(_kernel.Search(*args, 1 << 20), lower, MODE_OPTIMAL[0], step, True)
            assert runs == _fringe_steps(pysearch.Search(problem), lower, MODE_OPTIMAL[0], step, True)
            _, score, line, states, status = runs[-1]
            assert (score, status) == (fresh[0], "found")
            end = hole.play_all(moves_of(line))
            assert end.is_over and end.score == fresh[0]
            if not step:
                fewer += states < without[3]
    assert fewer


def test_the_fringe_search_moves_taking_turns_alike() -> None:
    """A wide two-deck problem whose fringe search runs past the first turn of a move's search (the
    kernel's interleave: a move's search is cut after 1,000 positions and taken up again later): both
    backends alike, at once and run on in steps cutting into those turns, with the optimum of a plain
    search. (Its line is in another move's search than the first: before the moves took turns, the
    search took over 50,000 positions.)"""
    from engine.golf.solver import _kernel, pysearch

    args = _wide_problem()
    fresh = _kernel.search(*args, *MODE_OPTIMAL, 1 << 26, 0)
    lower = _kernel.lower_bound(*args)
    for step in (0, 1499):
        runs = _fringe_steps(_kernel.Search(*args, 1 << 20), lower, MODE_OPTIMAL[0], step)
        assert runs == _fringe_steps(pysearch.Search(Problem(*args)), lower, MODE_OPTIMAL[0], step)
        assert runs[-1][1] == fresh[0] and runs[-1][4] == "found"
        if not step:  # at once: past the first turns, and far sooner than the moves one after another
            assert 2000 < runs[0][3] < 50_000
