"""What is particular to SqliteStorage (what every Storage must do is in tests/contract): the connection
settings, every write committed and seen by another connection, SQLite's constraint errors translated by
their code, a failed transaction that takes no other write down, many writes queued on one connection,
times stored as UTC text."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

import pytest

from adapters.sqlite import SqliteStorage
from bot.models import HoleRecord, Place, PlaceSettings, Player, RoundState, RoundStatus, Timer
from bot.ports import ActiveRoundExists, ConstraintViolation, VersionConflict

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ALICE = Player("test", "1", "Alice")
BOB = Player("test", "2", "Bob")
HERE = Place("test", "here", "Here")


def a_round(
    round_id: str = "round0001", owner: Player = ALICE, place: Place = HERE, **changes: object
) -> RoundState:
    state = RoundState(
        id=round_id,
        place=place.key,
        players=(owner.key,),
        rules="strict",
        holes=3,
        par_for_nine=45,
        casual=True,
        deals=(24, 25, 26),
        started_at=T0,
        updated_at=T0,
    )
    return replace(state, **changes)  # type: ignore[arg-type]


def a_hole(state: RoundState, index: int, score: int, place: Place = HERE) -> HoleRecord:
    return HoleRecord(
        round_id=state.id,
        player=state.owner,
        place=place.key,
        index=index,
        deal=state.deals[index],
        rules=state.rules,
        moves=("s", "q"),
        score=score,
        best=score - 1,
        finished_at=T0,
    )


async def play_out(
    storage: SqliteStorage, state: RoundState, scores: list[int], place: Place = HERE
) -> RoundState:
    """Store a round's holes one save at a time, as the core does; returns the last state."""
    for i, score in enumerate(scores):
        last = i == len(scores) - 1
        new = state.bump(
            scores=(*state.scores, score),
            best=(*state.best, score - 1),
            status=RoundStatus.FINISHED if last and len(scores) == state.holes else RoundStatus.HOLE_OVER,
        )
        await storage.save_round(new, previous_version=state.version, finished=a_hole(state, i, score, place))
        state = new
    return state


def pragma(path, name: str):
    with sqlite3.connect(path) as db:
        return db.execute(f"PRAGMA {name}").fetchone()[0]


async def test_the_connection_settings(storage, db_path):
    assert pragma(db_path, "journal_mode") == "wal"
    async with storage._db.execute("PRAGMA synchronous") as cursor:
        assert (await cursor.fetchone())[0] == 1  # NORMAL: safe in WAL mode when the process dies
    async with storage._db.execute("PRAGMA foreign_keys") as cursor:
        assert (await cursor.fetchone())[0] == 1


async def test_constraint_errors_are_named_by_sqlite_error_code(storage):
    with pytest.raises(ConstraintViolation, match=r"^SQLITE_CONSTRAINT_FOREIGNKEY") as unknown:
        await storage.create_round(a_round())
    assert isinstance(unknown.value.__cause__, sqlite3.IntegrityError)
    assert await storage.load_round("round0001") is None
    await storage.ensure_player(ALICE)
    await storage.create_round(a_round())
    # a second round in progress is told by the rounds_one_active index (no row inserted), a reused id by
    # the primary key, and a bad par by its check: not by reading the error's text
    with pytest.raises(ActiveRoundExists):
        await storage.create_round(a_round("round0002"))
    with pytest.raises(ConstraintViolation, match=r"^SQLITE_CONSTRAINT_PRIMARYKEY"):
        await storage.create_round(a_round(status=RoundStatus.FINISHED))
    with pytest.raises(ConstraintViolation, match=r"^SQLITE_CONSTRAINT_CHECK"):
        await storage.save_place_settings(HERE, PlaceSettings(par_for_nine=40))


