"""The ports the core needs. Adapters implement them (aiosqlite or in-memory storage, the system clock, a
solver pool, each platform's Notifier); tests may use the real ones or small fakes of these interfaces.

Storage is split by role so that a service asks only for what it uses (a timer service needs a
``TimerStore``, not the rounds); ``Storage`` combines the roles for the Clubhouse and the composition root.
Every implementation passes the one contract suite, ``tests/contract/test_storage_contract.py``.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, datetime
from typing import Any, Protocol

from bot.events import Notifier as Notifier
from bot.models import HoleRecord, Place, PlaceSettings, Player, PlayerSettings, RoundState, Stats, Timer
from bot.models.competition import Competition
from bot.models.daily import DailyDay, DailyResult, DailySettings, DayRow, PeriodRow
from bot.models.results import MatchResult
from engine.patience import Answer, Position


class VersionConflict(Exception):
    """The stored round moved on since it was read (another process or a bug): nothing was written."""


class ActiveRoundExists(Exception):
    """The player already has a round in progress of that kind at that place: nothing was written."""


class StoreUnavailable(Exception):
    """The database cannot be used just now (locked by another program past the wait, a full disk, a file
    made read-only, damaged or gone, a server out of reach): nothing was written. The message says why in a
    few words, for the log; a player is told that nothing changed and to try again."""


class ConstraintViolation(Exception):
    """A write that breaks a rule of the stored data (a round of an unknown player, a hole recorded twice,
    a par other than 36 or 45): nothing was written. A bug in the core, never a player's mistake."""


class PlaceStore(Protocol):
    """Players, places and the settings of a place."""

    async def ensure_player(self, player: Player) -> None:
        """Record the player, or update their name (an empty name never wipes the known one)."""
        ...

    async def player(self, key: str) -> Player | None: ...
    async def place_settings(self, place: Place) -> PlaceSettings: ...
    async def save_place_settings(self, place: Place, settings: PlaceSettings) -> None: ...
    async def player_settings(self, key: str) -> PlayerSettings:
        """What the player chose for themselves (none chosen for a player never stored)."""
        ...

    async def save_player_settings(self, player: Player, settings: PlayerSettings) -> None:
        """Record the player if new, and their settings."""
        ...


class RoundStore(Protocol):
    """Rounds (sessions) in progress and done, each written under a version check."""

    async def active_round(self, player: str, place: str, kind: str = "solo") -> RoundState | None:
        """The player's round in progress of that kind at that place, if any."""
        ...

    async def load_round(self, round_id: str) -> RoundState | None: ...

    async def create_round(self, state: RoundState) -> None:
        """Store a new round. Raises ActiveRoundExists if its owner has one of that kind in progress there
        already (so that starting a round takes one trip to storage, not a look-up and then a write)."""
        ...

    async def save_round(
        self, state: RoundState, *, previous_version: int, finished: HoleRecord | None = None
    ) -> None:
        """Write ``state`` (and the finished hole, if any) in one transaction, committed before returning.
        Raises VersionConflict if the stored version is not ``previous_version``."""
        ...

    async def record_best(self, round_id: str, index: int, best: int) -> None:
        """The best possible score of a recorded hole, worked out after the hole ended: written if the
        hole's best is not known yet (a best score is the deal's, so a second answer is the same one)."""
        ...

    async def hole_bests(self, round_id: str) -> dict[int, int]:
        """The best scores known for a round's recorded holes, by hole index (0 first); a hole whose best
        is not known is left out."""
        ...


class RecordStore(Protocol):
    """Finished holes and what is worked out from them (stats; leaderboards next)."""

    async def stats(self, player: str, place: str | None = None) -> Stats: ...


class TimerStore(Protocol):
    """Persisted deadlines. A timer is identified by its id; adding one with a known id moves it."""

    async def add_timer(self, timer: Timer) -> None: ...

    async def due_timers(self, now: datetime, kinds: Collection[str] | None = None) -> list[Timer]:
        """Timers due at ``now`` (of those ``kinds``, if given), soonest first (ties by id)."""
        ...

    async def next_due(self, kinds: Collection[str] | None = None) -> datetime | None:
        """When the soonest timer (of those ``kinds``) is due; None when there is none."""
        ...

    async def claim_timer(self, timer: Timer) -> bool:
        """Remove ``timer`` if it is still stored as it was read (same id and due time); True if this
        call removed it. Only the caller that claimed a timer runs its handler: it fires once."""
        ...

    async def remove_timer(self, timer_id: str) -> None:
        """Cancel a timer (removing one that is gone is harmless)."""
        ...


