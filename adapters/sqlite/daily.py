"""The daily challenge's storage role (``bot.ports.DailyStore``) in SQLite, built on the connection of
``base.py`` and mixed into SqliteStorage (``store.py``); its rows are read and written through
``adapters/daily_table.py``, as the PostgreSQL store does.

Leaderboards are read in rank order from an index: a day's table ranks that day's results with a window
function (ties share a rank); the all-time table is ``daily_totals``, which closing a day adds to once, in
the transaction that marks the day closed.
"""

from __future__ import annotations

from datetime import date

from adapters.daily_table import (
    DAY_COLUMNS,
    RESULT_COLUMNS,
    SECRET_KEY,
    SETTINGS_COLUMNS,
    best_value,
    count_from_row,
    day_ahead_values,
    day_from_row,
    day_rows,
    day_values,
    days_from_rows,
    monday,
    period_ahead_values,
    period_rows,
    player_days_from_rows,
    result_from_row,
    result_values,
    secret_from_row,
    secret_values,
    settings_from_row,
    settings_values,
)
from adapters.sqlite.base import SqliteConnection
from bot.models.daily import DailyDay, DailyResult, DailySettings, DayRow, PeriodRow
from bot.ports import ConstraintViolation

_ADD_TO_TOTALS = (
    "INSERT INTO daily_totals (place, player, days, sum_to_par, average_to_par, wins, best_to_par)"
    " SELECT place, player, 1, to_par, to_par, won, to_par FROM daily_results WHERE place = ? AND day = ?"
    " ON CONFLICT (place, player) DO UPDATE SET days = days + 1,"
    " sum_to_par = sum_to_par + excluded.sum_to_par,"
    " average_to_par = CAST(sum_to_par + excluded.sum_to_par AS REAL) / (days + 1),"
    " wins = wins + excluded.wins, best_to_par = MIN(best_to_par, excluded.best_to_par)"
)
_ADD_TO_WEEK = (
    "INSERT INTO daily_weeks (place, week, player, days, sum_to_par, average_to_par, wins, best_to_par)"
    " SELECT place, ?, player, 1, to_par, to_par, won, to_par FROM daily_results WHERE place = ? AND day = ?"
    " ON CONFLICT (place, week, player) DO UPDATE SET days = days + 1,"
    " sum_to_par = sum_to_par + excluded.sum_to_par,"
    " average_to_par = CAST(sum_to_par + excluded.sum_to_par AS REAL) / (days + 1),"
    " wins = wins + excluded.wins, best_to_par = MIN(best_to_par, excluded.best_to_par)"
)


_BETTER = " AND (wins > ? OR (wins = ? AND (average_to_par < ? OR (average_to_par = ? AND days > ?))))"
_PERIOD_PAGES = {
    "daily_totals": (
        "SELECT t.player, COALESCE(p.name, ''), t.days, t.average_to_par, t.wins, t.best_to_par"
        " FROM daily_totals AS t LEFT JOIN players AS p ON p.key = t.player WHERE t.place = ?"
        " ORDER BY t.wins DESC, t.average_to_par, t.days DESC, t.player LIMIT ? OFFSET ?",
        "SELECT COUNT(*) FROM daily_totals WHERE place = ?" + _BETTER,
    ),
    "daily_weeks": (
        "SELECT t.player, COALESCE(p.name, ''), t.days, t.average_to_par, t.wins, t.best_to_par"
        " FROM daily_weeks AS t LEFT JOIN players AS p ON p.key = t.player WHERE t.place = ? AND t.week = ?"
        " ORDER BY t.wins DESC, t.average_to_par, t.days DESC, t.player LIMIT ? OFFSET ?",
        "SELECT COUNT(*) FROM daily_weeks WHERE place = ? AND week = ?" + _BETTER,
    ),
}
"""A page of a table, and the count of the rows ranked ahead of a row (constant statements)."""


