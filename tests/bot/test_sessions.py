"""Sessions with seats, through a small two-seat mode of the test's own (``Duel``: the seats take turns to
raise a shared count; each seat holds a secret number the other may not see), on the real SQLite store.

A player without a seat is refused, a seat whose turn it is not is refused, and neither changes anything;
each seat sees its own view; the presses of one session run one at a time while different sessions run at
once; events go out only after their commit, and never when it failed; a press reaches its mode by the
family of its id, and an id of one family on a session of another mode is not one of ours.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from dataclasses import dataclass

import pytest

from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.actions import Template
from bot.clock import ManualClock
from bot.errors import (
    BadActionError,
    NotYourRoundError,
    NotYourTurnError,
    RepeatedActionError,
    StaleActionError,
)
from bot.events import Delivery, Event, ToPlayer, YourTurn
from bot.models import Payload, Place, Player, RoundState, RoundStatus
from bot.screens import Screen, ScreenKind
from bot.sessions import Change, Live, Moved, Sessions

ALICE = Player("test", "1", "Alice")
BOB = Player("test", "2", "Bob")
CAROL = Player("test", "3", "Carol")
HERE = Place("test", "here", "Here")
DUEL = Template("t9", "ab")
"""The Duel's ids: ``a`` raises the count by one, ``b`` by two."""


@dataclass(frozen=True, slots=True)
class Table:
    count: int
    turn: int
    """Index of the seat to act."""
    secrets: dict[str, int]


class Duel:
    kind = "duel"
    template = DUEL

    def __init__(self) -> None:
        self.inside = 0
        self.most_inside = 0
        self.acted: list[str] = []
        self.committed: list[int] = []
        """Versions whose ``Change.then`` ran."""

    def position(self, state: RoundState) -> Table:
        data = state.payload.read()
        return Table(data["count"], data["turn"], data["secrets"])

    def seats(self, state: RoundState) -> Collection[str]:
        return state.players

    def to_act(self, live: Live[Table]) -> Collection[str]:
        return (live.state.players[live.position.turn],)

    def screen(self, live: Live[Table], seat: str) -> Screen:
        mine = live.position.secrets[seat]
        return Screen(
            ScreenKind.BOARD,
            title=f"Count {live.position.count}",
            blocks=(f"Your secret: {mine}",),
            session=live.state.id,
            version=live.state.version,
        )

    def takes_late(self, live: Live[Table], seat: str, action: str) -> bool:
        return False

    def concede_action(self, live: Live[Table]) -> str:
        return "b"

    async def act(self, live: Live[Table], seat: str, action: str) -> Change[Table]:
        self.inside += 1
        self.most_inside = max(self.most_inside, self.inside)
        try:
            for _ in range(3):
                await asyncio.sleep(0)
            self.acted.append(f"{seat}:{action}")
            table = live.position
            turn = (table.turn + 1) % len(live.state.players)
            after = Table(table.count + (1 if action == "a" else 2), turn, table.secrets)
            payload = Payload.of(1, {"count": after.count, "turn": turn, "secrets": after.secrets})
            new = live.state.bump(payload=payload)
            change = Change(new, after, self.screen(Live(new, after), seat))
            upcoming = new.players[turn]
            change.announce().to_player(upcoming, YourTurn(new.place, upcoming, new.id))
            change.then = lambda: self.committed.append(new.version)
            return change
        finally:
            self.inside -= 1


class CommittedFirst(MemoryNotifier):
    """Notes, for each delivery, the version of the session then on disk."""

    def __init__(self, storage: SqliteStorage) -> None:
        super().__init__()
        self.storage = storage
        self.on_disk: list[int] = []

    async def to_player(self, player: str, event: Event) -> None:
        assert isinstance(event, YourTurn)
        stored = await self.storage.load_round(event.session)
        assert stored is not None
        self.on_disk.append(stored.version)
        await super().to_player(player, event)


@pytest.fixture
def duel() -> Duel:
    return Duel()


@pytest.fixture
def notifier(storage: SqliteStorage) -> CommittedFirst:
    return CommittedFirst(storage)


@pytest.fixture
def sessions(storage: SqliteStorage, clock: ManualClock, notifier: CommittedFirst, duel: Duel) -> Sessions:
    sessions = Sessions(storage, clock, notifier=notifier)
    sessions.add(duel)
    return sessions


