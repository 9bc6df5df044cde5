"""The C kernel (engine/solver/_kernel.c) gives the pure-Python search's answers exactly: same score, same
line, same number of states; and its bounded visited set changes the work, never the answer."""

from __future__ import annotations

import random

import pytest

from engine.deal import deal
from engine.hole import Hole
from engine.rules import Rules, find_rules
from engine.solver import solve, winnable
from engine.solver.problem import problem_of

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
    from engine.solver import _kernel

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
    from engine.solver import _kernel

    adjacent = problem_of(deal(1)).adjacent
    with pytest.raises(ValueError):
        _kernel.search(tuple(b"\x01" for _ in range(17)), b"", 1, adjacent, 0, *MODE_OPTIMAL, 1024, 0)
    with pytest.raises(ValueError):
        _kernel.search((b"\x0f",), b"", 1, adjacent, 0, *MODE_OPTIMAL, 1024, 0)
    with pytest.raises(ValueError):
        _kernel.search((b"\x01",), b"", 1, adjacent[:-1], 0, *MODE_OPTIMAL, 1024, 0)
    with pytest.raises(ValueError, match="too large"):  # more positions than 63 bits can number
        _kernel.search(tuple(bytes([1] * 16) for _ in range(16)), b"", 1, adjacent, 0, *MODE_OPTIMAL, 1024, 0)
