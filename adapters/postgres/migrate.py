"""The same numbered SQL migrations as SQLite (``migrations/0001_initial.sql`` ...), applied to PostgreSQL:
in order, each once, each in its own transaction, recorded in ``schema_migrations``.

The files are written in the SQL both databases share (TEXT and INTEGER columns, CHECK constraints, partial
unique indexes, ``ALTER TABLE ... ADD COLUMN``), so they run here unchanged: there is no translation and
no per-dialect file. The one difference is *when* they run: several bot processes may start at once on one
server, so the whole run holds a transaction-level advisory lock and a second process waits, then finds
everything applied. A database whose schema (``current_schema()``) holds another program's tables, or one
of a newer golfbot, is refused under that lock before anything is written (``adapters/schema_guard.py``).

The listing of the files repeats the SQLite adapter's few lines on purpose: the storage adapters never
import each other (import-linter).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources

import asyncpg

from adapters.schema_guard import refusal

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
_LOCK = 0x601F_B07  # pg_advisory_xact_lock key: "golfbot migrations"


ELSEWHERE = "give golfbot a database of its own"
SCHEMA_TABLES = (
    "SELECT table_name FROM information_schema.tables"
    " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
)
"""The tables of the schema golfbot's tables go to."""


class MigrationError(RuntimeError):
    """A migration file that failed or does not fit the numbering."""


class NotOurDatabase(MigrationError):
    """Another program's database, or a newer golfbot's: nothing was written (a clause that follows the
    database's name, and what to do)."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def available_migrations() -> list[Migration]:
    found = []
    for entry in resources.files("migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationError(f"migrations must be numbered 0001, 0002, ... without gaps; found {numbers}")
    return found


async def apply_migrations(conn: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy) -> list[int]:
    """Apply what is missing; returns the versions applied now."""
    applied: list[int] = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK)
        tables = {row[0] for row in await conn.fetch(SCHEMA_TABLES)}
        known = set()
        if "schema_migrations" in tables:
            known = {row[0] for row in await conn.fetch("SELECT version FROM schema_migrations")}
        why = refusal(tables, known, len(available_migrations()), elsewhere=ELSEWHERE)
        if why is not None:
            raise NotOurDatabase(why)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        done = {row[0] for row in await conn.fetch("SELECT version FROM schema_migrations")}
    for migration in available_migrations():
        if migration.version in done:
            continue
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK)
                if await conn.fetchval(
                    "SELECT 1 FROM schema_migrations WHERE version = $1", migration.version
                ):
                    continue  # another process applied it while this one waited for the lock
                await conn.execute(migration.sql)  # a script: the simple query protocol, no parameters
                await conn.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                    migration.version,
                    migration.name,
                    datetime.now(UTC).isoformat(),
                )
        except asyncpg.PostgresError as error:
            raise MigrationError(
                f"migration {migration.version:04d}_{migration.name} failed: {error}"
            ) from error
        applied.append(migration.version)
    return applied
