"""The daily challenge's storage role (``bot.ports.DailyStore``) in dicts, mixed into MemoryStorage: the
same rules as the SQLite one (the contract suite runs against both)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, TypeVar

from bot.models import Player
from bot.models.daily import DailyDay, DailyResult, DailySettings, DayRow, PeriodRow
from bot.ports import ConstraintViolation
from engine.daily import DAILY_HOLES, shared_ranks

_Row = TypeVar("_Row")


@dataclass(frozen=True, slots=True)
class _Total:
    days: int
    sum_to_par: int
    wins: int
    best_to_par: int

    @property
    def average(self) -> float:
        return self.sum_to_par / self.days


def _ranked(
    entries: Iterable[tuple[str, _Total]], names: Callable[[str], str], offset: int, limit: int
) -> list[PeriodRow]:
    def key(entry: tuple[str, _Total]) -> tuple[float, ...]:
        return (-entry[1].wins, entry[1].average, -entry[1].days)

    ordered = sorted(entries, key=lambda e: (*key(e), e[0]))
    ranks = shared_ranks([key(e) for e in ordered])
    return [
        PeriodRow(rank, player, names(player), t.days, t.average, t.wins, t.best_to_par)
        for rank, (player, t) in list(zip(ranks, ordered, strict=True))[offset : offset + limit]
    ]


def _add(total: _Total | None, result: DailyResult, won: bool) -> _Total:
    if total is None:
        return _Total(1, result.to_par, int(won), result.to_par)
    return _Total(
        total.days + 1,
        total.sum_to_par + result.to_par,
        total.wins + won,
        min(total.best_to_par, result.to_par),
    )


class MemoryDailyStore:
    def __init__(self) -> None:
        self._secret: bytes | None = None
        self._daily_settings: dict[str, DailySettings] = {}
        self._days: dict[tuple[str, date], DailyDay] = {}
        self._results: dict[tuple[str, date], dict[str, DailyResult]] = {}
        self._won: set[tuple[str, date, str]] = set()
        self._totals: dict[str, dict[str, _Total]] = {}

    if TYPE_CHECKING:  # provided by MemoryStorage
        _players: dict[str, Player]

    def _name(self, player: str) -> str:
        known = self._players.get(player)
        return known.name if known is not None else ""

    async def installation_secret(self, candidate: bytes) -> bytes:
        if self._secret is None:
            self._secret = candidate
        return self._secret

    async def daily_settings(self, place: str) -> DailySettings:
        return self._daily_settings.get(place, DailySettings())

    async def save_daily_settings(self, place: str, settings: DailySettings) -> None:
        if settings.holes not in DAILY_HOLES:
            raise ConstraintViolation(f"a daily course of {settings.holes} holes")
        self._daily_settings[place] = settings

    async def open_day(self, day: DailyDay) -> DailyDay:
        if day.par_for_nine not in (36, 45):
            raise ConstraintViolation(f"par for nine holes is 36 or 45, not {day.par_for_nine}")
        return self._days.setdefault((day.place, day.day), day)

    async def daily_day(self, place: str, day: date) -> DailyDay | None:
        return self._days.get((place, day))

    async def latest_day(self, place: str) -> DailyDay | None:
        days = [d for (p, _), d in self._days.items() if p == place]
        return max(days, key=lambda d: d.day, default=None)

    async def open_days(self) -> list[DailyDay]:
        return sorted((d for d in self._days.values() if not d.closed), key=lambda d: (d.closes_at, d.place))

    async def place_days(self, place: str) -> list[date]:
        return sorted(d for p, d in self._days if p == place)

    async def save_day_best(self, place: str, day: date, best: tuple[int | None, ...]) -> None:
        stored = self._days.get((place, day))
        if stored is not None:
            self._days[(place, day)] = replace(stored, best=best)

    async def record_result(self, result: DailyResult) -> None:
        stored_day = self._days.get((result.place, result.day))
        if stored_day is None:
            raise ConstraintViolation(f"a result of a day never opened: {result.place} {result.day}")
        if stored_day.closed:
            return
        results = self._results.setdefault((result.place, result.day), {})
        known = results.get(result.player)
        if known is None or result.holes_played >= known.holes_played:
            results[result.player] = result

    async def daily_result(self, place: str, day: date, player: str) -> DailyResult | None:
        return self._results.get((place, day), {}).get(player)

    async def player_days(self, place: str, player: str) -> dict[date, bool]:
        return {
            day: results[player].at_or_under_par
            for (p, day), results in self._results.items()
            if p == place and player in results
        }

    async def close_day(self, place: str, day: date) -> bool:
        stored = self._days.get((place, day))
        if stored is None or stored.closed:
            return False
        self._days[(place, day)] = replace(stored, closed=True)
        results = self._results.get((place, day), {})
        if results:
            top = min((r.to_par, -r.holes_played) for r in results.values())
            totals = self._totals.setdefault(place, {})
            for player, result in results.items():
                won = (result.to_par, -result.holes_played) == top
                if won:
                    self._won.add((place, day, player))
                totals[player] = _add(totals.get(player), result, won)
        return True

    def _ordered(self, place: str, day: date) -> list[DailyResult]:
        results = self._results.get((place, day), {}).values()
        return sorted(results, key=lambda r: (r.to_par, -r.holes_played, r.player))

    async def day_board(self, place: str, day: date, offset: int = 0, limit: int = 10) -> list[DayRow]:
        ordered = self._ordered(place, day)
        ranks = shared_ranks([(r.to_par, -r.holes_played) for r in ordered])
        return [
            DayRow(rank, r.player, self._name(r.player), r.total, r.to_par, r.holes_played, r.finished)
            for rank, r in list(zip(ranks, ordered, strict=True))[offset : offset + limit]
        ]

    async def day_entries(self, place: str, day: date) -> int:
        return len(self._results.get((place, day), {}))

    async def week_board(self, place: str, week: date, offset: int = 0, limit: int = 10) -> list[PeriodRow]:
        monday = week - timedelta(days=week.weekday())
        totals: dict[str, _Total] = {}
        for (p, day), results in sorted(self._results.items()):
            if (
                p != place
                or not monday <= day < monday + timedelta(days=7)
                or not self._days[(p, day)].closed
            ):
                continue
            for player, result in results.items():
                totals[player] = _add(totals.get(player), result, (place, day, player) in self._won)
        return _ranked(totals.items(), self._name, offset, limit)

    async def all_time_board(self, place: str, offset: int = 0, limit: int = 10) -> list[PeriodRow]:
        return _ranked(self._totals.get(place, {}).items(), self._name, offset, limit)
