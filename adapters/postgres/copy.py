"""``golfbot migrate --to postgresql://...``: copy an SQLite database to a PostgreSQL one, nothing lost;
and back, for ``golfbot backup`` on PostgreSQL (``copy_postgres_to_sqlite``: the backup is an SQLite file).

Both schemas come from the same migrations, so every table has the same columns with the same values
(times and JSON are text in both): rows are copied as they are, table by table in the order of their
foreign keys, with PostgreSQL's COPY, in one transaction (a failure leaves the target as it was). The
target must be empty: the copy never merges two databases. Afterwards the row count of every table is
compared, and a sample of rows of each table is read back from both and compared value by value, before
the commit.

The SQLite file is read with the standard library (read-only), not through the SQLite store: the storage
adapters never import each other.
"""

from __future__ import annotations

import asyncio
import math
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from adapters.postgres.migrate import ELSEWHERE, SCHEMA_TABLES
from adapters.postgres.store import CONNECT_TIMEOUT, DatabaseUnavailable, PostgresStorage
from adapters.postgres.url import redact
from adapters.schema_guard import refusal

TABLES: dict[str, tuple[str, ...]] = {
    "players": ("key",),
    "places": ("key",),
    "rounds": ("id",),
    "holes": ("round_id", "idx"),
    "timers": ("id",),
    "installation": ("key",),
    "daily_settings": ("place",),
    "daily_days": ("place", "day"),
    "daily_results": ("place", "day", "player"),
    "daily_totals": ("place", "player"),
    "daily_weeks": ("place", "week", "player"),
    "competitions": ("id",),
    "match_results": ("match_id", "player"),
}
"""The tables copied, parents first, each with its primary key (to find a sampled row in the copy)."""

SAMPLE = 200
BATCH = 5_000


class CopyError(RuntimeError):
    """The copy was refused or did not match; nothing was written (one line, for the terminal)."""


@dataclass(frozen=True, slots=True)
class TableCopied:
    table: str
    source_rows: int
    target_rows: int
    sampled: int
    """Rows read back from both databases and found equal."""


def _columns(source: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in source.execute(f"PRAGMA table_info({table})")]


async def copy_sqlite_to_postgres(sqlite_path: str | Path, storage: PostgresStorage) -> list[TableCopied]:
    """Copy every table of the (migrated) SQLite file at ``sqlite_path`` into ``storage``'s database,
    which must hold no rows yet; returns what was copied and checked, table by table."""
    source = sqlite3.connect(f"file:{Path(sqlite_path)}?mode=ro", uri=True, check_same_thread=False)
    try:
        async with storage.pool.acquire() as conn:
            for table in TABLES:
                if await conn.fetchval(f"SELECT COUNT(*) FROM {table}"):
                    raise CopyError(f"the target database already has {table}: it must be empty")
            async with conn.transaction():  # checked before the commit: a mismatch writes nothing
                for table in TABLES:
                    await _copy_table(source, conn, table)
                return [await _check_table(source, conn, table, key) for table, key in TABLES.items()]
    finally:
        source.close()


async def _copy_table(source: sqlite3.Connection, conn: Any, table: str) -> None:
    columns = _columns(source, table)
    cursor = source.execute(f"SELECT {', '.join(columns)} FROM {table}")
    while batch := await asyncio.to_thread(cursor.fetchmany, BATCH):
        try:
            await conn.copy_records_to_table(table, records=batch, columns=columns)
        except (asyncpg.PostgresError, asyncpg.DataError) as error:
            raise CopyError(f"{table}: {type(error).__name__}: {error}") from None


def _same_row(copied: tuple[Any, ...], row: tuple[Any, ...]) -> bool:
    """Equal, a REAL column within its precision (PostgreSQL's REAL is 4 bytes, SQLite's 8)."""
    return len(copied) == len(row) and all(
        math.isclose(a, b, rel_tol=1e-6) if isinstance(a, float) and isinstance(b, float) else a == b
        for a, b in zip(copied, row, strict=True)
    )


async def _check_table(
    source: sqlite3.Connection, conn: Any, table: str, key: tuple[str, ...]
) -> TableCopied:
    columns = _columns(source, table)
    source_rows = source.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    target_rows = await conn.fetchval(f"SELECT COUNT(*) FROM {table}")
    if source_rows != target_rows:
        raise CopyError(f"{table}: {source_rows} rows in SQLite but {target_rows} copied")
    sample = source.execute(
        f"SELECT {', '.join(columns)} FROM {table} ORDER BY random() LIMIT {SAMPLE}"
    ).fetchall()
    where = " AND ".join(f"{name} = ${i}" for i, name in enumerate(key, 1))
    positions = [columns.index(name) for name in key]
    for row in sample:
        copied = await conn.fetchrow(
            f"SELECT {', '.join(columns)} FROM {table} WHERE {where}", *(row[i] for i in positions)
        )
        if copied is None or not _same_row(tuple(copied), tuple(row)):
            raise CopyError(f"{table}: the row {[row[i] for i in positions]} differs in the copy")
    return TableCopied(table, source_rows, target_rows, len(sample))


async def _connect(url: str) -> asyncpg.Connection:
    try:
        return await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
    except TimeoutError:
        raise DatabaseUnavailable(f"cannot connect to {redact(url)}: the server did not answer") from None
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
        raise DatabaseUnavailable(f"cannot connect to {redact(url)}: {error}") from None


async def _schema(conn: asyncpg.Connection) -> tuple[set[str], set[int]]:
    tables = {row[0] for row in await conn.fetch(SCHEMA_TABLES)}
    versions = set()
    if "schema_migrations" in tables:
        versions = {row[0] for row in await conn.fetch("SELECT version FROM schema_migrations")}
    return tables, versions


async def postgres_schema(url: str) -> int:
    """The newest migration recorded in the golfbot database at ``url`` (read only; CopyError for
    another program's database)."""
    conn = await _connect(url)
    try:
        tables, versions = await _schema(conn)
    finally:
        await conn.close()
    why = refusal(tables, versions, 1 << 30, elsewhere=ELSEWHERE)
    if why is not None:
        raise CopyError(f"the database {redact(url)} {why}")
    return max(versions, default=0)


async def copy_postgres_to_sqlite(url: str, sqlite_path: str | Path, schema: int) -> dict[str, int]:
    """Copy every golfbot table of the database at ``url`` into the SQLite file at ``sqlite_path``, which
    has the same schema (migrations 1 to ``schema``) and no rows yet: one consistent snapshot (a
    REPEATABLE READ, READ ONLY transaction; the bots go on writing). Returns the row count of each table
    in that snapshot, for the check of the copy."""
    conn = await _connect(url)
    target = sqlite3.connect(sqlite_path, isolation_level=None, check_same_thread=False)
    counts: dict[str, int] = {}
    try:
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            tables, versions = await _schema(conn)
            if max(versions, default=0) != schema:
                raise CopyError("the database's schema changed during the backup: run it again")
            target.execute("BEGIN")
            for table in TABLES:
                if table not in tables:
                    continue  # not yet in this schema's version
                columns = _columns(target, table)
                counts[table] = await conn.fetchval(f"SELECT COUNT(*) FROM {table}")
                insert = (
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
                )
                async for row in conn.cursor(f"SELECT {', '.join(columns)} FROM {table}", prefetch=BATCH):
                    target.execute(insert, tuple(row))
            target.execute("COMMIT")
    except sqlite3.Error as error:
        raise CopyError(f"writing the backup failed: {error}") from None
    finally:
        target.close()
        await conn.close()
    return counts
