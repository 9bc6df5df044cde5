"""The ``rounds`` table's row, read and written the same way by every SQL store (SQLite and PostgreSQL): the
columns, a RoundState from a row, and the values of an insert and of a save; the ``holes`` row of a finished
hole; and a player's Stats from both. Only the placeholders differ between the dialects, so the stores keep
their statements and share this."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from bot.models import HoleRecord, Payload, RoundState, RoundStatus, Stats

ROUND_COLUMNS = (
    "id, kind, place, players, rules, holes, par_for_nine, casual, deals, scores, best, moves,"
    " version, status, hints, started_at, updated_at, payload_version, payload, undos"
)
"""What a SELECT of a round reads, in the order ``round_from_row`` expects."""


def stored_time(value: datetime | None) -> str:
    """Stored in UTC as ISO text: timers are compared as text, which is right only within one time zone."""
    return (value or datetime.now(UTC)).astimezone(UTC).isoformat()


def read_time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def round_from_row(row: Any) -> RoundState:
    """A round from a row of ``ROUND_COLUMNS`` (an aiosqlite tuple or an asyncpg Record)."""
    return RoundState(
        id=row[0],
        kind=row[1],
        place=row[2],
        players=tuple(json.loads(row[3])),
        rules=row[4],
        holes=row[5],
        par_for_nine=row[6],
        casual=bool(row[7]),
        deals=tuple(int(d) for d in json.loads(row[8])),
        scores=tuple(json.loads(row[9])),
        best=tuple(json.loads(row[10])),
        moves=tuple(row[11].split()),
        version=row[12],
        status=RoundStatus(row[13]),
        hints=row[14],
        started_at=read_time(row[15]),
        updated_at=read_time(row[16]),
        payload=Payload(row[17], row[18]),
        undos=row[19],
    )


ROUND_INSERT_TYPES: tuple[str, ...] = (
    *("text",) * 5,  # id, kind, place, players, rules
    *("int",) * 3,  # holes, par_for_nine, casual
    *("text",) * 4,  # deals, scores, best, moves
    *("int", "text", "int"),  # version, status, hints
    *("text",) * 2,  # started_at, updated_at
    *("int", "text", "int", "text", "int"),  # payload_version, payload, undos, owner, total
)
"""The SQL type of each of ``round_insert_values`` (PostgreSQL's batched insert casts its arrays to them)."""


def round_insert_values(state: RoundState) -> tuple[Any, ...]:
    """The values of ``INSERT INTO rounds (ROUND_COLUMNS, owner, total)``."""
    return (
        state.id,
        state.kind,
        state.place,
        json.dumps(list(state.players)),
        state.rules,
        state.holes,
        state.par_for_nine,
        int(state.casual),
        json.dumps([str(d) for d in state.deals]),  # deal numbers reach 20 digits: text, not JSON numbers
        json.dumps(list(state.scores)),
        json.dumps(list(state.best)),
        " ".join(state.moves),
        state.version,
        state.status.value,
        state.hints,
        stored_time(state.started_at),
        stored_time(state.updated_at),
        state.payload.version,
        state.payload.data,
        state.undos,
        state.owner,
        sum(state.scores),
    )


def round_save_values(state: RoundState, previous_version: int) -> tuple[Any, ...]:
    """The values of ``UPDATE rounds SET scores, best, moves, total, version, status, hints, updated_at,
    payload_version, payload, undos WHERE id AND version``."""
    return (
        json.dumps(list(state.scores)),
        json.dumps(list(state.best)),
        " ".join(state.moves),
        sum(state.scores),
        state.version,
        state.status.value,
        state.hints,
        stored_time(state.updated_at),
        state.payload.version,
        state.payload.data,
        state.undos,
        state.id,
        previous_version,
    )


def hole_insert_values(finished: HoleRecord) -> tuple[Any, ...]:
    """The values of ``INSERT INTO holes (round_id, idx, player, place, deal, rules, moves, score, best,
    finished_at)``."""
    return (
        finished.round_id,
        finished.index,
        finished.player,
        finished.place,
        str(finished.deal),
        finished.rules,
        " ".join(finished.moves),
        finished.score,
        finished.best,
        stored_time(finished.finished_at),
    )


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


def stats_from_rows(holes: Any, rounds: Any) -> Stats:
    """A player's Stats from the row of ``SELECT COUNT(*), AVG(score), AVG(<cleared: 1.0 or 0.0>),
    MIN(score) FROM holes`` and that of ``SELECT COUNT(*), MIN(<a nine-hole round's total>) FROM rounds``
    (PostgreSQL's AVG is a ``numeric``: a float here, as SQLite's is)."""
    return Stats(
        rounds_played=rounds[0],
        best_round=rounds[1],
        holes_played=holes[0],
        average_hole=_float(holes[1]),
        cleared_share=_float(holes[2]),
        best_hole=holes[3],
    )
