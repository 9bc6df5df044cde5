"""The Storage port on PostgreSQL, through an asyncpg connection pool, for several bot processes on one
database.

Why asyncpg rather than psycopg 3: the core is asyncio only, and asyncpg is asyncio-native, speaks the
binary protocol, prepares and caches every statement per connection by itself and ships its own pool,
which makes it the faster of the two for the many small statements a press costs (one UPDATE). psycopg's
strengths (sync and async in one API, server-side cursors, COPY from Python files) are not used here.

The SQL is the SQLite store's, with ``$n`` parameters. The schema is the same numbered migrations, run
unchanged (``adapters/postgres/migrate.py``), so columns keep SQLite's types: times are UTC ISO-8601 text,
compared under ``COLLATE "C"`` (byte order, the order of the time itself, whatever the database's locale),
JSON is text, flags are integers. The few differences are explicit here: ``AVG`` returns ``numeric``
(turned into ``float``), a statement's row count comes from its status line, and a timer is claimed with
``FOR UPDATE SKIP LOCKED`` so that two processes racing for one timer never wait on each other.

Every write is one transaction committed before the call returns (a single statement on a pooled
connection in autocommit, or ``conn.transaction()`` for the round and its finished hole). Moves, the most
frequent write, are grouped: those of one turn of the event loop go as one statement and one commit
(``group_commit.py``), each caller still told its own outcome. Conflicts are
found by constraint, as in SQLite: a second round in progress is an ``INSERT ... ON CONFLICT (owner,
place, kind) WHERE <active> DO NOTHING`` that inserts no row, a stale save an ``UPDATE ... WHERE version =
$n`` that changes none, and any other broken constraint (SQLSTATE class 23) becomes ConstraintViolation.

The pool, and what every role shares of it, are ``base.py``'s; the daily challenge's role (``daily.py``) and
the competitions' (``competition.py``) are built on it and mixed in here, so that none imports another.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import asyncpg

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
from adapters.postgres.batch import TurnBatch, columns_of
from adapters.postgres.competition import PostgresCompetitions
from adapters.postgres.daily import PostgresDailyStore
from adapters.postgres.group_commit import SAVE_ROUND, GroupCommit
from adapters.postgres.migrate import NotOurDatabase, apply_migrations
from adapters.postgres.pool_log import one_line_pool_log
from adapters.postgres.url import redact
from adapters.rounds_table import (
    ROUND_COLUMNS,
    ROUND_INSERT_TYPES,
    hole_insert_values,
    read_time,
    round_from_row,
    round_insert_values,
    round_save_values,
    stats_from_rows,
    stored_time,
)
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

DEFAULT_POOL_SIZE = 10
CONNECT_TIMEOUT = 10.0
"""Seconds a new connection may take, authentication included (asyncpg's default is 60: a server that
accepts the connection and never answers kept a command silent for a minute)."""


async def _nothing_to_reset(conn: asyncpg.Connection) -> None:
    """The pool's reset on release. asyncpg's default sends ``RESET ALL; UNLISTEN *; CLOSE ALL; SELECT
    pg_advisory_unlock_all()``: a second round trip after every statement. This store changes no session
    state (no SET, LISTEN, cursor or session-level lock; migrations take transaction-level locks), so
    there is nothing to reset; an open transaction is still rolled back by asyncpg itself."""


class DatabaseUnavailable(RuntimeError):
    """The server cannot be reached or refuses us; the message is one line, without the password."""


_ts, _dt = stored_time, read_time


class PostgresStorage(PostgresDailyStore, PostgresCompetitions):
    def __init__(self, pool: asyncpg.Pool) -> None:
        super().__init__(pool)
        self._moves = GroupCommit(self._pool, self._save_move)
        """Moves saved together, a statement and a commit per turn of the event loop (group_commit.py)."""
        self._new_players: TurnBatch[Player, None] = TurnBatch(self._ensure_players, self._ensure_player)
        self._new_rounds: TurnBatch[tuple[Any, ...], bool] = TurnBatch(
            self._insert_rounds, self._insert_round
        )
        """New players and new rounds, likewise (batch.py)."""

    @classmethod
    async def open(
        cls, url: str, *, pool_size: int = DEFAULT_POOL_SIZE, connect_timeout: float = CONNECT_TIMEOUT
    ) -> PostgresStorage:
        """Connect to ``url`` (``postgresql://user:password@host:port/database``) with a pool of up to
        ``pool_size`` connections and bring the schema up to date."""
        one_line_pool_log()
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                command_timeout=60,
                timeout=connect_timeout,
                reset=_nothing_to_reset,
            )
        except TimeoutError:
            raise DatabaseUnavailable(
                f"cannot connect to {redact(url)}: the server did not answer within {connect_timeout:g} s"
            ) from None
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
            raise DatabaseUnavailable(f"cannot connect to {redact(url)}: {error}") from None
        try:
            async with pool.acquire() as conn:
                await apply_migrations(conn)
        except BaseException as error:
            await pool.close()
            if isinstance(error, NotOurDatabase):
                raise DatabaseUnavailable(f"the database {redact(url)} {error}") from None
            raise
        return cls(pool)

    async def close(self) -> None:
        await self._new_players.close()
        await self._new_rounds.close()
        await self._moves.close()
        await self._pool.close()

    # ---- players and places ----------------------------------------------------------------------

    _RENAME = " ON CONFLICT (key) DO UPDATE SET name = excluded.name WHERE excluded.name <> ''"
    _UPSERT_PLAYER = f"INSERT INTO players ({PLAYER_COLUMNS}) VALUES ($1, $2, $3, $4, $5)" + _RENAME
    _UPSERT_PLAYERS = (
        f"INSERT INTO players ({PLAYER_COLUMNS})"
        " SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])" + _RENAME
    )

    async def ensure_player(self, player: Player) -> None:
        await self._new_players(player)

    async def _ensure_player(self, player: Player) -> None:
        await self._write(self._UPSERT_PLAYER, *player_values(player))

    async def _ensure_players(self, players: Sequence[Player]) -> list[None]:
        # one row a key (an upsert may not touch a row twice): the last name given, unless it was empty
        chosen: dict[str, Player] = {}
        for player in players:
            if player.name or player.key not in chosen:
                chosen[player.key] = player
        rows = [player_values(p) for p in chosen.values()]
        await self._pool.execute(self._UPSERT_PLAYERS, *columns_of(rows))
        return [None] * len(players)

    async def player(self, key: str) -> Player | None:
        row = await self._pool.fetchrow(f"SELECT {PLAYER_READ_COLUMNS} FROM players WHERE key = $1", key)
        return None if row is None else player_from_row(row)

    async def place_settings(self, place: Place) -> PlaceSettings:
        row = await self._pool.fetchrow(f"SELECT {SETTINGS_COLUMNS} FROM places WHERE key = $1", place.key)
        return settings_from_row(row)

    async def save_place_settings(self, place: Place, settings: PlaceSettings) -> None:
        await self._write(
            f"INSERT INTO places ({PLACE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
            f" ON CONFLICT (key) DO UPDATE SET {SETTINGS_UPDATE}",
            *place_values(place, settings),
        )

    async def player_settings(self, key: str) -> PlayerSettings:
        row = await self._pool.fetchrow(f"SELECT {PLAYER_SETTINGS_COLUMNS} FROM players WHERE key = $1", key)
        return player_settings_from_row(row)

    async def save_player_settings(self, player: Player, settings: PlayerSettings) -> None:
        await self._write(
            f"INSERT INTO players ({PLAYER_COLUMNS}, {PLAYER_SETTINGS_COLUMNS})"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            " ON CONFLICT (key) DO UPDATE SET look = excluded.look, four_colour = excluded.four_colour,"
            " language = excluded.language,"
            " name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE players.name END",
            *player_values(player),
            *player_settings_values(settings),
        )

    # ---- rounds ----------------------------------------------------------------------------------

    _ROUND_COLUMNS = ROUND_COLUMNS
    _round = staticmethod(round_from_row)

    _ACTIVE_ROUND = (
        f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE owner = $1 AND place = $2 AND kind = $3"
        " AND status IN ('playing', 'hole_over')"
    )

    async def active_round(self, player: str, place: str, kind: str = "solo") -> RoundState | None:
        row = await self._pool.fetchrow(self._ACTIVE_ROUND, player, place, kind)
        return None if row is None else self._round(row)

    async def load_round(self, round_id: str) -> RoundState | None:
        row = await self._pool.fetchrow(f"SELECT {self._ROUND_COLUMNS} FROM rounds WHERE id = $1", round_id)
        return None if row is None else self._round(row)

    _ONE_ACTIVE = " ON CONFLICT (owner, place, kind) WHERE status IN ('playing', 'hole_over') DO NOTHING"
    _INSERT_ROUND = (
        f"INSERT INTO rounds ({_ROUND_COLUMNS}, owner, total)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,"
        " $20, $21, $22)" + _ONE_ACTIVE
    )
    _INSERT_ROUNDS = (
        f"INSERT INTO rounds ({_ROUND_COLUMNS}, owner, total) SELECT * FROM unnest("
        + ", ".join(f"${n}::{kind}[]" for n, kind in enumerate(ROUND_INSERT_TYPES, start=1))
        + ")"
        + _ONE_ACTIVE
        + " RETURNING id"
    )

    async def create_round(self, state: RoundState) -> None:
        if not await self._new_rounds(round_insert_values(state)):
            raise ActiveRoundExists(f"{state.owner} has a round in progress at {state.place}")

    async def _insert_round(self, values: tuple[Any, ...]) -> bool:
        """Whether the round went in (not: its owner has one in progress there)."""
        return await self._write(self._INSERT_ROUND, *values) == 1

    async def _insert_rounds(self, rows: Sequence[tuple[Any, ...]]) -> list[bool]:
        inserted = {row[0] for row in await self._pool.fetch(self._INSERT_ROUNDS, *columns_of(rows))}
        return [values[0] in inserted for values in rows]

    _SAVE_ROUND = SAVE_ROUND

    _SAVE_ROUND_AND_HOLE = (
        f"WITH saved AS ({SAVE_ROUND} RETURNING id)"
        " INSERT INTO holes (round_id, idx, player, place, deal, rules, moves, score, best, finished_at)"
        " SELECT $14::text, $15::int, $16::text, $17::text, $18::text, $19::text, $20::text, $21::int,"
        " $22::int, $23::text FROM saved"
    )
    """A hole's end in one statement, so one trip and one commit: the round under its version check and,
    only if that held, its finished hole (a broken constraint fails the statement, so writes neither)."""

    async def save_round(
        self, state: RoundState, *, previous_version: int, finished: HoleRecord | None = None
    ) -> None:
        args = round_save_values(state, previous_version)
        conflict = f"round {state.id} is not at version {previous_version}"
        if finished is None:  # a move: one UPDATE, sent with the others of this turn of the loop
            if not await self._moves.save(args):
                raise VersionConflict(conflict)
            return
        hole = hole_insert_values(finished)
        if await self._write(self._SAVE_ROUND_AND_HOLE, *args, *hole) != 1:
            raise VersionConflict(conflict)

    async def record_best(self, round_id: str, index: int, best: int) -> None:
        sql = "UPDATE holes SET best = $1 WHERE round_id = $2 AND idx = $3 AND best IS NULL"
        await self._write(sql, best, round_id, index)

    async def hole_bests(self, round_id: str) -> dict[int, int]:
        sql = "SELECT idx, best FROM holes WHERE round_id = $1 AND best IS NOT NULL"
        return {row["idx"]: row["best"] for row in await self._pool.fetch(sql, round_id)}

    async def _save_move(self, args: tuple[Any, ...]) -> bool:
        """One move alone (the values of ``round_save_values``): whether the round was at its version."""
        return await self._write(self._SAVE_ROUND, *args) == 1

    # ---- holes and stats -------------------------------------------------------------------------

    _HOLE_STATS = (
        "SELECT COUNT(*), AVG(score), AVG(CASE WHEN score <= 0 THEN 1.0 ELSE 0.0 END), MIN(score)"
        " FROM holes WHERE player = $1"
    )
    _HOLE_STATS_AT = f"{_HOLE_STATS} AND place = $2"
    _ROUND_STATS = (
        "SELECT COUNT(*), MIN(CASE WHEN holes = 9 THEN total END) FROM rounds"
        " WHERE status = 'finished' AND owner = $1"
    )
    _ROUND_STATS_AT = f"{_ROUND_STATS} AND place = $2"

    async def stats(self, player: str, place: str | None = None) -> Stats:
        if place is None:
            holes = await self._pool.fetchrow(self._HOLE_STATS, player)
            rounds = await self._pool.fetchrow(self._ROUND_STATS, player)
        else:
            holes = await self._pool.fetchrow(self._HOLE_STATS_AT, player, place)
            rounds = await self._pool.fetchrow(self._ROUND_STATS_AT, player, place)
        assert holes is not None and rounds is not None
        return stats_from_rows(holes, rounds)

    # ---- timers ----------------------------------------------------------------------------------

    async def add_timer(self, timer: Timer) -> None:
        await self._write(
            f"INSERT INTO timers ({TIMER_COLUMNS}) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO UPDATE"
            " SET kind = excluded.kind, due = excluded.due, payload = excluded.payload",
            *timer_values(timer),
        )

    async def due_timers(self, now: datetime, kinds: Collection[str] | None = None) -> list[Timer]:
        if kinds is None:
            rows = await self._pool.fetch(
                f'SELECT {TIMER_COLUMNS} FROM timers WHERE due COLLATE "C" <= $1', _ts(now)
            )
        else:  # an array parameter: one statement whatever the number of kinds
            rows = await self._pool.fetch(
                f'SELECT {TIMER_COLUMNS} FROM timers WHERE kind = ANY($1::text[]) AND due COLLATE "C" <= $2',
                sorted(set(kinds)),
                _ts(now),
            )
        return timers_from_rows(rows)

    async def next_due(self, kinds: Collection[str] | None = None) -> datetime | None:
        if kinds is None:
            rows = await self._pool.fetch('SELECT due FROM timers ORDER BY due COLLATE "C" LIMIT 1')
        else:
            rows = await self._pool.fetch(
                'SELECT due FROM timers WHERE kind = ANY($1::text[]) ORDER BY due COLLATE "C" LIMIT 1',
                sorted(set(kinds)),
            )
        return datetime.fromisoformat(rows[0][0]) if rows else None

    # The row is locked by the sub-select; a process that finds it locked by another claimer skips it at
    # once (SKIP LOCKED) instead of waiting for that claimer's commit: that one fires it.
    _CLAIM = (
        "DELETE FROM timers WHERE id = (SELECT id FROM timers WHERE id = $1 AND due = $2"
        " FOR UPDATE SKIP LOCKED)"
    )

    async def claim_timer(self, timer: Timer) -> bool:
        return await self._write(self._CLAIM, timer.id, _ts(timer.due)) == 1

    async def remove_timer(self, timer_id: str) -> None:
        await self._write("DELETE FROM timers WHERE id = $1", timer_id)


if TYPE_CHECKING:  # mypy checks that every role of the ports is here, with the same signatures

    def _conforms(store: PostgresStorage) -> CompetitionStorage:
        return store

    def _plays_daily(store: PostgresStorage) -> DailyStore:
        return store
