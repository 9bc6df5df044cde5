"""The Golf solver: the best score a clairvoyant player could reach.

The solver knows the order of the stock, which a player does not, so its score is a bound on what any
real play can achieve, and "winnable" means winnable with perfect knowledge (docs/rules.md). It
solves any position, fresh or mid-game, under every rule variant.

Two backends run the same search with identical answers: a C kernel (built by ``pip install``) and a
pure-Python one used when the kernel is missing or when asked for with ``backend="python"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hole import Hole
from engine.moves import Move
from engine.solver import pysearch
from engine.solver.problem import MODE_OPTIMAL, MODE_WINNABLE, Problem, moves_of, problem_of

try:
    from engine.solver import _kernel
except ImportError:  # built without a compiler: the same search runs in pure Python
    _kernel = None  # type: ignore[assignment]

BACKENDS = ("auto", "c", "python")
MAX_ENTRIES = 1 << 23
"""Cap of the C kernel's visited set (8 bytes an entry): past it the set forgets states instead of
growing, which costs time but never changes an answer. Keeps every search well under 300 MB."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The optimal hole score from a position, one complete line of moves reaching it (it ends when the
    hole is over), and how many positions the search visited."""

    score: int
    moves: tuple[Move, ...]
    states: int

    @property
    def winnable(self) -> bool:
        """A cleared hole scores minus the stock left (<= 0); any other ends with cards left (>= 1)."""
        return self.score <= 0


class SearchLimitError(RuntimeError):
    """The search met its ``max_states`` limit before it could answer (rare: some double-deck deals)."""


def kernel_available() -> bool:
    return _kernel is not None


def _c_search(problem: Problem, mode: int, max_states: int) -> tuple[int, bytes, int, bool]:
    assert _kernel is not None
    return _kernel.search(
        problem.columns,
        problem.stock,
        problem.top,
        problem.adjacent,
        problem.flags,
        mode,
        MAX_ENTRIES,
        max_states,
    )


def _fits_kernel(problem: Problem) -> bool:
    """The kernel's fixed limits, far beyond any real deal (two decks have 106 cards): 16 columns, 127
    cards a column or in the stock, and every position numbered within 63 bits."""
    keys = 15 * (len(problem.stock) + 1)
    for column in problem.columns:
        keys *= len(column) + 1
    longest = max([len(problem.stock), *map(len, problem.columns)])
    cards = sum(map(len, problem.columns)) + len(problem.stock)
    return len(problem.columns) <= 16 and longest < 128 and cards < 512 and keys < (1 << 63) - 1


def _check(backend: str, max_states: int | None) -> None:
    if max_states is not None and max_states < 1:
        raise ValueError(f"max_states must be at least 1, not {max_states}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown solver backend {backend!r}; use one of: {', '.join(BACKENDS)}")
    if backend == "c" and _kernel is None:
        raise RuntimeError("the C solver kernel is not built (pip install -e . with a C compiler)")


def _search(problem: Problem, mode: int, backend: str, max_states: int | None) -> tuple[int, bytes, int]:
    limit = max_states or 0
    if backend == "c" or (backend == "auto" and _kernel is not None and _fits_kernel(problem)):
        score, line, states, complete = _c_search(problem, mode, limit)
    else:
        score, line, states, complete = pysearch.search(problem, mode, limit)
    if not complete:
        raise SearchLimitError(f"no answer within {max_states} positions")
    return score, line, states


def solve(hole: Hole, *, backend: str = "auto", max_states: int | None = None) -> Solution:
    """The optimal score from ``hole`` and a line of moves that reaches it. With ``max_states``, raises
    SearchLimitError rather than search more positions than that (a caller that must not wait long, such
    as a bot, can bound the work: a search cannot be interrupted)."""
    _check(backend, max_states)
    if hole.is_over:
        return Solution(hole.score, (), 0)
    score, line, states = _search(problem_of(hole), MODE_OPTIMAL, backend, max_states)
    return Solution(score, moves_of(line), states)


def best_score(hole: Hole, *, backend: str = "auto", max_states: int | None = None) -> int:
    return solve(hole, backend=backend, max_states=max_states).score


def winnable(hole: Hole, *, backend: str = "auto", max_states: int | None = None) -> bool:
    """Can the tableau still be cleared? Stops at the first clearing line, so it is cheaper than solve."""
    _check(backend, max_states)
    if hole.is_over:
        return hole.is_cleared
    score, _, _ = _search(problem_of(hole), MODE_WINNABLE, backend, max_states)
    return score <= 0


def hint(hole: Hole, *, backend: str = "auto", max_states: int | None = None) -> Move | None:
    """A best next move (its position keeps the optimal score), or None when the hole is over."""
    moves = solve(hole, backend=backend, max_states=max_states).moves
    return moves[0] if moves else None


__all__ = [
    "BACKENDS",
    "SearchLimitError",
    "Solution",
    "best_score",
    "hint",
    "kernel_available",
    "solve",
    "winnable",
]
