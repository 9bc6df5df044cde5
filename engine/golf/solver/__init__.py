"""The Golf solver: the best score a clairvoyant player could reach.

The solver knows the order of the stock, which a player does not, so its score is a bound on what any
real play can achieve, and "winnable" means winnable with perfect knowledge (docs/rules.md). It
solves any position, fresh or mid-game, under every rule variant.

Two backends run the same search with identical answers: a C kernel (built by ``pip install``) and a
pure-Python one used when the kernel is missing or when asked for with ``backend="python"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE, TURN, Move
from engine.golf.scoring import cleared
from engine.golf.solver import pysearch
from engine.golf.solver.problem import RANKS, Problem, moves_of, problem_of

try:
    from engine.golf.solver import _kernel
except ImportError:  # built without a compiler: the same search runs in pure Python
    _kernel = None  # type: ignore[assignment]

BACKENDS = ("auto", "c", "python")
MAX_ENTRIES = 1 << 26
"""Cap of the C kernel's visited set: it grows with the search up to this many slots (256 MB of 32-bit
single-deck keys, 512 MB of 64-bit double-deck ones; a bounded search caps it at twice its bound), and
past it forgets states instead of growing, which costs time but never changes an answer. Keeps every
search under 1 GB."""
PROBE_STATES = 1 << 20
"""The first, plain branch-and-bound search stops after this many positions with the best line it has
found; the deepening searches then prove the optimum from the lower bound up."""
BOUND_SHARE = 64
"""Beside the fringe search (two decks), branch and bound gets this fraction of its budget a round. It finds
the lines a search cut short shows, and proves some optima early; at an even share half the positions
went to it (strict+double deals 1-40, positions in all: even 326.5M, 1:4 274.7M, 1:16 259.4M, 1:64
250.0M, none 246.7M; before the fringe search 340.3M). The price, measured: a search cut short finds
worse lines on some deals (at 20 million positions, strict+double deals 1 and 20: best found 2 and 4,
where an even share found -11 and -10), while its proven bound is as good or better (deal 169: -8
against -13). An even share until a clearing line is found kept those lines but cut deal 66 short at
100 million positions (strict+double 1-200 within 1 / 3 / 60 s: 113 / 155 / 197 against 122 / 157 / 198).
Since _finish plays the lines on, a search cut short shows lines nearly as good as an even share did
(deal 1 at 20 million: -8, against -11 at an even share and 2 at a sixteenth before). A sixty-fourth
instead of a sixteenth (twelfth session), strict+double deals 1-200 at 100 million: 653.5M -> 611.4M
positions, 227.1 -> 208.3 s, within 1 s 150 -> 155, every answer the same and one deal (130) 0.2 % more
positions; at the bot's 20 million, the deals cut short show the same lines and bounds (strict+double 169,
79, 100; wrap+double 1, 6, 8, 20) but for strict+double 132 (best found -9 against -13, no line below -15
either way)."""
SECOND_FROM = 64
"""The fringe search asks the last walks' rests for a last walk of their own (the kernel's second_walk) from
the round whose budget is this many times the probe's: the fourth, past about 21 million positions. The
second walk is strong where its refutations are cheap and dear where they are not, so it waits until a
deal has proven hard. Measured on strict+double deals 1-200 (two at a time on the 2 cores): with it
throughout, 741.2M -> 516.0M positions but 279.6 -> 318.3 s and 143 -> 135 deals within 1 s; from
about 3 million positions, 575.1M and 287.5 s, 145 within 1 s; from the fourth round only the deals past
21 million positions change (169, 79, 100, 132): deal 169 is proven (-7) in 16 s instead of cut short at
100 million positions after 30 s, 79 16.8 -> 13.2 s, 100 11.1 -> 13.7 s, 132 9.8 -> 11.0 s."""
FINISH_SHARE = 32
"""A search cut short plays its best lines on (see _finish) within this fraction of its budget more."""
_INFINITY = 2**31 - 1


@dataclass(frozen=True, slots=True)
class Solution:
    """The best hole score found from a position, one complete line of moves reaching it (it ends when
    the hole is over, with a concession if the search was cut short before the line could), how many
    positions the search visited, and ``lower_bound``: no line scores less. When the search ran to the
    end the two meet and the score is the optimum (``proven``)."""

    score: int
    moves: tuple[Move, ...]
    states: int
    lower_bound: int

    @property
    def proven(self) -> bool:
        return self.lower_bound >= self.score

    @property
    def winnable(self) -> bool:
        """Does the line found clear the tableau (``engine.golf.scoring.cleared``)? A line found that clears
        proves the deal winnable even when the search was cut short."""
        return cleared(self.score)

    @property
    def winnable_if_known(self) -> bool | None:
        """Winnable (a line found clears), not winnable (the bound rules clearing out), or None: cut short
        before either was shown."""
        if self.winnable:
            return True
        return False if self.lower_bound > 0 else None

    @property
    def first_move(self) -> Move | None:
        """The line's first move: a best next move (of the best line found, when cut short); None when the
        hole is over or the line only concedes."""
        return self.moves[0] if self.moves and self.moves[0] != CONCEDE else None


class SearchLimitError(RuntimeError):
    """The search met its ``max_states`` limit before it could answer a yes-or-no question."""


def kernel_available() -> bool:
    return _kernel is not None


def _fits_kernel(problem: Problem) -> bool:
    """The kernel's fixed limits, far beyond any real deal (two decks have 106 cards): 16 columns, 127
    cards a column or in the stock, and every position numbered within 62 bits."""
    keys = 15 * (len(problem.stock) + 1)
    for column in problem.columns:
        keys *= len(column) + 1
    longest = max([len(problem.stock), *map(len, problem.columns)])
    cards = sum(map(len, problem.columns)) + len(problem.stock)
    return len(problem.columns) <= 16 and longest < 128 and cards < 512 and keys < (1 << 62) - 1


def _check(backend: str, max_states: int | None) -> None:
    if max_states is not None and max_states < 1:
        raise ValueError(f"max_states must be at least 1, not {max_states}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown solver backend {backend!r}; use one of: {', '.join(BACKENDS)}")
    if backend == "c" and _kernel is None:
        raise RuntimeError("the C solver kernel is not built (pip install -e . with a C compiler)")


class _Search:
    """One backend on one problem, counting positions against an optional budget. Each named session
    keeps its visited set between runs, so a run for lines below a best no higher than its last one's
    goes on where that one stopped instead of starting over."""

    def __init__(self, problem: Problem, backend: str, max_states: int | None) -> None:
        self.problem = problem
        self.backend = backend
        self.kernel = backend == "c" or (backend == "auto" and _kernel is not None and _fits_kernel(problem))
        self.limit = max_states or 0
        self.used = 0
        self.sessions: dict[str, _kernel.Search | pysearch.Search] = {}

    def lower_bound(self) -> int:
        p = self.problem
        if self.kernel:
            assert _kernel is not None
            return _kernel.lower_bound(p.columns, p.stock, p.top, p.adjacent, p.flags)
        return pysearch.lower_bound(p)

    def possible(self, lower: int) -> int:
        """The least score from ``lower`` up that some line could still have. A line clearing the tableau
        with score s turns exactly len(stock) + s cards and then plays onto the last one; if that card
        can take no card of the tableau (a King under strict rules), no line scores s."""
        p = self.problem
        ranks = {rank for column in p.columns for rank in column}
        while -len(p.stock) < lower <= 0:
            last = p.stock[len(p.stock) + lower - 1]
            if any(p.adjacent[last * RANKS + rank] for rank in ranks):
                break
            lower += 1
        return lower

    @property
    def spent(self) -> bool:
        return bool(self.limit) and self.used >= self.limit

    def _budget(self, cap: int) -> int | None:
        """The positions a run may take within ``cap`` (0: the rest of the budget), 0 for no limit at all;
        None when the budget is spent."""
        budget = self.limit - self.used if self.limit else 0
        if self.limit and budget <= 0:
            return None
        if cap:
            budget = min(budget, cap) if budget else cap
        return budget

    def run(
        self, best_init: int, stop_value: int, cap: int = 0, session: str = ""
    ) -> tuple[int, bytes, bool]:
        """Lines below ``best_init``, stopping at ``stop_value``, within ``cap`` positions (0: the rest
        of the budget): (score, line, complete); the score is ``best_init`` when there is none. In a
        ``session`` it goes on from that session's last run where it can."""
        budget = self._budget(cap)
        if budget is None:
            return best_init, b"", False
        p = self.problem
        if session:
            score, line, states, complete = self._session(session).run(best_init, stop_value, budget)
        elif self.kernel:
            assert _kernel is not None
            args = (p.columns, p.stock, p.top, p.adjacent, p.flags, best_init, stop_value)
            entries = MAX_ENTRIES if not budget else min(MAX_ENTRIES, 2 * budget)
            score, line, states, complete = _kernel.search(*args, entries, budget)
        else:
            score, line, states, complete = pysearch.search(p, best_init, stop_value, budget)
        self.used += states
        return score, line, complete

    def fringe(self, lower: int, best: int, cap: int, second: bool = False) -> tuple[int, int, bytes, str]:
        """The fringe search's next run (``Search.fringe``) within ``cap`` positions (0: the rest of the
        budget), with the second walks if ``second``: (lower, score, line, status)."""
        budget = self._budget(cap)
        if budget is None:
            return lower, best, b"", "cut"
        lower, score, line, states, status = self._session("fringe").fringe(lower, best, budget, second)
        self.used += states
        if status == "full":  # it cannot go on: its memory goes back to the others
            session = self.sessions.pop("fringe")
            if isinstance(session, pysearch.Search) and session.partner is not None:
                session.partner.partner = None
        return lower, score, line, status

    def _session(self, name: str) -> _kernel.Search | pysearch.Search:
        if name not in self.sessions:
            p = self.problem
            if self.kernel:
                assert _kernel is not None
                entries = MAX_ENTRIES if not self.limit else min(MAX_ENTRIES, 2 * self.limit)
                kernel = _kernel.Search(p.columns, p.stock, p.top, p.adjacent, p.flags, entries)
                for other in self.sessions.values():  # the two sets share the memory cap
                    assert isinstance(other, _kernel.Search)
                    kernel.share(other)
                self.sessions[name] = kernel
            else:
                python = pysearch.Search(p)
                for other in self.sessions.values():
                    assert isinstance(other, pysearch.Search)
                    python.share(other)
                self.sessions[name] = python
        return self.sessions[name]


