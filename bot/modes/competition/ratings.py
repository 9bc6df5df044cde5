"""Ratings by OpenSkill (the ``openskill`` package, Weng-Lin Plackett-Luce model): it rates two-player
matches and group rounds of up to eight alike, and it is maintained and typed.

Inactive players: OpenSkill adds a little uncertainty per game (``tau``) but nothing for time away. So,
as Glicko does for a rating period without games, each full ``PERIOD`` a player sits out widens their
sigma by ``IDLE_SIGMA`` (in quadrature), never past a new player's sigma. The rating shown is the
conservative ``mu - 3 sigma`` (the library's ``ordinal``), so a player long away drifts down the table
until they play again, and one game then moves them further than it moves a regular.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from openskill.models import PlackettLuce

from bot.models.results import MatchResult

MODEL = PlackettLuce()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma
PERIOD = timedelta(days=7)
IDLE_SIGMA = START_SIGMA / math.sqrt(26)
"""Half a year away (26 periods) undoes everything learnt about a player."""


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0
    last_played: datetime | None = None

    @property
    def display(self) -> float:
        """The conservative rating shown on the table: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    def idle_until(self, now: datetime) -> Rating:
        """This rating as it stands at ``now``: sigma widened for every full period without a game."""
        if self.last_played is None or now <= self.last_played:
            return self
        periods = (now - self.last_played) // PERIOD
        if periods <= 0:
            return self
        sigma = min(math.sqrt(self.sigma**2 + periods * IDLE_SIGMA**2), START_SIGMA)
        return Rating(self.mu, sigma, self.games, self.last_played)


def rate(ratings: dict[str, Rating], result: MatchResult) -> dict[str, Rating]:
    """The ratings after ``result`` (the others unchanged); a result of one player changes nothing."""
    if len(result.finishes) < 2:
        return ratings
    now = result.finished_at
    before = [ratings.get(f.player, Rating()).idle_until(now) for f in result.finishes]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(f.rank) for f in result.finishes])
    new = dict(ratings)
    for finish, old, [rated] in zip(result.finishes, before, after, strict=True):
        new[finish.player] = Rating(rated.mu, rated.sigma, old.games + 1, now)
    return new


def replay(results: Iterable[MatchResult], now: datetime | None = None) -> dict[str, Rating]:
    """Every player's rating from their results in the order they finished; at ``now``, if given (so the
    time since each one last played counts)."""
    ratings: dict[str, Rating] = {}
    for result in sorted(results, key=lambda r: (r.finished_at, r.match_id)):
        ratings = rate(ratings, result)
    if now is not None:
        ratings = {p: r.idle_until(now) for p, r in ratings.items()}
    return ratings
