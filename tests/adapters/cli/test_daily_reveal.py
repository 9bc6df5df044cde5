"""Issue 45, item 25: after midnight the global course's reveal (the text whose SHA-256 was the day's
commitment) was stored but never shown in the terminal. ``golfbot daily --reveal [DATE]`` as a real
process: the last closed day's deals, its commitment, and a ``sha256sum`` line that, run by a shell,
prints that commitment; a day still open is never revealed."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from adapters.sqlite import SqliteStorage
from bot.models.daily import GLOBAL_PLACE, DailyDay
from engine.daily import commitment, reveal_text

REPO = Path(__file__).resolve().parents[3]
GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]
PAST = date(2026, 1, 5)
DEALS = (24, 1000, 5)


def golfbot(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "USER": "tester",
        "PYTHONPATH": str(REPO),
        "LANG": "C.UTF-8",
    }
    return subprocess.run(
        [*GOLFBOT, "daily", *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60
    )


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database whose global course was opened on PAST and never closed (no process ran since)."""
    path = tmp_path / "golf.sqlite3"

    async def open_a_past_day() -> None:
        store = await SqliteStorage.open(path)
        try:
            await store.open_day(
                DailyDay(
                    place=GLOBAL_PLACE,
                    day=PAST,
                    zone="UTC",
                    rules="strict",
                    par_for_nine=45,
                    deals=DEALS,
                    commitment=commitment(GLOBAL_PLACE, PAST, "strict", DEALS),
                    closes_at=datetime.combine(PAST + timedelta(days=1), datetime.min.time(), UTC),
                )
            )
        finally:
            await store.close()

    asyncio.run(open_a_past_day())
    return path


def test_the_last_closed_day_is_revealed_with_the_line_that_checks_it(db: Path, tmp_path: Path) -> None:
    shown = golfbot(tmp_path, "--db", str(db), "--reveal")
    assert shown.returncode == 0, shown.stderr
    text = reveal_text(GLOBAL_PLACE, PAST, "strict", DEALS)
    committed = commitment(GLOBAL_PLACE, PAST, "strict", DEALS)
    lines = shown.stdout.splitlines()
    assert lines[0] == "📅 Daily 2026-01-05 (the global course), closed. The deals, revealed:"
    assert lines[1] == text == "golfbot-daily/v1|daily:global|2026-01-05|strict|3|24 1000 5"
    assert lines[3] == committed
    check = lines[4].removeprefix("Check it (the two must match): ")
    assert check.startswith("printf '%s' ") and check.endswith(" | sha256sum")
    ran = subprocess.run(["sh", "-c", check], capture_output=True, text=True, timeout=30, check=True)
    assert ran.stdout.split()[0] == committed  # the check a player runs holds
    same = golfbot(tmp_path, "--db", str(db), "--reveal", "2026-01-05")
    assert same.returncode == 0 and same.stdout == shown.stdout


def test_a_day_still_open_or_never_played_is_not_revealed(db: Path, tmp_path: Path) -> None:
    nothing = golfbot(tmp_path, "--db", str(tmp_path / "new.sqlite3"), "--reveal")
    assert nothing.returncode == 0
    assert nothing.stdout.startswith("No day of the global course has closed yet")
    assert golfbot(tmp_path, "--db", str(db), "--reveal").returncode == 0  # today's course opens

    async def open_day() -> str:
        store = await SqliteStorage.open(db)
        try:
            latest = await store.latest_day(GLOBAL_PLACE)
        finally:
            await store.close()
        assert latest is not None and latest.day > PAST and not latest.closed
        return latest.day.isoformat()

    today = asyncio.run(open_day())
    still_open = golfbot(tmp_path, "--db", str(db), "--reveal", today)
    if still_open.returncode == 0:  # midnight came between the two runs: the day closed meanwhile
        pytest.skip("the day turned during the test")
    assert still_open.returncode == 2 and still_open.stdout == ""
    assert still_open.stderr.startswith(
        f"golfbot daily: the day {today} is still open: its deals are revealed"
    )
    assert still_open.stderr.count("\n") == 1
    never = golfbot(tmp_path, "--db", str(db), "--reveal", "2025-06-01")
    assert never.returncode == 2 and "had no day 2025-06-01" in never.stderr
    wrong = golfbot(tmp_path, "--db", str(db), "--reveal", "yesterday")
    assert wrong.returncode == 2
    assert wrong.stderr == "golfbot daily: --reveal takes a date as YYYY-MM-DD, not 'yesterday'\n"


def test_todays_board_points_to_the_reveal(db: Path, tmp_path: Path) -> None:
    board = golfbot(tmp_path, "--db", str(db), "--board", "today")
    assert board.returncode == 0, board.stderr
    assert board.stdout.rstrip().endswith(
        "The deals of 2026-01-05, revealed and checked: golfbot daily --reveal"
    )
    fresh = golfbot(tmp_path, "--db", str(tmp_path / "new.sqlite3"), "--board", "today")
    assert fresh.returncode == 0 and "--reveal" not in fresh.stdout  # no day has closed there
