"""The ``timers`` rows, read and written the same way by every SQL store (SQLite and PostgreSQL). Only the
placeholders, the collations and how a timer is claimed differ between the dialects, so the stores keep
their statements and share this (as ``adapters/rounds_table.py`` does for rounds)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from adapters.rounds_table import stored_time
from bot.models import Timer

TIMER_COLUMNS = "id, kind, due, payload"
"""What a SELECT of a timer reads (and an INSERT writes), in the order ``timer_from_row`` expects."""


def timer_values(timer: Timer) -> tuple[str, str, str, str]:
    """The values of ``INSERT INTO timers (TIMER_COLUMNS)``."""
    return (timer.id, timer.kind, stored_time(timer.due), timer.payload)


def timer_from_row(row: Any) -> Timer:
    return Timer(id=row[0], kind=row[1], due=datetime.fromisoformat(row[2]), payload=row[3])


def timers_from_rows(rows: Iterable[Any]) -> list[Timer]:
    """The timers of rows of ``TIMER_COLUMNS``, in the order they fall due (then by id)."""
    return sorted((timer_from_row(row) for row in rows), key=lambda t: (t.due, t.id))
