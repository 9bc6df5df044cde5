"""The server table: played, won, halved, lost, points, hole difference and rating, from the results."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.models.results import MatchResult
from bot.modes.competition.ratings import Rating

POINTS_WIN, POINTS_HALVED = 1.0, 0.5


@dataclass(frozen=True, slots=True)
class TableRow:
    player: str
    played: int = 0
    won: int = 0
    halved: int = 0
    lost: int = 0
    holes_won: int = 0
    holes_lost: int = 0
    rating: Rating | None = None

    @property
    def points(self) -> float:
        return self.won * POINTS_WIN + self.halved * POINTS_HALVED

    @property
    def hole_difference(self) -> int:
        return self.holes_won - self.holes_lost


def table(results: Iterable[MatchResult], ratings: Mapping[str, Rating] | None = None) -> list[TableRow]:
    """Rows by points, then hole difference, then rating, then fewer played, then key. A win is sole first
    place; halved is first place shared; anything else is a loss."""
    rows: dict[str, list[int]] = {}
    for result in results:
        firsts = sum(1 for f in result.finishes if f.rank == 0)
        for finish in result.finishes:
            row = rows.setdefault(finish.player, [0, 0, 0, 0, 0, 0])
            row[0] += 1
            if finish.rank == 0 and firsts == 1:
                row[1] += 1
            elif finish.rank == 0:
                row[2] += 1
            else:
                row[3] += 1
            row[4] += finish.holes_won
            row[5] += finish.holes_lost
    ratings = ratings or {}
    built = [TableRow(p, r[0], r[1], r[2], r[3], r[4], r[5], rating=ratings.get(p)) for p, r in rows.items()]
    built.sort(
        key=lambda r: (
            -r.points,
            -r.hole_difference,
            -(r.rating.display if r.rating else 0.0),
            r.played,
            r.player,
        )
    )
    return built


def page(rows: list[TableRow], number: int, size: int = 10) -> tuple[list[TableRow], int]:
    """Page ``number`` (from 1, clamped) of the table and how many pages there are."""
    pages = max((len(rows) + size - 1) // size, 1)
    number = min(max(number, 1), pages)
    return rows[(number - 1) * size : number * size], pages
