"""``golfbot bench daily`` on a small place: the tables it reads are the store's, filled and closed as the
rollover does, and a wrong figure is refused in one line."""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path

import pytest

from adapters.cli.bench_daily import PLACE, TODAY
from adapters.cli.main import main
from adapters.sqlite import SqliteStorage


def test_bench_daily_prints_the_figures_of_both_pages(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "bench.sqlite3"
    args = ["--players", "40", "--days", "6", "--reads", "4", "--db", str(db)]
    assert main(["bench", "daily", *args]) == 0
    out = capsys.readouterr().out
    assert out.startswith("40 players, 7 days (")
    for table in ("today", "all_time", "week"):
        assert f"{table} page: median " in out and "p99" in out

    async def read() -> tuple[int, int, bool]:
        store = await SqliteStorage.open(db)
        try:
            today = await store.day_board(PLACE, date.fromisoformat(TODAY), limit=100)
            everything = await store.all_time_board(PLACE, limit=100)
            latest = await store.latest_day(PLACE)
            return len(today), sum(r.days for r in everything), latest is not None and latest.closed
        finally:
            await store.close()

    today, days_played, today_closed = asyncio.run(read())
    assert today == 40  # everyone has played today, which is still open
    assert not today_closed
    assert 0 < days_played <= 40 * 6


def test_bad_figures_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "daily", "--players", "0"]) == 2
    assert "--players and --reads are at least 1" in capsys.readouterr().err
