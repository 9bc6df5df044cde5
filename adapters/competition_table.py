"""The ``competitions`` and ``match_results`` rows, read and written the same way by every SQL store (SQLite
and PostgreSQL). Only the placeholders and the collations differ between the dialects, so the stores keep
their statements and share this (as ``adapters/rounds_table.py`` does for rounds)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime
from typing import Any

from adapters.rounds_table import stored_time
from bot.models import Payload
from bot.models.competition import Competition, CompetitionStatus
from bot.models.results import Finish, MatchResult

COMPETITION_COLUMNS = (
    "id, kind, place, status, version, parent, payload_version, payload, created_at, updated_at"
)
"""What a SELECT of a competition reads (and an INSERT writes), in the order ``competition_from_row``
expects."""

RESULT_COLUMNS = "match_id, player, place, seat, rank, holes_won, holes_lost, summary, finished_at, game"
"""What an INSERT of a match result's row writes (one row a player), as ``result_rows`` gives them."""

RESULT_READ_COLUMNS = "match_id, player, rank, holes_won, holes_lost, summary, finished_at, game"
"""What a SELECT of results reads, ordered by finish, match and seat, for ``results_from_rows``."""


def competition_from_row(row: Any) -> Competition:
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


def competitions_from_rows(rows: Iterable[Any], kinds: Collection[str] | None = None) -> list[Competition]:
    """The competitions of rows of ``COMPETITION_COLUMNS``, in their order; those of ``kinds`` only (all
    when None)."""
    found = [competition_from_row(row) for row in rows]
    return [c for c in found if kinds is None or c.kind in kinds]


def competition_values(competition: Competition) -> tuple[Any, ...]:
    """The values of ``INSERT INTO competitions (COMPETITION_COLUMNS)``."""
    return (
        competition.id,
        competition.kind,
        competition.place,
        competition.status.value,
        competition.version,
        competition.parent,
        competition.payload.version,
        competition.payload.data,
        stored_time(competition.created_at),
        stored_time(competition.updated_at),
    )


def competition_save_values(competition: Competition, previous_version: int) -> tuple[Any, ...]:
    """The values of ``UPDATE competitions SET status, version, payload_version, payload, updated_at WHERE
    id AND version``: kind, place, parent and created_at never change."""
    return (
        competition.status.value,
        competition.version,
        competition.payload.version,
        competition.payload.data,
        stored_time(competition.updated_at),
        competition.id,
        previous_version,
    )


def result_rows(result: MatchResult) -> list[tuple[Any, ...]]:
    """The rows of ``INSERT INTO match_results (RESULT_COLUMNS)``: one a player, by seat."""
    return [
        (
            result.match_id,
            f.player,
            result.place,
            seat,
            f.rank,
            f.holes_won,
            f.holes_lost,
            result.summary,
            stored_time(result.finished_at),
            result.game,
        )
        for seat, f in enumerate(result.finishes)
    ]


def results_from_rows(place: str, rows: Iterable[Any]) -> list[MatchResult]:
    """The results at ``place`` from rows of ``RESULT_READ_COLUMNS`` (a match's rows next to each other)."""
    found: list[MatchResult] = []
    current: list[Any] = []
    for row in [*rows, None]:
        if current and (row is None or row[0] != current[0][0]):
            first = current[0]
            found.append(
                MatchResult(
                    first[0],
                    place,
                    datetime.fromisoformat(first[6]),
                    tuple(Finish(r[1], r[2], r[3], r[4]) for r in current),
                    first[5],
                    first[7],
                )
            )
            current = []
        if row is not None:
            current.append(row)
    return found
