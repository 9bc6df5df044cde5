"""``golfbot backup`` and ``golfbot restore`` on the tests' PostgreSQL server: a backup taken while a real
``golfbot play`` commits moves to PostgreSQL holds every move committed before it began and passes its
checks; restored into a new PostgreSQL database (and into a new SQLite file), the round resumes exactly
as it was last shown; a database that holds rows is refused."""

from __future__ import annotations

import asyncio
import importlib.util
import sqlite3
from pathlib import Path

import asyncpg
from pg_server import PASSWORD, fresh_database

from adapters.sqlite.migrate import available_migrations

_spec = importlib.util.spec_from_file_location(
    "backup_restore_terminal", Path(__file__).parents[1] / "cli" / "test_backup_restore.py"
)
assert _spec is not None and _spec.loader is not None
terminal = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(terminal)
GOLFBOT, RESUMING, TIMEOUT = terminal.GOLFBOT, terminal.RESUMING, terminal.TIMEOUT
Terminal, playable, golfbot = terminal.Terminal, terminal.playable, terminal.golfbot
env = terminal.env  # the fixture


async def committed_moves(url: str) -> str:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval("SELECT moves FROM rounds WHERE status = 'playing'") or ""
    finally:
        await conn.close()


async def test_a_backup_of_postgresql_during_play_restores_to_the_same_board(env, pg_url, tmp_path):
    backup = tmp_path / "backup.sqlite3"
    daily = await asyncio.create_subprocess_exec(
        *GOLFBOT, "daily", "--db", pg_url, env=env, cwd=tmp_path,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    said, _ = await asyncio.wait_for(daily.communicate(("q n " * 9).encode()), TIMEOUT)
    assert daily.returncode == 0 and b"Share your result:" in said  # a daily result, committed
    args = ["--holes", "2", "--deal", "24"]
    term = Terminal(["play", "--db", pg_url, *args], env, tmp_path)
    screen = term.screen()
    for _ in range(4):
        screen = term.press(playable(screen))
    before = await committed_moves(pg_url)
    assert before

    taking = await asyncio.create_subprocess_exec(
        *GOLFBOT, "backup", "--db", pg_url, str(backup), env=env, cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    for _ in range(4):
        screen = term.press(playable(screen))
    raw_out, raw_err = await asyncio.wait_for(taking.communicate(), TIMEOUT)
    out, err = raw_out.decode(), raw_err.decode()
    assert taking.returncode == 0, err
    assert err == ""
    assert out.startswith("Backed up postgresql://postgres:***@")
    assert f"(schema {len(available_migrations())}); integrity and row counts checked:" in out
    assert PASSWORD not in out and "1 daily result," in out
    after = await committed_moves(pg_url)

    held = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        assert held.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (moves,) = held.execute("SELECT moves FROM rounds WHERE status = 'playing'").fetchone()
        assert held.execute("SELECT COUNT(*) FROM daily_results").fetchone() == (1,)
    finally:
        held.close()
    assert moves.startswith(before) and after.startswith(moves)

    shown = screen
    last = tmp_path / "last.sqlite3"
    assert golfbot("backup", "--db", pg_url, str(last), env=env, cwd=tmp_path).returncode == 0
    term.kill()

    restored = await fresh_database()
    run = golfbot("restore", "--db", restored, str(last), env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"Restored {last} into postgresql://postgres:***@")
    assert "row counts equal, sampled rows identical" in run.stdout
    again = Terminal(["play", "--db", restored, *args], env, tmp_path)
    assert again.screen() == shown + RESUMING
    again.kill()
    daily_again = golfbot("daily", "--db", restored, env=env, cwd=tmp_path)
    assert "You have played today's course already" in daily_again.stdout, daily_again.stderr

    as_file = tmp_path / "restored.sqlite3"  # the same backup, into SQLite
    assert golfbot("restore", "--db", str(as_file), str(last), env=env, cwd=tmp_path).returncode == 0
    third = Terminal(["play", "--db", str(as_file), *args], env, tmp_path)
    assert third.screen() == shown + RESUMING
    third.kill()

    refused = golfbot("restore", "--db", pg_url, str(last), env=env, cwd=tmp_path)
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1
    assert refused.stderr.startswith("golfbot restore: the target database already has players")
