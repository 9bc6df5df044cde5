"""What every Storage must do, run against the SQLite store and the in-memory one: players and places,
rounds under a version check with one round in progress per player, kind and place, a finished hole written
with its round or not at all, the versioned payload, stats, and timers (due, soonest, claimed once)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

import pytest

from adapters.memory import MemoryStorage
from adapters.postgres import PostgresStorage
from adapters.sqlite import SqliteStorage
from bot.models import (
    BoardLook,
    HoleRecord,
    Payload,
    Place,
    PlaceSettings,
    Player,
    PlayerSettings,
    RoundState,
    RoundStatus,
    Stats,
    Timer,
)
from bot.ports import ActiveRoundExists, ConstraintViolation, Storage, VersionConflict

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ALICE = Player("test", "1", "Alice")
BOB = Player("test", "2", "Bob")
HERE = Place("test", "here", "Here")
ELSEWHERE = Place("test", "elsewhere", "Elsewhere")


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


async def play_out(storage: Storage, state: RoundState, scores: list[int], place: Place = HERE) -> RoundState:
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


# ---- players and places ----------------------------------------------------------------------------


async def test_players_are_kept_and_their_name_updated(storage):
    assert await storage.player(ALICE.key) is None
    await storage.ensure_player(ALICE)
    assert await storage.player(ALICE.key) == ALICE
    await storage.ensure_player(replace(ALICE, name=""))  # an empty name never wipes the known one
    assert await storage.player(ALICE.key) == ALICE
    await storage.ensure_player(replace(ALICE, name="Alice B."))
    assert await storage.player(ALICE.key) == replace(ALICE, name="Alice B.")
    assert await storage.player(BOB.key) is None


async def test_place_settings(storage):
    assert await storage.place_settings(HERE) == PlaceSettings()
    chosen = PlaceSettings(36, "wrap", BoardLook.TEXT, 90, four_colour=True)
    await storage.save_place_settings(HERE, chosen)
    assert await storage.place_settings(HERE) == chosen
    assert await storage.place_settings(ELSEWHERE) == PlaceSettings()
    await storage.save_place_settings(HERE, PlaceSettings())
    assert await storage.place_settings(HERE) == PlaceSettings()
    with pytest.raises(ConstraintViolation):
        await storage.save_place_settings(HERE, PlaceSettings(par_for_nine=40))
    assert await storage.place_settings(HERE) == PlaceSettings()


async def test_player_settings(storage):
    assert await storage.player_settings(ALICE.key) == PlayerSettings()
    chosen = PlayerSettings(BoardLook.TEXT, four_colour=True)
    await storage.save_player_settings(ALICE, chosen)  # a player not seen before is recorded too
    assert await storage.player_settings(ALICE.key) == chosen
    assert await storage.player(ALICE.key) == ALICE
    assert await storage.player_settings(BOB.key) == PlayerSettings()
    await storage.save_player_settings(replace(ALICE, name=""), PlayerSettings(four_colour=False))
    assert await storage.player_settings(ALICE.key) == PlayerSettings(four_colour=False)
    assert await storage.player(ALICE.key) == ALICE  # an empty name never wipes the known one


# ---- rounds ----------------------------------------------------------------------------------------


async def test_a_round_reads_back_as_it_was_written(storage):
    await storage.ensure_player(ALICE)
    huge = 10**20 - 3  # deal numbers go to 20 digits: more than a 64-bit integer holds
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
        payload=Payload.of(2, {"seats": ["test:1"], "clock": 30}),
    )
    await storage.create_round(state)
    assert await storage.load_round(state.id) == state
    assert await storage.active_round(ALICE.key, HERE.key) == state
    assert await storage.load_round("nosuchround") is None


async def test_the_payload_is_saved_with_its_version(storage):
    await storage.ensure_player(ALICE)
    state = a_round()
    await storage.create_round(state)
    assert (await storage.load_round(state.id)).payload == Payload()  # type: ignore[union-attr]
    moved = state.bump(payload=Payload.of(1, {"turn": "test:1", "deadline": "2026-03-01T12:05:00+00:00"}))
    await storage.save_round(moved, previous_version=state.version)
    loaded = await storage.load_round(state.id)
    assert loaded == moved
    assert loaded is not None and loaded.payload.version == 1
    assert loaded.payload.read() == {"turn": "test:1", "deadline": "2026-03-01T12:05:00+00:00"}


async def test_undos_are_written_and_read_like_hints(storage):
    await storage.ensure_player(ALICE)
    state = a_round(undos=1)
    await storage.create_round(state)
    assert (await storage.load_round(state.id)) == state
    moved = state.bump(undos=3)
    await storage.save_round(moved, previous_version=state.version)
    loaded = await storage.load_round(state.id)
    assert loaded == moved and loaded is not None and loaded.undos == 3


async def test_one_round_in_progress_per_player_kind_and_place(storage):
    for player in (ALICE, BOB):
        await storage.ensure_player(player)
    mine = a_round("round0001")
    await storage.create_round(mine)
    assert await storage.active_round(ALICE.key, HERE.key) == mine
    assert await storage.active_round(ALICE.key, HERE.key, "solo") == mine
    assert await storage.active_round(ALICE.key, HERE.key, "daily") is None
    assert await storage.active_round(ALICE.key, ELSEWHERE.key) is None
    assert await storage.active_round(BOB.key, HERE.key) is None

    with pytest.raises(ActiveRoundExists):
        await storage.create_round(a_round("round0002"))
    assert await storage.load_round("round0002") is None
    await storage.create_round(a_round("round0003", place=ELSEWHERE))
    await storage.create_round(a_round("round0004", owner=BOB))
    daily = a_round("round0005", kind="daily")  # another kind at the same place
    await storage.create_round(daily)
    assert await storage.active_round(ALICE.key, HERE.key, "daily") == daily
    with pytest.raises(ActiveRoundExists):
        await storage.create_round(a_round("round0006", kind="daily"))
    assert await storage.active_round(ALICE.key, HERE.key) == mine

    done = await play_out(storage, mine, [4, 5, 6])
    assert done.status is RoundStatus.FINISHED
    assert await storage.active_round(ALICE.key, HERE.key) is None
    await storage.create_round(a_round("round0007"))  # a finished round makes room for a new one
    # a finished round cannot come back to life beside the new one
    with pytest.raises(ConstraintViolation):
        await storage.save_round(done.bump(status=RoundStatus.PLAYING), previous_version=done.version)
    assert await storage.load_round(done.id) == done


async def test_a_round_must_belong_to_a_known_player_and_have_its_own_id(storage):
    with pytest.raises(ConstraintViolation):
        await storage.create_round(a_round())
    assert await storage.load_round("round0001") is None
    await storage.ensure_player(ALICE)
    await storage.ensure_player(BOB)
    first = a_round()
    await storage.create_round(first)
    with pytest.raises(ConstraintViolation):
        await storage.create_round(a_round(owner=BOB))  # the same id
    assert await storage.load_round("round0001") == first


async def test_save_round_checks_the_version_and_writes_nothing_on_a_conflict(storage):
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
    with pytest.raises(VersionConflict):  # a stale write with a finished hole writes no hole either
        await storage.save_round(
            state.bump(scores=(3,), status=RoundStatus.HOLE_OVER),
            previous_version=1,
            finished=a_hole(state, 0, 3),
        )
    assert await storage.load_round(state.id) == moved
    assert (await storage.stats(ALICE.key)).holes_played == 0


async def test_a_finished_hole_is_written_with_its_round_or_not_at_all(storage):
    await storage.ensure_player(ALICE)
    state = a_round()
    await storage.create_round(state)
    after = await play_out(storage, state, [7])
    assert (await storage.stats(ALICE.key)).holes_played == 1

    # the same hole again: the hole is refused, and the round is not updated either
    again = after.bump(scores=(7, 7))
    with pytest.raises(ConstraintViolation):
        await storage.save_round(again, previous_version=after.version, finished=a_hole(state, 0, 7))
    assert await storage.load_round(state.id) == after
    assert (await storage.stats(ALICE.key)).holes_played == 1
    resumed = after.bump(status=RoundStatus.PLAYING)
    await storage.save_round(resumed, previous_version=after.version)
    assert await storage.load_round(state.id) == resumed


async def hole_bests(storage: Storage, round_id: str) -> list[int | None]:
    """The ``best`` of a round's recorded holes, in order, as stored (no port reads holes back one by one)."""
    if isinstance(storage, MemoryStorage):
        return [h.best for (r, _), h in sorted(storage._holes.items()) if r == round_id]
    sql = "SELECT best FROM holes WHERE round_id = {} ORDER BY idx"
    if isinstance(storage, SqliteStorage):
        return [row[0] for row in await storage._all(sql.format("?"), (round_id,))]
    assert isinstance(storage, PostgresStorage)
    return [row[0] for row in await storage._pool.fetch(sql.format("$1"), round_id)]


