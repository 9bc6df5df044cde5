"""The Storage port on one aiosqlite connection: WAL mode, migrations at open, writes committed in groups.

Every write is committed before the call returns, so a reply is never shown for a move that is not on disk
(a press is answered only after the COMMIT of its write has returned). Writes are **group-committed**: a
write that finds none in flight goes to the database thread at once, alone; the writes that arrive while
it is in flight wait, and then go together, in ONE transaction and ONE trip to aiosqlite's thread (a
function run there: ``BEGIN IMMEDIATE``, each write inside a savepoint of its own, ``COMMIT``). Under load
a hundred presses thus cost one trip, one wake-up of the event loop and one commit instead of a hundred;
alone, a press costs what it did. A write that fails inside a group (a version conflict, a broken
constraint) is rolled back to its savepoint and fails alone: the others of its group are committed. Should
the transaction itself fail (the COMMIT: a full disk, say), every write of the group fails with it, and
none is reported as done.

Reads are single statements queued on the connection straight away (the thread runs a group in one go, so
a read never lands inside one). A transaction of several awaited statements (``_transaction``, used by the
daily and competition roles) holds a lock from BEGIN to COMMIT: groups wait for it, and it for them.

``synchronous=NORMAL`` in WAL mode loses nothing when the process is killed (only a power cut could undo
the last commits), and keeps a commit well under a millisecond.

Conflicts are found by constraint, never by the wording of an error: a second round in progress is an
``INSERT ... ON CONFLICT (owner, place, kind) WHERE <active> DO NOTHING`` that changes no row, a stale save an
``UPDATE ... WHERE version = ?`` that changes none, and any other broken constraint (SQLite's
``sqlite_errorname``: a foreign key, a check, a primary key) becomes the port's ConstraintViolation. The SQL
is the portable kind (upserts with a conflict target, CASE rather than booleans as numbers, no statement
built by text replacement), so a PostgreSQL store can keep it nearly as it is.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Collection, Iterable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite

from adapters.rounds_table import (
    ROUND_COLUMNS,
    hole_insert_values,
    read_time,
    round_from_row,
    round_insert_values,
    round_save_values,
    stored_time,
)
from adapters.sqlite.competition import SqliteCompetitions
from adapters.sqlite.daily import SqliteDailyStore
from adapters.sqlite.group_commit import GroupCommit, Write
from adapters.sqlite.in_use import Holding, InUse, share
from adapters.sqlite.migrate import MigrationError, apply_migrations
from adapters.sqlite.opening import DatabaseUnavailable, explain, probe
from adapters.sqlite.outage import as_outage
from bot.models import (
    HoleRecord,
    Place,
    PlaceSettings,
    Player,
    RoundState,
    Stats,
    Timer,
)
from bot.ports import ActiveRoundExists, CompetitionStorage, ConstraintViolation, VersionConflict

_ts, _dt = stored_time, read_time


def _violation(error: sqlite3.IntegrityError) -> ConstraintViolation:
    """SQLite's integrity error as the port's ConstraintViolation, named by SQLite's error code."""
    return ConstraintViolation(f"{error.sqlite_errorname}: {error}")


