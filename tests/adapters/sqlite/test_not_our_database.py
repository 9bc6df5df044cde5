"""A database golfbot must not write is refused, in one line, before anything is written to it:

- another program's SQLite file (a table ``customers``: every command quietly added golfbot's tables to it;
  a table ``players``: the migration failed halfway and left ``schema_migrations`` behind, which
  ``doctor`` then called ``ok ... schema 0 of 6``);
- a newer golfbot's (a migration this version does not know: play, daily, sixcard and stats read and
  wrote it, ``migrate`` said "up to date" and ``migrate --to`` copied it).

Real processes, the file's bytes compared before and after."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.sqlite import SqliteStorage, available_migrations

ROOT = Path(__file__).parents[3]
KNOWN = len(available_migrations())
UNREACHABLE = "postgresql://golf:secret@127.0.0.1:1/golf"
COMMANDS = [
    ("play",),
    ("daily",),
    ("sixcard",),
    ("stats",),
    ("migrate",),
    ("migrate", "--to", UNREACHABLE),
]


def golfbot(tmp_path: Path, db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", *args, "--db", str(db)],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def another_programs(path: Path, *tables: str) -> Path:
    with sqlite3.connect(path) as db:
        for table in tables:
            db.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, name TEXT)")
            db.execute(f"INSERT INTO {table} (name) VALUES ('Ann')")
    db.close()
    return path


def a_newer_golfbots(path: Path) -> Path:
    asyncio.run(_close(SqliteStorage.open(path)))
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'medals', '2027-01-01')",
            (KNOWN + 1,),
        )
    db.close()
    return path


async def _close(opening: object) -> None:
    await (await opening).close()  # type: ignore[misc]


def refused_by_all(tmp_path: Path, path: Path, told: str, commands: list[tuple[str, ...]]) -> None:
    before = digest(path)
    for command in commands:
        done = golfbot(tmp_path, path, *command)
        assert done.returncode == 1, (command, done.stdout, done.stderr)
        assert done.stderr == f"golfbot {command[0]}: {path} {told}\n", command
        assert done.stdout == "" and digest(path) == before, command
    doctor = golfbot(tmp_path, path, "doctor", "--skip-tokens")
    assert doctor.returncode == 1 and doctor.stdout.startswith(f"FAIL database {path}: {told.split(':')[0]}")


def test_another_programs_database_is_refused_by_every_command(tmp_path: Path) -> None:
    path = another_programs(tmp_path / "shop.sqlite3", "customers", "orders")
    told = (
        "is not a golfbot database (it holds another program's tables: customers, orders);"
        " choose another file with --db or GOLFBOT_DB"
    )
    refused_by_all(tmp_path, path, told, COMMANDS)
    with sqlite3.connect(path) as db:
        assert {row[0] for row in db.execute("SELECT name FROM sqlite_master")} == {"customers", "orders"}
    db.close()


@pytest.mark.parametrize("leftover", [False, True], ids=["clashing", "left over by an earlier golfbot"])
def test_a_database_whose_tables_clash_is_refused_and_nothing_is_left_behind(
    tmp_path: Path, leftover: bool
) -> None:
    path = another_programs(tmp_path / "club.sqlite3", "players")
    if leftover:  # what the failed migration of an earlier golfbot left behind
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name, applied_at)")
        db.close()
    told = (
        "is not a golfbot database (it holds another program's tables: players);"
        " choose another file with --db or GOLFBOT_DB"
    )
    refused_by_all(tmp_path, path, told, [("play",), ("migrate",)])


def test_a_newer_golfbots_database_is_refused_by_every_command(tmp_path: Path) -> None:
    path = a_newer_golfbots(tmp_path / "golf.sqlite3")
    told = (
        f"was written by a newer golfbot (schema {KNOWN + 1}; this golfbot knows {KNOWN}):"
        " upgrade golfbot to use it"
    )
    refused_by_all(tmp_path, path, told, COMMANDS)