async def test_a_best_score_worked_out_later_is_recorded_with_its_hole_once(storage):
    await storage.ensure_player(ALICE)
    state = a_round()
    await storage.create_round(state)
    played = state.bump(scores=(7,), best=(None,), status=RoundStatus.HOLE_OVER)
    hole = replace(a_hole(state, 0, 7), best=None)
    await storage.save_round(played, previous_version=state.version, finished=hole)
    assert await hole_bests(storage, state.id) == [None]

    assert await storage.hole_bests(state.id) == {}

    await storage.record_best(state.id, 0, 3)
    assert await hole_bests(storage, state.id) == [3]
    await storage.record_best(state.id, 0, 5)  # a known best is never overwritten
    await storage.record_best(state.id, 1, 4)  # a hole not recorded: nothing to write
    await storage.record_best("no-such-round", 0, 4)
    assert await hole_bests(storage, state.id) == [3]
    assert await storage.hole_bests(state.id) == {0: 3}
    assert await storage.hole_bests("no-such-round") == {}
    assert await storage.load_round(state.id) == played  # the round itself is not touched


# ---- stats -----------------------------------------------------------------------------------------


async def test_stats(storage):
    for player in (ALICE, BOB):
        await storage.ensure_player(player)
    assert await storage.stats(ALICE.key) == Stats()

    nine = a_round("round0001", holes=9, deals=tuple(range(1, 10)))
    await storage.create_round(nine)
    await play_out(storage, nine, [5, 3, 0, -2, 7, 4, 4, 1, 6])  # 28
    other_nine = a_round("round0002", holes=9, deals=tuple(range(1, 10)))
    await storage.create_round(other_nine)
    await play_out(storage, other_nine, [9] * 9)  # 81
    short = a_round("round0003", holes=1, deals=(5,), place=ELSEWHERE)
    await storage.create_round(short)
    await play_out(storage, short, [-5], place=ELSEWHERE)  # a one-hole round is no nine-hole best
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
    there = await storage.stats(ALICE.key, ELSEWHERE.key)
    assert (there.rounds_played, there.best_round, there.holes_played, there.cleared_share) == (1, None, 1, 1)
    assert (await storage.stats(BOB.key)).best_hole == -9
    assert await storage.stats(BOB.key, ELSEWHERE.key) == Stats()