async def a_duel(
    sessions: Sessions, storage: SqliteStorage, clock: ManualClock, session_id: str, place: Place = HERE
) -> str:
    for player in (ALICE, BOB):
        await storage.ensure_player(player)
    secrets = {ALICE.key: 3, BOB.key: 8}
    state = RoundState(
        id=session_id,
        place=place.key,
        players=(ALICE.key, BOB.key),
        rules="strict",
        holes=1,
        par_for_nine=45,
        casual=False,
        deals=(1,),
        kind="duel",
        started_at=clock.now(),
        updated_at=clock.now(),
        payload=Payload.of(1, {"count": 0, "turn": 0, "secrets": secrets}),
    )
    await sessions.create(state)
    return session_id


async def test_a_seat_acts_and_the_next_seat_hears_it_is_their_turn(sessions, storage, clock, notifier):
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    screen = await sessions.press(ALICE.key, DUEL.build(duel_id, 1, "b"))
    assert (screen.title, screen.version) == ("Count 2", 2)
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.version == 2 and stored.payload.read()["count"] == 2
    assert notifier.delivered == [Delivery(ToPlayer(BOB.key), YourTurn(HERE.key, BOB.key, duel_id))]
    after = await sessions.press(BOB.key, DUEL.build(duel_id, 2, "a"))
    assert after.title == "Count 3"


async def test_a_player_without_a_seat_is_refused_and_nothing_changes(
    sessions, storage, clock, notifier, duel
):
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    with pytest.raises(NotYourRoundError):
        await sessions.press(CAROL.key, DUEL.build(duel_id, 1, "a"))
    with pytest.raises(NotYourRoundError):
        await sessions.view(duel_id, CAROL.key)  # and sees nothing of it
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.version == 1
    assert duel.acted == [] and notifier.delivered == []


async def test_a_seat_that_may_not_act_now_is_refused_and_nothing_changes(
    sessions, storage, clock, notifier, duel
):
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    with pytest.raises(NotYourTurnError) as refused:
        await sessions.press(BOB.key, DUEL.build(duel_id, 1, "a"))  # Alice's turn
    assert refused.value.screen is not None
    assert refused.value.screen.blocks == ("Your secret: 8",)  # Bob's own view of the table
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.version == 1
    assert duel.acted == [] and notifier.delivered == []


async def test_each_seat_sees_its_own_view(sessions, storage, clock):
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    await sessions.load(duel_id)
    assert (await sessions.view(duel_id, ALICE.key)).blocks == ("Your secret: 3",)
    assert (await sessions.view(duel_id, BOB.key)).blocks == ("Your secret: 8",)
    # the screen returned to whoever pressed is their own view too
    screen = await sessions.press(ALICE.key, DUEL.build(duel_id, 1, "a"))
    assert screen.blocks == ("Your secret: 3",)


async def test_the_presses_of_one_session_run_one_at_a_time(sessions, storage, clock, duel):
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    outcomes = await asyncio.gather(
        *(sessions.press(p.key, DUEL.build(duel_id, 1, "a")) for p in (ALICE, BOB, ALICE)),
        return_exceptions=True,
    )
    assert duel.most_inside == 1
    assert isinstance(outcomes[0], Screen) and outcomes[0].version == 2
    assert isinstance(outcomes[1], StaleActionError)  # after Alice's press, version 1 is out of date
    assert isinstance(outcomes[2], RepeatedActionError)  # Alice's double click
    assert duel.acted == [f"{ALICE.key}:a"]


async def test_different_sessions_run_at_once(sessions, storage, clock, duel):
    here = await a_duel(sessions, storage, clock, "duel0001")
    there = await a_duel(sessions, storage, clock, "duel0002", place=Place("test", "there"))
    await asyncio.gather(
        sessions.press(ALICE.key, DUEL.build(here, 1, "a")),
        sessions.press(ALICE.key, DUEL.build(there, 1, "a")),
    )
    assert duel.most_inside == 2


async def test_events_and_follow_ups_go_after_the_commit_and_never_when_it_failed(
    sessions, storage, clock, notifier, duel
):
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    await sessions.press(ALICE.key, DUEL.build(duel_id, 1, "a"))
    assert notifier.on_disk == [2]  # delivered once version 2 was on disk
    # another process moves the session on behind this one's back: the next commit loses the race
    stored = await storage.load_round(duel_id)
    assert stored is not None
    await storage.save_round(stored.bump(), previous_version=2)
    with pytest.raises(StaleActionError):
        await sessions.press(BOB.key, DUEL.build(duel_id, 2, "a"))
    assert duel.acted == [f"{ALICE.key}:a", f"{BOB.key}:a"]  # the mode worked it out ...
    assert len(notifier.delivered) == 1  # ... but nothing of it was announced, nor followed up
    assert duel.committed == [2]
    # the cache let go of the stale session: the next press sees version 3
    with pytest.raises(StaleActionError) as stale:
        await sessions.press(BOB.key, DUEL.build(duel_id, 2, "a"))
    assert stale.value.screen is not None and stale.value.screen.version == 3


