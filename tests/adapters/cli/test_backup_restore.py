"""``golfbot backup`` and ``golfbot restore`` on SQLite, as an operator runs them: a backup taken while a
real ``golfbot play`` goes on committing moves holds every move committed before it began and passes its
checks; restored into a new file, the round resumes exactly as it was last shown. A non-empty target is
refused; a backup of an older golfbot says so and is brought up to date on restore."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pexpect
import pytest

from adapters.sqlite.migrate import apply_migrations, available_migrations

GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]
REPO = Path(__file__).resolve().parents[3]
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TIMEOUT = 60
RESUMING = "\n\nYou have a round in progress; resuming it (press a to abandon it)."


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL")}
    return {
        **keep,
        "HOME": str(tmp_path),
        "USER": "tester",
        "LOGNAME": "tester",
        "TERM": "xterm",
        "PYTHONPATH": str(REPO),
        "PYTHONIOENCODING": "utf-8",
    }


class Terminal:
    """``golfbot play`` in an 80-column pseudo-terminal, one screen at a time."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path) -> None:
        self.child = pexpect.spawn(
            GOLFBOT[0], [*GOLFBOT[1:], *args], env=env, cwd=str(cwd), encoding="utf-8",
            dimensions=(50, 80), timeout=TIMEOUT,
        )  # fmt: skip

    def screen(self) -> str:
        self.child.expect_exact("> ")
        return ESCAPE.sub("", self.child.before.replace("\r\n", "\n").rsplit("\x1b[H", 1)[-1]).strip("\n")

    def press(self, key: str) -> str:
        self.child.send(key)
        return self.screen()

    def kill(self) -> None:
        self.child.kill(signal.SIGKILL)
        self.child.close()


def playable(screen: str) -> str:
    """A column that can be played, else turn the stock."""
    legend = screen[screen.index("Keys: ") + 6 :]
    keys = [item.split()[0] for item in re.split(r" · |\n", legend) if item.strip()]
    return next((k for k in keys if k.isdigit()), "d")


def golfbot(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GOLFBOT, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )


def committed_moves(db: Path) -> str:
    """The moves of the hole in play as committed (read as any other reader would)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT moves FROM rounds WHERE status = 'playing'").fetchone()
        return row[0] if row else ""
    finally:
        conn.close()


def test_a_backup_during_play_holds_every_committed_move_and_restores_to_the_same_board(env, tmp_path):
    db, backup = tmp_path / "live.sqlite3", tmp_path / "backup.sqlite3"
    daily = subprocess.run(
        [*GOLFBOT, "daily", "--db", str(db)], input="q n " * 9, env=env, cwd=tmp_path,
        capture_output=True, text=True, timeout=TIMEOUT, check=False,
    )  # fmt: skip
    assert daily.returncode == 0 and "Share your result:" in daily.stdout, daily.stderr  # a daily result
    args = ["play", "--db", str(db), "--holes", "2", "--deal", "24"]
    term = Terminal(args, env, tmp_path)
    screen = term.screen()
    for _ in range(4):
        screen = term.press(playable(screen))
    before = committed_moves(db)
    assert before and (tmp_path / "live.sqlite3-wal").stat().st_size != 0  # the moves are in the -wal

    # the backup runs while the game goes on playing and committing
    taking = subprocess.Popen(
        [*GOLFBOT, "backup", "--db", str(db), str(backup)], env=env, cwd=tmp_path, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    for _ in range(4):
        screen = term.press(playable(screen))
    out, err = taking.communicate(timeout=TIMEOUT)
    assert taking.returncode == 0, err
    assert err == ""
    assert out.startswith(f"Backed up {db} to {backup} (schema {len(available_migrations())});")
    assert "integrity and row counts checked" in out and "1 daily result," in out
    after = committed_moves(db)

    held = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        assert held.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert held.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one self-contained file
        (moves,) = held.execute("SELECT moves FROM rounds WHERE status = 'playing'").fetchone()
        assert held.execute("SELECT COUNT(*) FROM daily_results").fetchone() == (1,)
    finally:
        held.close()
    assert moves.startswith(before) and after.startswith(moves)  # a snapshot between the two
    assert not list(tmp_path.glob(".backup.sqlite3*"))  # no partial file left

    # a second backup once the play stopped, the game still running: restored, the round resumes exactly
    shown = screen
    last = tmp_path / "last.sqlite3"
    assert golfbot("backup", "--db", str(db), str(last), env=env, cwd=tmp_path).returncode == 0
    term.kill()
    restored = tmp_path / "restored.sqlite3"
    run = golfbot("restore", "--db", str(restored), str(last), env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"Restored {last} into {restored}; integrity and row counts checked:")

    again = Terminal(["play", "--db", str(restored), "--holes", "2", "--deal", "24"], env, tmp_path)
    resumed = again.screen()
    assert resumed == shown + RESUMING
    after_key = again.press(playable(resumed))
    assert after_key != resumed
    again.kill()
    daily_again = golfbot("daily", "--db", str(restored), env=env, cwd=tmp_path)
    assert "You have played today's course already" in daily_again.stdout, daily_again.stderr


def test_restore_refuses_a_database_that_holds_rows(env, tmp_path):
    db = tmp_path / "live.sqlite3"
    run = golfbot("play", "--db", str(db), "--holes", "1", "--deal", "24", env=env, cwd=tmp_path)
    assert run.returncode == 0
    backup = tmp_path / "b.sqlite3"
    assert golfbot("backup", "--db", str(db), str(backup), env=env, cwd=tmp_path).returncode == 0
    before = db.read_bytes()

    refused = golfbot("restore", "--db", str(db), str(backup), env=env, cwd=tmp_path)
    assert refused.returncode == 1
    assert refused.stderr.startswith(f"golfbot restore: {db} already holds ")
    assert refused.stderr.endswith("restore goes into an empty database (give a new file with --db)\n")
    assert refused.stderr.count("\n") == 1 and db.read_bytes() == before

    not_one = tmp_path / "notes.txt"
    not_one.write_text("hello")
    bad = golfbot("restore", "--db", str(tmp_path / "new.sqlite3"), str(not_one), env=env, cwd=tmp_path)
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1
    assert bad.stderr.startswith(f"golfbot restore: {not_one} is not a golfbot backup")
    assert not (tmp_path / "new.sqlite3").exists()


async def _old_database(path: Path, schema: int) -> None:
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await apply_migrations(db, available_migrations()[:schema])
        await db.execute(
            "INSERT INTO players (key, platform, user_id, name, created_at)"
            " VALUES ('test:1', 'test', '1', 'Ann', '2026-01-01T00:00:00+00:00')"
        )


def test_a_backup_of_an_older_golfbot_says_so_and_restore_brings_it_up_to_date(env, tmp_path):
    old, backup, new = tmp_path / "old.sqlite3", tmp_path / "b.sqlite3", tmp_path / "new.sqlite3"
    asyncio.run(_old_database(old, 4))
    known = len(available_migrations())
    run = golfbot("backup", "--db", str(old), str(backup), env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    note = f"(schema 4, from an older golfbot (this one's is {known}); golfbot restore brings it up"
    assert note in run.stdout

    run = golfbot("restore", "--db", str(new), str(backup), env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"Restored {backup} into {new}, brought up from schema 4;")
    conn = sqlite3.connect(new)
    try:
        assert conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone() == (known,)
        assert conn.execute("SELECT name FROM players").fetchall() == [("Ann",)]
    finally:
        conn.close()
