"""Numbered SQL migrations: a fresh database gets every one, recorded in schema_migrations; opening again
applies nothing; a migration that fails leaves no trace; the files must be numbered without gaps."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from adapters.sqlite import (
    DatabaseUnavailable,
    MigrationError,
    SqliteStorage,
    apply_migrations,
    available_migrations,
)
from adapters.sqlite.migrate import Migration, applied_versions


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def recorded(path: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as db:
        return list(db.execute("SELECT version, name FROM schema_migrations ORDER BY version"))


def test_the_migrations_of_the_package():
    migrations = available_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "initial"
    assert "CREATE TABLE rounds" in migrations[0].sql


async def test_a_fresh_database_gets_every_migration_recorded(tmp_path):
    path = tmp_path / "fresh.sqlite3"
    storage = await SqliteStorage.open(path)
    await storage.close()

    assert recorded(path) == [(m.version, m.name) for m in available_migrations()]
    assert {"players", "places", "rounds", "holes", "timers", "schema_migrations"} <= tables(path)


async def test_opening_again_applies_nothing(tmp_path):
    path = tmp_path / "again.sqlite3"
    await (await SqliteStorage.open(path)).close()
    with sqlite3.connect(path) as db:
        stamps = list(db.execute("SELECT version, applied_at FROM schema_migrations"))

    await (await SqliteStorage.open(path)).close()
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db) == []
    with sqlite3.connect(path) as db:
        assert list(db.execute("SELECT version, applied_at FROM schema_migrations")) == stamps


async def test_the_folder_in_a_subdirectory_is_created(tmp_path):
    path = tmp_path / "deep" / "er" / "golf.sqlite3"
    await (await SqliteStorage.open(path)).close()
    assert path.is_file()


async def test_a_failing_migration_rolls_back_and_the_next_try_goes_on(tmp_path):
    path = tmp_path / "broken.sqlite3"
    initial = available_migrations()
    broken = Migration(
        len(initial) + 1,
        "broken",
        "CREATE TABLE medals (id TEXT PRIMARY KEY);\n"
        "ALTER TABLE rounds ADD COLUMN medal TEXT;\n"
        "INSERT INTO no_such_table VALUES (1);",
    )
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db, initial) == [m.version for m in initial]
        with pytest.raises(
            MigrationError, match=rf"migration {broken.version:04d}_broken failed: .*no_such_table"
        ):
            await apply_migrations(db, [*initial, broken])
        assert not db.in_transaction
        assert await applied_versions(db) == {m.version for m in initial}

    assert "medals" not in tables(path)
    with sqlite3.connect(path) as db:
        assert "medal" not in [row[1] for row in db.execute("PRAGMA table_info(rounds)")]

    fixed = Migration(broken.version, "medals", "CREATE TABLE medals (id TEXT PRIMARY KEY);")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db, [*initial, fixed]) == [fixed.version]
    assert "medals" in tables(path)
    assert recorded(path)[-1] == (fixed.version, "medals")
    # and the store, which does not know that migration, refuses the file (it is a newer golfbot's)
    with pytest.raises(DatabaseUnavailable, match=f"newer golfbot \\(schema {fixed.version};"):
        await SqliteStorage.open(path)


async def test_migrations_are_applied_in_order_each_in_its_own_transaction(tmp_path):
    path = tmp_path / "order.sqlite3"
    first = Migration(1, "first", "CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1);")
    second = Migration(2, "second", "INSERT INTO a SELECT x + 1 FROM a;")
    third = Migration(3, "third", "INSERT INTO a VALUES ('three'); SELECT * FROM missing;")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        with pytest.raises(MigrationError, match="0003_third"):
            await apply_migrations(db, [first, second, third])
        assert await applied_versions(db) == {1, 2}
        async with db.execute("SELECT x FROM a ORDER BY x") as cursor:
            assert [row[0] async for row in cursor] == [1, 2]


def test_migration_files_must_be_numbered_without_gaps(tmp_path):
    (tmp_path / "0001_initial.sql").write_text("CREATE TABLE a (x);")
    (tmp_path / "0002_more.sql").write_text("CREATE TABLE b (x);")
    (tmp_path / "notes.txt").write_text("not a migration")
    (tmp_path / "2_bad_name.sql").write_text("not a migration either")
    assert [(m.version, m.name) for m in available_migrations(tmp_path)] == [(1, "initial"), (2, "more")]

    (tmp_path / "0004_later.sql").write_text("CREATE TABLE d (x);")
    with pytest.raises(MigrationError, match="without gaps"):
        available_migrations(tmp_path)


async def test_wal_mode_is_on(tmp_path):
    path = tmp_path / "wal.sqlite3"
    storage = await SqliteStorage.open(path)
    try:
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert path.with_name(path.name + "-wal").exists()
    finally:
        await storage.close()
