"""``golfbot daily`` in the terminal: the global course, resumed after leaving, one attempt a day, the
leaderboards and the share text; a wrong option is one line."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.cli.main import main


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str, keys: str = ""
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    assert main(["daily", *args]) == 0
    return capsys.readouterr().out


def test_play_leave_resume_finish_and_be_refused_a_second_attempt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "golf.sqlite3"))
    first = run(monkeypatch, capsys, *db, keys="d d\nx\n")
    assert "📅 Daily " in first and "Hole 1 of 9" in first
    assert first.rstrip().endswith("Saved — run golfbot daily to go on.")
    stock = first.split("Stock: ")[-1].split()[0]
    resumed = run(monkeypatch, capsys, *db, keys="")
    assert f"Stock: {stock} left" in resumed  # exactly where it was left
    assert "h Hint" not in resumed and "Hint" not in resumed
    finished = run(monkeypatch, capsys, *db, keys="q n " * 9)
    assert "Round over" in finished and "Share your result:\nGolf daily #" in finished
    again = run(monkeypatch, capsys, *db)
    assert "You have played today's course already" in again and "Streak: 1 day played (longest 1)." in again
    share = run(monkeypatch, capsys, *db, "--share")
    assert share.startswith("Golf daily #") and "♠" not in share
    board = run(monkeypatch, capsys, *db, "--board", "today")
    assert "today's table" in board and "  1. " in board


def test_a_wrong_page_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--board", "all", "--page", "0"]) == 2
    assert capsys.readouterr().err.strip() == "golfbot daily: --page counts from 1, not 0"


def test_no_screen_of_the_day_shows_a_deal_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import asyncio

    from adapters.sqlite import SqliteStorage
    from bot.models.daily import GLOBAL_PLACE

    path = tmp_path / "golf.sqlite3"
    db = ("--db", str(path))
    shown = [
        run(monkeypatch, capsys, *db, keys="d\nx\n"),
        run(monkeypatch, capsys, *db, keys="h d q n " * 9),  # a hint refused, a turn, a concession, on
        run(monkeypatch, capsys, *db),
        run(monkeypatch, capsys, *db, "--share"),
        run(monkeypatch, capsys, *db, "--board", "today"),
    ]
    assert "📅 Daily #" in shown[0] and "Round over" in shown[1]

    async def the_day() -> tuple[int, ...]:
        store = await SqliteStorage.open(path)
        try:
            day = await store.latest_day(GLOBAL_PLACE)
        finally:
            await store.close()
        assert day is not None and not day.closed
        return day.deals

    deals = asyncio.run(the_day())
    assert len(deals) == 9
    for text in shown:
        assert "deal #" not in text.lower()
        assert not any(str(number) in text for number in deals), text


def test_a_database_locked_by_another_program_is_one_line_and_the_key_is_not_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import sqlite3

    path = tmp_path / "golf.sqlite3"
    run(monkeypatch, capsys, "--db", str(path), keys="x\n")  # today's course opened

    def keys() -> Iterator[str]:
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # another program, past the busy timeout (5 s)
        try:
            yield "d\n"
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        yield "d\n"
        yield "x\n"

    monkeypatch.setattr(sys, "stdin", keys())
    assert main(["daily", "--db", str(path)]) == 0
    shown = capsys.readouterr().out
    said = "The database cannot be used just now, so nothing changed. Please try again in a moment."
    boards = shown.split("📅 Daily ")[1:]
    assert len(boards) == 2 and said in boards[0], shown  # the locked key drew no board, only the line
    stock_before, stock_after = (int(board.split("Stock: ")[1].split()[0]) for board in boards)
    assert stock_after == stock_before - 1, shown  # the next key was played, once
