"""What a finished match or group round leaves behind: each player's place and holes won and lost."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class Finish:
    """One player's line of a result: ``rank`` 0 is first (equal ranks tie); holes won and lost count
    each hole against each other player (match play: a hole lost on the clock is lost)."""

    player: str
    rank: int
    holes_won: int = 0
    holes_lost: int = 0


@dataclass(frozen=True, slots=True)
class MatchResult:
    match_id: str
    place: str
    finished_at: datetime
    finishes: tuple[Finish, ...]
    summary: str = ""
    """How it ended, in words: ``3 & 2``, ``halved``, ``won by forfeit``, ``41 to 44``."""
    game: str = "golf"
    """The game it was played at (``engine.patience.game_of``): tables and ratings are per game."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(f.player for f in self.finishes)

    @property
    def winner(self) -> str | None:
        """The sole player ranked first; None when first place is shared (halved)."""
        firsts = [f.player for f in self.finishes if f.rank == 0]
        return firsts[0] if len(firsts) == 1 else None


def hole_tally(scores: dict[str, list[int | None]]) -> dict[str, tuple[int, int]]:
    """Holes won and lost by each player, every hole against every other player. A score of None is a
    hole lost on the clock: it loses to any score and halves with another None."""
    tally = {p: [0, 0] for p in scores}
    players = list(scores)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            for x, y in zip(scores[a], scores[b], strict=False):
                if x == y:
                    continue
                a_wins = y is None or (x is not None and x < y)
                winner, loser = (a, b) if a_wins else (b, a)
                tally[winner][0] += 1
                tally[loser][1] += 1
    return {p: (won, lost) for p, (won, lost) in tally.items()}


def ranks(totals: dict[str, float]) -> dict[str, int]:
    """Ranks by total, lowest first, equal totals sharing a rank (competition ranking: 0, 0, 2)."""
    ordered = sorted(totals.values())
    return {p: ordered.index(t) for p, t in totals.items()}
