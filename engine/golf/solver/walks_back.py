"""The walks back in pure Python: the kernel's walks back (_kernel.c, "the walks back"), step for step.

The fringe search asks, step by step, "can the tableau be cleared with at most u stock cards turned?". The
walks back ask it from the other end: the positions that clear are found backwards from the cleared
tableau, and the step's positions with enough stock turned are answered from them instead of being
searched on (see pysearch's fringe search). A position is its column heights and top, keyed as in the
search; its worth is the most stock cards it may have turned and still clear (with fewer it clears too:
it turns the difference at once).

- The position before one of worth j in its walk (its top card put back on its column, under any card it
  may go onto) has worth j too.
- The heights from which a walk of stock card j' <= j begins with that card clear from any position with
  j' - 1 turned (turning on): that is the heights' worth, and every position on them has it.
- Positions are taken by worth, the highest first, each once: once every position of worth j is taken, the
  worths of j and more are all known (``known``).
- Only positions the start can reach matter: the cards above their heights must be playable, each onto a
  card of adjacent rank played before, the start's top or a stock card turned by then (the search's
  matching on them, ``deficit``). A position the start cannot reach with its worth's turns is never made.
"""

from __future__ import annotations

from engine.golf.solver.matching import deficit
from engine.golf.solver.problem import RANKS, TURN_CODE, Problem, Tables, key_weights

TAKEN = 0x8000
"""A position's value: its worth plus one, and this once taken."""
MADE = 0x4000
"""A heights' value: their worth plus one, the fewest turns reaching them from bit 8, and this."""
SLOTS_FIRST = 1 << 12
"""The kernel's tables start with this many slots and double when half full (see ``slots``)."""
BACK_SLOTS = 1 << 24
"""The walks back take no more positions once either table has this many slots (the kernel's
BACK_SLOTS: 128 MB a table)."""


KEYS = 1 << 48
"""A kernel slot holds a key below this (far beyond any real deal, whose two-deck keys take 31 bits)."""


def fits(columns: list[list[int]]) -> bool:
    """Do the positions of a start with these columns fit the kernel's slots (its back_fits)?"""
    keys = 15
    for col in columns:
        keys *= len(col) + 1
    return keys <= KEYS - 1


def slots(entries: int) -> int:
    """The slots of a kernel table holding this many entries (it doubles before passing half full)."""
    size = SLOTS_FIRST
    while entries * 2 > size:
        size *= 2
    return size


