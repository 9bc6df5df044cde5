"""The search in pure Python: the reference for, and the fallback of, the C kernel (_kernel.c).

Both run the same depth-first search over rank-only positions (column heights, stock index, top rank),
in the same move order, with the same visited set (the fewest stock cards turned per heights and top,
and per heights alone after a play) and the same lower bound, so they return the same score, the same
line and the same state count; and the same fringe search (Search.fringe), step for step. Keep them in
step.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate

from engine.golf.solver import walks_back
from engine.golf.solver.matching import cycle_matching, deficit, path_matching
from engine.golf.solver.problem import (
    BACK,
    KINGS_PRED,
    LAST_WALK,
    NO_BOUND,
    NO_TOP,
    RANKS,
    STUCK_DRAW,
    TURN_CODE,
    WRAP,
    Problem,
    Tables,
    key_weights,
)
from engine.golf.solver.walks_back import WalksBack

_INFINITY = 2**31 - 1
LAST_WALK_NODES = 4096
"""The most nodes of the last walk tried backwards (the kernel's LAST_WALK_NODES)."""
WALK_LEVELS = 8
"""The last walks from this many stock cards tried in one bound (the kernel's WALK_LEVELS)."""
WALK_TRIAL = 1024
"""The last walks searched before a run may find them too dear (the kernel's WALK_TRIAL, see walks_dear)."""
WALK_DEAR = 512
"""... when they have taken more nodes than this each, on average (the kernel's WALK_DEAR)."""
SECOND_NODES = 512
"""The most nodes of a second walk tried backwards (the kernel's SECOND_NODES)."""
SECOND_LEVELS = 8
"""The second walks from this many stock cards tried in one search (the kernel's SECOND_LEVELS)."""
FIRST_NODES = 1024
"""The most nodes (heights, last rank) of the walks from the top looked for (the kernel's FIRST_NODES)."""
PLAN_NODES = 4096
"""The most nodes of one column's plans searched (the kernel's PLAN_NODES; past them, not ruled out)."""


ARC_SLACK = 2
"""With wrapping on two decks, the circle of ranks is cut at each rank with at most this many cards and
starts (the kernel's ARC_SLACK, see blocked); on one deck, at each rank with none."""


def _ways_needed(
    columns: list[list[int]], starts: list[int], top: int, flags: int, line: list[int]
) -> tuple[list[int], list[int]]:
    """The ways in the cards before and after each position of the line of ranks ``line`` need besides
    the starts there (see blocked): the most separate runs of them in one column (other cards between
    them), less those starts. One pass a column, the card under each (previous in the column) at
    position u of the line, or off it: a card at position p starts a run of the cards before t for p < t
    <= u (every t past p when u is off the line; none when u <= p), and of the cards after t for u <= t <
    p (every t below p when u is off the line; none when u >= p)."""
    kings = not flags & KINGS_PRED  # a King start takes nothing
    n = len(line)
    sc = [0 if kings and r == 13 else starts[r] + (top == r) for r in line]
    where = {r: t for t, r in enumerate(line)}
    runs_before, runs_after = [[0] * n], [[0] * n]  # by column: the runs of the cards before / after t
    for column in columns:
        rises, falls = [0] * (n + 1), [0] * (n + 1)  # runs starting, by the first t they count for
        under = -1  # the position on the line of the card under this one (-1: none, or off the line)
        for r in column:
            p = where.get(r, -1)
            if p >= 0:
                if under < 0 or under > p:
                    rises[p + 1] += 1
                    rises[under + 1 if under > p else n] -= 1
                if under < p:
                    falls[max(under, 0)] += 1
                    falls[p] -= 1
            under = p
        runs_before.append(list(accumulate(rises[:n])))
        runs_after.append(list(accumulate(falls[:n])))
    starts_before = [0, *accumulate(sc)]
    before = [max(runs) - starts_before[t] for t, runs in enumerate(zip(*runs_before, strict=True))]
    after = [
        max(runs) - (starts_before[n] - starts_before[t + 1])
        for t, runs in enumerate(zip(*runs_after, strict=True))
    ]
    return before, after


def _ways_in(
    cnt: list[int],
    starts: list[int],
    top: int,
    flags: int,
    line: list[int],
    needed: tuple[list[int], list[int]],
    cut: tuple[int, int, int] = (0, 0, 0),
) -> bool:
    """The forced ways in on one cut of the ladder, the line of ranks ``line`` (see blocked), whose arcs
    need ``needed`` (_ways_needed); past the line's ends, the rank z of ``cut`` (z, y, y2) (0: none) takes
    the card at its first position exactly y times and the one at its last y2 times. True if the arcs need
    more ways in than the pairs can give, or the matching with those pairs forced leaves a card of the
    tableau unmatched."""
    pred = [0] * (RANKS + 1)  # predecessors by rank: cards, starts and the top
    right = [0] * (RANKS + 1)  # cards by rank
    for r in range(1, RANKS):
        pred[r] = cnt[r] + starts[r] + (top == r)
        right[r] = cnt[r]
    if not flags & KINGS_PRED:  # nothing goes onto a King
        pred[13] = 0
    z, y, y2 = cut
    cards, forced = sum(right), y + y2
    if z:
        if pred[z] < y + y2 or right[line[0]] < y or right[line[-1]] < y2:
            return True
        pred[z] -= y + y2
        right[line[0]] -= y
        right[line[-1]] -= y2
    before, after = needed
    for t in range(len(line)):
        # the cards before t need a way in from t (t takes t - 1), those after t from t (t takes t + 1)
        for f, b in ((before[t] - y, t - 1), (after[t] - y2, t + 1)):
            if f > 0:
                if pred[line[t]] < f or right[line[b]] < f:
                    return True
                pred[line[t]] -= f
                right[line[b]] -= f
                forced += f
    if not forced:
        return False
    ranks = range(1, 14)
    odd_right = [right[r] if r & 1 else pred[r] for r in ranks]  # R1 L2 R3 .. R13, as in deficit
    odd_left = [pred[r] if r & 1 else right[r] for r in ranks]  # L1 R2 L3 .. L13
    if flags & WRAP:
        matched = cycle_matching(odd_right + odd_left)
    else:
        matched = path_matching(odd_right) + path_matching(odd_left)
    return cards > forced + matched


def blocked(columns: list[list[int]], cnt: list[int], starts: list[int], top: int, flags: int) -> bool:
    """Can the tableau (``columns``, counted in ``cnt``) not be cleared because the foundation cannot come
    into parts of the rank ladder often enough? Cut the ladder at a rank z: a line of ranks, Ace to King
    (no z), or with wrapping, the circle from z + 1 round to z - 1. Take the cards before position t on
    it: in a column they lie in separate runs (other cards between them), and between two runs the
    foundation leaves them, so each run needs its own way in: a start before t (the top, a stock card
    turned), a card or start of rank z taking the card at position 0, or a card at t taking one at t - 1.
    So with z taking position 0's card y times, that pair is matched at least (runs in the column with
    most) - (starts before t) - y times; likewise after t with the pair (t, t + 1), z taking the last
    position's card y2 times. Each card or start of rank z takes one card at most: for each y and y2 that
    allows, the matching with all those pairs forced is redone, and if none leaves every card of the
    tableau matched, the tableau cannot be cleared. (The plain matching lets such cards serve each other
    in a cycle that the foundation never enters.) With wrapping the circle is cut at every rank with no
    card and no start, and on two decks also at every rank with at most ARC_SLACK."""
    if starts[0] or cnt[0] or top in (0, NO_TOP):
        return False
    if not flags & WRAP:
        line = list(range(1, 14))
        return _ways_in(cnt, starts, top, flags, line, _ways_needed(columns, starts, top, flags, line))
    most = ARC_SLACK if flags & LAST_WALK else 0
    for z in range(1, 14):
        slack = 0 if z == 13 and not flags & KINGS_PRED else cnt[z] + starts[z] + (top == z)
        if slack > most:
            continue
        line = [(z + i) % 13 + 1 for i in range(12)]
        needed = _ways_needed(columns, starts, top, flags, line)
        splits = [(z, y, y2) for y in range(slack + 1) for y2 in range(slack + 1 - y)]
        if all(_ways_in(cnt, starts, top, flags, line, needed, cut) for cut in splits):
            return True
    return False


def _bits(m: int) -> list[int]:
    """The set bits of m, lowest first."""
    out = []
    while m:
        out.append((m & -m).bit_length() - 1)
        m &= m - 1
    return out


def _routes(rows: list[bytes], wrap: bool) -> list[list[list[int] | None]]:
    """For the column plans (see _Tables.plans_fail): for each foundation rank a (NO_TOP included) and
    rank b, the least sets of pool cards (rank masks) through which the foundation goes from a until b can
    be played: straight on (None) if b goes onto a; else the ranks between them, one way round or the other
    with wrapping (for a == b, a neighbour), each step a card going onto the one before; none dominated by
    another (the kernel's routes_new)."""
    table: list[list[list[int] | None]] = []
    for a in range(NO_TOP + 1):
        row: list[list[int] | None] = [[] for _ in range(RANKS)]
        for b in range(1, RANKS):
            if rows[a][b]:
                row[b] = None
                continue
            if a in (0, NO_TOP):
                continue
            masks = []
            if a == b:
                for d in (-1, 1):
                    q = a + d
                    if wrap:
                        q = 13 if q < 1 else 1 if q > 13 else q
                    if 1 <= q <= 13 and rows[a][q] and rows[q][b]:
                        masks.append(1 << q)
            else:
                for d in (-1, 1):
                    m, prev, q, ok = 0, a, a, True
                    while True:
                        q += d
                        if wrap:
                            q = 13 if q < 1 else 1 if q > 13 else q
                        if not 1 <= q <= 13 or not rows[prev][q]:
                            ok = False
                            break
                        if q == b:
                            break
                        m |= 1 << q
                        prev = q
                    if ok:
                        masks.append(m)
            row[b] = [
                m
                for i, m in enumerate(masks)
                if not any(j != i and n & m == n and (n != m or j < i) for j, n in enumerate(masks))
            ]
        table.append(row)
    return table


FRINGE_LOG_MAX = 1 << 24
"""Positions the fringe search may put off (the kernel's FRINGE_LOG_MAX)."""
LINK_NODES = 1 << 16
"""Positions tried to find one link of a line again (the kernel's LINK_NODES)."""
MARK_EVERY = 16
"""Every this many frames a position is marked as a parent for the log (the kernel's MARK_EVERY)."""
DUE_AHEAD = 4
"""The most steps ahead a position the bound rules out is put off at once (the kernel's DUE_AHEAD)."""
MAXD = 512
"""The longest line the kernel keeps (its MAXD)."""
BACK_LEAD = 1024
"""The walks back's head start in each step (the kernel's BACK_LEAD, see its back_turn)."""
BACK_PACE = (1, 2)
"""... then so many positions back for so many the step searches forwards (the kernel's BACK_PACE and
BACK_PER)."""
BACK_EVERY = 1024
"""The step's positions searched between two turns of the walks back (the kernel's BACK_EVERY)."""
TURN_FIRST = 1000
"""The positions a move's search goes on for in its first turn, in the fringe search (the kernel's
TURN_FIRST, see its interleave)."""


class _Fringe:
    """What the fringe search keeps between runs (the kernel's log and lists, see its defer): every
    position put off to a later step (key, stock cards turned, the logged position it was found below),
    the log numbers to go on from in this step (``cur`` from ``pos``), in the next, and in the steps after
    it (``ahead``, by step: the kernel's lists ahead), the step under way
    (no line scores below it) and the least value reached, with where from and how."""

    def __init__(self, lower: int) -> None:
        self.lkey: list[int] = []
        self.lidx: list[int] = []
        self.lparent: list[int] = []
        self.cur: list[int] = [0]
        self.next: list[int] = []
        self.ahead: dict[int, list[int]] = {}  # put off past the next step: by the step they are due
        self.pos = 0
        self.step = lower
        self.overflow = False
        self.seen_min = _INFINITY
        self.seen_idx = 0
        self.seen_from = 0
        self.seen_path = b""
        # the walks back of the step under way (the kernel's, see back_turn): positions with back_to or
        # more stock cards turned are answered from them; the step's positions searched, the count at
        # which the walks back next take their turn, and what they proved (no line, or the start clears)
        self.back: WalksBack | None = None
        self.back_step: int | None = None
        self.back_to = _INFINITY
        self.fwd_step = self.back_at = 0
        self.back_none = self.back_found = False

    def log(self, key: int, idx: int, parent: int) -> int:
        if len(self.lkey) >= FRINGE_LOG_MAX:
            self.overflow = True
            raise _GiveUp
        self.lkey.append(key)
        self.lidx.append(idx)
        self.lparent.append(parent)
        return len(self.lkey) - 1


class _GiveUp(Exception):
    pass


class _WalkNodes:
    """The nodes (cards taken, last rank) one search of walks has tried, and how many it may try (the
    kernel's stamped sets of walk nodes and their caps)."""

    def __init__(self, most: int) -> None:
        self.tried: set[tuple[tuple[int, ...], int]] = set()
        self.most = most

    def visit(self, lo: list[int], r: int) -> bool | None:
        """False if the node was tried before (it found nothing), True past the nodes allowed (the walk
        is not ruled out), None if it is to be searched now."""
        node = (tuple(lo), r)
        if node in self.tried:
            return False
        self.tried.add(node)
        return True if len(self.tried) > self.most else None


class _Tables(Tables):
    """What both the bound and the search read: the problem's tables, and what the bound keeps."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.no_ways = False  # the bound does not ask the ways in (blocked): see the search's expand
        self.cnt = [0] * RANKS
        for col in self.columns:
            for r in col:
                self.cnt[r] += 1
        # the last walk found last from a stock card of each rank (see last_walk_out): its cards, the
        # deepest lo[c] of column c, and their ranks
        self.hints: dict[int, tuple[list[int], list[int]]] = {}
        self.second = False  # the last walks' rests need a last walk of their own (see _second_walk)
        self.walk_searches = self.walk_nodes = 0  # the last walks searched in this run, and their nodes
        # the heights the walk under way can stop at, from the position being bounded (see _first_rest):
        # False until looked for, None if there were too many
        self.firsts: set[tuple[int, ...]] | bool | None = False
        # the column plans (see plans_fail): the least pool cards from foundation rank a to playing rank
        # b, routes[a][b] as rank masks (None: b goes onto a at once); the column asked first (the one
        # whose plan failed last), and the column played last (-2: none, ask every column)
        self.routes = _routes(self.rows, bool(self.flags & WRAP))
        self.plan_last = 0
        self.plan_only = -2

    def walks_dear(self) -> bool:
        """Have the last walks proven too dear in this run: past the first WALK_TRIAL searched, more than
        WALK_DEAR nodes each on average? The run then goes on without them (the kernel's walks_dear)."""
        return self.walk_searches >= WALK_TRIAL and self.walk_nodes > WALK_DEAR * self.walk_searches

    def _window(self, idx: int, u: int) -> list[int]:
        """The starts the stock cards idx..idx+u-1 give, by rank (the kernel's window)."""
        a, b = self.prefix[idx], self.prefix[idx + u]
        return [b[r] - a[r] for r in range(RANKS)]

    def walk_deficit(self, idx: int, u: int, starts: list[int], top: int) -> tuple[int, int]:
        """The deficit with the starts as the walks can take them, and the ranks they would take (bits; the
        kernel's walk_deficit). The walk under way plays next a card on top of a column now, or none: the
        top serves none if no such card is of a rank it takes, and then likewise the stock cards after it,
        whose walks would begin from the columns as they are; the first that serves a card of only one of
        its two ranks is matched with one such card (which stays a predecessor)."""
        onto, cnt, flags = self.onto, self.cnt, self.flags
        take = onto[top]
        for r in range(RANKS):
            if starts[r]:
                take |= onto[r]
        if top in (0, NO_TOP) or cnt[0]:
            return deficit(cnt, starts, top, flags), take
        exposed = 0
        for col, h in zip(self.columns, self.height, strict=True):
            if h:
                exposed |= 1 << col[h - 1]
        want = onto[top] & ~1
        serve = want & exposed
        if serve and serve == want:
            return deficit(cnt, starts, top, flags), take
        real = starts[:]
        j = idx
        while not serve and j < idx + u:  # the top serves none: the stock cards after it
            r = self.stock[j]
            want = onto[r] & ~1
            serve = want & exposed
            if not r or (serve and serve == want):
                serve = 0
                break
            real[r] -= 1
            j += 1
        take = 0
        for r in range(RANKS):
            if real[r]:
                take |= onto[r]
        rest, st = cnt[:], real[:]
        if serve:
            q = serve.bit_length() - 1
            rest[q] -= 1
            st[q] += 1
            take |= serve
        return deficit(rest, st, -1, flags), take

    def bound(self, idx: int, u: int, top: int, enough: int) -> int:
        """Lower bound on the cards left turning only stock cards idx..idx+u-1 (0: may clear), the starts
        taken as the walks can take them (see walk_deficit). Past the matching: cards that can never be
        played (one above them never is, or no rank they may go onto ever shows) stay, and the matching is
        redone on the others."""
        starts = self._window(idx, u)
        cnt, flags = self.cnt, self.flags
        d, ok = self.walk_deficit(idx, u, starts, top)
        if d >= enough:
            return d
        columns, height, onto = self.columns, self.height, self.onto
        marked = [0] * self.ncols
        changed = True
        while changed:
            changed = False
            for c in range(self.ncols):
                col, h, m = columns[c], height[c], marked[c]
                while m < h and ok >> col[h - 1 - m] & 1:
                    ok |= onto[col[h - 1 - m]]
                    m += 1
                if m != marked[c]:
                    marked[c] = m
                    changed = True
        rest = cnt[:]
        stuck = 0
        for c in range(self.ncols):
            for i in range(height[c] - marked[c]):
                rest[columns[c][i]] -= 1
                stuck += 1
        if stuck:
            return stuck + deficit(rest, starts, top, flags)
        if d or self.no_ways:
            return d
        return int(
            blocked([col[:h] for col, h in zip(columns, height, strict=True)], cnt, starts, top, flags)
        )

    def plans_fail(self, idx: int, u: int, top: int) -> int:
        """0 if every column has a plan for clearing with the stock cards idx..idx+u-1 turned at most;
        else how many turns more the first column without one needs by the cards every plan takes alone
        (up to DUE_AHEAD). A position reached by a play asks the column asked first and the column
        played only (the kernel's plans_fail, which this follows step for step)."""
        if self.cnt[0] or top in (0, NO_TOP):
            return 0
        only, ncols = self.plan_only, self.ncols
        for i in range(ncols):
            c = (self.plan_last + i) % ncols
            if not self.height[c] or (only != -2 and i and c != only):
                continue
            if self._column_plan(c, idx, u, top, True):
                continue
            self.plan_last = c
            w = 1
            while w < DUE_AHEAD and idx + u + w <= self.total:
                if self._column_plan(c, idx, u + w, top, False):
                    break
                w += 1
            return w
        return 0

    def _column_plan(self, c: int, idx: int, u: int, top: int, search: bool) -> bool:
        """If ``search``: can column c be cleared in a plan (see _routes), its cards in their order, top
        down, and between two of them the foundation going through the pool (the other columns' cards, each
        once), or by a stock card of the window turned (each later than the one before) and from it
        through the pool? If not: False only if the pool cards every way through a gap needs, counted over
        the gaps, are more than the pool holds (the kernel's column_plan)."""
        routes, h = self.routes, self.height[c]
        seq = self.columns[c][h - 1 :: -1]
        pool = self.cnt[:]
        for r in seq:
            pool[r] -= 1
        if search:
            return self._plan_search(seq, pool, idx, u, top)
        landing = 0
        for t in range(idx, idx + u):
            landing |= 1 << self.stock[t]
        forced = [0] * RANKS
        a = top
        for b in seq:
            way = routes[a][b]
            if way is not None:
                every, anyway = ~0, False
                for m in way:
                    every &= m
                    anyway = True
                for sr in _bits(landing):
                    if not every:
                        break
                    land = routes[sr][b]
                    if land is None:
                        every, anyway = 0, True
                        break
                    for m in land:
                        every &= m
                        anyway = True
                if not anyway:
                    return False
                for q in _bits(every):
                    forced[q] += 1
                    if forced[q] > pool[q]:
                        return False
            a = b
        return True

    def _plan_search(self, seq: list[int], pool: list[int], idx: int, u: int, top: int) -> bool:
        """The column's plans searched depth first (the kernel's plan_from): True at the first that fits
        the pool, or past PLAN_NODES nodes."""
        routes, h = self.routes, len(seq)
        use = [0] * RANKS
        nodes = 0
        jend = idx + u

        def fits(m: int) -> bool:
            return all(use[q] < pool[q] for q in _bits(m))

        def take(m: int, d: int) -> None:
            for q in _bits(m):
                use[q] += d

        def plan_from(i: int, a: int, j: int) -> bool:
            nonlocal nodes
            if i == h:
                return True
            nodes += 1
            if nodes > PLAN_NODES:
                return True
            b = seq[i]
            way = routes[a][b]
            if way is None:  # straight on: nothing better
                return plan_from(i + 1, b, j)
            tried: list[int] = []  # an option taking in the pool cards of one tried is no better
            for m in way:
                tried.append(m)
                if fits(m):
                    take(m, 1)
                    ok = plan_from(i + 1, b, j)
                    take(m, -1)
                    if ok:
                        return True
            ranks = 0  # a stock card of a rank tried already is no better later
            for t in range(j, jend):
                s = self.stock[t]
                if ranks >> s & 1:
                    continue
                ranks |= 1 << s
                land = routes[s][b]
                if land is None:  # no later card does better
                    return plan_from(i + 1, b, t + 1)
                for m in land:
                    if any(m & q == q for q in tried):
                        continue
                    tried.append(m)
                    if fits(m):
                        take(m, 1)
                        ok = plan_from(i + 1, b, t + 1)
                        take(m, -1)
                        if ok:
                            return True
            return False

        return plan_from(0, top, idx)

    def last_walk_out(self, idx: int, u: int, top: int) -> int:
        """Is clearing with the stock cards idx..idx+u-1 (u >= 0) turned at most ruled out by the last
        walks? The tableau is cleared on some k-th turn, k <= u, by the walk from that stock card, the
        last: it clears every card left when it is turned, bottoms of the columns, taken in one +-1 walk,
        each card exposed when played; the cards above them are cleared by the walks before, from the top
        and the first k - 1 stock cards, so the matching must allow that too. Where the bound rules out
        clearing with j turns at most (j from u - 1 down to u - WALK_LEVELS; -1 where it does not rule out
        even no turn, whose walk, the one under way from the top, must take every card), the walks of
        turns j + 1 .. u must all fail (see _walks_fail). 0 if clearing is not ruled out; else in how
        many steps of the fringe search it may first be (the kernel's last_walk_out, which this follows
        step for step)."""
        self.firsts = False  # a new position: its walks from the top are found when first asked
        first = self.stock[idx + u - 1] if u > 0 else 0
        hint = self.hints.get(first) if u > 0 else None
        if (
            hint is not None
            and any(self.cnt[r] and self.rows[first][r] for r in range(RANKS))
            and self._walk_fits(hint, idx, u, self._window(idx, u - 1), top)
        ):
            return 0  # the walk found last from this rank still clears: no j needed (most calls)
        j = u - 1
        while j >= 0 and j > u - 1 - WALK_LEVELS and not self.bound(idx, j, top, 1) > 0:
            j -= 1
        if j <= u - 1 - WALK_LEVELS:
            return 0
        kmin = self._walks_fail(idx, j + 1, u, min(j + WALK_LEVELS, self.total - idx), top)
        return kmin - u if kmin else 0

    def _walks_fail(self, idx: int, klo: int, u: int, khi: int, top: int) -> int:
        """0 if some last walk of the turns klo..u clears what the walks before it leave; else the first
        later turn, up to khi, whose walk may (one of the walks' cards goes onto its stock card; khi + 1:
        none). The walks are tried backwards, together, taking columns from the bottom up (the last card
        played is a column's bottom card), each node (cards taken, last rank) once; where the card taken
        could go onto a walk's start, the rest is matched with the starts before it. Past LAST_WALK_NODES
        nodes clearing is not ruled out. The search asks it only on two decks with no Joker in the
        tableau, where it pays, and not once the walks have proven too dear in this run (see walks_dear;
        the kernel's walks_fail)."""
        cnt, flags = self.cnt[:], self.flags
        left = sum(cnt)
        ncols, rows = self.ncols, self.rows
        kmask = [0] * RANKS  # bit k - klo: rank r goes onto the k-th turn's stock card
        kstarts: list[list[int]] = []
        ksu: list[int] = []
        now = later = False
        for k in range(klo, khi + 1):
            if k:
                su = self.stock[idx + k - 1]
                kstarts.append(self._window(idx, k - 1))
            else:  # the walk under way, from the top
                su = top
                kstarts.append([0] * RANKS)
            ksu.append(su)
            on = [r for r in range(RANKS) if cnt[r] and rows[su][r]]
            if not on:
                continue
            if k <= u:
                now = True  # turn u's walk found last was tried already (see last_walk_out)
                hint = self.hints.get(su)
                if 0 < k < u and hint is not None and self._walk_fits(hint, idx, k, kstarts[-1], top):
                    return 0
            for r in on:
                kmask[r] |= 1 << (k - klo)
            later = later or k > u
        if not now:
            return u + 1 if later else khi + 1
        lo = [0] * ncols
        tried = _WalkNodes(LAST_WALK_NODES)
        kmin = khi + 1

        def walk_from(r: int, taken: int) -> bool:
            nonlocal kmin
            seen = tried.visit(lo, r)
            if seen is not None:
                return seen
            m = kmask[r]
            if m:
                due_now = m & ((2 << (u - klo)) - 1)
                if due_now:  # the most starts before it: the best chance
                    k = due_now.bit_length() - 1
                    if klo + k == 0:  # the walk under way, from the top: it must take every card
                        if taken == left:
                            return True
                    elif taken == left or (
                        (
                            not deficit(cnt, kstarts[k], top, flags)
                            if klo + k > 1 or not flags & WRAP
                            else self._first_rest(lo, cnt, top)
                        )
                        and (not self.second or self._second_walk(lo, cnt, idx, klo + k, top))
                    ):
                        self.hints[ksu[k]] = (lo[:], [self.cnt[q] - cnt[q] for q in range(RANKS)])
                        return True
                due_later = m & ~due_now & ((1 << (kmin - klo)) - 1)
                if due_later:  # the first of them
                    kmin = klo + (due_later & -due_later).bit_length() - 1
            return self._walk_back(lo, cnt, r, taken, walk_from)

        found = self._walk_back(lo, cnt, None, 0, walk_from)
        self.walk_searches += 1
        self.walk_nodes += len(tried.tried)
        return 0 if found else kmin

    def _walk_back(
        self, lo: list[int], cnt: list[int], r: int | None, taken: int, node: Callable[[int, int], bool]
    ) -> bool:
        """A walk's steps back (the last walk's and the second walk's searches): each column's next card up
        (above the walk's lo[c] deepest) that rank ``r`` goes onto (None: any, for the walk's last card),
        taken (out of ``cnt``, what the walk leaves) and searched on by ``node(rank, taken)``; True as soon
        as one finds a walk (the kernel's walk_back)."""
        columns, height, rows = self.columns, self.height, self.rows
        for c in range(self.ncols):
            i = lo[c]
            if i >= height[c]:
                continue
            q = columns[c][i]
            if r is not None and not rows[q][r]:  # r goes onto q in the walk
                continue
            lo[c] += 1
            cnt[q] -= 1
            found = node(q, taken + 1)
            lo[c] -= 1
            cnt[q] += 1
            if found:
                return True
        return False

    def _first_walks(self, top: int) -> set[tuple[int, ...]] | None:
        """The column heights the walk under way, from the top, can stop at (its cards taken, each exposed
        when played); None past FIRST_NODES nodes (heights, last rank) (the kernel's first_fill)."""
        height, columns, rows = self.height[:], self.columns, self.rows
        nodes: set[tuple[tuple[int, ...], int]] = set()
        reach: set[tuple[int, ...]] = set()

        def fill(r: int) -> bool:
            node = (tuple(height), r)
            if node in nodes:
                return True
            nodes.add(node)
            if len(nodes) > FIRST_NODES:
                return False
            reach.add(node[0])
            for c in range(self.ncols):
                if height[c] and rows[r][q := columns[c][height[c] - 1]]:
                    height[c] -= 1
                    ok = fill(q)
                    height[c] += 1
                    if not ok:
                        return False
            return True

        return reach if fill(top) else None

    def _first_rest(self, lo: list[int], rest: list[int], top: int) -> bool:
        """Can the walk under way clear what a last walk of turn 1 leaves, stopping at heights ``lo``?
        Where its walks are too many to know, as far as the matching tells (the kernel's first_rest)."""
        if self.firsts is False:
            self.firsts = self._first_walks(top)
        if self.firsts is None:
            return not deficit(rest, [0] * RANKS, top, self.flags)
        assert isinstance(self.firsts, set)
        return tuple(lo) in self.firsts

    def _walk_fits(
        self, hint: tuple[list[int], list[int]], idx: int, k: int, starts: list[int], top: int
    ) -> bool:
        """Is the last walk ``hint`` (found last from a stock card of the same rank) still one here, on
        turn k? Its cards are still the deepest of their columns, and the matching (and where asked, the
        second walk) allows the rest. Tried first: the search's neighbouring positions mostly share it
        (the kernel's walk_fits)."""
        hint_lo, hint_cnt = hint
        if any(lo > h for lo, h in zip(hint_lo, self.height, strict=True)):
            return False
        if hint_lo == self.height:
            return True
        rest = [n - w for n, w in zip(self.cnt, hint_cnt, strict=True)]
        if k > 1 or not self.flags & WRAP:
            if deficit(rest, starts, top, self.flags):
                return False
        elif not self._first_rest(hint_lo, rest, top):
            return False
        return not self.second or self._second_walk(hint_lo, rest, idx, k, top)

    def _second_walk(self, base: list[int], rest: list[int], idx: int, k: int, top: int) -> bool:
        """False if what a last walk on turn k leaves (``rest``, above the deepest ``base[c]`` cards of
        each column; the matching allows it with the first k - 1 turns) is ruled out by the second walks:
        it is cleared by the walks before, the last of which, from a stock card past the most turns with
        which the matching rules it out, clears the rest's bottoms in one +-1 walk, the cards above them
        matched with the starts before it. Searched like the last walk, from the bottoms of the rest,
        each node once, at most SECOND_NODES nodes (the kernel's second_walk, which also tries the second
        walk it found last first, for the same answer)."""
        flags = self.flags
        t = k - 2
        while t >= 0 and t > k - 2 - SECOND_LEVELS:
            if deficit(rest, self._window(idx, t), top, flags) > 0:
                break
            t -= 1
        if t < 0 or t <= k - 2 - SECOND_LEVELS:
            return True
        cnt = rest[:]
        left = sum(cnt)
        kmask = [0] * RANKS  # bit j: rank r goes onto the stock card of turn t + 1 + j
        kstarts = [self._window(idx, k2 - 1) for k2 in range(t + 1, k)]
        for j, k2 in enumerate(range(t + 1, k)):
            su = self.stock[idx + k2 - 1]
            for r in range(RANKS):
                if cnt[r] and self.rows[su][r]:
                    kmask[r] |= 1 << j
        if not any(kmask):
            return False  # no card of the rest goes onto a stock card in reach
        lo = base[:]
        tried = _WalkNodes(SECOND_NODES)

        def walk_from(r: int, taken: int) -> bool:
            seen = tried.visit(lo, r)
            if seen is not None:
                return seen
            m = kmask[r]
            if m and (taken == left or not deficit(cnt, kstarts[m.bit_length() - 1], top, flags)):
                return True
            return self._walk_back(lo, cnt, r, taken, walk_from)

        return self._walk_back(lo, cnt, None, 0, walk_from)

    def lower_bound(self, top: int) -> int:
        """No line from the start scores below this: the cards that must stay, or, when clearing is not
        ruled out, minus the most stock that the fewest turns able to clear would leave."""
        if self.flags & NO_BOUND:
            return -self.total
        left = self.bound(0, self.total, top, _INFINITY)
        if left or not sum(self.height):
            return left
        turns = 0
        while turns < self.total and self.bound(0, turns, top, 1):
            turns += 1
        return -(self.total - turns)


def lower_bound(problem: Problem) -> int:
    """A score no line from ``problem`` can beat (the root of the search's own bound)."""
    return _Tables(problem).lower_bound(problem.top)


class Search:
    """Searches of one position that keep their visited set: a search for lines below a best no higher
    than the last one's best goes on where that one stopped (the C kernel's Search, step for step).

    What the set holds stays true for such a search: a position in it was searched to the end, and had
    no line below the best of its own search, which is no lower than the new one's. A search stopped
    early (past its positions, or at a line good enough) leaves unfinished only the positions it was in
    at the time, the one it stopped at and those that lead to it; they are taken out, so the next search
    walks down to them again and goes on from there."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.seen: dict[int, int] = {}
        self.kept: int | None = None
        self.partner: Search | None = None
        self.fringe_state: _Fringe | None = None

    def share(self, other: Search) -> None:
        """Pair with another search of the same position (the kernel's Search.share, which also shares
        the memory cap): a run for lines below a best no higher than the idle partner's kept prunes
        the positions the partner finished too, as finished here."""
        if not isinstance(other, Search) or other is self:
            raise TypeError("share takes another Search")
        if self.partner is not None or other.partner is not None:
            raise RuntimeError("each Search shares with one other at most")
        self.partner, other.partner = other, self

    def run(self, best_init: int, stop_value: int, max_states: int = 0) -> tuple[int, bytes, int, bool]:
        """Lines scoring below ``best_init`` only: (best score, line to it as bytes of TURN_CODE/columns,
        states, complete). Stops at the first line scoring ``stop_value`` or less. When there is no line
        below ``best_init``: (best_init, b"", states, True). Past ``max_states`` states (0: no limit) it
        gives up with the best line found so far: (score, line, states, False)."""
        if self.kept is None or best_init > self.kept:
            self.seen.clear()
        other = self.partner
        trusted = other.seen if other and other.kept is not None and other.kept >= best_init else None
        # fresh tables: a search given up unwinds without putting the heights and counts back
        tables = _Tables(self.problem)
        score, line, states, complete, _ = _run(
            self.problem, tables, self.seen, trusted, best_init, stop_value, max_states
        )
        self.kept = score
        return score, line, states, complete

    def fringe(
        self, lower: int, best: int, max_states: int = 0, second: bool = False
    ) -> tuple[int, int, bytes, int, str]:
        """The fringe search for lines below ``best`` (the kernel's Search.fringe, step for step), going
        on from its last run; the first starts at ``lower``. (lower, score, line, states, status), status
        'found' (score is the optimum, line its line), 'lost' (the optimum; its line must be searched for
        again), 'proven' (no line below best), 'cut' (past max_states: no line below lower) or 'full'
        (past its log: it cannot go on); cut or full, score and line are the line to the least value
        reached so far. ``second``: the last walks' rests need a last walk of their own in this run (two
        decks; see _Tables._second_walk)."""
        f = self.fringe_state
        if f is None:
            f = self.fringe_state = _Fringe(lower)
            self.seen.clear()
        if f.overflow:
            return f.step, best, b"", 0, "full"
        other = self.partner
        trusted = other.seen if other and other.kept is not None and other.kept >= best else None
        tables = _Tables(self.problem)
        tables.second = second and bool(self.problem.flags & LAST_WALK)
        value, line, states, _, status = _run(
            self.problem, tables, self.seen, trusted, best, best - 1, max_states, f
        )
        if status in ("found", "lost"):
            return value, value, line, states, status
        return f.step, value if line else best, line, states, status


def search(
    problem: Problem, best_init: int, stop_value: int, max_states: int = 0
) -> tuple[int, bytes, int, bool]:
    """One search with a fresh visited set (Search.run)."""
    return Search(problem).run(best_init, stop_value, max_states)


def _run(
    problem: Problem,
    t: _Tables,
    seen: dict[int, int],
    trusted: dict[int, int] | None,
    best_init: int,
    stop_value: int,
    max_states: int,
    fringe: _Fringe | None = None,
) -> tuple[int, bytes, int, bool, str]:
    """One search (Search.run), or with ``fringe`` the fringe search's run (Search.fringe: best_init is
    the best line's score, below which it looks; the status is the fifth item)."""
    columns, ncols, height, stock, total, flags = t.columns, t.ncols, t.height, t.stock, t.total, t.flags
    bounded = not flags & NO_BOUND
    stuck = bool(flags & STUCK_DRAW)
    # the set also keeps, per column heights, the fewest stock cards turned by a position finished with
    # those heights after a play, under the top NO_TOP (never a real one then: the start's top is not)
    heights_too = not stuck and problem.top != NO_TOP
    rows, cnt, bound = t.rows, t.cnt, t.bound

    wcol, weight = key_weights(height)
    key0 = problem.top + sum(w * h for w, h in zip(wcol, height, strict=True))
    widx = weight if stuck else 0  # the stock index is in the key only under the stuck rule

    # seen: key (heights and top) -> the fewest stock cards turned on reaching it: reaching the same
    # heights and top having turned more is no better (every line from there is matched by turning the
    # cards in between at once). Under the stuck rule the index is part of the key and the value is 0.
    # frames: the keys of the positions being searched, outermost first.
    frames: list[int] = []
    frame_idx: list[int] = []  # the fringe search's marks (see mark): each frame's stock index
    frame_log: list[int] = []  # and its log number once logged (0: not yet)

    def forget_unfinished() -> None:
        """The positions being searched are left unfinished: forgotten (the kernel's frames_forget)."""
        for key in frames:
            seen.pop(key, None)
        frames.clear()

    via_turn = False  # the position being entered was reached by turning (the fringe search)
    origin = 0  # the log number of the position the fringe search's step went on from
    states = 0
    path: list[int] = []
    best = best_init
    best_idx, best_path = -1, b""
    stop = False
    turn_limit, turn_cut = 0, False  # the fringe search's moves taking turns (see interleave)

    def cheap(idx: int, u: int, top: int, enough: int) -> int:
        """The cheap matching alone (walk_deficit), for a position with no play (the kernel's
        limit); it takes bound's arguments, and ``enough`` is not needed."""
        return t.walk_deficit(idx, u, t._window(idx, u), top)[0]

    def hopeless(idx: int, top: int, full: bool) -> int:
        """0 if the position can still beat the best; else, in the fringe search, how many steps on it may
        first (the kernel's due; defer puts it off DUE_AHEAD steps at most), and 1 elsewhere. Not ``full``
        (a position with no play, whose one move, turning, is bounded in full): the cheap matching alone."""
        limit = bound if full else cheap
        if best <= 1:  # only clearing will do (best 1: with any stock in hand)
            u = total + best - idx - 1  # turns left to clear with more stock in hand
            if u < 0 or limit(idx, u, top, 1) > 0:
                if fringe is None:
                    return 1
                k = 1  # the steps ahead ask the cheap matching alone (the kernel's due)
                while (
                    k < DUE_AHEAD
                    and best + k <= 1
                    and (u + k < 0 or t.walk_deficit(idx, u + k, t._window(idx, u + k), top)[0] > 0)
                ):
                    k += 1
                return k
            if full and not flags & WRAP:  # see _Tables.plans_fail
                w = t.plans_fail(idx, u, top)
                if w:
                    return 1 if fringe is None else min(w, 2 - best)
            if not (full and u >= 0 and flags & LAST_WALK and not cnt[0]) or t.walks_dear():
                return 0
            wait = t.last_walk_out(idx, u, top)
            if not wait or fringe is None:
                return int(wait > 0)
            return min(wait, 2 - best)  # not past the steps for clearing
        d = limit(idx, total - idx, top, best)
        return 0 if d < best else d - best + 1 if fringe is not None else 1

    def reached(key: int, idx: int) -> bool:
        """Was this position reached before with as few stock cards turned?"""
        before = seen.get(key)
        return before is not None and before <= idx

    def dfs(key: int, idx: int, top: int, left: int) -> None:
        turned = 0 if stuck else idx
        if reached(key, turned):
            return
        seen[key] = turned
        if trusted is not None:  # finished by the partner: no line below this best either
            before = trusted.get(key)
            if before is not None and before <= turned:
                return
        frames.append(key)
        frame_idx.append(idx)
        frame_log.append(0)
        expand(key, idx, top, left)
        if not stop:
            frames.pop()
            frame_idx.pop()
            frame_log.pop()

    def mark(f: int) -> int:
        """The parent to log for a position put off below frame f (the kernel's mark)."""
        assert fringe is not None
        m = f // MARK_EVERY * MARK_EVERY - 1
        if m < 0:
            return origin
        if not frame_log[m]:
            parent = mark(m)
            frame_log[m] = fringe.log(frames[m], frame_idx[m], parent)
        return frame_log[m]

    def defer(key: int, idx: int, wait: int) -> None:
        """Put the position off to the step ``wait`` steps on, DUE_AHEAD at most (the kernel's defer)."""
        assert fringe is not None
        n = origin
        if path:
            parent = mark(len(frames) - 1)
            n = fringe.log(key, idx, parent)
        wait = min(wait, DUE_AHEAD)
        if wait > 1:
            fringe.ahead.setdefault(fringe.step + wait, []).append(n)
        else:
            fringe.next.append(n)

    def expand(key: int, idx: int, top: int, left: int) -> None:
        nonlocal best, best_idx, best_path, stop, states, turn_cut
        came_by_turn = via_turn
        states += 1
        if max_states and states > max_states:
            raise _GiveUp
        if turn_limit and states > turn_limit:  # this move's turn is over (see interleave)
            stop = turn_cut = True
            return
        if fringe is not None and fringe.back is not None:  # the walks back's turn
            fringe.fwd_step += 1
            if fringe.fwd_step >= fringe.back_at:
                back_turn()
                if stop:
                    return
        value = left if left else -(total - idx)
        if value < best:
            best, best_idx, best_path = value, idx, bytes(path)
            if value <= stop_value:
                stop = True
                return
        elif fringe is not None and value < fringe.seen_min:  # a value for a later step
            fringe.seen_min, fringe.seen_idx, fringe.seen_from = value, idx, origin
            fringe.seen_path = bytes(path)
        if not left:
            return
        answered = fringe is not None and fringe.back is not None and idx >= fringe.back_to
        if answered and back_answers(key, idx, top):  # the walks back's answer
            return
        row = rows[top]
        plays = [c for c in range(ncols) if height[c] and row[columns[c][height[c] - 1]]]
        plays.sort(key=lambda c: -height[c])  # stable: taller columns first, then by column
        # with wrapping, reached by a play: bounded without the ways in (the kernel's expand)
        t.no_ways = bool(path) and not came_by_turn and bool(flags & WRAP)
        t.plan_only = path[-1] if path and not came_by_turn else -2  # see plans_fail
        wait = hopeless(idx, top, bool(plays) or idx >= total) if bounded else 0
        t.no_ways = False
        if wait:
            if fringe is not None:
                defer(key, idx, wait)
            return
        if fringe is not None:
            interleave(key, idx, top, left, came_by_turn, plays)
            return
        for c in plays:
            heights = search_play(key, idx, top, left, c)
            if stop:
                return
            heights_done(heights, idx)
        turn = turn_child(key, idx, top, left, came_by_turn, plays)
        if turn is not None:
            search_turn(turn, left)

    def back_turn() -> None:
        """The walks back take their turn in the step under way (the kernel's back_turn)."""
        nonlocal states, stop
        assert fringe is not None and fringe.back is not None
        b = fringe.back
        upto = BACK_LEAD + fringe.fwd_step * BACK_PACE[0] // BACK_PACE[1]
        if max_states:  # half of what the run has left at most (the kernel's back_turn)
            upto = min(upto, b.states + max(0, max_states - states) // 2)
        if b.full_tables():
            upto = b.states
        fringe.back_at = fringe.fwd_step + BACK_EVERY
        if upto <= b.states:
            return
        before = b.states
        got = b.go(upto)
        states += b.states - before
        fringe.back_to = b.known()
        if got == 1:
            fringe.back_found = stop = True
        elif got == 0:
            fringe.back_none = stop = True

    def back_answers(key: int, idx: int, top: int) -> bool:
        """A position with enough stock cards turned, answered from the walks back (the kernel's
        back_answers): put off to the next step if it does not clear; if it does, the line to it and on."""
        nonlocal best, best_idx, best_path, stop
        assert fringe is not None and fringe.back is not None
        if not fringe.back.clears(key, top, idx, height):
            defer(key, idx, 1)
            return True
        got = fringe.back.line(height, top, idx)
        if got is None:
            return False
        on, end = got
        best, best_idx, best_path = -(total - end), end, bytes(path) + on
        stop = True
        return True

    def search_play(key: int, idx: int, top: int, left: int, c: int) -> int:
        """Play column c's card and search on from there (the kernel's search_play): the key of the
        child's heights (under the top NO_TOP)."""
        nonlocal via_turn
        height[c] -= 1
        r = columns[c][height[c]]
        cnt[r] -= 1
        path.append(c)
        child = key - wcol[c] - top + r
        via_turn = False
        dfs(child, idx, r, left - 1)
        path.pop()
        cnt[r] += 1
        height[c] += 1
        return child - r + NO_TOP

    def heights_done(heights: int, idx: int) -> None:
        """A play searched to the end: its heights are finished with idx stock cards turned."""
        if heights_too and not reached(heights, idx):
            seen[heights] = idx

    def search_turn(turn: tuple[int, int, int, int], left: int) -> None:
        """Turn the stock as turn_child found and search on from there (the kernel's search_turn)."""
        nonlocal via_turn
        nxt, j, r, turns = turn
        path.extend([TURN_CODE] * turns)
        via_turn = True
        dfs(nxt, j, r, left)
        del path[len(path) - turns :]

    def turn_child(
        key: int, idx: int, top: int, left: int, came_by_turn: bool, plays: list[int]
    ) -> tuple[int, int, int, int] | None:
        """Turning the stock (the kernel's turn_child): the position it leads to (key, stock cards turned,
        top) and the cards turned to reach it, or None if turning is not searched from here."""
        if idx >= total or (plays and stuck):
            return None
        if stuck:
            r = stock[idx]
            return key + widx - top + r, idx + 1, r, 1
        # A position with these heights finished with as few cards turned: its turning covered ours (in
        # the fringe search, only for a position reached by a play and not gone on from: see the kernel)
        bypass = fringe is not None and (not path or came_by_turn)
        if heights_too and not bypass and reached(key - top + NO_TOP, idx):
            return None
        # Turn, and go on turning past positions reached before with fewer cards turned: their plays
        # are searched from there, but turning on from them is searched only here.
        for j in range(idx, total):
            r = stock[j]
            nxt = key - top + r
            if j + 1 < total and reached(nxt, j + 1):
                continue
            return nxt, j + 1, r, j - idx + 1
        return None

    def interleave(key: int, idx: int, top: int, left: int, came_by_turn: bool, plays: list[int]) -> None:
        """The fringe search's moves, their searches taking turns (the kernel's interleave)."""
        nonlocal stop, turn_cut, turn_limit
        turn = turn_child(key, idx, top, left, came_by_turn, plays)
        moves = len(plays) + (turn is not None)
        done = [False] * moves
        open_moves, base, outer, length = moves, len(frames), turn_limit, TURN_FIRST
        while open_moves:
            for i in range(moves):
                if done[i]:
                    continue
                limit = states + length if open_moves > 1 else 0
                if outer and (not limit or outer < limit):
                    limit = outer
                turn_limit = limit
                heights = None
                if i < len(plays):
                    heights = search_play(key, idx, top, left, plays[i])
                else:
                    assert turn is not None
                    search_turn(turn, left)
                turn_limit = outer
                if stop:
                    # a line found, or the turn of a search this one is in is over
                    if not turn_cut or (outer and states > outer):
                        return
                    while len(frames) > base:  # the positions left unfinished
                        seen.pop(frames.pop(), None)
                        frame_idx.pop()
                        frame_log.pop()
                    stop = turn_cut = False
                    continue
                done[i] = True
                open_moves -= 1
                if heights is not None:
                    heights_done(heights, idx)
            length *= 2

    if fringe is not None:
        f = fringe
        full = [len(col) for col in columns]

        def restore(key: int) -> tuple[int, int]:
            """Heights and counts of a logged position: its top and cards left (the kernel's restore)."""
            k, top = divmod(key, 15)
            cnt[:] = [0] * RANKS
            left = 0
            for c in range(ncols):
                k, h = divmod(k, full[c] + 1)
                height[c] = h
                left += h
                for r in columns[c][:h]:
                    cnt[r] += 1
            return top, left

        def link_walk(
            tried: set[tuple[int, int]],
            key: int,
            idx: int,
            top: int,
            goal: tuple[int, int],
            goal_h: list[int],
        ) -> bool:
            """Moves (appended to path) to the position ``goal`` (key, cards turned): the kernel's
            link_walk."""
            if (key, idx) == goal:
                return True
            if len(path) >= MAXD:
                return False
            tried_nodes[0] += 1
            if tried_nodes[0] > LINK_NODES or (key, idx) in tried:
                return False
            if not anywhere[0] and not reached(key, idx):
                return False
            tried.add((key, idx))
            if len(tried) > LINK_NODES:
                return False
            for c in range(ncols):
                h = height[c]
                if h <= goal_h[c] or not rows[top][columns[c][h - 1]]:
                    continue
                r = columns[c][h - 1]
                height[c] -= 1
                path.append(c)
                got = link_walk(tried, key - wcol[c] - top + r, idx, r, goal, goal_h)
                height[c] += 1
                if got:
                    return True
                path.pop()
            may_turn = not stuck or not any(
                h and rows[top][col[h - 1]] for col, h in zip(columns, height, strict=True)
            )
            if idx < goal[1] and may_turn:  # with draws only when stuck, no card may be played
                r = stock[idx]
                path.append(TURN_CODE)
                if link_walk(tried, key + widx - top + r, idx + 1, r, goal, goal_h):
                    return True
                path.pop()
            return False

        tried_nodes = [0]
        anywhere = [False]  # through positions the search has not reached too (see line_to)

        def line_to(n: int) -> bytes | None:
            """The line from the start to logged position n, or None (the kernel's line_to)."""
            chain: list[int] = []
            g = n
            while g:
                if len(chain) == MAXD:
                    return None
                chain.append(g)
                g = f.lparent[g]
            line = b""
            for c in reversed(chain):
                p = f.lparent[c]
                restore(f.lkey[c])
                goal_h = height[:]
                found = False
                for anywhere[0] in (False, True):  # the kernel's line_to: reached first, then anywhere
                    top, _ = restore(f.lkey[p])
                    path.clear()
                    tried_nodes[0] = 0
                    if link_walk(set(), f.lkey[p], f.lidx[p], top, (f.lkey[c], f.lidx[c]), goal_h):
                        found = True
                        break
                if not found:
                    return None
                if len(line) + len(path) > MAXD:
                    return None
                line += bytes(path)
            return line

        if not f.lkey:  # the start is logged as number 0
            f.log(key0, 0, 0)
            seen[key0] = 0

        def next_step() -> None:
            """On to the next step (the kernel's step switch, take_due and order_step): the positions
            due in it, fewest cards left in the tableau and turned together first."""
            f.pos = 0
            f.step += 1
            f.cur += f.ahead.pop(f.step, [])
            f.cur.sort(key=lambda n: min(255, restore(f.lkey[n])[1] + f.lidx[n]))

        def back_found_line() -> bool:
            """The walks back found that the start clears: its line from them (the kernel's
            back_found_line); False if it could not be found (never: the step goes on without them)."""
            nonlocal best, best_idx, best_path, stop
            forget_unfinished()
            stop = f.back_found = False
            assert f.back is not None
            got = f.back.line(full, f.lkey[0] % 15, 0)
            if got is None:
                f.back = None
                return False
            on, end = got
            best, best_idx, best_path = -(total - end), end, on
            return True

        def back_skip() -> None:
            """The walks back proved the step has no line (the kernel's back_skip): before any position of
            it was gone on from, its positions go to the next step as they are; after, the search starts
            over from the start in the next step."""
            nonlocal stop
            f.back_none = stop = False
            if f.fwd_step:
                forget_unfinished()
                seen.clear()
                seen[f.lkey[0]] = 0
                del f.lkey[1:], f.lidx[1:], f.lparent[1:]
                f.cur, f.next, f.ahead = [0], [], {}
                f.seen_min = _INFINITY
            else:
                f.cur, f.next = f.next + f.cur[f.pos :], []
            next_step()

        incumbent, status, found_from = best_init, "cut", 0
        try:
            while True:
                T = f.step
                if incumbent <= T:
                    status = "proven"
                    break
                if f.seen_min <= T:  # reached in an earlier step
                    best, best_idx, best_path = f.seen_min, f.seen_idx, f.seen_path
                    status, found_from = "found", f.seen_from
                    break
                best, stop_value, best_idx = T + 1, T, -1
                if f.back_step != T:  # the step's walks back (the kernel's, see back_turn)
                    f.back_none = False
                    f.back_step = T
                    f.back = None
                    f.fwd_step = f.back_at = 0
                    f.back_to = _INFINITY
                    if flags & BACK and T <= 0 and total + T >= 0 and walks_back.fits(columns):
                        top0 = f.lkey[0] % 15
                        f.back = WalksBack(t, wcol, f.lkey[0], top0, total + T)
                if f.back is not None and f.fwd_step >= f.back_at:  # their head start, or their turn
                    back_turn()
                    stop = False
                    if f.back_found and back_found_line():
                        status, found_from = "found", 0
                        break
                while f.pos < len(f.cur):
                    if f.back_none:
                        break
                    n = f.cur[f.pos]
                    top, left = restore(f.lkey[n])
                    origin = n
                    frames.clear()
                    frame_idx.clear()
                    frame_log.clear()
                    path.clear()
                    expand(f.lkey[n], f.lidx[n], top, left)
                    if stop and f.back_found:
                        if back_found_line():
                            status, found_from = "found", 0
                            break
                        continue  # this position again, without them
                    if stop and f.back_none:
                        break
                    if stop:
                        status, found_from = "found", n
                        break
                    f.pos += 1
                if status == "found":
                    break
                if f.back_none:  # the walks back proved the step has no line
                    back_skip()
                    continue
                f.cur, f.next = f.next, []
                next_step()
        except _GiveUp:
            forget_unfinished()
            status = "full" if f.overflow else "cut"

        def fringe_line(n: int, path: bytes, idx: int, value: int) -> bytes | None:
            """The line to logged position n, then path to a position scoring value with idx stock cards
            turned, or None (the kernel's fringe_line)."""
            line = line_to(n)
            if line is None or len(line) + len(path) + total > 2 * MAXD:
                return None
            if value > 0:  # past that position no card can ever be played: turn the rest
                return line + path + bytes([TURN_CODE]) * (total - idx)
            return line + path

        if status != "found":
            so_far = None  # cut short: the line to the least value reached so far
            if status != "proven" and f.seen_min < _INFINITY:
                so_far = fringe_line(f.seen_from, f.seen_path, f.seen_idx, f.seen_min)
            if so_far is not None:
                return f.seen_min, so_far, states, False, status
            return f.step, b"", states, status == "proven", status
        line = fringe_line(found_from, best_path, best_idx, best)
        f.step = f.seen_min = best
        return best, line if line is not None else b"", states, True, "found" if line is not None else "lost"

    complete = True
    try:
        dfs(key0, 0, problem.top, sum(height))  # depth: one frame per move, at most ~150 (double deck)
    except _GiveUp:
        complete = False
        stop = True
    if stop:
        forget_unfinished()
    if best_idx < 0:
        return best_init, b"", states, complete, ""
    if best > 0:  # past the best position no card can ever be played: turn the rest
        best_path += bytes([TURN_CODE]) * (total - best_idx)
    return best, best_path, states, complete, ""
