"""Numbered SQL migrations (``migrations/0001_initial.sql`` ...), applied in order, each once, each in a
transaction, and recorded in ``schema_migrations``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from importlib.resources.abc import Traversable

import aiosqlite

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class MigrationError(RuntimeError):
    """A migration file that failed or does not fit the numbering."""


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


async def applied_versions(db: aiosqlite.Connection) -> set[int]:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )
    async with db.execute("SELECT version FROM schema_migrations") as cursor:
        return {row[0] async for row in cursor}


async def apply_migrations(
    db: aiosqlite.Connection, migrations: Sequence[Migration] | None = None
) -> list[int]:
    """Apply what is missing of ``migrations`` (default: ``available_migrations()``); returns the versions
    applied now. The connection must be in autocommit mode (``isolation_level=None``) so that each migration
    is exactly one explicit transaction."""
    done = await applied_versions(db)
    applied = []
    for migration in available_migrations() if migrations is None else migrations:
        if migration.version in done:
            continue
        try:
            # the file's statements and its record in one transaction; the record is a parametrised
            # statement of its own (a script takes no parameters)
            await db.executescript(f"BEGIN IMMEDIATE;\n{migration.sql}\n;")
            await db.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, datetime.now(UTC).isoformat()),
            )
            await db.execute("COMMIT")
        except Exception as error:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise MigrationError(
                f"migration {migration.version:04d}_{migration.name} failed: {error}"
            ) from error
        applied.append(migration.version)
    return applied