async def test_a_press_reaches_its_mode_by_the_family_of_its_id(sessions, storage, clock, duel):
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    for wrong in (
        f"g1:{duel_id}:1:1",  # a solo id (no solo mode here), and a duel is not a solo round anyway
        f"zz:{duel_id}:1:a",  # a family nobody knows
        f"t9:{duel_id}:1:s",  # not an action of the duel
        f"t9:{duel_id}:1:a\n",
    ):
        with pytest.raises(BadActionError):
            await sessions.press(ALICE.key, wrong)
    assert duel.acted == []
    await sessions.press(ALICE.key, f"t9:{duel_id}:1:a")
    assert duel.acted == [f"{ALICE.key}:a"]


async def test_an_id_of_one_mode_on_a_session_of_another_is_refused(storage, clock, duel):
    other = Duel()
    other.kind = "other"
    other.template = Template("t8", "ab")
    sessions = Sessions(storage, clock)
    sessions.add(duel)
    sessions.add(other)
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    with pytest.raises(BadActionError):
        await sessions.press(ALICE.key, f"t8:{duel_id}:1:a")
    assert duel.acted == [] and other.acted == []
    with pytest.raises(ValueError):
        sessions.add(Duel())  # one mode per kind and per family


async def test_concede_and_abandon_take_the_kind(sessions, storage, clock):
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    conceded = await sessions.concede(ALICE.key, HERE.key, "duel")
    assert conceded.title == "Count 2"
    notice = await sessions.abandon(ALICE.key, HERE.key, "duel")
    assert notice.title == "Round abandoned"
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.status is RoundStatus.ABANDONED
    assert await sessions.active(ALICE.key, HERE.key, "duel") is None


# ---- changes on the system's behalf --------------------------------------------------------------


def add_one(live: Live[Table]) -> Change[Table] | None:
    """A change no seat pressed: the count goes up by one (when it is below 10)."""
    table = live.position
    if table.count >= 10:
        return None
    after = Table(table.count + 1, table.turn, table.secrets)
    payload = Payload.of(1, {"count": after.count, "turn": table.turn, "secrets": table.secrets})
    new = live.state.bump(payload=payload)
    return Change(new, after, Screen(ScreenKind.NOTICE, title="amended"))


async def test_an_amendment_is_committed_from_the_session_as_it_stands(sessions, storage, clock, duel):
    duel_id = await a_duel(sessions, storage, clock, "duel0002")
    assert await sessions.amend(duel_id, add_one)
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.version == 2 and stored.payload.read()["count"] == 1
    seen = await sessions.view(duel_id, ALICE.key)
    assert seen.title == "Count 1" and seen.version == 2  # the cache has it too


async def test_an_amendment_with_nothing_to_change_writes_nothing(sessions, storage, clock, duel):
    duel_id = await a_duel(sessions, storage, clock, "duel0003")
    await sessions.act(ALICE.key, duel_id, 1, "b")
    assert not await sessions.amend(duel_id, lambda live: None)
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.version == 2


async def test_an_amendment_is_made_on_the_session_as_stored_not_as_cached(storage, clock, duel):
    """Two Sessions on one database file (two bot processes): the second's cache is behind when it
    amends (a best score worked out there for a round the other one finished); it reads the stored one."""
    first, second = Sessions(storage, clock), Sessions(storage, clock)
    first.add(duel)
    second.add(Duel())
    duel_id = await a_duel(first, storage, clock, "duel0004")
    await second.view(duel_id, ALICE.key)  # cached at version 1
    await first.act(ALICE.key, duel_id, 1, "b")  # count 2, version 2, behind the second's back
    made: list[int] = []

    def counted(live: Live[Table]) -> Change[Table] | None:
        made.append(live.state.version)
        return add_one(live)

    assert await second.amend(duel_id, counted)
    assert made == [2]
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.version == 3 and stored.payload.read()["count"] == 3


