"""A database file that cannot be used is refused with DatabaseUnavailable, one line that says what is
wrong and what to do, and nothing is left running: the hang of Found 4 was aiosqlite's (non-daemon)
connection thread, left open when the first statement on a file of random bytes failed, which kept the
process from ever exiting."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from adapters.sqlite import DatabaseUnavailable, SqliteStorage


def threads() -> set[threading.Thread]:
    return set(threading.enumerate())


def still_running(before: set[threading.Thread]) -> set[threading.Thread]:
    """Threads started since ``before`` that would keep the process alive (asyncio's own executor
    threads end with the loop), given a moment to finish."""
    new = {t for t in threads() - before if not t.daemon and not t.name.startswith("asyncio_")}
    for thread in new:
        thread.join(timeout=30)  # (a ceiling for a busy machine: it ends in a moment, or never)
    return {t for t in new if t.is_alive()}


async def test_random_bytes_leave_no_thread_behind(tmp_path: Path):
    path = tmp_path / "noise.sqlite3"
    path.write_bytes(bytes(range(256)) * 16)
    before = threads()
    with pytest.raises(DatabaseUnavailable) as refused:
        await SqliteStorage.open(path)
    assert str(refused.value) == (
        f"{path} is not a golfbot database (not an SQLite file): move it away or choose another file"
        " with --db or GOLFBOT_DB"
    )
    assert not still_running(before)


async def test_a_folder_is_not_a_database(tmp_path: Path):
    with pytest.raises(DatabaseUnavailable, match="is a folder, not a database file"):
        await SqliteStorage.open(tmp_path)


async def test_a_failed_migration_closes_the_connection(tmp_path: Path):
    """A foreign SQLite file whose tables clash with ours: refused (it was the migration that failed, and
    it left schema_migrations behind), and the connection is closed."""
    import sqlite3

    path = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE players (something TEXT)")
    db.close()
    before = threads()
    with pytest.raises(DatabaseUnavailable, match="is not a golfbot database"):
        await SqliteStorage.open(path)
    assert not still_running(before)
    with sqlite3.connect(path) as db:
        assert [row[0] for row in db.execute("SELECT name FROM sqlite_master")] == ["players"]
    db.close()


async def test_a_good_file_opens(tmp_path: Path):
    storage = await SqliteStorage.open(tmp_path / "sub" / "golf.sqlite3")
    await storage.close()