class SqliteStorage(SqliteDailyStore, SqliteCompetitions):
    def __init__(self, db: aiosqlite.Connection, holding: Holding | None = None) -> None:
        self._db = db
        self._holding = holding
        """The shared lock that tells ``golfbot migrate --to`` the file is in use (in_use.py)."""
        self._lock = asyncio.Lock()
        """Held from BEGIN to COMMIT of a transaction, and while a group of writes is in the thread."""
        self._open = False
        """A transaction of several awaited statements is open: a read queued now would land inside it."""
        self._writes = GroupCommit(db, self._lock)

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStorage:
        """Open (creating if needed) the database at ``path`` and bring its schema up to date. Raises
        DatabaseUnavailable, with a line a person can act on, when the file cannot be used; nothing is
        left running then (a connection left open keeps its thread, and the process, alive)."""
        memory = str(path) == ":memory:"
        holding = None
        if not memory:
            path = Path(path)
            try:
                await asyncio.to_thread(probe, path)
                holding = share(path)
            except InUse as error:
                raise DatabaseUnavailable(str(error)) from None
            except (OSError, sqlite3.Error, MigrationError) as error:
                raise DatabaseUnavailable(explain(path, error)) from error
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except BaseException:
            if holding is not None:
                holding.release()
            raise
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            await apply_migrations(db)
        except BaseException as error:
            await db.close()
            if holding is not None:
                holding.release()
            if memory or not isinstance(error, (OSError, sqlite3.Error, MigrationError)):
                raise
            raise DatabaseUnavailable(explain(Path(path), error)) from error
        return cls(db, holding)

    async def close(self) -> None:
        await self._writes.drain()
        await self._db.close()
        if self._holding is not None:
            self._holding.release()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            with as_outage():
                await self._db.execute("BEGIN IMMEDIATE")
            self._open = True
            try:
                with as_outage():
                    yield self._db
            except BaseException as error:
                if self._db.in_transaction:  # (SQLite may have rolled it back itself: a full disk)
                    with as_outage():
                        await self._db.execute("ROLLBACK")
                if isinstance(error, sqlite3.IntegrityError):
                    raise _violation(error) from error
                raise
            finally:
                self._open = False
            with as_outage():
                await self._db.execute("COMMIT")

    async def _commit(self, write: Write[Any]) -> Any:
        """``write`` committed (with the writes of other callers that come meanwhile: group commit)."""
        try:
            with as_outage():
                return await self._writes.run(write)
        except sqlite3.IntegrityError as error:
            raise _violation(error) from error

    async def _write(self, sql: str, args: Iterable[Any] = ()) -> int:
        """One statement, committed when it returns; the number of rows it changed."""
        values = tuple(args)
        return int(await self._commit(lambda conn: conn.execute(sql, values).rowcount))

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        """The rows of a query, read in the same trip (a cursor left open would hold a read transaction)."""
        with as_outage():
            if self._open:
                async with self._lock:
                    return list(await self._db.execute_fetchall(sql, tuple(args)))
            return list(await self._db.execute_fetchall(sql, tuple(args)))

    async def _one(self, sql: str, args: Iterable[Any] = ()) -> aiosqlite.Row | None:
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    # ---- players and places ----------------------------------------------------------------------

    async def ensure_player(self, player: Player) -> None:
        await self._write(
            "INSERT INTO players (key, platform, user_id, name, created_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET name = excluded.name WHERE excluded.name <> ''",
            (player.key, player.platform, player.user_id, player.name, _ts(None)),
        )

    async def player(self, key: str) -> Player | None:
        row = await self._one("SELECT platform, user_id, name FROM players WHERE key = ?", (key,))
        return None if row is None else Player(row[0], row[1], row[2])

    async def place_settings(self, place: Place) -> PlaceSettings:
        row = await self._one(
            "SELECT par_for_nine, default_rules, emoji, hole_seconds FROM places WHERE key = ?", (place.key,)
        )
        if row is None:
            return PlaceSettings()
        return PlaceSettings(
            par_for_nine=row[0], default_rules=row[1], emoji=bool(row[2]), hole_seconds=row[3]
        )

    async def save_place_settings(self, place: Place, settings: PlaceSettings) -> None:
        await self._write(
            "INSERT INTO places (key, platform, place_id, name, par_for_nine, default_rules, emoji,"
            " hole_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET"
            " name = excluded.name, par_for_nine = excluded.par_for_nine,"
            " default_rules = excluded.default_rules, emoji = excluded.emoji,"
            " hole_seconds = excluded.hole_seconds",
            (
                place.key,
                place.platform,
                place.place_id,
                place.name,
                settings.par_for_nine,
                settings.default_rules,
                int(settings.emoji),
                settings.hole_seconds,
            ),
        )

    # ---- rounds ----------------------------------------------------------------------------------

    _ROUND_COLUMNS = ROUND_COLUMNS
    _round = staticmethod(round_from_row)

    _ACTIVE_ROUND = (
        f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE owner = ? AND place = ? AND kind = ?"
        " AND status IN ('playing', 'hole_over')"
    )

    async def active_round(self, player: str, place: str, kind: str = "solo") -> RoundState | None:
        row = await self._one(self._ACTIVE_ROUND, (player, place, kind))
        return None if row is None else self._round(row)

    async def load_round(self, round_id: str) -> RoundState | None:
        row = await self._one(f"SELECT {self._ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,))
        return None if row is None else self._round(row)

    # The conflict target names the rounds_one_active index (its columns and its WHERE): only a second
    # round in progress is skipped; any other broken constraint still raises.
    _INSERT_ROUND = (
        f"INSERT INTO rounds ({_ROUND_COLUMNS}, owner, total)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (owner, place, kind) WHERE status IN ('playing', 'hole_over') DO NOTHING"
    )

    async def create_round(self, state: RoundState) -> None:
        inserted = await self._write(
            self._INSERT_ROUND,
            round_insert_values(state),
        )
        if inserted != 1:
            raise ActiveRoundExists(f"{state.owner} has a round in progress at {state.place}")

    _SAVE_ROUND = (
        "UPDATE rounds SET scores = ?, best = ?, moves = ?, total = ?, version = ?, status = ?,"
        " hints = ?, updated_at = ?, payload_version = ?, payload = ?, undos = ? WHERE id = ? AND version = ?"
    )

    _INSERT_HOLE = (
        "INSERT INTO holes (round_id, idx, player, place, deal, rules, moves, score, best, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )

    async def save_round(
        self, state: RoundState, *, previous_version: int, finished: HoleRecord | None = None
    ) -> None:
        args = round_save_values(state, previous_version)
        hole = None if finished is None else hole_insert_values(finished)

        def save(conn: sqlite3.Connection) -> None:  # a move: one statement; a hole's end: two
            if conn.execute(self._SAVE_ROUND, args).rowcount != 1:
                raise VersionConflict(f"round {state.id} is not at version {previous_version}")
            if hole is not None:
                conn.execute(self._INSERT_HOLE, hole)

        await self._commit(save)

    async def record_best(self, round_id: str, index: int, best: int) -> None:
        await self._write(
            "UPDATE holes SET best = ? WHERE round_id = ? AND idx = ? AND best IS NULL",
            (best, round_id, index),
        )

    async def hole_bests(self, round_id: str) -> dict[int, int]:
        sql = "SELECT idx, best FROM holes WHERE round_id = ? AND best IS NOT NULL"
        return {index: best for index, best in await self._all(sql, (round_id,))}

    # ---- holes and stats -------------------------------------------------------------------------

    _HOLE_STATS = (
        "SELECT COUNT(*), AVG(score), AVG(CASE WHEN score <= 0 THEN 1.0 ELSE 0.0 END), MIN(score)"
        " FROM holes WHERE player = ?"
    )
    _HOLE_STATS_AT = f"{_HOLE_STATS} AND place = ?"
    _ROUND_STATS = (
        "SELECT COUNT(*), MIN(CASE WHEN holes = 9 THEN total END) FROM rounds"
        " WHERE status = 'finished' AND owner = ?"
    )
    _ROUND_STATS_AT = f"{_ROUND_STATS} AND place = ?"

    async def stats(self, player: str, place: str | None = None) -> Stats:
        if place is None:
            holes = await self._one(self._HOLE_STATS, (player,))
            rounds = await self._one(self._ROUND_STATS, (player,))
        else:
            holes = await self._one(self._HOLE_STATS_AT, (player, place))
            rounds = await self._one(self._ROUND_STATS_AT, (player, place))
        assert holes is not None and rounds is not None
        return Stats(
            rounds_played=rounds[0],
            best_round=rounds[1],
            holes_played=holes[0],
            average_hole=holes[1],
            cleared_share=holes[2],
            best_hole=holes[3],
        )

    # ---- timers ----------------------------------------------------------------------------------

    async def add_timer(self, timer: Timer) -> None:
        await self._write(
            "INSERT INTO timers (id, kind, due, payload) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE"
            " SET kind = excluded.kind, due = excluded.due, payload = excluded.payload",
            (timer.id, timer.kind, _ts(timer.due), timer.payload),
        )

    @staticmethod
    def _timer(row: Any) -> Timer:
        return Timer(id=row[0], kind=row[1], due=datetime.fromisoformat(row[2]), payload=row[3])

    async def due_timers(self, now: datetime, kinds: Collection[str] | None = None) -> list[Timer]:
        if kinds is None:
            rows = await self._all(
                "SELECT id, kind, due, payload FROM timers WHERE due <= ? ORDER BY due, id", (_ts(now),)
            )
        else:  # one indexed query per kind: a handful of kinds, and no statement built from a list
            rows = []
            for kind in sorted(set(kinds)):
                rows += await self._all(
                    "SELECT id, kind, due, payload FROM timers WHERE kind = ? AND due <= ?",
                    (kind, _ts(now)),
                )
        return sorted((self._timer(r) for r in rows), key=lambda t: (t.due, t.id))

    async def next_due(self, kinds: Collection[str] | None = None) -> datetime | None:
        if kinds is None:
            rows = await self._all("SELECT MIN(due) FROM timers")
        else:
            rows = []
            for kind in sorted(set(kinds)):
                rows += await self._all("SELECT MIN(due) FROM timers WHERE kind = ?", (kind,))
        found = [datetime.fromisoformat(r[0]) for r in rows if r[0] is not None]
        return min(found, default=None)

    async def claim_timer(self, timer: Timer) -> bool:
        removed = await self._write("DELETE FROM timers WHERE id = ? AND due = ?", (timer.id, _ts(timer.due)))
        return removed == 1

    async def remove_timer(self, timer_id: str) -> None:
        await self._write("DELETE FROM timers WHERE id = ?", (timer_id,))


if TYPE_CHECKING:  # mypy checks that every role of the ports is here, with the same signatures

    def _conforms(store: SqliteStorage) -> CompetitionStorage:
        return store
