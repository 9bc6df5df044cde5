"""SqliteStorage, the Storage port on aiosqlite: every write committed before it returns, versions checked,
a finished hole written with its round in one transaction, stats, timers."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

import pytest

from adapters.sqlite import SqliteStorage
from bot.models import HoleRecord, Place, PlaceSettings, Player, RoundState, RoundStatus, Timer
from bot.ports import ActiveRoundExists, VersionConflict

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


async def test_players_are_kept_and_their_name_updated(storage, db_path):
    await storage.ensure_player(ALICE)
    await storage.ensure_player(replace(ALICE, name=""))  # an empty name never wipes the known one
    await storage.ensure_player(replace(ALICE, name="Alice B."))
    with sqlite3.connect(db_path) as db:
        assert list(db.execute("SELECT key, platform, user_id, name FROM players")) == [
            ("test:1", "test", "1", "Alice B.")
        ]


async def test_place_settings(storage):
    assert await storage.place_settings(HERE) == PlaceSettings()
    chosen = PlaceSettings(par_for_nine=36, default_rules="wrap", emoji=True)
    await storage.save_place_settings(HERE, chosen)
    assert await storage.place_settings(HERE) == chosen
    await storage.save_place_settings(HERE, PlaceSettings())
    assert await storage.place_settings(HERE) == PlaceSettings()
    with pytest.raises(sqlite3.IntegrityError):
        await storage.save_place_settings(HERE, PlaceSettings(par_for_nine=40))
    assert await storage.place_settings(HERE) == PlaceSettings()


async def test_a_round_reads_back_as_it_was_written(storage, db_path):
    await storage.ensure_player(ALICE)
    huge = 10**20 - 3  # deal numbers go to 20 digits: more than SQLite's 64-bit integers hold
    state = a_round(
        deals=(huge, huge + 1),
        holes=2,
        scores=(-3,),
        best=(None,),
        moves=("3", "s", "10"),
        version=17,
        status=RoundStatus.PLAYING,
        hints=2,
        casual=False,
        rules="wrap+jokers=1",
        par_for_nine=36,
    )
    await storage.create_round(state)
    assert await storage.load_round(state.id) == state
    assert await storage.active_round(ALICE.key, HERE.key) == state


async def test_active_round_is_per_player_and_place(storage):
    for player in (ALICE, BOB):
        await storage.ensure_player(player)
    mine = a_round("round0001")
    await storage.create_round(mine)
    assert await storage.active_round(ALICE.key, HERE.key) == mine
    assert await storage.active_round(ALICE.key, "test:elsewhere") is None
    assert await storage.active_round(BOB.key, HERE.key) is None

    # the database itself refuses a second round in progress for one player at one place
    with pytest.raises(ActiveRoundExists):
        await storage.create_round(a_round("round0002"))
    assert await storage.load_round("round0002") is None
    await storage.create_round(a_round("round0003", place=Place("test", "elsewhere")))
    await storage.create_round(a_round("round0004", owner=BOB))

    done = await play_out(storage, mine, [4, 5, 6])
    assert done.status is RoundStatus.FINISHED
    assert await storage.active_round(ALICE.key, HERE.key) is None
    await storage.create_round(a_round("round0005"))  # a finished round makes room for a new one


async def test_a_round_must_belong_to_a_known_player(storage):
    with pytest.raises(sqlite3.IntegrityError):
        await storage.create_round(a_round())
    assert await storage.load_round("round0001") is None


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
    with pytest.raises(sqlite3.IntegrityError):
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


async def test_stats(storage):
    elsewhere = Place("test", "elsewhere")
    for player in (ALICE, BOB):
        await storage.ensure_player(player)
    assert await storage.stats(ALICE.key) == type(await storage.stats(ALICE.key))()

    nine = a_round("round0001", holes=9, deals=tuple(range(1, 10)))
    await storage.create_round(nine)
    await play_out(storage, nine, [5, 3, 0, -2, 7, 4, 4, 1, 6])  # 28
    other_nine = a_round("round0002", holes=9, deals=tuple(range(1, 10)))
    await storage.create_round(other_nine)
    await play_out(storage, other_nine, [9] * 9)  # 81
    short = a_round("round0003", holes=1, deals=(5,), place=elsewhere)
    await storage.create_round(short)
    await play_out(storage, short, [-5], place=elsewhere)  # a one-hole round is no nine-hole best
    going = a_round("round0004", holes=3)
    await storage.create_round(going)
    await play_out(storage, going, [10])  # still in play: its hole counts, the round does not
    bobs = a_round("round0005", owner=BOB, holes=1, deals=(5,))
    await storage.create_round(bobs)
    await play_out(storage, bobs, [-9])

    scores = [5, 3, 0, -2, 7, 4, 4, 1, 6] + [9] * 9 + [-5, 10]
    stats = await storage.stats(ALICE.key)
    assert stats.rounds_played == 3
    assert stats.best_round == 28
    assert stats.holes_played == 20
    assert stats.average_hole == pytest.approx(sum(scores) / 20)
    assert stats.cleared_share == pytest.approx(3 / 20)
    assert stats.best_hole == -5

    here = await storage.stats(ALICE.key, HERE.key)
    assert (here.rounds_played, here.best_round, here.holes_played, here.best_hole) == (2, 28, 19, -2)
    there = await storage.stats(ALICE.key, elsewhere.key)
    assert (there.rounds_played, there.best_round, there.holes_played, there.cleared_share) == (1, None, 1, 1)
    assert (await storage.stats(BOB.key)).best_hole == -9


async def test_timers(storage):
    await storage.add_timer(Timer("b", "turn", T0 + timedelta(minutes=2), "round0001"))
    await storage.add_timer(Timer("a", "daily", T0 + timedelta(minutes=1)))
    await storage.add_timer(Timer("c", "daily", T0 + timedelta(days=1)))
    assert await storage.due_timers(T0) == []
    due = await storage.due_timers(T0 + timedelta(minutes=5))
    assert [(t.id, t.kind, t.due, t.payload) for t in due] == [
        ("a", "daily", T0 + timedelta(minutes=1), ""),
        ("b", "turn", T0 + timedelta(minutes=2), "round0001"),
    ]
    await storage.remove_timer("a")
    await storage.remove_timer("a")  # removing twice is harmless
    await storage.add_timer(Timer("b", "turn", T0 + timedelta(days=2), "moved"))
    assert await storage.due_timers(T0 + timedelta(minutes=5)) == []
    assert [t.id for t in await storage.due_timers(T0 + timedelta(days=3))] == ["c", "b"]


async def test_timers_due_in_another_time_zone(storage):
    """Times are compared as stored text, so they are stored in UTC whatever zone they came in."""
    paris = timezone(timedelta(hours=2))
    await storage.add_timer(Timer("t", "daily", datetime(2026, 3, 1, 14, 0, tzinfo=paris)))  # 12:00 UTC
    assert await storage.due_timers(datetime(2026, 3, 1, 11, 59, tzinfo=UTC)) == []
    (due,) = await storage.due_timers(datetime(2026, 3, 1, 12, 30, tzinfo=UTC))
    assert due.due == T0


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

    assert isinstance(results[0], sqlite3.IntegrityError)
    assert results[1:] == [None] * 19
    with sqlite3.connect(db_path) as db:
        stored = dict(db.execute("SELECT id, version FROM rounds"))
    assert stored == {"round0000": first.version, **{s.id: 2 for s in states[1:]}}
