"""Numbered SQL migrations (``migrations/0001_initial.sql`` ...), applied in order, each once, each in a
transaction, and recorded in ``schema_migrations``.

Several processes may start at once on a new file (two ``golfbot daily``, a bot and a terminal): each
migration's transaction starts with ``BEGIN IMMEDIATE`` (the database's write lock: the other process
waits, up to MIGRATION_WAIT) and its first statement records the migration, so that a process that finds
the migration recorded by another meanwhile fails on that row's primary key before running anything, rolls
back and goes on. A database that is another program's, or a newer golfbot's, is refused before anything
is written (``adapters/schema_guard.py``).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from importlib.resources.abc import Traversable

import aiosqlite

from adapters.schema_guard import LEDGER, refusal

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
MIGRATION_WAIT_MS = 120_000
"""How long a process waits for another one's migration (the write lock) before giving up."""
ELSEWHERE = "choose another file with --db or GOLFBOT_DB"
_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"
_LEDGER = (
    f"CREATE TABLE IF NOT EXISTS {LEDGER} ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
)


class MigrationError(RuntimeError):
    """A migration file that failed or does not fit the numbering."""


class NotOurDatabase(MigrationError):
    """Another program's database, or a newer golfbot's: nothing was written (a clause that follows the
    file's name, and what to do)."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def available_migrations(folder: Traversable | None = None) -> list[Migration]:
    """The migrations in ``folder`` (default: the ``migrations`` package), in order."""
    found = []
    for entry in (folder or resources.files("migrations")).iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationError(f"migrations must be numbered 0001, 0002, ... without gaps; found {numbers}")
    return found


def check_ours(db: sqlite3.Connection, known: int | None = None) -> None:
    """Raise NotOurDatabase for a database golfbot must not write (read only; plain sqlite3, for the
    check before the file is even switched to WAL mode)."""
    tables = {row[0] for row in db.execute(_TABLES)}
    versions = {row[0] for row in db.execute(f"SELECT version FROM {LEDGER}")} if LEDGER in tables else set()
    why = refusal(
        tables, versions, len(available_migrations()) if known is None else known, elsewhere=ELSEWHERE
    )
    if why is not None:
        raise NotOurDatabase(why)


async def applied_versions(db: aiosqlite.Connection) -> set[int]:
    """The versions recorded (none in a database without the table: reading writes nothing)."""
    async with db.execute(f"{_TABLES} AND name = ?", (LEDGER,)) as cursor:
        if await cursor.fetchone() is None:
            return set()
    async with db.execute(f"SELECT version FROM {LEDGER}") as cursor:
        return {row[0] async for row in cursor}


async def apply_migrations(
    db: aiosqlite.Connection, migrations: Sequence[Migration] | None = None
) -> list[int]:
    """Apply what is missing of ``migrations`` (default: ``available_migrations()``); returns the versions
    applied now (by this connection: one applied meanwhile by another process is not among them). The
    connection must be in autocommit mode (``isolation_level=None``) so that each migration is exactly one
    explicit transaction."""
    wanted = available_migrations() if migrations is None else list(migrations)
    async with db.execute(_TABLES) as cursor:
        tables = {row[0] async for row in cursor}
    done = await applied_versions(db)
    why = refusal(tables, done, max((m.version for m in wanted), default=0), elsewhere=ELSEWHERE)
    if why is not None:
        raise NotOurDatabase(why)
    async with db.execute("PRAGMA busy_timeout") as cursor:
        row = await cursor.fetchone()
    await db.execute(f"PRAGMA busy_timeout = {MIGRATION_WAIT_MS}")
    applied = []
    try:
        for migration in wanted:
            if migration.version not in done and await _apply(db, migration):
                applied.append(migration.version)
    finally:
        await db.execute(f"PRAGMA busy_timeout = {row[0] if row else 5000}")
    return applied


async def _apply(db: aiosqlite.Connection, migration: Migration) -> bool:
    """Apply ``migration`` in one transaction; False if another process had applied it."""
    if not re.fullmatch(r"[a-z0-9_]+", migration.name):
        raise MigrationError(f"a migration's name is [a-z0-9_]: {migration.name!r}")
    stamp = datetime.now(UTC).isoformat()
    # the record first, under the write lock: its primary key stops a second process before the file's
    # statements; a script takes no parameters, and the values are a number, [a-z0-9_] and a time
    script = (
        f"BEGIN IMMEDIATE;\n{_LEDGER};\n"
        f"INSERT INTO {LEDGER} (version, name, applied_at)"
        f" VALUES ({migration.version:d}, '{migration.name}', '{stamp}');\n"
        f"{migration.sql}\n;\nCOMMIT;"
    )
    try:
        await db.executescript(script)
    except Exception as error:
        if db.in_transaction:
            await db.execute("ROLLBACK")
        if isinstance(error, sqlite3.IntegrityError) and migration.version in await applied_versions(db):
            return False  # recorded by another process while this one waited for the lock
        raise MigrationError(f"migration {migration.version:04d}_{migration.name} failed: {error}") from error
    return True
