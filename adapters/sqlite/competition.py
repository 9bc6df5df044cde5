"""The CompetitionStore role of the SQLite store (migration 0005): competitions under a version check,
and match results written with the competition that finished, in one transaction. The rows are read and
written through ``adapters/competition_table.py``, as the PostgreSQL store does."""

from __future__ import annotations

from collections.abc import Collection

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
from adapters.sqlite.base import SqliteConnection
from bot.models.competition import Competition
from bot.models.results import MatchResult
from bot.ports import ConstraintViolation, VersionConflict


class SqliteCompetitions(SqliteConnection):
    """Mixed into SqliteStorage (``store.py``); built on the connection of ``base.py``."""

    async def create_competition(self, competition: Competition) -> None:
        inserted = await self._write(
            f"INSERT INTO competitions ({COMPETITION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (id) DO NOTHING",
            competition_values(competition),
        )
        if inserted != 1:
            raise ConstraintViolation(f"a competition {competition.id} exists already")

    async def load_competition(self, competition_id: str) -> Competition | None:
        rows = await self._all(
            f"SELECT {COMPETITION_COLUMNS} FROM competitions WHERE id = ?", (competition_id,)
        )
        return competition_from_row(rows[0]) if rows else None

    _SAVE = (
        "UPDATE competitions SET status = ?, version = ?, payload_version = ?, payload = ?, updated_at = ?"
        " WHERE id = ? AND version = ?"
    )
    _RESULT = f"INSERT INTO match_results ({RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    async def save_competition(
        self, competition: Competition, *, previous_version: int, result: MatchResult | None = None
    ) -> None:
        args = competition_save_values(competition, previous_version)
        conflict = f"competition {competition.id} is not at version {previous_version}"
        if result is None:
            if await self._write(self._SAVE, args) != 1:
                raise VersionConflict(conflict)
            return
        async with self._transaction() as db:
            if (await db.execute(self._SAVE, args)).rowcount != 1:
                raise VersionConflict(conflict)
            await db.executemany(self._RESULT, result_rows(result))

    async def active_competitions(self, kinds: Collection[str] | None = None) -> list[Competition]:
        rows = await self._all(
            f"SELECT {COMPETITION_COLUMNS} FROM competitions WHERE status IN ('open', 'playing')"
            " ORDER BY created_at, id"
        )
        return competitions_from_rows(rows, kinds)

    async def results(self, place: str) -> list[MatchResult]:
        rows = await self._all(
            f"SELECT {RESULT_READ_COLUMNS} FROM match_results WHERE place = ?"
            " ORDER BY finished_at, match_id, seat",
            (place,),
        )
        return results_from_rows(place, rows)