class SqliteDailyStore(SqliteConnection):
    async def installation_secret(self, candidate: bytes) -> bytes:
        await self._write(
            "INSERT INTO installation (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
            secret_values(candidate),
        )
        row = await self._one("SELECT value FROM installation WHERE key = ?", (SECRET_KEY,))
        assert row is not None
        return secret_from_row(row)

    async def daily_settings(self, place: str) -> DailySettings:
        row = await self._one(f"SELECT {SETTINGS_COLUMNS} FROM daily_settings WHERE place = ?", (place,))
        return settings_from_row(row)

    async def save_daily_settings(self, place: str, settings: DailySettings) -> None:
        await self._write(
            f"INSERT INTO daily_settings (place, {SETTINGS_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (place) DO UPDATE SET zone = excluded.zone, holes = excluded.holes,"
            " rules = excluded.rules, channel = excluded.channel, post = excluded.post",
            settings_values(place, settings),
        )

    async def open_day(self, day: DailyDay) -> DailyDay:
        await self._write(
            f"INSERT INTO daily_days ({DAY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (place, day) DO NOTHING",
            day_values(day),
        )
        stored = await self.daily_day(day.place, day.day)
        assert stored is not None
        return stored

    async def daily_day(self, place: str, day: date) -> DailyDay | None:
        row = await self._one(
            f"SELECT {DAY_COLUMNS} FROM daily_days WHERE place = ? AND day = ?", (place, day.isoformat())
        )
        return None if row is None else day_from_row(row)

    async def latest_day(self, place: str) -> DailyDay | None:
        row = await self._one(
            f"SELECT {DAY_COLUMNS} FROM daily_days WHERE place = ? ORDER BY day DESC LIMIT 1", (place,)
        )
        return None if row is None else day_from_row(row)

    async def open_days(self) -> list[DailyDay]:
        rows = await self._all(
            f"SELECT {DAY_COLUMNS} FROM daily_days WHERE closed = 0 ORDER BY closes_at, place"
        )
        return [day_from_row(row) for row in rows]

    async def place_days(self, place: str) -> list[date]:
        rows = await self._all("SELECT day FROM daily_days WHERE place = ? ORDER BY day", (place,))
        return days_from_rows(rows)

    async def save_day_best(self, place: str, day: date, best: tuple[int | None, ...]) -> None:
        await self._write(
            "UPDATE daily_days SET best = ? WHERE place = ? AND day = ?",
            (best_value(best), place, day.isoformat()),
        )

    async def record_result(self, result: DailyResult) -> None:
        changed = await self._write(
            f"INSERT INTO daily_results (place, day, player, {RESULT_COLUMNS})"
            " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? FROM daily_days"
            " WHERE place = ? AND day = ? AND closed = 0"
            " ON CONFLICT (place, day, player) DO UPDATE SET round_id = excluded.round_id,"
            " holes_played = excluded.holes_played, total = excluded.total, to_par = excluded.to_par,"
            " finished = excluded.finished, at_or_under_par = excluded.at_or_under_par"
            " WHERE excluded.holes_played >= daily_results.holes_played",
            (*result_values(result), result.place, result.day.isoformat()),
        )
        if not changed and await self.daily_day(result.place, result.day) is None:
            raise ConstraintViolation(f"a result of a day never opened: {result.place} {result.day}")

    async def daily_result(self, place: str, day: date, player: str) -> DailyResult | None:
        row = await self._one(
            f"SELECT {RESULT_COLUMNS} FROM daily_results WHERE place = ? AND day = ? AND player = ?",
            (place, day.isoformat(), player),
        )
        return None if row is None else result_from_row(place, day, player, row)

    async def player_days(self, place: str, player: str) -> dict[date, bool]:
        rows = await self._all(
            "SELECT day, at_or_under_par FROM daily_results WHERE place = ? AND player = ?", (place, player)
        )
        return player_days_from_rows(rows)

    async def close_day(self, place: str, day: date) -> bool:
        key = (place, day.isoformat())
        async with self._transaction() as db:
            closing = await db.execute(
                "UPDATE daily_days SET closed = 1 WHERE place = ? AND day = ? AND closed = 0", key
            )
            if closing.rowcount == 0:
                return False
            await db.execute(
                "UPDATE daily_results SET won = 1 WHERE place = ? AND day = ? AND (to_par, holes_played) ="
                " (SELECT to_par, holes_played FROM daily_results WHERE place = ? AND day = ?"
                " ORDER BY to_par, holes_played DESC LIMIT 1)",
                key + key,
            )
            await db.execute(_ADD_TO_TOTALS, key)
            await db.execute(_ADD_TO_WEEK, (monday(day).isoformat(), *key))
        return True

    async def day_board(self, place: str, day: date, offset: int = 0, limit: int = 10) -> list[DayRow]:
        # the page is read in rank order straight from the index; only the rank of its first row takes a
        # count (of the rows ahead of it), the others follow from it: ties share a rank
        key = (place, day.isoformat())
        rows = await self._all(
            "SELECT r.player, COALESCE(p.name, ''), r.total, r.to_par, r.holes_played, r.finished"
            " FROM daily_results AS r LEFT JOIN players AS p ON p.key = r.player"
            " WHERE r.place = ? AND r.day = ? ORDER BY r.to_par, r.holes_played DESC, r.player"
            " LIMIT ? OFFSET ?",
            (*key, limit, offset),
        )
        if not rows:
            return []
        ahead = await self._one(
            "SELECT COUNT(*) FROM daily_results WHERE place = ? AND day = ?"
            " AND (to_par < ? OR (to_par = ? AND holes_played > ?))",
            (*key, *day_ahead_values(rows[0])),
        )
        return day_rows(offset, count_from_row(ahead), rows)

    async def day_entries(self, place: str, day: date) -> int:
        row = await self._one(
            "SELECT COUNT(*) FROM daily_results WHERE place = ? AND day = ?", (place, day.isoformat())
        )
        return count_from_row(row)

    async def week_board(self, place: str, week: date, offset: int = 0, limit: int = 10) -> list[PeriodRow]:
        return await self._period_page("daily_weeks", (place, monday(week).isoformat()), offset, limit)

    async def all_time_board(self, place: str, offset: int = 0, limit: int = 10) -> list[PeriodRow]:
        return await self._period_page("daily_totals", (place,), offset, limit)

    async def _period_page(
        self, table: str, key: tuple[str, ...], offset: int, limit: int
    ) -> list[PeriodRow]:
        """A page of ``daily_totals`` or ``daily_weeks``, read in rank order from its index; the rank of
        the first row by counting the rows ahead of it, the others from it."""
        page, ahead_of = _PERIOD_PAGES[table]
        rows = await self._all(page, (*key, limit, offset))
        if not rows:
            return []
        ahead = await self._one(ahead_of, (*key, *period_ahead_values(rows[0])))
        return period_rows(offset, count_from_row(ahead), rows)
