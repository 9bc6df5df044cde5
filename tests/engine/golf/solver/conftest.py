"""Fixtures for the solver tests: PySolFC deals 1-1000 with their published optimal scores, a brute-force
reference that knows nothing of the solver, and a check that a solution's line really plays out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.cards import parse_card
from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE
from engine.golf.rules import QUEENS_ON_KINGS, STRICT, WRAP, Rules
from engine.golf.solver import Solution, kernel_available

DEALS_TSV = Path(__file__).resolve().parents[3] / "data" / "pysolfc-golf-deals-1-1000.tsv"
BASE_RULES = {"strict": STRICT, "queens-on-kings": QUEENS_ON_KINGS, "wrap": WRAP}


@dataclass(frozen=True, slots=True)
class OptimalDeal:
    """One line of the deal list: the opening position and the optimal score under each base rule set."""

    number: int
    foundation: str
    columns: tuple[str, ...]
    talon: str
    optimal: dict[str, int]

    def hole(self, rules: Rules = STRICT) -> Hole:
        """The position, built from the file's own tokens (not through engine.golf.deal)."""
        return Hole(
            tableau=tuple(tuple(parse_card(t) for t in col.split(",")) for col in self.columns),
            foundation=(parse_card(self.foundation),),
            stock=tuple(parse_card(t) for t in self.talon.split()),
            rules=rules,
        )


def _load() -> tuple[OptimalDeal, ...]:
    if not DEALS_TSV.is_file():
        raise FileNotFoundError(f"{DEALS_TSV} is missing: see tests/data/README.md")
    deals = []
    for line in DEALS_TSV.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, foundation, columns, talon, strict, qok, wrap = line.split("\t")
        deals.append(
            OptimalDeal(
                number=int(number),
                foundation=foundation,
                columns=tuple(columns.split()),
                talon=talon,
                optimal={"strict": int(strict), "queens-on-kings": int(qok), "wrap": int(wrap)},
            )
        )
    return tuple(deals)


@pytest.fixture(scope="session")
def optimal_deals() -> tuple[OptimalDeal, ...]:
    """Deals 1-1000 with optimal_strict, optimal_queens_on_kings and optimal_wrap."""
    deals = _load()
    assert [d.number for d in deals] == list(range(1, 1001))
    return deals


def _brute_force(hole: Hole) -> int:
    """The best score from ``hole`` by trying every legal move, conceding included, with nothing but
    Hole's own rules; memoised on the exact position. For small positions only."""
    memo: dict[tuple[object, ...], int] = {}

    def value(h: Hole) -> int:
        if h.is_over:
            return h.score
        key = (h.tableau, h.top, h.stock)
        if key not in memo:
            options = [value(h.play(m)) for m in h.legal_moves()]
            options.append(value(h.play(CONCEDE)))
            memo[key] = min(options)
        return memo[key]

    return value(hole)


@pytest.fixture(scope="session")
def brute_force() -> Callable[[Hole], int]:
    return _brute_force


def _check_line(hole: Hole, solution: Solution) -> Hole:
    """Replays the solution move by move (Hole.play raises on an illegal move); the line must end the
    hole, at the promised score. Returns the final position."""
    end = hole
    for move in solution.moves:
        assert not end.is_over, "the line goes on after the hole is over"
        end = end.play(move)
    assert end.is_over, "the line stops before the hole is over"
    assert end.score == solution.score
    assert solution.winnable == (solution.score <= 0) == end.is_cleared
    return end


@pytest.fixture(scope="session")
def check_line() -> Callable[[Hole, Solution], Hole]:
    return _check_line


@pytest.fixture(scope="session")
def needs_kernel() -> None:
    if not kernel_available():
        pytest.skip("the C kernel is not built (pip install -e .)")
