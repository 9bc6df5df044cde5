"""The server goes away under a running store (a restart): asyncpg's pool, restoring its floor of
connections, logged "Failed to restore the pool connection floor; retrying" with a 15-line traceback at
every try, printed over a terminal game's board. Now: one WARNING line without the traceback in the bots'
log, nothing at all elsewhere; and the store works again once the server is back."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterator

import asyncpg
import pytest
from pg_server import admin_url

from adapters.cli.config import LOG_HANDLER, TEXT_FORMAT
from adapters.postgres import PostgresStorage
from adapters.postgres.pool_log import OneLine
from tests.adapters.sqlite.test_store import ALICE


class Tries(logging.Filter):
    """Counts asyncpg's pool warnings before any other filter sees them."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        self.count += 1
        return True


@pytest.fixture
def tries() -> Iterator[Tries]:
    logger = logging.getLogger("asyncpg.pool")
    for earlier in [f for f in logger.filters if isinstance(f, OneLine)]:
        logger.removeFilter(earlier)  # its minute of quiet may have begun in an earlier test
    counter = Tries()
    logger.filters.insert(0, counter)
    yield counter
    logger.removeFilter(counter)


def a_handler(name: str) -> tuple[logging.Handler, io.StringIO]:
    text = io.StringIO()
    handler = logging.StreamHandler(text)
    handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    handler.set_name(name)
    return handler, text


async def restart(pg_url: str, tries: Tries, store: PostgresStorage) -> None:
    """The database refuses connections and drops the store's, until the pool has failed twice."""
    name = pg_url.split("/")[3].split("?")[0]
    admin = await asyncpg.connect(admin_url())
    try:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name)
        for _ in range(600):
            if tries.count >= 2:
                break
            await asyncio.sleep(0.1)
        assert tries.count >= 2, "the pool never tried to reconnect"
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    finally:
        await admin.close()
    for _ in range(300):  # the store works again
        try:
            await store.ensure_player(ALICE)
            return
        except Exception:
            await asyncio.sleep(0.1)
    await store.ensure_player(ALICE)


@pytest.mark.parametrize("bots_log", [True, False], ids=["the bots' log", "a terminal game"])
async def test_a_restart_is_one_line_in_the_bots_log_and_nothing_on_a_terminal(
    pg_url: str, tries: Tries, bots_log: bool
) -> None:
    root = logging.getLogger()
    handler, text = a_handler(LOG_HANDLER if bots_log else "")
    root.addHandler(handler)
    level = root.level
    root.setLevel(logging.WARNING)
    store = await PostgresStorage.open(pg_url)
    try:
        await restart(pg_url, tries, store)
    finally:
        await store.close()
        root.removeHandler(handler)
        root.setLevel(level)
    lines = text.getvalue().splitlines()
    if bots_log:
        assert len(lines) == 1, lines
        assert "WARNING asyncpg.pool: Failed to restore the pool connection floor; retrying (" in lines[0]
        assert "not currently accepting connections" in lines[0]
    else:
        assert lines == []
