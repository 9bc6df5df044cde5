"""On PostgreSQL as on SQLite: a database whose schema holds another program's tables, or a newer
golfbot's, is refused before anything is written (no golfbot table, no ``schema_migrations``), in one line
without the password; ``doctor`` says FAIL."""

from __future__ import annotations

import asyncpg
import pytest
from pg_server import PASSWORD

from adapters.cli.doctor_checks import check_database
from adapters.postgres import DatabaseUnavailable, DatabaseUrl, PostgresStorage, available_migrations


async def tables(url: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
        return {row[0] for row in rows}
    finally:
        await conn.close()


async def test_another_programs_database_is_refused_and_left_as_it_was(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    await conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    await conn.close()
    with pytest.raises(DatabaseUnavailable) as refused:
        await PostgresStorage.open(pg_url)
    assert str(refused.value).endswith(
        "is not a golfbot database (it holds another program's tables: customers);"
        " give golfbot a database of its own"
    )
    assert PASSWORD not in str(refused.value)
    assert await tables(pg_url) == {"customers"}
    check = await check_database(DatabaseUrl(pg_url))
    assert check.status == "FAIL" and "is not a golfbot database" in check.detail


async def test_a_newer_golfbots_database_is_refused(pg_url: str) -> None:
    await (await PostgresStorage.open(pg_url)).close()
    known = len(available_migrations())
    conn = await asyncpg.connect(pg_url)
    await conn.execute(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'medals', '2027-01-01')",
        known + 1,
    )
    await conn.close()
    with pytest.raises(DatabaseUnavailable, match=rf"newer golfbot \(schema {known + 1}; this golfbot knows"):
        await PostgresStorage.open(pg_url)
    check = await check_database(DatabaseUrl(pg_url))
    assert check.status == "FAIL" and "newer golfbot" in check.detail
