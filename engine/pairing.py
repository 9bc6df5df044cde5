"""Who plays whom: single elimination (seeded, with byes), round robin (circle method) and Swiss pairings.

Pure functions of player keys (any hashable, here strings). A pair is ``(first, second)``; ``second`` is
None for a bye (the first goes through, or sits the round out). No pairing library on PyPI fitted: the
ones there are unmaintained or for chess federations' rule sets, so these are written here and tested.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from engine.wording import N_, WordedError

Pair = tuple[str, str | None]


class PairingError(WordedError):
    """A field that cannot be paired: fewer than two players, or a player named twice."""


def _check(players: Sequence[str]) -> None:
    if len(players) < 2:
        raise PairingError(
            N_("a tournament needs two players at least, not {players}"), players=str(len(players))
        )
    if len(set(players)) != len(players):
        raise PairingError(N_("a player is named twice"))


def bracket_size(players: int) -> int:
    """The power of two a bracket of ``players`` fills (the rest are byes)."""
    size = 1
    while size < players:
        size *= 2
    return size


def seed_order(size: int) -> tuple[int, ...]:
    """Seeds (1-based) in bracket order, so that seed 1 meets seed 2 in the final at the earliest:
    ``seed_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)``."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return tuple(order)


def elimination_first_round(seeded: Sequence[str]) -> tuple[Pair, ...]:
    """The first round of a single-elimination bracket; ``seeded`` is best first (by rating). When the
    field is not a power of two the top seeds get byes: ``(player, None)``."""
    _check(seeded)
    size = bracket_size(len(seeded))
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in seed_order(size)]
    pairs: list[Pair] = []
    for first, second in zip(slots[::2], slots[1::2], strict=True):
        if first is None:  # never both: byes number fewer than half the bracket
            first, second = second, None
        assert first is not None
        pairs.append((first, second))
    return tuple(pairs)


def elimination_next_round(winners: Sequence[str]) -> tuple[Pair, ...]:
    """The next round: the winners of the previous round's matches, in bracket order, play in twos."""
    if len(winners) < 2 or len(winners) % 2:
        raise PairingError(
            N_("the next round needs an even number of winners, not {winners}"), winners=str(len(winners))
        )
    return tuple((a, b) for a, b in zip(winners[::2], winners[1::2], strict=True))


def elimination_rounds(players: int) -> int:
    return bracket_size(players).bit_length() - 1


def round_robin(players: Sequence[str]) -> tuple[tuple[Pair, ...], ...]:
    """Every round of a round robin by the circle method: every pair meets once. With an odd field one
    player sits out each round (paired with None), each exactly once."""
    _check(players)
    field: list[str | None] = list(players)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    rounds: list[tuple[Pair, ...]] = []
    for r in range(n - 1):
        pairs: list[Pair] = []
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if a is None or b is None:
                sitting = a if b is None else b
                assert sitting is not None
                pairs.append((sitting, None))
            else:
                pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        pairs.sort(key=lambda p: p[1] is None)  # the player sitting out last
        rounds.append(tuple(pairs))
        field = [field[0], field[-1], *field[1:-1]]  # fix the first, turn the rest
    return tuple(rounds)


def swiss_rounds(players: int) -> int:
    """Rounds of a Swiss tournament: enough for one unbeaten winner (ceil(log2 n))."""
    return max(elimination_rounds(players), 1)


def swiss_pairs(
    ranked: Sequence[str],
    points: Mapping[str, float],
    played: Set[frozenset[str]],
    had_bye: Set[str] = frozenset(),
) -> tuple[Pair, ...]:
    """One round of Swiss pairings. ``ranked`` is the field best first (by rating at the start);
    players are paired within their score group where they can, top against next, never twice against
    the same opponent (``played``); with an odd field the lowest-ranked player who has not had a bye
    sits out. Raises PairingError when no such pairing exists (more rounds than the field allows)."""
    _check(ranked)
    order = sorted(ranked, key=lambda p: -points.get(p, 0.0))  # stable: rating breaks ties
    if len(order) % 2:
        candidates = [p for p in reversed(order) if p not in had_bye] or list(reversed(order))
        for candidate in candidates:
            rest = [p for p in order if p != candidate]
            found = _pair_down(rest, played)
            if found is not None:
                return (*found, (candidate, None))
        raise PairingError(N_("no Swiss pairing avoids a rematch"))
    found = _pair_down(order, played)
    if found is None:
        raise PairingError(N_("no Swiss pairing avoids a rematch"))
    return found


def _pair_down(order: list[str], played: Set[frozenset[str]]) -> tuple[Pair, ...] | None:
    """Pair ``order`` top down (each with the nearest one below not met yet), backtracking when a later
    player is left without an opponent; None if no pairing avoids every rematch."""
    pairs: list[Pair] = []
    budget = [200_000]  # steps: a hopeless search gives up instead of hanging

    def solve(rest: list[str]) -> bool:
        if not rest:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        first = rest[0]
        for j in range(1, len(rest)):
            second = rest[j]
            if frozenset((first, second)) in played:
                continue
            pairs.append((first, second))
            if solve(rest[1:j] + rest[j + 1 :]):
                return True
            pairs.pop()
        return False

    return tuple(pairs) if solve(order) else None
