"""The matching the bound is built on, in pure Python (the kernel's deficit): every card still to play needs
a predecessor of adjacent rank, and each predecessor serves one card. Both the search (pysearch) and the
walks back (walks_back) ask it."""

from __future__ import annotations

from engine.golf.solver.problem import KINGS_PRED, NO_TOP, RANKS, WRAP


def path_matching(caps: list[int]) -> int:
    """Largest matching on a path whose nodes have capacities: greedy from one end is optimal."""
    flow, rem = 0, caps[0]
    for cap in caps[1:]:
        f = min(rem, cap)
        flow += f
        rem = cap - f
    return flow


def _path_cover(weights: list[int]) -> int:
    """The least weight of nodes covering every edge of a path whose nodes weigh so much."""
    inside, outside = weights[0], 0  # the least cover so far, with the last node in it or not
    for weight in weights[1:]:
        inside, outside = weight + min(inside, outside), inside
    return min(inside, outside)


def cycle_matching(caps: list[int]) -> int:
    """Largest matching on an even cycle whose nodes have capacities: on a bipartite graph it is the least
    weight of a cover of its edges (Konig), which has the first node in it or else both its neighbours."""
    return min(caps[0] + _path_cover(caps[1:]), caps[1] + caps[-1] + _path_cover(caps[2:-1]))


def deficit(cnt: list[int], starts: list[int], top: int, flags: int) -> int:
    """Cards that cannot all be played: each needs a predecessor of adjacent rank (a card played before
    it, the top, or a turned stock card, ``starts``), and each predecessor serves one card. Jokers and an
    empty foundation serve anything, so each may save one card. 0: clearing is not ruled out."""
    left = [0] * (RANKS + 1)
    right = [0] * (RANKS + 1)
    for r in range(1, RANKS):
        left[r] = cnt[r] + starts[r] + (top == r)
        right[r] = cnt[r]
    if not flags & KINGS_PRED:
        left[13] = 0
    universal = starts[0] + (top in (0, NO_TOP)) + cnt[0]
    ranks = range(1, 14)
    odd_right = [right[r] if r & 1 else left[r] for r in ranks]  # R1 L2 R3 .. R13
    odd_left = [left[r] if r & 1 else right[r] for r in ranks]  # L1 R2 L3 .. L13
    if flags & WRAP:  # one cycle: R1 .. R13 L1 .. L13 and back to R1
        matched = cycle_matching(odd_right + odd_left)
    else:
        matched = path_matching(odd_right) + path_matching(odd_left)
    return max(0, sum(right) - matched - universal)
