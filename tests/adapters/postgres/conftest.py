"""Fixtures of the PostgreSQL store's own tests: a real server (``pg_server.py``) and a fresh database."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType

import pytest

from adapters.postgres import PostgresStorage


def load_pg_server() -> ModuleType:
    """``pg_server.py`` beside this file, imported once as the top-level module ``pg_server``."""
    if "pg_server" not in sys.modules:
        spec = importlib.util.spec_from_file_location("pg_server", Path(__file__).with_name("pg_server.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["pg_server"] = module
        spec.loader.exec_module(module)
    return sys.modules["pg_server"]


load_pg_server()  # so that the tests here may ``from pg_server import fresh_database``


@pytest.fixture
async def pg_url() -> str:
    """A new, empty database on the session's PostgreSQL server."""
    return str(await load_pg_server().fresh_database())


@pytest.fixture
async def storage(pg_url: str) -> AsyncIterator[PostgresStorage]:
    store = await PostgresStorage.open(pg_url)
    yield store
    await store.close()