async def test_save_round_checks_the_version_and_writes_nothing_on_a_conflict(storage, db_path):
    await storage.ensure_player(ALICE)
    state = a_round()
    await storage.create_round(state)
    moved = state.bump(moves=("s",), updated_at=T0 + timedelta(seconds=5))
    await storage.save_round(moved, previous_version=1)
    assert await storage.load_round(state.id) == moved

    with pytest.raises(VersionConflict):
        await storage.save_round(state.bump(moves=("1",)), previous_version=1)  # a stale write
    with pytest.raises(VersionConflict):
        await storage.save_round(replace(moved, id="nosuchround").bump(), previous_version=2)
    assert await storage.load_round(state.id) == moved
    with sqlite3.connect(db_path) as db:  # another connection sees what was committed
        assert list(db.execute("SELECT version, moves FROM rounds")) == [(2, "s")]


async def test_a_finished_hole_is_written_with_its_round_or_not_at_all(storage, db_path):
    await storage.ensure_player(ALICE)
    state = a_round()
    await storage.create_round(state)
    after = await play_out(storage, state, [7])
    with sqlite3.connect(db_path) as db:
        assert list(db.execute("SELECT round_id, idx, deal, moves, score, best FROM holes")) == [
            ("round0001", 0, "24", "s q", 7, 6)
        ]

    # the same hole again: the hole insert fails, and the round update in the same transaction is undone
    again = after.bump(scores=(7, 7))
    with pytest.raises(ConstraintViolation, match=r"^SQLITE_CONSTRAINT_PRIMARYKEY"):
        await storage.save_round(again, previous_version=after.version, finished=a_hole(state, 0, 7))
    assert await storage.load_round(state.id) == after
    assert not storage._db.in_transaction
    await storage.save_round(after.bump(status=RoundStatus.PLAYING), previous_version=after.version)


async def test_many_writes_at_once_on_one_connection(storage, db_path):
    players = [Player("test", str(i)) for i in range(30)]
    await asyncio.gather(*(storage.ensure_player(p) for p in players))
    states = [a_round(f"round{i:04d}", owner=p) for i, p in enumerate(players)]
    await asyncio.gather(*(storage.create_round(s) for s in states))

    async def moves(state: RoundState) -> RoundState:
        for _ in range(5):
            new = state.bump(moves=(*state.moves, "s"))
            await storage.save_round(new, previous_version=state.version)
            state = new
        return state

    finals = await asyncio.gather(*(moves(s) for s in states))
    with sqlite3.connect(db_path) as db:
        stored = dict(db.execute("SELECT id, version FROM rounds"))
    assert stored == {s.id: 6 for s in finals}


async def test_a_failing_transaction_takes_no_other_write_down_with_it(storage, db_path):
    """While one save's transaction is open (and then rolled back), the single-statement saves of other
    rounds made at the same moment are neither inside it nor lost."""
    players = [Player("test", str(i)) for i in range(20)]
    for player in players:
        await storage.ensure_player(player)
    states = [a_round(f"round{i:04d}", owner=p) for i, p in enumerate(players)]
    for state in states:
        await storage.create_round(state)
    first = await play_out(storage, states[0], [7])

    duplicate = storage.save_round(
        first.bump(scores=(7, 7)), previous_version=first.version, finished=a_hole(states[0], 0, 7)
    )
    moves = [storage.save_round(s.bump(moves=("s",)), previous_version=1) for s in states[1:]]
    results = await asyncio.gather(duplicate, *moves, return_exceptions=True)

    assert isinstance(results[0], ConstraintViolation)
    assert results[1:] == [None] * 19
    with sqlite3.connect(db_path) as db:
        stored = dict(db.execute("SELECT id, version FROM rounds"))
    assert stored == {"round0000": first.version, **{s.id: 2 for s in states[1:]}}


async def test_timers_are_stored_as_utc_text(storage, db_path):
    """Times are compared as stored text, so they are stored in UTC whatever zone they came in."""
    paris = timezone(timedelta(hours=2))
    await storage.add_timer(Timer("t", "daily", datetime(2026, 3, 1, 14, 0, tzinfo=paris)))
    with sqlite3.connect(db_path) as db:
        assert list(db.execute("SELECT id, kind, due, payload FROM timers")) == [
            ("t", "daily", "2026-03-01T12:00:00+00:00", "")
        ]