# ---- timers ----------------------------------------------------------------------------------------


async def test_timers_due_and_soonest(storage):
    assert await storage.next_due() is None
    await storage.add_timer(Timer("b", "turn", T0 + timedelta(minutes=2), "round0001"))
    await storage.add_timer(Timer("a", "daily", T0 + timedelta(minutes=1)))
    await storage.add_timer(Timer("c", "daily", T0 + timedelta(days=1)))
    await storage.add_timer(Timer("a2", "turn", T0 + timedelta(minutes=1)))
    assert await storage.due_timers(T0) == []
    assert await storage.next_due() == T0 + timedelta(minutes=1)
    assert await storage.next_due(["turn"]) == T0 + timedelta(minutes=1)
    assert await storage.next_due(["daily", "turn"]) == T0 + timedelta(minutes=1)
    assert await storage.next_due(["tournament"]) is None
    assert await storage.next_due([]) is None

    due = await storage.due_timers(T0 + timedelta(minutes=5))
    assert [(t.id, t.kind, t.due, t.payload) for t in due] == [
        ("a", "daily", T0 + timedelta(minutes=1), ""),
        ("a2", "turn", T0 + timedelta(minutes=1), ""),
        ("b", "turn", T0 + timedelta(minutes=2), "round0001"),
    ]
    assert [t.id for t in await storage.due_timers(T0 + timedelta(minutes=5), ["turn"])] == ["a2", "b"]
    assert [t.id for t in await storage.due_timers(T0 + timedelta(minutes=5), {"daily"})] == ["a"]
    assert await storage.due_timers(T0 + timedelta(days=5), []) == []

    await storage.remove_timer("a")
    await storage.remove_timer("a")  # removing twice is harmless
    await storage.add_timer(Timer("b", "turn", T0 + timedelta(days=2), "moved"))  # a known id moves
    await storage.remove_timer("a2")
    assert await storage.due_timers(T0 + timedelta(minutes=5)) == []
    assert await storage.next_due(["turn"]) == T0 + timedelta(days=2)
    assert [(t.id, t.payload) for t in await storage.due_timers(T0 + timedelta(days=3))] == [
        ("c", ""),
        ("b", "moved"),
    ]


