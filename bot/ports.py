"""The ports the core needs. Adapters implement them (aiosqlite storage, the system clock, a solver pool);
tests may use the real ones or small fakes of these interfaces."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from bot.models import HoleRecord, Place, PlaceSettings, Player, RoundState, Stats, Timer
from engine.hole import Hole
from engine.moves import Move
from engine.solver import Solution


class VersionConflict(Exception):
    """The stored round moved on since it was read (another process or a bug): nothing was written."""


class ActiveRoundExists(Exception):
    """The player already has a round in progress of that kind at that place: nothing was written."""


class Storage(Protocol):
    async def ensure_player(self, player: Player) -> None: ...
    async def place_settings(self, place: Place) -> PlaceSettings: ...
    async def save_place_settings(self, place: Place, settings: PlaceSettings) -> None: ...

    async def active_round(self, player: str, place: str) -> RoundState | None:
        """The player's round in progress at that place, if any."""
        ...

    async def load_round(self, round_id: str) -> RoundState | None: ...
    async def create_round(self, state: RoundState) -> None:
        """Store a new round. Raises ActiveRoundExists if its owner has one in progress there already
        (so that starting a round takes one trip to storage, not a look-up and then a write)."""
        ...

    async def save_round(
        self, state: RoundState, *, previous_version: int, finished: HoleRecord | None = None
    ) -> None:
        """Write ``state`` (and the finished hole, if any) in one transaction, committed before returning.
        Raises VersionConflict if the stored version is not ``previous_version``."""
        ...

    async def stats(self, player: str, place: str | None = None) -> Stats: ...

    async def add_timer(self, timer: Timer) -> None: ...
    async def due_timers(self, now: datetime) -> list[Timer]: ...
    async def remove_timer(self, timer_id: str) -> None: ...


class Clock(Protocol):
    def now(self) -> datetime:
        """Aware UTC time."""
        ...

    async def sleep(self, seconds: float) -> None: ...


class Solver(Protocol):
    """CPU-heavy answers, computed off the event loop. ``None`` means: not known in time."""

    async def best_score(self, hole: Hole) -> Solution | None:
        """The solver's answer: the optimum (``proven``), or the best line found and a proven lower bound
        when the search was cut short."""
        ...

    async def hint(self, hole: Hole) -> Move | None: ...
    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        """The deal numbers of a round (engine.course.course), chosen off the event loop."""
        ...
