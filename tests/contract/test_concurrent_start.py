"""Several golfbot processes started at once on a new database (two ``golfbot daily`` in two terminals, a
bot and a terminal): each waits for the other's migrations and every one starts (it was, half the time,
``migration 0001_initial failed: table players already exists: choose another file``, a duplicate column
or "database is locked"). Real processes, let go together, on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.sqlite import available_migrations

ROOT = Path(__file__).parents[2]
WORKER = Path(__file__).with_name("start_worker.py")
RACERS = 4


def start_together(database: str, *args: str) -> list[subprocess.CompletedProcess[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    racers = [
        subprocess.Popen(
            [sys.executable, str(WORKER), *args, "--db", database],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        for _ in range(RACERS)
    ]
    for racer in racers:  # all imported and waiting
        assert racer.stdout is not None and racer.stdout.readline() == "ready\n"
    for racer in racers:
        assert racer.stdin is not None
        racer.stdin.write("go\n")
        racer.stdin.flush()
    done = []
    for racer in racers:
        out, err = racer.communicate(timeout=120)
        done.append(subprocess.CompletedProcess(racer.args, racer.returncode, out, err))
    return done


@pytest.mark.parametrize("attempt", range(3))
def test_processes_started_at_once_on_a_new_database_all_start(
    shared_database: str, tmp_path: Path, attempt: int
) -> None:
    done = start_together(shared_database, "migrate")
    for racer in done:
        assert racer.returncode == 0, racer.stderr
        assert racer.stderr == "" and "Database is up to date" in racer.stdout
    if not shared_database.startswith("postgresql://"):
        with sqlite3.connect(shared_database) as db:
            recorded = [row[0] for row in db.execute("SELECT version FROM schema_migrations ORDER BY 1")]
        db.close()
        assert recorded == [m.version for m in available_migrations()]


def test_two_dailies_at_once_on_a_new_file_both_show_the_board(tmp_path: Path) -> None:
    database = str(tmp_path / "new.sqlite3")
    for racer in start_together(database, "daily", "--board", "today"):
        assert racer.returncode == 0, racer.stderr
        assert "Traceback" not in racer.stderr and "failed" not in racer.stderr
