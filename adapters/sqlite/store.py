"""The Storage port on one aiosqlite connection: WAL mode, migrations at open, writes committed in groups.

How writes, reads and transactions go through the one connection: ``base.py``. The roles are mixed in
here: the daily challenge's (``daily.py``) and the competitions' (``competition.py``), each built on that
connection, so that none imports another.

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
from collections.abc import Collection
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import aiosqlite

from adapters.places_table import (
    PLACE_COLUMNS,
    PLAYER_COLUMNS,
    PLAYER_READ_COLUMNS,
    PLAYER_SETTINGS_COLUMNS,
    SETTINGS_COLUMNS,
    SETTINGS_UPDATE,
    place_values,
    player_from_row,
    player_settings_from_row,
    player_settings_values,
    player_values,
    settings_from_row,
)
from adapters.rounds_table import (
    ROUND_COLUMNS,
    hole_insert_values,
    read_time,
    round_from_row,
    round_insert_values,
    round_save_values,
    stats_from_rows,
    stored_time,
)
from adapters.sqlite.competition import SqliteCompetitions
from adapters.sqlite.daily import SqliteDailyStore
from adapters.sqlite.in_use import InUse, share
from adapters.sqlite.migrate import MigrationError, apply_migrations
from adapters.sqlite.opening import DatabaseUnavailable, explain, probe
from adapters.timers_table import TIMER_COLUMNS, timer_values, timers_from_rows
from bot.models import (
    HoleRecord,
    Place,
    PlaceSettings,
    Player,
    PlayerSettings,
    RoundState,
    Stats,
    Timer,
)
from bot.ports import ActiveRoundExists, CompetitionStorage, DailyStore, VersionConflict

_ts, _dt = stored_time, read_time


class SqliteStorage(SqliteDailyStore, SqliteCompetitions):
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

    # ---- players and places ----------------------------------------------------------------------

    async def ensure_player(self, player: Player) -> None:
        await self._write(
            f"INSERT INTO players ({PLAYER_COLUMNS}) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET name = excluded.name WHERE excluded.name <> ''",
            player_values(player),
        )

    async def player(self, key: str) -> Player | None:
        row = await self._one(f"SELECT {PLAYER_READ_COLUMNS} FROM players WHERE key = ?", (key,))
        return None if row is None else player_from_row(row)

    async def place_settings(self, place: Place) -> PlaceSettings:
        row = await self._one(f"SELECT {SETTINGS_COLUMNS} FROM places WHERE key = ?", (place.key,))
        return settings_from_row(row)

    async def save_place_settings(self, place: Place, settings: PlaceSettings) -> None:
        await self._write(
            f"INSERT INTO places ({PLACE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            f" ON CONFLICT (key) DO UPDATE SET {SETTINGS_UPDATE}",
            place_values(place, settings),
        )

    async def player_settings(self, key: str) -> PlayerSettings:
        row = await self._one(f"SELECT {PLAYER_SETTINGS_COLUMNS} FROM players WHERE key = ?", (key,))
        return player_settings_from_row(row)

    async def save_player_settings(self, player: Player, settings: PlayerSettings) -> None:
        await self._write(
            f"INSERT INTO players ({PLAYER_COLUMNS}, {PLAYER_SETTINGS_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET look = excluded.look, four_colour = excluded.four_colour,"
            " language = excluded.language,"
            " name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE players.name END",
            (*player_values(player), *player_settings_values(settings)),
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
        return stats_from_rows(holes, rounds)

    # ---- timers ----------------------------------------------------------------------------------

    async def add_timer(self, timer: Timer) -> None:
        await self._write(
            f"INSERT INTO timers ({TIMER_COLUMNS}) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE"
            " SET kind = excluded.kind, due = excluded.due, payload = excluded.payload",
            timer_values(timer),
        )

    async def due_timers(self, now: datetime, kinds: Collection[str] | None = None) -> list[Timer]:
        if kinds is None:
            rows = await self._all(
                f"SELECT {TIMER_COLUMNS} FROM timers WHERE due <= ? ORDER BY due, id", (_ts(now),)
            )
        else:  # one indexed query per kind: a handful of kinds, and no statement built from a list
            rows = []
            for kind in sorted(set(kinds)):
                rows += await self._all(
                    f"SELECT {TIMER_COLUMNS} FROM timers WHERE kind = ? AND due <= ?", (kind, _ts(now))
                )
        return timers_from_rows(rows)

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

    def _plays_daily(store: SqliteStorage) -> DailyStore:
        return store
