"""The CompetitionStore role of the PostgreSQL store (migration 0005): competitions under a version check,
and match results written with the competition that finished, in one transaction. The statements are
SQLite's (``adapters/sqlite/competition.py``; the storage adapters never import each other) with ``$n``
parameters and text ordered byte by byte (``COLLATE "C"``) as SQLite does."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import asyncpg

from bot.competition.results import Finish, MatchResult
from bot.competition.state import Competition, CompetitionStatus
from bot.models import Payload
from bot.ports import ConstraintViolation, VersionConflict


def _ts(value: datetime | None) -> str:
    return (value or datetime.now(UTC)).astimezone(UTC).isoformat()


_COLUMNS = "id, kind, place, status, version, parent, payload_version, payload, created_at, updated_at"


def _competition(row: Any) -> Competition:
    return Competition(
        id=row[0],
        kind=row[1],
        place=row[2],
        status=CompetitionStatus(row[3]),
        version=row[4],
        parent=row[5],
        payload=Payload(row[6], row[7]),
        created_at=datetime.fromisoformat(row[8]),
        updated_at=datetime.fromisoformat(row[9]),
    )


class PostgresCompetitions:
    """Mixed into PostgresStorage: it uses that class's pool and ``_write``."""

    if TYPE_CHECKING:
        _pool: asyncpg.Pool

        async def _write(self, sql: str, *args: Any) -> int: ...

    async def create_competition(self, competition: Competition) -> None:
        inserted = await self._write(
            f"INSERT INTO competitions ({_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
            " ON CONFLICT (id) DO NOTHING",
            competition.id,
            competition.kind,
            competition.place,
            competition.status.value,
            competition.version,
            competition.parent,
            competition.payload.version,
            competition.payload.data,
            _ts(competition.created_at),
            _ts(competition.updated_at),
        )
        if inserted != 1:
            raise ConstraintViolation(f"a competition {competition.id} exists already")

    async def load_competition(self, competition_id: str) -> Competition | None:
        row = await self._pool.fetchrow(f"SELECT {_COLUMNS} FROM competitions WHERE id = $1", competition_id)
        return None if row is None else _competition(row)

    _SAVE = (
        "UPDATE competitions SET status = $1, version = $2, payload_version = $3, payload = $4,"
        " updated_at = $5 WHERE id = $6 AND version = $7"
    )
    _RESULT = (
        "INSERT INTO match_results (match_id, player, place, seat, rank, holes_won, holes_lost, summary,"
        " finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
    )

    async def save_competition(
        self, competition: Competition, *, previous_version: int, result: MatchResult | None = None
    ) -> None:
        args = (
            competition.status.value,
            competition.version,
            competition.payload.version,
            competition.payload.data,
            _ts(competition.updated_at),
            competition.id,
            previous_version,
        )
        conflict = f"competition {competition.id} is not at version {previous_version}"
        if result is None:
            if await self._write(self._SAVE, *args) != 1:
                raise VersionConflict(conflict)
            return
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                status = await conn.execute(self._SAVE, *args)
                if int(status.rsplit(" ", 1)[-1]) != 1:
                    raise VersionConflict(conflict)
                await conn.executemany(
                    self._RESULT,
                    [
                        (
                            result.match_id,
                            f.player,
                            result.place,
                            seat,
                            f.rank,
                            f.holes_won,
                            f.holes_lost,
                            result.summary,
                            _ts(result.finished_at),
                        )
                        for seat, f in enumerate(result.finishes)
                    ],
                )
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintViolation(f"{type(error).__name__}: {error}") from error

    async def active_competitions(self, kinds: Collection[str] | None = None) -> list[Competition]:
        rows = await self._pool.fetch(
            f"SELECT {_COLUMNS} FROM competitions WHERE status IN ('open', 'playing')"
            ' ORDER BY created_at COLLATE "C", id COLLATE "C"'
        )
        found = [_competition(row) for row in rows]
        return [c for c in found if kinds is None or c.kind in kinds]

    async def results(self, place: str) -> list[MatchResult]:
        rows = await self._pool.fetch(
            "SELECT match_id, player, rank, holes_won, holes_lost, summary, finished_at FROM match_results"
            ' WHERE place = $1 ORDER BY finished_at COLLATE "C", match_id COLLATE "C", seat',
            place,
        )
        return list(_results(place, list(rows)))


def _results(place: str, rows: list[Any]) -> Iterable[MatchResult]:
    current: list[Any] = []
    for row in [*rows, None]:
        if current and (row is None or row[0] != current[0][0]):
            first = current[0]
            yield MatchResult(
                first[0],
                place,
                datetime.fromisoformat(first[6]),
                tuple(Finish(r[1], r[2], r[3], r[4]) for r in current),
                first[5],
            )
            current = []
        if row is not None:
            current.append(row)


if TYPE_CHECKING:  # mypy checks that PostgresStorage plays the role, with the same signatures
    from adapters.postgres.store import PostgresStorage
    from bot.ports import CompetitionStore

    def _conforms(store: PostgresStorage) -> CompetitionStore:
        return store