def _fringe_first(hole: Hole) -> bool:
    """Does the fringe search answer first on this pack? On two decks (see _optimal), where it takes 2-6
    times fewer positions than branch and bound first; winnable asks it too."""
    return hole.rules.decks > 1


def _optimal(
    hole: Hole, backend: str, max_states: int | None, probe_states: int, finish: bool = True
) -> Solution:
    """Two searches take turns, each with a budget of positions that grows fourfold every round: a
    branch-and-bound search for a better line than the best found (it proves the optimum when it runs
    out), and deepening from the lower bound up: "is there a line scoring T?", cut by the bound T, for T
    from the lower bound (found: that is the optimum; none: the bound rises to T + 1). Each keeps its
    visited set, so a search cut at the end of its turn goes on where it stopped in its next turn instead
    of starting over; when the best found is T + 1 the two ask the same question, and only the
    deepening asks it (strict+double deals 1-20: 509M -> 379M positions in all, deal 17 95M -> 29M,
    deal 20 now proven). The deepening also takes every position branch and bound finished as answered
    (no line there below its best, which is above the deepening's question): strict+double deals 1-20,
    378.5M -> 321.7M positions. Whichever is cheaper on a deal answers it, for at most a few times its cost;
    and a search cut short still answers with the best line found and a proven lower bound. (Budgets
    growing twofold instead: 9% more positions on those deals.)

    Which goes first, as measured: on one deck branch and bound (its first pass usually finds and proves
    the optimum; deepening first doubled the positions of strict, wrap and Queens-on-Kings deals, winnable
    ones included); on two decks deepening (its first pass of a million positions rarely finishes there,
    while "clear with k cards left?" asked for each k from the bound up answers many deals in a fraction
    of that: strict+double deals 1-12, 2 to 6 times fewer positions on seven of them).

    On two decks the fringe search (``Search.fringe``) asks the deepening's questions in one go, each
    step going on from the positions the last put off (strict+double deals 1-40: 340.3M -> 259.4M
    positions; branch and bound's share: BOUND_SHARE). Where
    the fringe search runs out of memory the deepening goes on from its bound; where it proves an optimum
    whose line it cannot find again (its log's links too long to search), branch and bound finds one."""
    reserve = max_states // FINISH_SHARE if max_states and finish else 0  # for _finish, past the budget
    search = _Search(problem_of(hole), backend, max_states)
    lower = search.possible(search.lower_bound())
    best, line = _INFINITY, b""
    reached: tuple[int, bytes] | None = None  # the fringe search's best line, for _cut
    cap = probe_states
    deepen_first = fringe = _fringe_first(hole)
    while True:
        # below best = lower + 1 is the deepening's own next question: asked there alone
        if (not deepen_first or best < _INFINITY) and best > lower + 1:
            share = cap // BOUND_SHARE if fringe else cap
            score, found, complete = search.run(best, lower, max(1, share), "bound")
            if score < best:
                best, line = score, found
            if complete or best <= lower:
                return Solution(best, moves_of(line), search.used, best)
        if fringe and lower < best and not search.spent:
            proven, score, found, status = search.fringe(lower, best, cap, cap >= SECOND_FROM * probe_states)
            if status == "found":
                return Solution(score, moves_of(found), search.used, score)
            if status == "lost":  # the optimum, whose line is searched for again
                got, found, _ = search.run(score + 1, score, 0, "bound")
                if got <= score:
                    return Solution(got, moves_of(found), search.used, got)
                return _cut(hole, search, [(best, line), reached], score, reserve)  # the budget ran out first
            if found and score < hole.score:  # cut short: the line to the best position it reached
                reached = (score, found)
            lower = search.possible(max(lower, proven))
            fringe = status != "full"
        while not fringe and lower < best and not search.spent:
            score, found, complete = search.run(lower + 1, lower, cap, "deepen")
            if score <= lower:
                return Solution(score, moves_of(found), search.used, score)
            if not complete:
                break
            lower = search.possible(lower + 1)
        if lower >= best:
            return Solution(best, moves_of(line), search.used, best)
        if best == _INFINITY and not search.spent:  # deepening went first and was cut: now the other
            deepen_first = False
            continue
        if search.spent:
            return _cut(hole, search, [(best, line), reached], lower, reserve)
        cap *= 4


