"""Group commit in the SQLite store: writes that arrive while one is in flight are committed together, in
one transaction and one trip to the connection's thread; each is answered only once it is on disk (read
back from a second connection, and across a kill -9), and a write that fails in a group fails alone."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from adapters.sqlite import SqliteStorage
from bot.models import Player, RoundState
from bot.ports import ActiveRoundExists, ConstraintViolation, StoreUnavailable, VersionConflict
from tests.adapters.sqlite.test_store import a_hole, a_round, play_out

REPO = Path(__file__).resolve().parents[3]


async def rounds_of(storage: SqliteStorage, count: int) -> list[RoundState]:
    players = [Player("test", str(i)) for i in range(count)]
    await asyncio.gather(*(storage.ensure_player(p) for p in players))
    states = [a_round(f"round{i:04d}", owner=p) for i, p in enumerate(players)]
    await asyncio.gather(*(storage.create_round(s) for s in states))
    return states


def stored_versions(db_path: Path) -> dict[str, int]:
    with sqlite3.connect(db_path) as db:  # a second connection: what is on disk
        return dict(db.execute("SELECT id, version FROM rounds"))


async def test_fifty_presses_at_once_each_applied_once_with_its_own_version_in_few_trips(storage, db_path):
    states = await rounds_of(storage, 50)
    trips = storage._writes.groups

    async def press(state: RoundState, moves: int) -> RoundState:
        for _ in range(moves):
            new = state.bump(moves=(*state.moves, "s"))
            await storage.save_round(new, previous_version=state.version)
            state = new
        return state

    finals = await asyncio.gather(*(press(s, 1 + i % 3) for i, s in enumerate(states)))

    assert stored_versions(db_path) == {s.id: 2 + i % 3 for i, s in enumerate(states)}
    assert [await storage.load_round(s.id) for s in states] == finals
    # 100 writes: the first alone, the 49 that came while it was in flight in one group, and so on
    assert storage._writes.groups - trips < 10


async def test_one_version_wins_when_a_group_holds_fifty_saves_of_one_round(storage, db_path):
    """The version check is made for each write inside the group: one save of version 1 -> 2 wins, the
    others of the same group are refused, each by its own VersionConflict."""
    (state,) = await rounds_of(storage, 1)
    tries = [state.bump(moves=(str(i % 7 + 1),)) for i in range(50)]
    trips = storage._writes.groups
    results = await asyncio.gather(
        *(storage.save_round(t, previous_version=1) for t in tries), return_exceptions=True
    )
    assert storage._writes.groups - trips == 1

    assert results[0] is None
    assert all(isinstance(r, VersionConflict) for r in results[1:])
    assert await storage.load_round(state.id) == tries[0]
    assert stored_versions(db_path) == {state.id: 2}


async def test_a_failing_write_in_a_group_fails_only_its_own_press(storage, db_path):
    states = await rounds_of(storage, 20)
    first = await play_out(storage, states[0], [7])
    duplicate = storage.save_round(  # its round's update is rolled back with its hole (a savepoint)
        first.bump(scores=(7, 7)), previous_version=first.version, finished=a_hole(states[0], 0, 7)
    )
    stale = storage.save_round(states[1].bump(), previous_version=5)
    second = storage.create_round(a_round("round9999", owner=Player("test", "2")))
    moves = [storage.save_round(s.bump(moves=("s",)), previous_version=1) for s in states[2:]]
    trips = storage._writes.groups
    results = await asyncio.gather(duplicate, stale, second, *moves, return_exceptions=True)
    assert storage._writes.groups - trips == 1  # all 21 in one transaction

    assert isinstance(results[0], ConstraintViolation)
    assert isinstance(results[0].__cause__, sqlite3.IntegrityError)
    assert isinstance(results[1], VersionConflict)
    assert isinstance(results[2], ActiveRoundExists)
    assert results[3:] == [None] * 18
    assert stored_versions(db_path) == {
        "round0000": first.version,
        "round0001": 1,
        **{s.id: 2 for s in states[2:]},
    }
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM holes").fetchone() == (1,)
    assert not storage._db.in_transaction


async def test_a_press_is_answered_only_once_its_write_is_on_disk(storage, db_path):
    """Each caller, the moment it is answered, finds its write in the file through another connection."""
    states = await rounds_of(storage, 40)
    seen: list[bool] = []

    async def press(state: RoundState) -> None:
        for _ in range(3):
            new = state.bump(moves=(*state.moves, "s"))
            await storage.save_round(new, previous_version=state.version)
            seen.append(stored_versions(db_path)[new.id] >= new.version)  # before anything else runs
            state = new

    await asyncio.gather(*(press(s) for s in states))
    assert seen == [True] * 120


async def test_writes_wait_for_a_transaction_of_several_statements_and_stay_out_of_it(storage, db_path):
    states = await rounds_of(storage, 5)
    entered = asyncio.Event()

    async def failing_transaction() -> None:
        async with storage._transaction() as db:
            await db.execute("UPDATE rounds SET version = 99 WHERE id = 'round0000'")
            entered.set()
            await asyncio.sleep(0.05)  # the other writes arrive meanwhile
            raise RuntimeError("given up")

    async def moves() -> None:
        await entered.wait()
        await asyncio.gather(*(storage.save_round(s.bump(), previous_version=1) for s in states[1:]))

    results = await asyncio.gather(failing_transaction(), moves(), return_exceptions=True)
    assert isinstance(results[0], RuntimeError) and results[1] is None
    assert stored_versions(db_path) == {"round0000": 1, **{s.id: 2 for s in states[1:]}}


async def test_close_commits_what_was_handed_in(db_path):
    storage = await SqliteStorage.open(db_path)
    states = await rounds_of(storage, 10)
    saves = [asyncio.ensure_future(storage.save_round(s.bump(), previous_version=1)) for s in states]
    await asyncio.sleep(0)  # handed in, not yet answered
    await storage.close()
    assert await asyncio.gather(*saves) == [None] * 10
    assert stored_versions(db_path) == {s.id: 2 for s in states}


WRITER = textwrap.dedent(
    """
    import asyncio, sys
    from adapters.sqlite import SqliteStorage
    from bot.models import Player
    from tests.adapters.sqlite.test_store import a_round

    async def main(path):
        storage = await SqliteStorage.open(path)
        players = [Player("test", str(i)) for i in range(30)]
        for p in players:
            await storage.ensure_player(p)
        states = [a_round(f"round{i:04d}", owner=p) for i, p in enumerate(players)]
        for s in states:
            await storage.create_round(s)

        async def press(state):
            while True:
                new = state.bump(moves=(*state.moves, "s"))
                await storage.save_round(new, previous_version=state.version)
                print(new.id, new.version, flush=True)  # the reply: only after the commit
                state = new

        await asyncio.gather(*(press(s) for s in states))

    asyncio.run(main(sys.argv[1]))
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
def test_every_answered_press_survives_a_kill_9(db_path):
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db_path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert child.stdout is not None
    answered: dict[str, int] = {}

    def note(line: str) -> None:
        if line.endswith("\n"):  # a line the kill cut short is left out
            round_id, version = line.split()
            answered[round_id] = max(answered.get(round_id, 0), int(version))

    try:
        for line in child.stdout:
            note(line)
            if len(answered) == 30 and sum(answered.values()) > 3000:
                break
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    for line in child.stdout.readlines():  # answers written before the kill, not yet read
        note(line)
    stored = stored_versions(db_path)
    assert all(stored[r] >= v for r, v in answered.items()), (answered, stored)


async def test_a_group_whose_transaction_fails_fails_every_write_and_reports_none_done(storage, db_path):
    """Another program holds the database's write lock past the busy timeout: the group's BEGIN fails, so
    each of its writes fails (as StoreUnavailable, SQLite's error its cause), none is on disk, and the next
    group goes through."""
    states = await rounds_of(storage, 10)
    await storage._db.execute("PRAGMA busy_timeout=50")
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        results = await asyncio.gather(
            *(storage.save_round(s.bump(), previous_version=1) for s in states), return_exceptions=True
        )
        other.execute("ROLLBACK")
    finally:
        other.close()

    assert all(isinstance(r, StoreUnavailable) and "locked" in str(r) for r in results), results
    assert all(isinstance(r.__cause__, sqlite3.OperationalError) for r in results)
    assert stored_versions(db_path) == {s.id: 1 for s in states}
    assert not storage._db.in_transaction
    await asyncio.gather(*(storage.save_round(s.bump(), previous_version=1) for s in states))
    assert stored_versions(db_path) == {s.id: 2 for s in states}
