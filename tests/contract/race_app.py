"""One bot core on a shared database, as a process of a deployment runs it: the Clubhouse, the timers, the
matches, the tournaments and the daily challenge, wired to a notifier that records what it announces.

The race tests build two of these in one process (two connections to one SQLite file, or two asyncpg pools
on one PostgreSQL database) and, in ``python race_app.py DATABASE NOW``, in two processes of their own. In
that mode its clock stands at NOW (ISO); it prints ``ready``, reads one JSON line (``{"begin": [button
ids], "places": [place keys]}``), then presses every Close-now button as the organiser and opens today's
daily course of every place, all at once, and prints one JSON line: every event its notifier got, and
every refusal.

The solver is a fake of our own port (no best score known; a course is the plain deals): these tests are
about storage, not solving. Loaded by path (the tests folders are not packages).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from dataclasses import asdict
from datetime import UTC, date, datetime
from typing import Any

from adapters.memory import MemoryNotifier
from adapters.postgres import PostgresStorage
from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.models import Place, Player
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.modes.daily.challenge import DailyChallenge
from bot.timers import Timers
from engine.golf.course import course
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.golf.rules import find_rules
from engine.golf.solver import Solution

START = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
ORGANISER = Player("test", "1", "P1")


class PlainSolver:
    """The Solver port: no best score known, no hint, a course of consecutive deals; ``meet`` makes every
    course wait (up to 10 s) until that many callers have asked, to hold racers at one point."""

    def __init__(self) -> None:
        self.arrived = 0
        self._meet: asyncio.Barrier | None = None

    def meet(self, parties: int) -> None:
        self._meet = asyncio.Barrier(parties)

    async def best_score(self, hole: Hole) -> Solution | None:
        return None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        self.arrived += 1
        if self._meet is not None:
            await asyncio.wait_for(self._meet.wait(), 10)
        return course(first, holes, find_rules(rules))

    async def hint(self, hole: Hole) -> Move | None:
        return None


class App:
    """A bot core: what ``adapters/cli/wiring.py`` builds, with a recording notifier and a manual clock."""

    def __init__(
        self, storage: SqliteStorage | PostgresStorage, solver: PlainSolver, clock: ManualClock
    ) -> None:
        self.storage, self.solver, self.clock = storage, solver, clock
        self.notifier = MemoryNotifier()
        self.club = Clubhouse(storage, solver, clock, rng=random.Random(3))
        self.timers = Timers(storage, clock, notifier=self.notifier)
        self.matches = Matches(storage, self.club, solver, clock, self.timers, notifier=self.notifier)
        self.tournaments = Tournaments(storage, self.matches, clock, self.timers, notifier=self.notifier)
        self.daily = DailyChallenge(storage, storage, solver, clock, notifier=self.notifier)
        self.daily.attach(self.timers)
        self.daily.open_door(self.club.door, self.club.sessions)

    @classmethod
    async def open(
        cls, database: str, solver: PlainSolver | None = None, clock: ManualClock | None = None
    ) -> App:
        storage: SqliteStorage | PostgresStorage
        if database.startswith("postgresql://"):
            storage = await PostgresStorage.open(database, pool_size=4)
        else:
            storage = await SqliteStorage.open(database)
        return cls(storage, solver or PlainSolver(), clock or ManualClock(START))

    async def close(self) -> None:
        await self.daily.close()
        await self.club.close()
        await self.storage.close()

    def events(self, kind: type | None = None) -> list[Any]:
        return [e for e in self.notifier.events() if kind is None or isinstance(e, kind)]


def plain(event: object) -> dict[str, Any]:
    """An event as JSON: its type and its fields."""
    fields = asdict(event)  # type: ignore[call-overload]
    return {
        "type": type(event).__name__,
        **{k: v.isoformat() if isinstance(v, date) else v for k, v in fields.items()},
    }


async def main(database: str, now: str) -> None:
    app = await App.open(database, clock=ManualClock(datetime.fromisoformat(now)))
    loop = asyncio.get_running_loop()
    try:
        print("ready", flush=True)
        request = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
        presses = [app.tournaments.act(ORGANISER, button) for button in request["begin"]]
        opens = [app.daily.today(Place(*key.split(":", 1))) for key in request["places"]]
        outcomes = await asyncio.gather(*presses, *opens, return_exceptions=True)
        refusals = [str(o) for o in outcomes if isinstance(o, GolfError)]
        failures = [
            repr(o) for o in outcomes if isinstance(o, BaseException) and not isinstance(o, GolfError)
        ]
        print(
            json.dumps(
                {"events": [plain(e) for e in app.events()], "refusals": refusals, "failures": failures}
            )
        )
    finally:
        await app.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
