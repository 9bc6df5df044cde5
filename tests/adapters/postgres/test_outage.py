"""A server that drops the store's connections (a restart, a failover, an admin's pg_terminate_backend) is
the port's StoreUnavailable for the calls that meet it: nothing is written, and the pool's next
connections work. A statement the server does not understand (a bug) is not an outage."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from adapters.postgres.outage import outage
from bot.ports import StoreUnavailable
from tests.adapters.sqlite.test_store import ALICE, a_round


async def drop_waiting(holder: asyncpg.Connection) -> None:
    """Terminate the session waiting for ``holder``'s lock (once it waits), as a server restart would."""
    for _ in range(500):
        dropped = await holder.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'"
        )
        if dropped:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the store's statement never waited for the lock")


async def test_a_connection_dropped_by_the_server_mid_statement_is_unavailable_and_nothing_is_written(
    storage, pg_url
):
    await storage.ensure_player(ALICE)
    state = a_round()
    await storage.create_round(state)
    holder = await asyncpg.connect(pg_url)
    try:
        async with holder.transaction():  # another program holds the round's row
            await holder.execute("SELECT 1 FROM rounds WHERE id = $1 FOR UPDATE", state.id)
            saving = asyncio.ensure_future(storage.save_round(state.bump(), previous_version=state.version))
            await drop_waiting(holder)
            with pytest.raises(StoreUnavailable, match="database server") as failure:
                await saving
        assert isinstance(failure.value.__cause__, asyncpg.PostgresError)
        assert await storage.load_round(state.id) == state  # nothing written; the pool connects again

        async with holder.transaction():  # a transaction of several statements alike
            await holder.execute("LOCK TABLE daily_days IN EXCLUSIVE MODE")
            closing = asyncio.ensure_future(storage.close_day(state.place, state.started_at.date()))
            await drop_waiting(holder)
            with pytest.raises(StoreUnavailable):
                await closing
    finally:
        await holder.close()
    await storage.save_round(state.bump(), previous_version=state.version)
    assert (await storage.load_round(state.id)).version == state.version + 1


async def test_only_errors_that_mean_the_database_cannot_be_used_are_outages(storage):
    with pytest.raises(asyncpg.PostgresError) as bug:
        await storage.pool.execute("SELECT * FROM no_such_table")
    assert outage(bug.value) is None
    assert outage(ConnectionRefusedError(111, "Connection refused")) is not None
    assert outage(ValueError("connection")) is None