async def test_a_timer_is_claimed_once_and_only_as_it_was_read(storage):
    await storage.add_timer(Timer("t", "turn", T0))
    (read,) = await storage.due_timers(T0)
    assert await storage.claim_timer(read)
    assert not await storage.claim_timer(read)  # the second claim finds it gone
    assert await storage.due_timers(T0) == [] and await storage.next_due() is None

    await storage.add_timer(Timer("u", "turn", T0))
    (stale,) = await storage.due_timers(T0)
    await storage.add_timer(Timer("u", "turn", T0 + timedelta(hours=1)))  # moved after it was read
    assert not await storage.claim_timer(stale)
    assert await storage.next_due() == T0 + timedelta(hours=1)
    (moved,) = await storage.due_timers(T0 + timedelta(hours=1))
    assert await storage.claim_timer(moved)
    assert not await storage.claim_timer(Timer("never", "turn", T0))


async def test_timers_due_in_another_time_zone(storage):
    paris = timezone(timedelta(hours=2))
    await storage.add_timer(Timer("t", "daily", datetime(2026, 3, 1, 14, 0, tzinfo=paris)))  # 12:00 UTC
    assert await storage.due_timers(datetime(2026, 3, 1, 11, 59, tzinfo=UTC)) == []
    assert await storage.next_due() == T0
    (due,) = await storage.due_timers(datetime(2026, 3, 1, 12, 30, tzinfo=UTC))
    assert due.due == T0
    assert await storage.claim_timer(due)


def test_a_payload_is_a_json_object_written_the_same_way_every_time():
    assert Payload.of(1, {"b": 2, "a": [1]}) == Payload(1, '{"a":[1],"b":2}')
    assert Payload.of(1, {"b": 2, "a": [1]}).read() == {"a": [1], "b": 2}
    assert Payload().read() == {} and Payload().version == 0
    with pytest.raises(ValueError, match="JSON object"):
        Payload(1, "[1, 2]").read()
