"""Values the daily challenge keeps and stores: a place's daily settings, its days (courses), each player's
result of a day, and the rows of the leaderboards."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from bot.models import Place

GLOBAL_PLACE = "daily:global"
"""The place key of the one course shared by private chats, user-installed contexts and the terminal."""
BOARD_PAGE = 10
"""Rows on a leaderboard page."""


@dataclass(frozen=True, slots=True)
class DailySettings:
    """What an admin may choose for their place's daily challenge. A change of the format (holes, rules,
    time zone) takes effect with the next day; today's course stays as it opened."""

    zone: str = "UTC"
    holes: int = 9
    rules: str = "strict"
    channel: str | None = None
    """Where the final table and the reveal go (a Discord channel id); None: the place's default."""
    post: bool = True
    """Whether the rollover posts the final table and the reveal at all."""


@dataclass(frozen=True, slots=True)
class DailyDay:
    """One place's course of one day: what was committed to when it opened, and whether it closed."""

    place: str
    day: date
    zone: str
    rules: str
    par_for_nine: int
    deals: tuple[int, ...]
    commitment: str
    closes_at: datetime
    best: tuple[int | None, ...] = ()
    """Each hole's best possible score (solved once, when the day opens); () until known."""
    closed: bool = False

    @property
    def holes(self) -> int:
        return len(self.deals)


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A player's attempt at a day, as it stands (written after every finished hole)."""

    place: str
    day: date
    player: str
    round_id: str
    holes_played: int
    total: int
    to_par: int
    finished: bool
    """All the course's holes played."""
    at_or_under_par: bool = False
    """Finished, and the total at or under par (for the second streak)."""


@dataclass(frozen=True, slots=True)
class DayRow:
    """A row of a day's table: ties (same to-par and holes played) share a rank."""

    rank: int
    player: str
    name: str
    total: int
    to_par: int
    holes_played: int
    finished: bool


@dataclass(frozen=True, slots=True)
class PeriodRow:
    """A row of the week's or the all-time table: ranked by wins, then average to par, then days played."""

    rank: int
    player: str
    name: str
    days: int
    average_to_par: float
    wins: int
    best_to_par: int


MAX_PAGES = 1000
"""Pages a leaderboard shows at most (a later page asked for is this one)."""
GLOBAL_COURSE = Place("daily", "global", "Everyone")
"""The one course of private chats, user-installed contexts and the terminal (its key is GLOBAL_PLACE)."""
