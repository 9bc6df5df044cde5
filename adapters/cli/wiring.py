"""The composition root: the one place where concrete adapters are built and wired to the core.

The chat bots (``golfbot run|discord|telegram``), the terminal game, the CLI's database commands and the
benchmarks all get their storage, solver, clock, notifiers and timers from here.

The database setting picks the store: a ``postgresql://`` (or ``postgres://``) URL is a PostgreSQL server
(``adapters/postgres``, several bot processes may share it), anything else is an SQLite file (the embedded
default). ``GOLFBOT_DB_POOL`` sets the PostgreSQL connection pool's size per process (default 10).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from adapters.cli.collector import CollectorPacer
from adapters.cli.config import POSTGRES_SCHEMES
from adapters.cli.notifiers import Notifiers
from adapters.clock import SystemClock
from adapters.solver import MAX_STATES, PooledSolver
from adapters.sqlite import SqliteStorage
from bot.announcements import Words, words_of
from bot.clubhouse import Clubhouse
from bot.modes.competition.service import Competition
from bot.modes.daily.challenge import DailyChallenge
from bot.ports import Clock, Solver
from bot.timers import Timers

SOLVER_STATES_ENV = "GOLFBOT_SOLVER_STATES"
"""Positions one search of the bot's solver may visit (default adapters.solver.MAX_STATES); past it the bot
shows the best line found and the proven bound. A test sets it tiny to see that answer."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from adapters.postgres import DatabaseUrl, PostgresStorage

    AnyStorage = SqliteStorage | PostgresStorage

DEFAULT_POOL_SIZE = 10
"""``adapters.postgres.DEFAULT_POOL_SIZE``: a bot on SQLite never imports the PostgreSQL store."""


@dataclass(frozen=True, slots=True)
class App:
    storage: AnyStorage
    clubhouse: Clubhouse
    solver: Solver
    clock: Clock
    notifiers: Notifiers
    """Where each chat bot plugs in its Notifier while it runs."""
    timers: Timers
    """Running while the app is open: modes register their handlers with ``timers.on``."""
    words: Words
    """How an event is worded, with the players' names from the store."""
    daily: DailyChallenge
    """The daily challenge; its announcements go through ``notifiers``. The process that serves the chat
    bots runs its rollover on ``timers`` (``daily.attach``); a terminal rolls a day over when it asks."""
    competition: Competition | None = None
    """Matches and tournaments (bot/modes/competition/service.py) on the app's Timers."""
    competition_notifiers: Notifiers | None = None
    """Where each chat bot plugs in its competition adapter (scoreboards) while it runs."""


def freeze_startup_heap() -> None:
    """Once everything is imported and wired, move those objects out of the garbage collector's sight.
    A full collection then scans only what play creates: measured on ``golfbot bench core``, the pause of
    a full collection during a burst of 500 round starts went from the p99 of that second (94 ms) to 26 ms.
    (When the collections run: ``adapters/cli/collector.py``.)"""
    gc.freeze()


def _positive(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value.isdigit() and int(value) > 0 else default


def _solver_states() -> int:
    return _positive(SOLVER_STATES_ENV, MAX_STATES)


def pool_size() -> int:
    return _positive("GOLFBOT_DB_POOL", DEFAULT_POOL_SIZE)


async def connect_storage(db: str | Path | DatabaseUrl) -> AnyStorage:
    """The store that ``db`` names (a PostgreSQL URL, else an SQLite file), its schema up to date; the
    caller closes it."""
    url = getattr(db, "url", None) or str(db)
    if url.strip().lower().startswith(POSTGRES_SCHEMES):
        from adapters.postgres import PostgresStorage

        return await PostgresStorage.open(url, pool_size=pool_size())
    return await SqliteStorage.open(db if isinstance(db, Path) else str(db))


@asynccontextmanager
async def open_storage(db_path: str | Path | DatabaseUrl) -> AsyncIterator[AnyStorage]:
    """The store alone (``golfbot migrate``, ``golfbot stats``): opened, migrated, closed on the way out."""
    storage = await connect_storage(db_path)
    try:
        yield storage
    finally:
        await storage.close()


def build_solver(workers: int | None = None) -> PooledSolver:
    return PooledSolver(workers=workers, max_states=_solver_states())


@asynccontextmanager
async def open_app(
    db_path: str | Path | DatabaseUrl,
    *,
    solver_workers: int | None = None,
    solver: Solver | None = None,
    rng: random.Random | None = None,
) -> AsyncIterator[App]:
    """Everything the bot runs on, with its Timers running; all of it closed on the way out. ``solver``:
    another Solver than the pool (the benchmark's "no solver"); ``rng``: a seeded one (benchmarks)."""
    async with open_storage(db_path) as storage:
        pool: PooledSolver | None = None
        if solver is None:
            solver = pool = build_solver(solver_workers)
        clock = SystemClock()
        notifiers = Notifiers()
        clubhouse = Clubhouse(storage, solver, clock, rng=rng, notifier=notifiers)
        timers = Timers(storage, clock, notifier=notifiers)
        compete_notifiers = Notifiers()
        notifiers.places = compete_notifiers.places = (
            clubhouse.places
        )  # (each event in its reader's language)
        competition = Competition(
            storage, clubhouse, solver, clock, timers=timers, notifier=compete_notifiers
        )
        await competition.resume()
        daily = DailyChallenge(storage, storage, solver, clock, notifier=notifiers)
        daily.open_door(
            clubhouse.door, clubhouse.sessions
        )  # daily boards' presses come in by the Clubhouse's door
        clubhouse.table.use_timers(timers)  # Six-card tables' turn clocks
        clubhouse.table.use_results(storage)  # and their results, on the competition table
        freeze_startup_heap()
        pacer = CollectorPacer(asyncio.get_running_loop())
        pacer.start()
        running = asyncio.create_task(timers.run(), name="timers")
        try:
            yield App(
                storage,
                clubhouse,
                solver,
                clock,
                notifiers,
                timers,
                words_of(storage),
                daily,
                competition,
                compete_notifiers,
            )
        finally:
            pacer.stop()
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
            await competition.matches.close()
            await daily.close()
            await clubhouse.close()
            if pool is not None:
                pool.close()