async def test_two_processes_amending_at_once_lose_neither_amendment(storage, clock, duel):
    """Each process's lock is its own: the version check refuses the write that comes second, and that
    amendment is made again on what the first wrote."""
    first, second = Sessions(storage, clock), Sessions(storage, clock)
    first.add(duel)
    second.add(Duel())
    duel_id = await a_duel(first, storage, clock, "duel0005")
    calls: list[int] = []

    def counted(live: Live[Table]) -> Change[Table] | None:
        calls.append(live.state.version)
        return add_one(live)

    done = await asyncio.gather(first.amend(duel_id, counted), second.amend(duel_id, counted))
    assert done == [True, True]
    assert calls == [1, 1, 2]  # both read version 1; the one refused made it again on version 2
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.version == 3 and stored.payload.read()["count"] == 2


async def test_a_watcher_hears_each_committed_press_once_the_lock_is_let_go(sessions, storage, clock, duel):
    """What a mode's neighbours react to (a match taking a finished hole from a board): the state before and
    after, and who pressed; heard after the commit, with the session's lock free (a watcher may press
    again, or take locks of its own), and before the press is answered."""
    heard: list[tuple[int, int, str]] = []

    async def watcher(moved: Moved) -> None:
        stored = await storage.load_round(moved.after.id)
        assert stored is not None and stored.version == moved.after.version  # committed already
        async with asyncio.timeout(30), sessions.locks.hold(moved.after.id):  # free: no deadlock
            heard.append((moved.before.version, moved.after.version, moved.player))

    sessions.watch("duel", watcher)
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    await sessions.press(ALICE.key, DUEL.build(duel_id, 1, "a"))
    assert heard == [(1, 2, ALICE.key)]
    with pytest.raises(NotYourTurnError):  # a refusal commits nothing: nothing is heard
        await sessions.press(ALICE.key, DUEL.build(duel_id, 2, "a"))
    assert len(heard) == 1


async def test_a_watcher_that_fails_leaves_the_press_answered_as_committed(sessions, storage, clock, caplog):
    async def broken(moved: Moved) -> None:
        raise RuntimeError("the scoreboard is down")

    sessions.watch("duel", broken)
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    screen = await sessions.press(ALICE.key, DUEL.build(duel_id, 1, "b"))
    assert screen.title == "Count 2"  # never a committed move reported as failed
    stored = await storage.load_round(duel_id)
    assert stored is not None and stored.version == 2
    [line] = [r for r in caplog.records if "watcher" in r.getMessage()]
    assert "the scoreboard is down" in line.getMessage() and line.exc_info is None  # one line, no traceback


async def test_a_mode_may_borrow_another_family_and_is_reached_by_its_kind(storage, clock, duel):
    """The daily's boards are solo boards to the platforms: its presses come with the kind, from the
    door's room that claims them; the family's own mode never plays them, nor they the family's."""
    twin = Duel()
    twin.kind = "twin"  # same template (family t9) as the duel
    sessions = Sessions(storage, clock)
    sessions.add(duel)
    sessions.add(twin, borrows_family=True)
    with pytest.raises(ValueError):
        sessions.add(Duel())  # a second owner of the family is still a wiring mistake
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    with pytest.raises(BadActionError):  # a duel's session pressed as a twin's
        await sessions.press(ALICE.key, DUEL.build(duel_id, 1, "a"), kind="twin")
    await sessions.press(ALICE.key, DUEL.build(duel_id, 1, "a"))
    assert duel.acted == [f"{ALICE.key}:a"] and twin.acted == []


async def test_a_press_on_a_session_that_ended_gets_the_modes_own_refusal(sessions, storage, clock, duel):
    """A mode may say in its own words, with its own screen, why an ended session takes no press (a board
    of a match that is over shows the match's final scoreboard)."""
    closed_with: list[str] = []

    async def closed(live: Live[Table], seat: str) -> StaleActionError:
        closed_with.append(seat)
        return StaleActionError("The duel is over.", screen=Screen(ScreenKind.INFO, "Final count"))

    duel.closed = closed  # type: ignore[attr-defined]
    duel_id = await a_duel(sessions, storage, clock, "duel0001")
    await sessions.abandon(ALICE.key, HERE.key, "duel")
    with pytest.raises(StaleActionError) as refused:
        await sessions.press(BOB.key, DUEL.build(duel_id, 2, "a"))
    assert refused.value.message == "The duel is over."
    assert refused.value.screen is not None and refused.value.screen.title == "Final count"
    assert closed_with == [BOB.key] and duel.acted == []
