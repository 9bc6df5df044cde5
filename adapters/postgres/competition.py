"""The CompetitionStore role of the PostgreSQL store (migration 0005): competitions under a version check,
and match results written with the competition that finished, in one transaction. The statements are
SQLite's (``adapters/sqlite/competition.py``; the storage adapters never import each other, and both read and
write the rows through ``adapters/competition_table.py``) with ``$n`` parameters and text ordered byte by
byte (``COLLATE "C"``) as SQLite does."""

from __future__ import annotations

from collections.abc import Collection

import asyncpg

from adapters.competition_table import (
    COMPETITION_COLUMNS,
    RESULT_COLUMNS,
    RESULT_READ_COLUMNS,
    competition_from_row,
    competition_save_values,
    competition_values,
    competitions_from_rows,
    result_rows,
    results_from_rows,
)
from adapters.postgres.base import PostgresConnection, rows_changed
from bot.models.competition import Competition
from bot.models.results import MatchResult
from bot.ports import ConstraintViolation, VersionConflict


class PostgresCompetitions(PostgresConnection):
    """Mixed into PostgresStorage (``store.py``); built on the pool of ``base.py``."""

    async def create_competition(self, competition: Competition) -> None:
        inserted = await self._write(
            f"INSERT INTO competitions ({COMPETITION_COLUMNS})"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING",
            *competition_values(competition),
        )
        if inserted != 1:
            raise ConstraintViolation(f"a competition {competition.id} exists already")

    async def load_competition(self, competition_id: str) -> Competition | None:
        row = await self._pool.fetchrow(
            f"SELECT {COMPETITION_COLUMNS} FROM competitions WHERE id = $1", competition_id
        )
        return None if row is None else competition_from_row(row)

    _SAVE = (
        "UPDATE competitions SET status = $1, version = $2, payload_version = $3, payload = $4,"
        " updated_at = $5 WHERE id = $6 AND version = $7"
    )
    _RESULT = f"INSERT INTO match_results ({RESULT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"

    async def save_competition(
        self, competition: Competition, *, previous_version: int, result: MatchResult | None = None
    ) -> None:
        args = competition_save_values(competition, previous_version)
        conflict = f"competition {competition.id} is not at version {previous_version}"
        if result is None:
            if await self._write(self._SAVE, *args) != 1:
                raise VersionConflict(conflict)
            return
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                status = await conn.execute(self._SAVE, *args)
                if rows_changed(status) != 1:
                    raise VersionConflict(conflict)
                await conn.executemany(self._RESULT, result_rows(result))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintViolation(f"{type(error).__name__}: {error}") from error

    async def active_competitions(self, kinds: Collection[str] | None = None) -> list[Competition]:
        rows = await self._pool.fetch(
            f"SELECT {COMPETITION_COLUMNS} FROM competitions WHERE status IN ('open', 'playing')"
            ' ORDER BY created_at COLLATE "C", id COLLATE "C"'
        )
        return competitions_from_rows(rows, kinds)

    async def results(self, place: str) -> list[MatchResult]:
        rows = await self._pool.fetch(
            f"SELECT {RESULT_READ_COLUMNS} FROM match_results"
            ' WHERE place = $1 ORDER BY finished_at COLLATE "C", match_id COLLATE "C", seat',
            place,
        )
        return results_from_rows(place, rows)
