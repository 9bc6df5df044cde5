"""The storage contract runs once per implementation of the Storage port: the SQLite store on a real temp
file, the in-memory store, and the PostgreSQL store on a real server that the tests start themselves
(``tests/adapters/postgres/pg_server.py``: the ``pgserver`` wheel's binaries, a database per test)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType

import pytest

from adapters.memory import MemoryStorage
from adapters.postgres import PostgresStorage
from adapters.sqlite import SqliteStorage
from bot.ports import Storage


def _pg_server() -> ModuleType:
    if "pg_server" not in sys.modules:
        path = Path(__file__).parents[1] / "adapters" / "postgres" / "pg_server.py"
        spec = importlib.util.spec_from_file_location("pg_server", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["pg_server"] = module
        spec.loader.exec_module(module)
    return sys.modules["pg_server"]


@pytest.fixture(params=["sqlite", "memory", "postgres"])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    store: SqliteStorage | MemoryStorage | PostgresStorage
    if request.param == "sqlite":
        store = await SqliteStorage.open(tmp_path / "golf.sqlite3")
    elif request.param == "memory":
        store = MemoryStorage()
    else:
        store = await PostgresStorage.open(await _pg_server().fresh_database())
    yield store
    await store.close()


@pytest.fixture(params=["sqlite", "postgres"])
async def shared_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where several processes meet: an SQLite file (each opens its own connection) or a new PostgreSQL
    database (each its own pool)."""
    if request.param == "sqlite":
        return str(tmp_path / "golf.sqlite3")
    return str(await _pg_server().fresh_database())
