"""What is particular to the PostgreSQL store (the contract suite covers the rest): several processes
opening one new database at once migrate it once; timers compare as times; a broken constraint is named;
the password never appears in an error."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest

from adapters.postgres import DatabaseUnavailable, PostgresStorage, available_migrations
from bot.models import Player, Timer
from bot.ports import ConstraintViolation


async def test_four_stores_opening_one_new_database_at_once_migrate_it_once(pg_url: str) -> None:
    stores = await asyncio.gather(*(PostgresStorage.open(pg_url, pool_size=1) for _ in range(4)))
    for store in stores:
        await store.close()
    conn = await asyncpg.connect(pg_url)
    try:
        versions = [r[0] for r in await conn.fetch("SELECT version FROM schema_migrations ORDER BY version")]
    finally:
        await conn.close()
    assert versions == [m.version for m in available_migrations()]


async def test_timers_with_and_without_fractions_of_a_second_are_in_time_order(
    storage: PostgresStorage,
) -> None:
    # "…:00+00:00" and "…:00.5+00:00": byte order is time order, and the store compares under COLLATE "C".
    # (The test server's databases are C.UTF-8 and its build has no ICU, so the case of a locale that
    # ignores punctuation is not reproduced here.)
    t = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    await storage.add_timer(Timer("half", "turn", t + timedelta(milliseconds=500)))
    await storage.add_timer(Timer("whole", "turn", t))
    assert [x.id for x in await storage.due_timers(t + timedelta(seconds=1))] == ["whole", "half"]
    assert [x.id for x in await storage.due_timers(t)] == ["whole"]
    assert await storage.next_due(["turn"]) == t


async def test_a_broken_constraint_is_named(storage: PostgresStorage) -> None:
    from dataclasses import replace

    from bot.models import RoundState

    state = RoundState(
        id="r1",
        place="test:here",
        players=("test:nobody",),
        rules="strict",
        holes=1,
        par_for_nine=45,
        casual=True,
        deals=(1,),
    )
    with pytest.raises(ConstraintViolation, match="ForeignKeyViolationError"):
        await storage.create_round(state)
    await storage.ensure_player(Player("test", "nobody", "N"))
    with pytest.raises(ConstraintViolation, match="CheckViolationError"):
        await storage.create_round(replace(state, holes=40))


async def test_a_wrong_password_is_one_line_without_it() -> None:
    with pytest.raises(DatabaseUnavailable) as error:
        await PostgresStorage.open("postgresql://golf:hunter2@127.0.0.1:1/golf")
    assert "hunter2" not in str(error.value) and "golf:***@127.0.0.1:1" in str(error.value)
