"""The storage contract runs once per implementation of the Storage port: the SQLite store on a real temp
file, and the in-memory store."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.memory import MemoryStorage
from adapters.sqlite import SqliteStorage
from bot.ports import Storage


@pytest.fixture(params=["sqlite", "memory"])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    store: SqliteStorage | MemoryStorage
    if request.param == "sqlite":
        store = await SqliteStorage.open(tmp_path / "golf.sqlite3")
    else:
        store = MemoryStorage()
    yield store
    await store.close()
