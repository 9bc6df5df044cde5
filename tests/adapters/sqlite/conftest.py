"""The SQLite store on a real temp file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.sqlite import SqliteStorage


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "golf.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[SqliteStorage]:
    store = await SqliteStorage.open(db_path)
    yield store
    await store.close()
