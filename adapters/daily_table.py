"""The daily challenge's rows, read and written the same way by every SQL store (SQLite and PostgreSQL):
``daily_settings``, ``daily_days`` and ``daily_results``, and the ranks of a leaderboard page. Only the
placeholders and the collations differ between the dialects, so the stores keep their statements and share
this (as ``adapters/rounds_table.py`` does for rounds)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from bot.models.daily import DailyDay, DailyResult, DailySettings, DayRow, PeriodRow

SECRET_KEY = "daily_secret"
"""The ``installation`` row of the secret the courses are derived from."""

DAY_COLUMNS = "place, day, zone, rules, par_for_nine, deals, commitment, closes_at, best, closed"
"""What a SELECT of a day reads (and an INSERT writes), in the order ``day_from_row`` expects."""

SETTINGS_COLUMNS = "zone, holes, rules, channel, post"
RESULT_COLUMNS = "round_id, holes_played, total, to_par, finished, at_or_under_par"


def secret_values(candidate: bytes) -> tuple[str, str]:
    """The values of ``INSERT INTO installation (key, value)``: the secret, kept unless one is there."""
    return (SECRET_KEY, candidate.hex())


def secret_from_row(row: Any) -> bytes:
    """The secret from the row of ``SELECT value FROM installation WHERE key = SECRET_KEY``."""
    return bytes.fromhex(row[0])


def settings_from_row(row: Any) -> DailySettings:
    """A place's settings from a row of ``SETTINGS_COLUMNS`` (the defaults when there is no row)."""
    if row is None:
        return DailySettings()
    return DailySettings(zone=row[0], holes=row[1], rules=row[2], channel=row[3], post=bool(row[4]))


def settings_values(place: str, settings: DailySettings) -> tuple[Any, ...]:
    """The values of ``INSERT INTO daily_settings (place, SETTINGS_COLUMNS)``."""
    return (place, settings.zone, settings.holes, settings.rules, settings.channel, int(settings.post))


def day_from_row(row: Any) -> DailyDay:
    """A day from a row of ``DAY_COLUMNS`` (an aiosqlite tuple or an asyncpg Record)."""
    return DailyDay(
        place=row[0],
        day=date.fromisoformat(row[1]),
        zone=row[2],
        rules=row[3],
        par_for_nine=row[4],
        deals=tuple(int(d) for d in json.loads(row[5])),
        commitment=row[6],
        closes_at=datetime.fromisoformat(row[7]),
        best=tuple(json.loads(row[8])),
        closed=bool(row[9]),
    )


def day_values(day: DailyDay) -> tuple[Any, ...]:
    """The values of ``INSERT INTO daily_days (DAY_COLUMNS)``."""
    return (
        day.place,
        day.day.isoformat(),
        day.zone,
        day.rules,
        day.par_for_nine,
        json.dumps([str(d) for d in day.deals]),  # deal numbers reach 20 digits: text, not JSON numbers
        day.commitment,
        day.closes_at.astimezone(UTC).isoformat(),
        json.dumps(list(day.best)),
        int(day.closed),
    )


def days_from_rows(rows: Iterable[Any]) -> list[date]:
    """The days of rows of ``SELECT day FROM daily_days``."""
    return [date.fromisoformat(row[0]) for row in rows]


def best_value(best: tuple[int | None, ...]) -> str:
    return json.dumps(list(best))


def result_values(result: DailyResult) -> tuple[Any, ...]:
    """The values of ``INSERT INTO daily_results (place, day, player, RESULT_COLUMNS)``."""
    return (
        result.place,
        result.day.isoformat(),
        result.player,
        result.round_id,
        result.holes_played,
        result.total,
        result.to_par,
        int(result.finished),
        int(result.at_or_under_par),
    )


def result_from_row(place: str, day: date, player: str, row: Any) -> DailyResult:
    """A player's result from a row of ``RESULT_COLUMNS``."""
    return DailyResult(place, day, player, row[0], row[1], row[2], row[3], bool(row[4]), bool(row[5]))


def player_days_from_rows(rows: Iterable[Any]) -> dict[date, bool]:
    """Each day a player has a result, and whether it is at or under par, from rows of ``SELECT day,
    at_or_under_par FROM daily_results``."""
    return {date.fromisoformat(row[0]): bool(row[1]) for row in rows}


def count_from_row(row: Any) -> int:
    """The number of the row of a ``SELECT COUNT(*)`` (0 when it came back empty)."""
    return 0 if row is None else int(row[0])


def monday(day: date) -> date:
    """The Monday that starts the day's ISO week (the key of ``daily_weeks``)."""
    return day - timedelta(days=day.weekday())


def _ranks(offset: int, ahead: int, keys: list[tuple[float, ...]]) -> list[int]:
    """Competition ranks of a page that starts at ``offset``, whose first row has ``ahead`` rows before it
    that rank better (fewer than ``offset`` when its tie began on an earlier page)."""
    ranks = [ahead + 1]
    for i in range(1, len(keys)):
        ranks.append(ranks[-1] if keys[i] == keys[i - 1] else offset + i + 1)
    return ranks


def day_ahead_values(row: Any) -> tuple[Any, ...]:
    """The values that count the results ranked ahead of a row of a day's table (as ``day_rows`` reads
    them): ``to_par < ? OR (to_par = ? AND holes_played > ?)``."""
    return (row[3], row[3], row[4])


def day_rows(offset: int, ahead: int, rows: list[Any]) -> list[DayRow]:
    """A page of a day's table from rows of (player, name, total, to_par, holes_played, finished) read in
    rank order; ``ahead`` is the count of the rows ranked ahead of the first one."""
    ranks = _ranks(offset, ahead, [(r[3], -r[4]) for r in rows])
    return [DayRow(k, r[0], r[1], r[2], r[3], r[4], bool(r[5])) for k, r in zip(ranks, rows, strict=True)]


def period_ahead_values(row: Any) -> tuple[Any, ...]:
    """The values that count the rows ranked ahead of a row of the week's or the all-time table (as
    ``period_rows`` reads them): ``wins > ? OR (wins = ? AND (average_to_par < ? OR (average_to_par = ?
    AND days > ?)))``."""
    _, _, days, average, wins, _ = row
    return (wins, wins, average, average, days)


def period_rows(offset: int, ahead: int, rows: list[Any]) -> list[PeriodRow]:
    """A page of the week's or the all-time table from rows of (player, name, days, average_to_par, wins,
    best_to_par) read in rank order; ``ahead`` as for ``day_rows``."""
    ranks = _ranks(offset, ahead, [(-r[4], r[3], -r[2]) for r in rows])
    return [PeriodRow(k, r[0], r[1], r[2], float(r[3]), r[4], r[5]) for k, r in zip(ranks, rows, strict=True)]