def _cut(
    hole: Hole, search: _Search, lines: list[tuple[int, bytes] | None], lower: int, reserve: int
) -> Solution:
    """A search cut short: the best of the lines it found (scores and lines: branch and bound's best and
    the fringe search's, where there are), each played on by _finish within a share of ``reserve``
    positions; conceding at once when there was none."""
    found = [(score, line) for score, line in filter(None, lines) if score < _INFINITY]
    if not found:
        return Solution(hole.play_all((CONCEDE,)).score, (CONCEDE,), search.used, lower)
    share, used = reserve // len(found), search.used
    answers = []
    for score, line in found:
        moves, score, states = _finish(hole, moves_of(line), score, search.backend, share)
        answers.append((score, moves))
        used += states
    score, moves = min(answers, key=lambda answer: answer[0])
    return Solution(score, _ended(hole, moves), used, lower)


def _finish(
    hole: Hole, moves: tuple[Move, ...], score: int, backend: str, max_states: int
) -> tuple[tuple[Move, ...], int, int]:
    """A line a search cut short reached, played on: from where it last played a card (the stock it then
    turns out is only a way to end the hole), a search of its own within ``max_states`` positions for
    the best way on. The lines the fringe search reaches stop where most cards were played, blind to the
    stock left (strict+double at 20 million positions, deals 1 and 37: 2 and -7 without this, -8 and -9
    with it, in a few dozen positions). (moves, score, positions visited)."""
    played = len(moves)
    while played and moves[played - 1] == TURN:
        played -= 1
    start = hole.play_all(moves[:played])
    if max_states < 2 or start.is_over:
        return moves, score, 0
    rest = _optimal(start, backend, max_states - 1, PROBE_STATES, finish=False)
    if rest.score >= score:
        return moves, score, rest.states
    return (*moves[:played], *rest.moves), rest.score, rest.states


