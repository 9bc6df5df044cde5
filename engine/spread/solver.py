"""The best score of a Golf-family position, proven, with a line that reaches it.

A depth-first search over the positions reachable from the deal, each solved once (memoised on which slots
are empty, how many stock cards were turned and the foundation's top rank: all that the rest of the hole
depends on), plays before turns. A hole ends when nothing can be played and the stock is empty, so its
score is fixed by the cards played; a search stops early at the best score a position allows (the tableau
cleared with every remaining stock card left). Like Golf's solver it knows the whole deal, the face-down
cards and the stock's order included: its scores say what the deal allowed, not what a player could know.

The search runs compiled (``_search.c``, its twin move for move, built with the package as Golf's kernel
is) when it was built, else here in Python; ``backend`` chooses (``GOLFBOT_PURE_SOLVER=1`` forces Python,
as for Golf). Both give the same score, line and count of positions.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from engine.spread.position import TURN, Spread, SpreadMove, adjacent

try:
    from engine.spread import _search
except ImportError:  # built without a compiler: the same search runs in Python
    _search = None  # type: ignore[assignment]

BACKENDS = ("auto", "c", "python")
PURE_ENV = "GOLFBOT_PURE_SOLVER"
UNLIMITED = (1 << 63) - 1


def kernel_available() -> bool:
    return _search is not None


class SearchTooLarge(RuntimeError):
    """The search met more positions than it was allowed (``max_states``)."""


@dataclass(frozen=True, slots=True)
class SpreadSolution:
    """The best score from a position, a line of moves that reaches it, and the positions searched."""

    score: int
    line: tuple[SpreadMove, ...]
    states: int


def solve(start: Spread, *, max_states: int | None = None, backend: str = "auto") -> SpreadSolution:
    """The best score reachable from ``start`` (proven), with a line to it. Raises SearchTooLarge past
    ``max_states`` positions. ``backend``: ``auto`` (compiled if built, unless GOLFBOT_PURE_SOLVER is
    set), ``c`` or ``python``."""
    chosen = backend_of(backend)
    if start.is_cleared or start.conceded:
        return SpreadSolution(start.score, (), 0)
    return _compiled(start, max_states) if chosen == "c" else _python(start, max_states)


def backend_of(backend: str = "auto") -> str:
    """The search ``backend`` stands for: ``c`` (compiled) or ``python``. ``auto`` is the compiled one when
    it was built, unless GOLFBOT_PURE_SOLVER is set."""
    if backend not in BACKENDS:
        raise ValueError(f"no solver backend {backend!r}: one of {', '.join(BACKENDS)}")
    if backend == "c" and _search is None:
        raise RuntimeError("the compiled search was not built (no C compiler at install)")
    pure = os.environ.get(PURE_ENV, "") not in ("", "0")
    if backend == "c" or (backend == "auto" and _search is not None and not pure):
        return "c"
    return "python"


def _compiled(start: Spread, max_states: int | None) -> SpreadSolution:
    assert _search is not None
    top = start.top
    found = _search.search(
        bytes(c.rank for c in start.cards),
        start.layout.cover_masks,
        bytes(c.rank for c in start.stock),
        start.layout.wrap,
        start.gone,
        top.rank if top is not None else 0,
        max_states if max_states is not None else UNLIMITED,
    )
    if found is None:
        raise SearchTooLarge(f"more than {max_states} positions")
    score, line, states = found
    return SpreadSolution(score, tuple(TURN if m < 0 else SpreadMove(m) for m in line), states)


def _python(start: Spread, max_states: int | None) -> SpreadSolution:
    layout = start.layout
    size = layout.size
    ranks = [c.rank for c in start.cards]
    covers = layout.cover_masks
    turns = [c.rank for c in start.stock]
    stock = len(turns)
    full = (1 << size) - 1
    by_top = [  # the cards dealt last first: the tops of the fullest fans (as black-hole-solver tries them)
        [s for s in reversed(range(size)) if adjacent(ranks[s], top or None, layout.wrap)]
        for top in range(14)
    ]
    memo: dict[int, tuple[int, int, bool]] = {}
    """key -> (score, move, exact): the best score and its move (a slot, -1 for a turn, -2 for none) when
    exact; otherwise a score the position cannot beat, met while a better one was known elsewhere."""
    limit = max_states if max_states is not None else sys.maxsize
    unbounded = size + 1
    rank_slots = [sum(1 << s for s in range(size) if ranks[s] == r) for r in range(14)]
    seeds = [0] * (stock + 1)  # per count of turns, the ranks (bit rank-1) of the stock cards left
    for t in range(stock - 1, -1, -1):
        seeds[t] = seeds[t + 1] | 1 << (turns[t] - 1)
    ring = 0x1FFF

    def around(these: int) -> int:
        """The ranks next to any of ``these`` (bit rank-1), King and Ace next to each other if they wrap."""
        near = (these << 1) | (these >> 1)
        if layout.wrap:
            near |= (these & 1) << 12 | (these >> 12) & 1
        return near & ring

    def stuck(gone: int, turned: int, top: int) -> int:
        """The tableau's cards that can never be played from here: a card needs a top of a rank next to its
        own, and the top only becomes the rank of a card played or of a stock card turned, so the ranks
        that can ever be played spread from the top and the stock's ranks through the ranks the tableau
        still holds (black-hole-solver's rank reachability, here a bound on the score). Only for the games
        without a stock (Black Hole, All in a Row), where lost positions must be searched through: with a
        stock, its ranks make nearly every card reachable until late, and working the bound out cost more
        than it saved (TriPeaks deals 1-100: 7 % fewer positions, 14 % more time; Pyramid Golf 9 % fewer,
        28 % more; Black Hole 35 % fewer positions, 25 % less time)."""
        if top == 0 or stock:
            return 0  # an empty foundation takes any card; with a stock, see below
        sources, played = seeds[turned] | 1 << (top - 1), 0
        left = sum(1 << (r - 1) for r in range(1, 14) if rank_slots[r] & ~gone)
        while (more := left & around(sources | played)) != played:
            played = more
        never = left & ~played
        return sum((rank_slots[r] & ~gone).bit_count() for r in range(1, 14) if never >> (r - 1) & 1)

    def can_clear(gone: int, top: int) -> bool:
        """Whether every card left could still be played, the order of the piles aside. The foundation's
        tops from here on would be a walk from the top, a step to a next rank at a time, that stands on each
        rank once per card of it left: each rank's count of steps in and out is fixed by its cards (one fewer
        at the rank the walk ends on, z), and on the ring of ranks (or the line A-K without wrap) those
        counts fix how often each pair of neighbours is crossed. The walk exists when, for some z, no count
        is negative and the pairs crossed join every rank left to the top (an Euler trail). Where it fails,
        the tableau is not cleared without turning the stock once more, or, without a stock, at least one
        card stays: a bound once only that would beat the best score known. It prunes the search for a win
        hard (Black Hole deals 1-300: 4.5 times fewer positions), and TriPeaks' search for the fewest turns
        (deals 1-60: 18 % fewer)."""
        left = [(rank_slots[r + 1] & ~gone).bit_count() for r in range(13)]
        need = sum(1 << r for r in range(13) if left[r])
        if not need:
            return True
        t = top - 1
        steps = [2 * left[r] + (r == t) for r in range(13)]  # in and out of each rank, ending on the top's
        twice = [0] * 13  # twice the crossings of r and r + 1 (of K and A: twice[12], 0 without wrap)
        twice[0] = (
            sum(steps[k % 13] if k & 1 else -steps[k % 13] for k in range(1, 14))
            if layout.wrap
            else 2 * steps[0]
        )
        for r in range(1, 13):
            twice[r] = 2 * steps[r] - twice[r - 1]
        for z in range(13):
            if not need >> z & 1:
                continue
            if layout.wrap:  # one step fewer at z: -1, +1, -1, ... going back round the ring from z
                crossings = [twice[r] - (1 if ((z - r) % 13 or 13) & 1 else -1) for r in range(13)]
            else:  # on the line, from z on: -2, +2, -2, ...
                crossings = [twice[r] if r < z else twice[r] - (-2 if (r - z) & 1 else 2) for r in range(13)]
            if min(crossings) < 0 or (not layout.wrap and crossings[12] != 0):
                continue
            seen, r = 1 << t, t  # the ranks joined to the top by pairs crossed
            while crossings[r] > 0 and not seen >> (r + 1) % 13 & 1:
                r = (r + 1) % 13
                seen |= 1 << r
            r = (t + 12) % 13
            while crossings[r] > 0 and not seen >> r & 1:
                seen |= 1 << r
                r = (r + 12) % 13
            if need & ~seen == 0:
                return True
        return False

    def best(gone: int, turned: int, top: int, alpha: int) -> int:
        """The best score from this position if it is below ``alpha`` (exact); otherwise a score it cannot
        beat that is at least ``alpha`` (the caller has a better one already)."""
        key = (gone << 11) | (turned << 4) | top
        found = memo.get(key)
        if found is not None and (found[2] or found[0] >= alpha):
            return found[0]
        clear = turned - stock
        never = stuck(gone, turned, top)
        floor = (
            never if never > 0 else clear
        )  # the best any line can do: clear the tableau now, or keep those
        if floor >= alpha:
            return floor
        if clear + 1 >= alpha and never == 0 and top and not can_clear(gone, top):
            return clear + 1  # the tableau is not cleared without one more turn (or, without a stock, at all)
        if len(memo) >= limit:
            raise SearchTooLarge(f"more than {limit} positions")
        result, chosen = size - gone.bit_count(), -2  # nothing more to play: the cards left
        for slot in by_top[top]:
            if gone >> slot & 1 or covers[slot] & ~gone:
                continue
            after = gone | 1 << slot
            score = clear if after == full else best(after, turned, ranks[slot], min(alpha, result))
            if score < result:  # (a card played always leaves fewer: the first one is taken)
                result, chosen = score, slot
                if result == floor:
                    break
        if turned < stock and result != floor:
            score = best(gone, turned + 1, turns[turned], min(alpha, result) if chosen != -2 else alpha)
            if score < result or chosen == -2:  # (with nothing to play, turning is the only move)
                result, chosen = score, -1
        memo[key] = (result, chosen, result < alpha)
        return result

    top_card = start.top
    gone0, turned0, top0 = start.gone, 0, top_card.rank if top_card is not None else 0
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, 4 * (size + stock) + 200))
    try:
        # without a stock, a win first (most deals have one, and can_clear prunes that search hard); then, if
        # there is none, the best score, on the bounds the first search left
        score = best(gone0, turned0, top0, 1) if not stock else 1
        if score > 0:
            score = best(gone0, turned0, top0, unbounded)
    finally:
        sys.setrecursionlimit(previous)
    line: list[SpreadMove] = []
    gone, turned, top = gone0, turned0, top0
    while True:
        entry = memo.get((gone << 11) | (turned << 4) | top)
        if entry is None or entry[1] == -2:
            break
        if entry[1] == -1:
            line.append(TURN)
            top, turned = turns[turned], turned + 1
        else:
            slot = entry[1]
            line.append(SpreadMove(slot))
            gone, top = gone | 1 << slot, ranks[slot]
            if gone == full:
                break
    return SpreadSolution(score, tuple(line), len(memo))
