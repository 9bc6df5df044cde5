"""The terminal's tests: a Clubhouse on a real SQLite file, with the bench's solver that answers "not known"
at once (no solver pool to start)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.cli.bench_core import NoSolver
from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse


@pytest.fixture
async def club(tmp_path: Path) -> AsyncIterator[Clubhouse]:
    storage = await SqliteStorage.open(tmp_path / "golf.sqlite3")
    clubhouse = Clubhouse(storage, NoSolver(), ManualClock(), rng=random.Random(3))
    yield clubhouse
    await clubhouse.close()
    await storage.close()