def _ended(hole: Hole, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """A line the search stopped short on: if the hole is not over at its end, the player concedes."""
    return moves if hole.play_all(moves).is_over else (*moves, CONCEDE)


def solve(
    hole: Hole,
    *,
    backend: str = "auto",
    max_states: int | None = None,
    probe_states: int = PROBE_STATES,
) -> Solution:
    """The optimal score from ``hole`` and a line of moves that reaches it. With ``max_states`` the
    search visits about that many positions at most: past it the answer is the best line found, played on
    within a thirty-second more (FINISH_SHARE), and the lower bound proven so far (``Solution.proven`` is
    then false). A search cannot be interrupted, so a
    caller that must not wait long, such as a bot, bounds the work this way. ``probe_states``: the budget
    of the first branch-and-bound search (tests make it tiny to exercise the deepening)."""
    _check(backend, max_states)
    if probe_states < 1:
        raise ValueError(f"probe_states must be at least 1, not {probe_states}")
    if hole.is_over:
        return Solution(hole.score, (), 0, hole.score)
    return _optimal(hole, backend, max_states, probe_states)


def lower_bound(hole: Hole, *, backend: str = "auto") -> int:
    """A score no line from ``hole`` can beat, at once (no search): the start of the solver's bound."""
    _check(backend, None)
    if hole.is_over:
        return hole.score
    return _Search(problem_of(hole), backend, None).lower_bound()


def best_score(hole: Hole, *, backend: str = "auto", max_states: int | None = None) -> int:
    """The optimal score; raises SearchLimitError if ``max_states`` positions could not prove it."""
    solution = solve(hole, backend=backend, max_states=max_states)
    if not solution.proven:
        raise SearchLimitError(f"no proven optimum within {max_states} positions")
    return solution.score


def winnable(hole: Hole, *, backend: str = "auto", max_states: int | None = None) -> bool:
    """Can the tableau still be cleared? Stops at the first clearing line, so it is cheaper than solve.
    On two decks that is one step of the fringe search, "a line scoring 0 or less?", not branch and bound
    below 1: strict+double deals 1-200 took 21.1 s in all instead of 50.4 s, the worst 5.6 s (deal 17, not
    winnable) instead of 25.9 s (deal 23, whose first clearing line branch and bound met late); a few
    deals branch and bound met early take longer (deal 20: 1.9 -> 5.2 s). Raises SearchLimitError if
    ``max_states`` positions could not tell."""
    _check(backend, max_states)
    if hole.is_over:
        return hole.is_cleared
    search = _Search(problem_of(hole), backend, max_states)
    lower = search.possible(search.lower_bound())
    if lower > 0:
        return False
    if _fringe_first(hole):
        _, _, _, status = search.fringe(0, 1, 0)
        if status in ("found", "lost"):
            return True
        if status == "proven":
            return False
        if status == "cut":
            raise SearchLimitError(f"no answer within {max_states} positions")
        # "full": out of memory for its log; branch and bound goes on alone
    score, _, complete = search.run(1, 0)
    if cleared(score):
        return True
    if not complete:
        raise SearchLimitError(f"no answer within {max_states} positions")
    return False


def hint(hole: Hole, *, backend: str = "auto", max_states: int | None = None) -> Move | None:
    """A best next move (its position keeps the optimal score), or None when the hole is over. Past
    ``max_states`` positions: the first move of the best line found."""
    return solve(hole, backend=backend, max_states=max_states).first_move


__all__ = [
    "BACKENDS",
    "SearchLimitError",
    "Solution",
    "best_score",
    "hint",
    "kernel_available",
    "lower_bound",
    "solve",
    "winnable",
]
