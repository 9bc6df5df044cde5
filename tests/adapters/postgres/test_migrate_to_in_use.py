"""``golfbot migrate --to postgresql://...`` while a game is open on the SQLite file: refused in one line
(it copied a database that went on changing: the game's later moves existed only in SQLite), and nothing
is written to the target; once the game has ended the copy runs. A game started while a copy runs is
refused in turn. Real processes."""

from __future__ import annotations

import asyncio
import fcntl
import os
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from adapters.sqlite import SqliteStorage
from adapters.sqlite.in_use import exclusive_use, lock_file
from tests.adapters.sqlite.test_store import ALICE

ROOT = Path(__file__).parents[3]


def command(tmp_path: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "adapters.cli.main", *args]


def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}


def golfbot(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command(tmp_path, *args),
        capture_output=True,
        text=True,
        env=env(tmp_path),
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def held_by_someone(path: Path) -> bool:
    """Whether a store has ``path`` open (its lock file cannot be taken exclusively)."""
    if not lock_file(path).exists():
        return False
    fd = os.open(lock_file(path), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


async def tables(url: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {row[0] for row in rows}
    finally:
        await conn.close()


async def a_database(path: Path) -> None:
    store = await SqliteStorage.open(path)
    await store.ensure_player(ALICE)
    await store.close()


def test_a_copy_is_refused_while_a_game_is_open_on_the_source(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "golf.sqlite3"
    asyncio.run(a_database(source))
    game = subprocess.Popen(
        command(tmp_path, "play", "--db", str(source)),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env(tmp_path),
        cwd=ROOT,
    )
    try:
        deadline = time.monotonic() + 60
        while not held_by_someone(source):
            assert time.monotonic() < deadline and game.poll() is None, "the game never opened the file"
            time.sleep(0.05)
        refused = golfbot(tmp_path, "migrate", "--db", str(source), "--to", pg_url)
        assert refused.returncode == 1
        assert refused.stderr == (
            f"golfbot migrate: {source} is open in another golfbot (a game or a bot): stop it, then copy"
            " (a copy made now would miss what it writes later)\n"
        )
        assert asyncio.run(tables(pg_url)) == set()
    finally:
        assert game.stdin is not None
        game.stdin.close()  # the game ends
        game.wait(timeout=60)
    copied = golfbot(tmp_path, "migrate", "--db", str(source), "--to", pg_url)
    assert copied.returncode == 0, copied.stderr
    assert copied.stdout.startswith(f"Copied {source} to ") and "players: " in copied.stdout


def test_a_game_is_refused_while_a_copy_runs(tmp_path: Path) -> None:
    source = tmp_path / "golf.sqlite3"
    asyncio.run(a_database(source))
    with exclusive_use(source):  # what golfbot migrate --to holds while it copies
        refused = golfbot(tmp_path, "play", "--db", str(source))
    assert refused.returncode == 1
    assert refused.stderr == (
        f"golfbot play: {source} is being copied to PostgreSQL (golfbot migrate --to): wait for the copy,"
        " then use the PostgreSQL database\n"
    )
    assert golfbot(tmp_path, "stats", "--db", str(source)).returncode == 0  # and after the copy