class Storage(PlaceStore, RoundStore, RecordStore, TimerStore, Protocol):
    """Every role at once: what one database gives the Clubhouse."""


class CompetitionStore(Protocol):
    """Matches, group rounds and tournaments (each a versioned record), and the results that make the
    server table and the ratings."""

    async def create_competition(self, competition: Competition) -> None:
        """Store a new one; ConstraintViolation if its id is taken."""
        ...

    async def load_competition(self, competition_id: str) -> Competition | None: ...

    async def save_competition(
        self, competition: Competition, *, previous_version: int, result: MatchResult | None = None
    ) -> None:
        """Write it (and its result, if it just finished) in one transaction. VersionConflict if the
        stored version is not ``previous_version``; ConstraintViolation for a result recorded already."""
        ...

    async def active_competitions(self, kinds: Collection[str] | None = None) -> list[Competition]:
        """Everything open or playing (of those ``kinds``), oldest first: what a restart resumes."""
        ...

    async def results(self, place: str) -> list[MatchResult]:
        """Every result at ``place``, in the order they finished."""
        ...


class CompetitionStorage(Storage, CompetitionStore, Protocol):
    """Rounds for the boards and competitions around them: what the match and tournament services take."""


class DailyStore(Protocol):
    """The daily challenge: the installation's secret, each place's daily settings and days, the players'
    results and the leaderboards worked out from them. Not part of ``Storage``: a service that runs the
    daily challenge asks for this role beside it."""

    async def installation_secret(self, candidate: bytes) -> bytes:
        """The secret the courses are derived from: ``candidate`` stored if none is yet (the first start),
        else the one stored. Every caller gets the same bytes, whoever stored them first."""
        ...

    async def daily_settings(self, place: str) -> DailySettings: ...
    async def save_daily_settings(self, place: str, settings: DailySettings) -> None: ...

    async def open_day(self, day: DailyDay) -> DailyDay:
        """Store the place's course of that day unless one is stored already; return the stored one (so a
        day opened twice, by two processes or after a restart, keeps its first course)."""
        ...

    async def daily_day(self, place: str, day: date) -> DailyDay | None: ...

    async def latest_day(self, place: str) -> DailyDay | None:
        """The place's most recent day, closed or not."""
        ...

    async def open_days(self) -> list[DailyDay]:
        """Every day not closed yet, of every place (what the rollover timers are for)."""
        ...

    async def place_days(self, place: str) -> list[date]:
        """Every day the place has opened, oldest first (what streaks run along)."""
        ...

    async def save_day_best(self, place: str, day: date, best: tuple[int | None, ...]) -> None: ...

    async def record_result(self, result: DailyResult) -> None:
        """Store a player's result of a day, or move it on; a result never goes back to fewer holes, and
        a closed day's results no longer change."""
        ...

    async def daily_result(self, place: str, day: date, player: str) -> DailyResult | None: ...

    async def player_days(self, place: str, player: str) -> dict[date, bool]:
        """The days the player played at the place -> whether they finished at or under par."""
        ...

    async def close_day(self, place: str, day: date) -> bool:
        """Close the day: its winners (rank 1) get a win, and every result is added to the week's and the
        all-time table, once. True if this call closed it; False if it was closed already (or never
        opened)."""
        ...

    async def day_board(self, place: str, day: date, offset: int = 0, limit: int = 10) -> list[DayRow]: ...
    async def day_entries(self, place: str, day: date) -> int: ...

    async def week_board(self, place: str, week: date, offset: int = 0, limit: int = 10) -> list[PeriodRow]:
        """The table of the closed days of the ISO week that starts on Monday ``week``."""
        ...

    async def all_time_board(self, place: str, offset: int = 0, limit: int = 10) -> list[PeriodRow]:
        """The table of every closed day of the place."""
        ...


class Clock(Protocol):
    def now(self) -> datetime:
        """Aware UTC time."""
        ...

    async def sleep(self, seconds: float) -> None: ...


class Solver(Protocol):
    """CPU-heavy answers, computed off the event loop. ``None`` means: not known in time."""

    async def best_score(self, hole: Position) -> Answer | None:
        """The solver's answer: the optimum (``proven``), or the best line found and a proven lower bound
        when the search was cut short."""
        ...

    async def hint(self, hole: Position) -> Any:
        """A best next move from ``hole`` (of its game), or None: not known in time."""
        ...

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        """The deal numbers of a round under ``rules`` (``engine.patience``: a Golf rule set or a family
        game), chosen off the event loop."""
        ...