class WalksBack:
    """The walks back for the start (key ``start_key``, top ``top0``) clearing with at most ``u`` stock cards
    turned: ``tables`` as the search reads them, ``wcol`` its key's weights of the columns."""

    def __init__(self, tables: Tables, wcol: list[int], start_key: int, top0: int, u: int) -> None:
        self.columns, self.stock, self.flags, self.wcol = tables.columns, tables.stock, tables.flags, wcol
        self.rows, self.onto, self.prefix = tables.rows, tables.onto, tables.prefix
        self.full = [len(col) for col in self.columns]
        self.u = self.j = u
        self.clear = False
        self.top0 = top0
        self.start = start_key - top0
        self.states = 0
        self.pos: dict[int, int] = {}
        self.heights: dict[int, int] = {}
        self.stack: list[list[int]] = [[] for _ in range(u + 1)]
        # the last stock card j' <= j (1-based) that rank r goes onto (0: none)
        self.lastadj = [[0] * (u + 1) for _ in range(RANKS)]
        for r in range(RANKS):
            for j in range(1, u + 1):
                self.lastadj[r][j] = j if self.rows[self.stock[j - 1]][r] else self.lastadj[r][j - 1]
        # the ranks of column c from height h up
        self.rest = []
        for col in self.columns:
            counts = [[0] * RANKS for _ in range(len(col) + 1)]
            for h in range(len(col) - 1, -1, -1):
                counts[h] = counts[h + 1][:]
                counts[h][col[h]] += 1
            self.rest.append(counts)
        # the ranks that go onto the start's top or one of the first k stock cards
        self.onto_turned = [self.onto[top0]]
        for j in range(u):
            self.onto_turned.append(self.onto_turned[-1] | self.onto[self.stock[j]])

    def _reach(self, h: list[int]) -> int:
        """The fewest stock cards turned with which the start's matching lets every card above heights h
        be played; u + 1 if not even with u (the kernel's back_reach)."""
        cnt = [0] * RANKS
        for c, hc in enumerate(h):
            for q, n in enumerate(self.rest[c][hc]):
                cnt[q] += n
        lo, hi = 0, self.u + 1
        while lo < hi:
            k = (lo + hi) // 2
            if deficit(cnt, self.prefix[k], self.top0, self.flags) or not self._playable(h, k):
                lo = k + 1
            else:
                hi = k
        return lo

    def _playable(self, h: list[int], k: int) -> bool:
        """Can every card above heights h be played with k stock cards turned at most, each once every
        card above it in its column is and some card it goes onto is played, or is the start's top or a
        stock card turned (the kernel's back_playable)?"""
        ok = self.onto_turned[k]
        at = self.full[:]
        pending = sum(a > hc for a, hc in zip(at, h, strict=True))
        changed = True
        while changed and pending:
            changed = False
            for c, col in enumerate(self.columns):
                i = at[c]
                while i > h[c] and ok >> col[i - 1] & 1:
                    i -= 1
                    ok |= self.onto[col[i]]
                if i != at[c]:
                    changed = True
                    at[c] = i
                    pending -= i == h[c]
        return not pending

    def _raise(self, key: int, j: int) -> None:
        v = self.pos.get(key, 0)
        if v & TAKEN or v > j:
            return
        self.pos[key] = j + 1
        self.stack[j].append(key)

    def _heights_of(self, hkey: int, h: list[int]) -> int:
        """The heights' entry, made if new: the fewest turns reaching them."""
        v = self.heights.get(hkey)
        if v is None:
            v = self.heights[hkey] = self._reach(h) << 8 | MADE
        return (v >> 8) & 0x3F

    def _heights(self, hkey: int, h: list[int], reach: int, j: int) -> None:
        """The heights clear from any position with at most j stock cards turned (the kernel's
        back_heights)."""
        v = self.heights[hkey]
        if (v & 0xFF) - 1 >= j:
            return
        self.heights[hkey] = (v & ~0xFF) | (j + 1)
        if reach > j:
            return
        for d, col in enumerate(self.columns):
            if h[d] < self.full[d]:
                self._raise(hkey + col[h[d]], j)

    def _take(self, key: int, j: int) -> None:
        """A position of worth j taken: the positions before it (the kernel's back_take)."""
        k, top = divmod(key, 15)
        h = []
        for size in self.full:
            k, hc = divmod(k, size + 1)
            h.append(hc)
        hkey = key - top
        rows, columns, full = self.rows, self.columns, self.full
        for c, col in enumerate(columns):
            if self.clear:
                return
            if h[c] >= full[c] or col[h[c]] != top:
                continue
            pkey = hkey + self.wcol[c]
            h[c] += 1
            if pkey == self.start:  # the start: its first play, or it turns and goes on
                if rows[self.top0][top] or self.lastadj[top][j]:
                    self.clear = True
                return
            before: list[int] = []
            for d, other in enumerate(columns):
                if h[d] < full[d] and rows[other[h[d]]][top]:
                    p = pkey + other[h[d]]
                    if not before or before[-1] != p:
                        before.append(p)
            reach = self._heights_of(pkey, h)
            if reach <= j:
                for p in before:
                    self._raise(p, j)
                jj = self.lastadj[top][j]  # the walk of stock card jj may begin with it
                if jj:
                    self._heights(pkey, h, reach, jj - 1)
            h[c] -= 1

    def go(self, upto: int) -> int:
        """Takes positions until ``upto`` in all (0: no limit), or until the start clears or none is left:
        1 (it clears), 0 (it does not), -1 (paused). The kernel's back_go."""
        if self.clear:
            return 1
        if self.j == self.u and not self.states and not self.stack[self.u]:  # the cleared tableau
            h = [0] * len(self.columns)
            self._heights(0, h, self._heights_of(0, h), self.u)
        while self.j >= 0:
            stack = self.stack[self.j]
            while stack:
                if self.clear:
                    return 1
                if upto and self.states >= upto:
                    return -1
                key = stack.pop()
                if self.pos[key] != self.j + 1:  # taken already, or worth more
                    continue
                self.pos[key] = (self.j + 1) | TAKEN
                self.states += 1
                self._take(key, self.j)
            if self.clear:
                return 1
            self.j -= 1
        return 0

    def known(self) -> int:
        """The least worth from which every position's is known."""
        return 0 if self.j < 0 else self.j + 1

    def full_tables(self) -> bool:
        """Has either of the kernel's tables BACK_SLOTS slots (see back_turn)?"""
        return slots(len(self.pos)) >= BACK_SLOTS or slots(len(self.heights)) >= BACK_SLOTS

    def _worth(self, key: int) -> int:
        return (self.pos.get(key, 0) & 0xFF) - 1

    def _heights_worth(self, hkey: int) -> int:
        return (self.heights.get(hkey, 0) & 0xFF) - 1

    def clears(self, key: int, top: int, idx: int, height: list[int]) -> bool:
        """Does the position clear with idx stock cards turned, as far as the worths found go (exactly
        when idx >= known())? Its own worth, its heights', or one of its plays' (the kernel's
        back_clears)."""
        hkey = key - top
        if not hkey:
            return idx <= self.u
        if self._heights_worth(hkey) >= idx or self._worth(key) >= idx:
            return True
        for c, col in enumerate(self.columns):
            h = height[c]
            if not h or not self.rows[top][col[h - 1]]:
                continue
            child = hkey - self.wcol[c]
            if not child:
                return idx <= self.u
            if self._worth(child + col[h - 1]) >= idx:
                return True
        return False

    def line(self, height: list[int], top: int, idx: int) -> tuple[bytes, int] | None:
        """The line on from a position that clears: each play that clears with the cards turned so far,
        else a turn (every worth found is a line's, so one of them always does); with the stock cards
        turned at its end. None if lost (the kernel's back_line)."""
        h = height[:]
        hkey = sum(w * hc for w, hc in zip(self.wcol, h, strict=True))
        left = sum(h)
        out = bytearray()
        while left:
            for c, col in enumerate(self.columns):
                if not h[c] or not self.rows[top][col[h[c] - 1]]:
                    continue
                child = hkey - self.wcol[c]
                r = col[h[c] - 1]
                if (
                    idx <= self.u
                    if not child
                    else self._worth(child + r) >= idx or self._heights_worth(child) >= idx
                ):
                    break
            else:
                if idx >= self.u:
                    return None
                top = self.stock[idx]
                idx += 1
                out.append(TURN_CODE)
                continue
            h[c] -= 1
            top = r
            hkey = child
            left -= 1
            out.append(c)
        return bytes(out), idx


def back(problem: Problem, turns: int, max_states: int = 0) -> tuple[str, bytes, int]:
    """The walks back alone, for the start's clearing with at most ``turns`` stock cards turned (the
    kernel's back): ('clear', a line that clears, positions taken), ('none', b"", ...) or, past
    ``max_states`` positions (0: no limit), ('cut', b"", ...)."""
    if not 0 <= turns <= len(problem.stock):
        raise ValueError("turns must be within the stock")
    tables = Tables(problem)
    if not fits(tables.columns):
        raise ValueError("position too large for the walks back")
    if not any(tables.columns):
        return "clear", b"", 0
    wcol, _ = key_weights(tables.height)
    key = problem.top + sum(w * h for w, h in zip(wcol, tables.height, strict=True))
    walks = WalksBack(tables, wcol, key, problem.top, turns)
    got = walks.go(max_states)
    if got < 1:
        return ("none" if got == 0 else "cut"), b"", walks.states
    line = walks.line(tables.height, problem.top, 0)
    assert line is not None, "every worth found is a line's"
    return "clear", line[0], walks.states
