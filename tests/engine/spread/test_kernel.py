"""engine/spread/_search.c, the compiled twin of solver.py's search: the same score, the same line and the
same count of positions on deals of every game and on small layouts of every kind. (It is built with the
package, as Golf's kernel is; `make test` builds it.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.registry import find_game
from engine.spread import solver
from engine.spread.layout import SpreadLayout, Start, fans, steps
from engine.spread.position import opening
from engine.spread.solver import SearchTooLarge, kernel_available, solve
from tests.engine.spread.test_solver import HOLES, RUNS, close

REPO = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(not kernel_available(), reason="the compiled search is not built")


@pytest.mark.parametrize(
    ("name", "numbers"),
    [
        ("tripeaks", [1, 2, 24]),
        ("pyramid-golf", [1, 2, 3, 24]),
        ("elevator", [5, 617]),
        ("black-hole", [1, 2, 5, 6]),
        ("all-in-a-row", [1, 3, 24]),
    ],
)
def test_the_twins_agree_on_deals(name: str, numbers: list[int]) -> None:
    game = find_game(name)
    for number in numbers:
        hole = game.new_hole(number)
        assert solve(hole, backend="c") == solve(hole, backend="python")


SMALL = [
    steps("peak", "Peak", (1, 2, 3), (1, 2, 2), face_down=frozenset({0, 1, 2})),
    steps("strict peak", "Strict peak", (1, 2, 3), (1, 2, 2), wrap=False),
    fans("row", "Row", 3, 2, start=Start.EMPTY, stock=False),
    fans("hole", "Hole", 4, 2, start=Start.ACE_OF_SPADES, stock=False),
]


@settings(max_examples=100, deadline=None)
@given(layout=st.sampled_from(SMALL), order=st.permutations(range(51)), stock=st.integers(0, 6))
def test_the_twins_agree_on_small_layouts(layout: SpreadLayout, order: list[int], stock: int) -> None:
    from engine.cards import full_deck

    pack = [
        c for c in full_deck(decks=1, jokers=0) if not (layout.start is Start.ACE_OF_SPADES and c.rank == 1)
    ]
    cards = [pack[i % len(pack)] for i in order][: layout.size + ((1 + stock) if layout.stock else 0)]
    spread = opening(layout, tuple(cards))
    assert solve(spread, backend="c") == solve(spread, backend="python")


@settings(max_examples=100, deadline=None)
@given(layout=st.sampled_from(HOLES), run=st.sampled_from(RUNS), order=st.permutations(range(15)))
def test_the_twins_agree_on_holes_of_close_ranks(
    layout: SpreadLayout, run: tuple[int, ...], order: list[int]
) -> None:
    """Holes that are often won, or lost only by their ranks' count: the search for a win and its bound."""
    cards = close(run)
    spread = opening(layout, tuple(cards[i] for i in order[: layout.size]))
    assert solve(spread, backend="c") == solve(spread, backend="python")


def test_a_bounded_compiled_search_stops() -> None:
    hole = find_game("tripeaks").new_hole(24)
    with pytest.raises(SearchTooLarge):
        solve(hole, backend="c", max_states=100)


def test_a_backend_is_named() -> None:
    with pytest.raises(ValueError, match="no solver backend 'fortran'"):
        solve(find_game("tripeaks").new_hole(1), backend="fortran")
    assert solver.BACKENDS == ("auto", "c", "python")


def test_the_pure_solver_can_be_forced() -> None:
    code = (
        "from engine.spread import solver\n"
        "from engine.registry import find_game\n"
        "calls = []\n"
        "solver._compiled = lambda *a: calls.append(1)\n"
        "solver.solve(find_game('pyramid-golf').new_hole(3))\n"
        "assert calls == [], calls\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={"GOLFBOT_PURE_SOLVER": "1", "PATH": "/usr/bin:/bin"},
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
