"""The daily challenge's storage role (``bot.ports.DailyStore``) in SQLite, mixed into SqliteStorage.

Leaderboards are read in rank order from an index: a day's table ranks that day's results with a window
function (ties share a rank); the all-time table is ``daily_totals``, which closing a day adds to once, in
the transaction that marks the day closed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

import aiosqlite

from bot.daily.models import DailyDay, DailyResult, DailySettings, DayRow, PeriodRow
from bot.ports import ConstraintViolation

_SECRET = "daily_secret"
_DAY_COLUMNS = "place, day, zone, rules, par_for_nine, deals, commitment, closes_at, best, closed"


def _day(row: Any) -> DailyDay:
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


def _period(row: Any) -> PeriodRow:
    return PeriodRow(
        rank=row[0],
        player=row[1],
        name=row[2],
        days=row[3],
        average_to_par=float(row[4]),
        wins=row[5],
        best_to_par=row[6],
    )


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


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _ranks(offset: int, ahead: int, keys: list[tuple[float, ...]]) -> list[int]:
    """Competition ranks of a page that starts at ``offset``, whose first row has ``ahead`` rows before it
    that rank better (fewer than ``offset`` when its tie began on an earlier page)."""
    ranks = [ahead + 1]
    for i in range(1, len(keys)):
        ranks.append(ranks[-1] if keys[i] == keys[i - 1] else offset + i + 1)
    return ranks


class SqliteDailyStore:
    if TYPE_CHECKING:  # provided by SqliteStorage

        async def _write(self, sql: str, args: Iterable[Any] = ()) -> int: ...
        async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Any]: ...
        async def _one(self, sql: str, args: Iterable[Any] = ()) -> aiosqlite.Row | None: ...
        def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...

    async def installation_secret(self, candidate: bytes) -> bytes:
        await self._write(
            "INSERT INTO installation (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
            (_SECRET, candidate.hex()),
        )
        row = await self._one("SELECT value FROM installation WHERE key = ?", (_SECRET,))
        assert row is not None
        return bytes.fromhex(row[0])

    async def daily_settings(self, place: str) -> DailySettings:
        row = await self._one(
            "SELECT zone, holes, rules, channel, post FROM daily_settings WHERE place = ?", (place,)
        )
        if row is None:
            return DailySettings()
        return DailySettings(zone=row[0], holes=row[1], rules=row[2], channel=row[3], post=bool(row[4]))

    async def save_daily_settings(self, place: str, settings: DailySettings) -> None:
        await self._write(
            "INSERT INTO daily_settings (place, zone, holes, rules, channel, post) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (place) DO UPDATE SET zone = excluded.zone, holes = excluded.holes,"
            " rules = excluded.rules, channel = excluded.channel, post = excluded.post",
            (place, settings.zone, settings.holes, settings.rules, settings.channel, int(settings.post)),
        )

    async def open_day(self, day: DailyDay) -> DailyDay:
        await self._write(
            f"INSERT INTO daily_days ({_DAY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (place, day) DO NOTHING",
            (
                day.place,
                day.day.isoformat(),
                day.zone,
                day.rules,
                day.par_for_nine,
                json.dumps([str(d) for d in day.deals]),
                day.commitment,
                day.closes_at.astimezone(UTC).isoformat(),
                json.dumps(list(day.best)),
                int(day.closed),
            ),
        )
        stored = await self.daily_day(day.place, day.day)
        assert stored is not None
        return stored

    async def daily_day(self, place: str, day: date) -> DailyDay | None:
        row = await self._one(
            f"SELECT {_DAY_COLUMNS} FROM daily_days WHERE place = ? AND day = ?", (place, day.isoformat())
        )
        return None if row is None else _day(row)

    async def latest_day(self, place: str) -> DailyDay | None:
        row = await self._one(
            f"SELECT {_DAY_COLUMNS} FROM daily_days WHERE place = ? ORDER BY day DESC LIMIT 1", (place,)
        )
        return None if row is None else _day(row)

    async def open_days(self) -> list[DailyDay]:
        rows = await self._all(
            f"SELECT {_DAY_COLUMNS} FROM daily_days WHERE closed = 0 ORDER BY closes_at, place"
        )
        return [_day(row) for row in rows]

    async def place_days(self, place: str) -> list[date]:
        rows = await self._all("SELECT day FROM daily_days WHERE place = ? ORDER BY day", (place,))
        return [date.fromisoformat(row[0]) for row in rows]

    async def save_day_best(self, place: str, day: date, best: tuple[int | None, ...]) -> None:
        await self._write(
            "UPDATE daily_days SET best = ? WHERE place = ? AND day = ?",
            (json.dumps(list(best)), place, day.isoformat()),
        )

    async def record_result(self, result: DailyResult) -> None:
        changed = await self._write(
            "INSERT INTO daily_results (place, day, player, round_id, holes_played, total, to_par,"
            " finished, at_or_under_par) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? FROM daily_days"
            " WHERE place = ? AND day = ? AND closed = 0"
            " ON CONFLICT (place, day, player) DO UPDATE SET round_id = excluded.round_id,"
            " holes_played = excluded.holes_played, total = excluded.total, to_par = excluded.to_par,"
            " finished = excluded.finished, at_or_under_par = excluded.at_or_under_par"
            " WHERE excluded.holes_played >= daily_results.holes_played",
            (
                result.place,
                result.day.isoformat(),
                result.player,
                result.round_id,
                result.holes_played,
                result.total,
                result.to_par,
                int(result.finished),
                int(result.at_or_under_par),
                result.place,
                result.day.isoformat(),
            ),
        )
        if not changed and await self.daily_day(result.place, result.day) is None:
            raise ConstraintViolation(f"a result of a day never opened: {result.place} {result.day}")

    async def daily_result(self, place: str, day: date, player: str) -> DailyResult | None:
        row = await self._one(
            "SELECT round_id, holes_played, total, to_par, finished, at_or_under_par FROM daily_results"
            " WHERE place = ? AND day = ? AND player = ?",
            (place, day.isoformat(), player),
        )
        if row is None:
            return None
        return DailyResult(place, day, player, row[0], row[1], row[2], row[3], bool(row[4]), bool(row[5]))

    async def player_days(self, place: str, player: str) -> dict[date, bool]:
        rows = await self._all(
            "SELECT day, at_or_under_par FROM daily_results WHERE place = ? AND player = ?", (place, player)
        )
        return {date.fromisoformat(row[0]): bool(row[1]) for row in rows}

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
            await db.execute(_ADD_TO_WEEK, (_monday(day).isoformat(), *key))
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
            (*key, rows[0][3], rows[0][3], rows[0][4]),
        )
        ranks = _ranks(offset, 0 if ahead is None else int(ahead[0]), [(r[3], -r[4]) for r in rows])
        return [DayRow(k, r[0], r[1], r[2], r[3], r[4], bool(r[5])) for k, r in zip(ranks, rows, strict=True)]

    async def day_entries(self, place: str, day: date) -> int:
        row = await self._one(
            "SELECT COUNT(*) FROM daily_results WHERE place = ? AND day = ?", (place, day.isoformat())
        )
        return 0 if row is None else int(row[0])

    async def week_board(self, place: str, week: date, offset: int = 0, limit: int = 10) -> list[PeriodRow]:
        return await self._period_page("daily_weeks", (place, _monday(week).isoformat()), offset, limit)

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
        _, _, days, average, wins, _ = rows[0]
        ahead = await self._one(ahead_of, (*key, wins, wins, average, average, days))
        ranks = _ranks(offset, 0 if ahead is None else int(ahead[0]), [(-r[4], r[3], -r[2]) for r in rows])
        return [
            PeriodRow(k, r[0], r[1], r[2], float(r[3]), r[4], r[5]) for k, r in zip(ranks, rows, strict=True)
        ]


if TYPE_CHECKING:  # mypy checks that SqliteStorage plays the role, with the same signatures
    from adapters.sqlite.store import SqliteStorage
    from bot.ports import DailyStore

    def _conforms(store: SqliteStorage) -> DailyStore:
        return store
