"""A database that cannot be used just now (locked by another program, a full disk) is the port's
StoreUnavailable, told apart by SQLite's error code; nothing is written, and the store works again once
the cause is gone. A statement SQLite does not understand (a bug) is not an outage."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from adapters.sqlite.outage import outage
from bot.models import Player
from bot.ports import StoreUnavailable
from tests.adapters.sqlite.test_store import ALICE, a_round


def stored_version(db_path: Path, round_id: str) -> int:
    with sqlite3.connect(db_path) as db:  # a second connection: what is on disk
        return int(db.execute("SELECT version FROM rounds WHERE id = ?", (round_id,)).fetchone()[0])


async def test_a_database_locked_by_another_program_is_unavailable_and_nothing_is_written(storage, db_path):
    await storage.ensure_player(ALICE)
    state = a_round()
    await storage.create_round(state)
    await storage._db.execute("PRAGMA busy_timeout=50")  # (the bot waits 5 s)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreUnavailable, match="locked by another program"):
            await storage.save_round(state.bump(), previous_version=state.version)
        with pytest.raises(StoreUnavailable, match="locked by another program"):  # a transaction of several
            await storage.close_day(state.place, date(2026, 11, 28))
        assert (await storage.load_round(state.id)) == state  # reads go on (WAL)
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert stored_version(db_path, state.id) == state.version

    await storage.save_round(state.bump(), previous_version=state.version)  # the lock is gone: it works
    assert stored_version(db_path, state.id) == state.version + 1


async def test_a_full_disk_is_unavailable_and_the_store_goes_on_once_there_is_room(storage, db_path):
    await storage.ensure_player(ALICE)
    pages = (await (await storage._db.execute("PRAGMA page_count")).fetchone())[0]
    await storage._db.execute(f"PRAGMA max_page_count={pages}")  # the disk is full from here on
    players = [Player("test", str(n), "x" * 500) for n in range(200)]
    with pytest.raises(StoreUnavailable, match="the disk is full") as failure:
        for player in players:
            await storage.ensure_player(player)
    assert isinstance(failure.value.__cause__, sqlite3.OperationalError)
    assert not storage._db.in_transaction
    stored = {p.key for p in players if await storage.player(p.key) is not None}

    await storage._db.execute(f"PRAGMA max_page_count={pages * 100}")  # room again
    await storage.ensure_player(players[-1])
    assert await storage.player(players[-1].key) is not None
    assert len(stored) < len(players)


def test_only_errors_that_mean_the_database_cannot_be_used_are_outages(tmp_path):
    db = sqlite3.connect(tmp_path / "x.sqlite3")
    with pytest.raises(sqlite3.OperationalError) as bug:
        db.execute("SELECT * FROM no_such_table")
    assert outage(bug.value) is None  # a bug stays a bug
    db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY)")
    db.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(sqlite3.IntegrityError) as clash:
        db.execute("INSERT INTO t VALUES (1)")
    assert outage(clash.value) is None  # a broken constraint has its own error
    assert outage(ValueError("locked")) is None
    db.close()
