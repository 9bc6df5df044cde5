"""A Hole reduced to what the search needs: ranks only, since suits never matter in Golf.

Both search backends (the C kernel and pysearch) take this same encoding, so they cannot drift apart on
the rules: which rank may go onto which is a table computed here from ``engine.golf.rules.ranks_adjacent``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.cards import ACE, JOKER, KING, QUEEN
from engine.golf.hole import Hole
from engine.golf.moves import TURN, Move
from engine.golf.rules import Rules, ranks_adjacent

RANKS = 14
"""Ranks 0 (Joker) to 13 (King)."""
NO_TOP = 14
"""The 'rank' of an empty foundation (head start): any card may be played onto it."""
TURN_CODE = 255
"""How a line writes 'turn the stock'; a play is written as its 0-based column."""

KINGS_PRED = 1
"""Flag: a card (a Queen) may go onto a King."""
WRAP = 2
"""Flag: Ace and King are neighbours."""
STUCK_DRAW = 4
"""Flag: the stock may be turned only when no card can be played."""
NO_BOUND = 8
"""Flag: the adjacency table is not the ladder of ranks the lower bound assumes, so search without it."""
LAST_WALK = 16
"""Flag: where only clearing will do, the bound also tries the last walk (two decks, where it pays:
strict+double deals 1-20, 292 -> 165 million positions; wrap+double deals 1-200, 1,941 -> 1,462 million
and 663.7 -> 589.2 s; on one deck the winnable-only courses took 9 % longer with it)."""
BACK = 32
"""Flag: the fringe search's steps are also asked backwards, from the cleared tableau (two decks; the
kernel's walks back). Not under the stuck rule, where turning is not free, nor off the ladder of ranks."""

MODE_OPTIMAL = 0
MODE_WINNABLE = 1


@dataclass(frozen=True, slots=True)
class Problem:
    """``columns`` hold ranks bottom..top (the last is available); ``stock`` is next-first;
    ``adjacent[top * 14 + rank]`` is 1 when ``rank`` may be played onto ``top`` (``top`` 14: empty)."""

    columns: tuple[bytes, ...]
    stock: bytes
    top: int
    adjacent: bytes
    flags: int


class Tables:
    """What every search reads of a problem: its columns (bottom .. top) and their heights, the stock and
    its first k cards counted by rank for every k (``prefix``), the flags, and the adjacency by top
    (``rows[top][rank]``) with the ranks that go onto each top as bits (``onto``, the kernel's)."""

    def __init__(self, problem: Problem) -> None:
        self.columns = [list(col) for col in problem.columns]
        self.ncols = len(self.columns)
        self.height = [len(col) for col in self.columns]
        self.stock = problem.stock
        self.total = len(problem.stock)
        self.flags = problem.flags
        self.rows = [problem.adjacent[t * RANKS : (t + 1) * RANKS] for t in range(NO_TOP + 1)]
        self.onto = [sum(1 << r for r in range(RANKS) if row[r]) for row in self.rows]
        self.prefix = [[0] * RANKS]
        for r in problem.stock:
            counts = self.prefix[-1][:]
            counts[r] += 1
            self.prefix.append(counts)


def key_weights(heights: list[int]) -> tuple[list[int], int]:
    """How the search keys a position: the top takes the first 15 values, then each column its height
    times its weight. The columns' weights, and the weight past them (the stock index's, under the stuck
    rule)."""
    weight, weights = 15, []
    for h in heights:
        weights.append(weight)
        weight *= h + 1
    return weights, weight


@lru_cache(maxsize=64)
def adjacency(rules: Rules) -> bytes:
    """Which rank goes onto which top under ``rules`` (the same for every deal of a rule set: kept)."""
    return bytes(
        ranks_adjacent(rank, None if top == NO_TOP else top, rules)
        for top in range(NO_TOP + 1)
        for rank in range(RANKS)
    )


def _flags(rules: Rules, adjacent: bytes) -> int:
    flags = KINGS_PRED if adjacent[KING * RANKS + QUEEN] else 0
    wrap = bool(adjacent[KING * RANKS + ACE])
    flags |= WRAP if wrap else 0
    flags |= STUCK_DRAW if rules.draw_only_when_stuck else 0
    flags |= LAST_WALK if rules.decks == 2 else 0
    if adjacent != _ladder(bool(flags & KINGS_PRED), wrap):
        flags |= NO_BOUND
    if rules.decks == 2 and not flags & (STUCK_DRAW | NO_BOUND):
        flags |= BACK
    return flags


@lru_cache(maxsize=8)
def _ladder(kings_pred: bool, wrap: bool) -> bytes:
    """The adjacency the bound's matching model assumes: neighbours on the rank ladder (a cycle when
    wrapping), nothing onto a King unless ``kings_pred``, Jokers and the empty foundation take anything,
    and a Joker goes onto anything that takes a card."""

    def ok(top: int, rank: int) -> bool:
        if top in (JOKER, NO_TOP):
            return True
        if top == KING and not kings_pred:
            return False
        if rank == JOKER:
            return True
        return abs(top - rank) == 1 or (wrap and abs(top - rank) == KING - ACE)

    return bytes(ok(top, rank) for top in range(NO_TOP + 1) for rank in range(RANKS))


def problem_of(hole: Hole) -> Problem:
    adjacent = adjacency(hole.rules)
    top = hole.top
    return Problem(
        columns=tuple(bytes(card.rank for card in column) for column in hole.tableau),
        stock=bytes(card.rank for card in hole.stock),
        top=NO_TOP if top is None else top.rank,
        adjacent=adjacent,
        flags=_flags(hole.rules, adjacent),
    )


def moves_of(line: bytes) -> tuple[Move, ...]:
    return tuple(TURN if code == TURN_CODE else Move.play(code) for code in line)
