"""Six-card Golf at a table, through the sessions on the real SQLite store: gathering (join, a computer,
deal), turns in order only, the card drawn from the stock seen by its drawer alone, no face-down card on
any screen over a whole game, a missed turn played by the computer when the clock runs out, and a restart
mid-hand that resumes where the table stood."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.actions import TABLE
from bot.announcements import announcement
from bot.clock import ManualClock
from bot.errors import GolfError, NotYourRoundError, NotYourTurnError
from bot.events import ClockExpired
from bot.models import Place, Player, RoundStatus
from bot.modes.competition.service import Competition
from bot.modes.table import GATHER_SECONDS, TableMode, TableRefused
from bot.screens import Screen
from bot.sessions import Sessions
from bot.timers import Timers
from engine.sixcard import Phase, Source, find_player, view_of

ALICE = Player("test", "1", "Alice")
BOB = Player("test", "2", "Bob")
CAROL = Player("test", "3", "Carol")
HERE = Place("test", "here", "Here")


def build(
    storage: SqliteStorage, clock: ManualClock, notifier: MemoryNotifier | None = None
) -> tuple[Sessions, TableMode, Timers]:
    sessions = Sessions(storage, clock)
    timers = Timers(storage, clock, notifier=notifier)
    return sessions, TableMode(sessions, clock, timers=timers, rng=random.Random(7)), timers


@pytest.fixture
async def table(storage: SqliteStorage, clock: ManualClock) -> tuple[Sessions, TableMode, Timers]:
    for player in (ALICE, BOB, CAROL):
        await storage.ensure_player(player)
    return build(storage, clock)


def press_id(screen: Screen, action: str) -> str:
    return TABLE.build(screen.session, screen.version, action)


def text(screen: Screen) -> str:
    labels = " ".join(b.label for b in screen.all_buttons)
    return "\n".join((screen.title, *screen.notes, *screen.blocks, labels))


async def dealt(mode: TableMode) -> Screen:
    """Alice opens a table, Bob joins, a computer sits down, Alice deals."""
    screen = await mode.create(ALICE, HERE, limit=30, seed=11)
    screen = await mode.press(BOB, press_id(screen, "j"))
    screen = await mode.press(ALICE, press_id(screen, "c"))
    assert "Alice" in text(screen) and "Bob" in text(screen) and "Computer 1" in text(screen)
    return await mode.press(ALICE, press_id(screen, "g"))


async def test_gathering_takes_seats_and_only_the_creator_deals(table):
    _, mode, _ = table
    screen = await mode.create(ALICE, HERE, limit=30, seed=11)
    with pytest.raises(TableRefused, match="two seats"):
        await mode.press(ALICE, press_id(screen, "g"))
    screen = await mode.press(BOB, press_id(screen, "j"))
    with pytest.raises(TableRefused, match="already"):
        await mode.press(BOB, press_id(screen, "j"))
    with pytest.raises(TableRefused, match="Only Alice"):
        await mode.press(BOB, press_id(screen, "g"))
    with pytest.raises(TableRefused, match="going here"):
        await mode.create(ALICE, HERE)
    screen = await mode.press(ALICE, press_id(screen, "g"))
    assert screen.title == "Six-card Golf · hole 1/9"
    with pytest.raises(NotYourRoundError):
        await mode.press(CAROL, press_id(screen, "1"))  # the table is dealt: no more seats


async def test_a_turn_out_of_order_is_refused_and_the_drawn_card_is_private(table, storage):
    sessions, mode, _ = table
    screen = await dealt(mode)
    for player in (ALICE, BOB):  # the opening: each turns two cards
        screen = await mode.press(player, press_id(screen, "1"))
        screen = await mode.press(player, press_id(screen, "2"))
    live = await sessions.load(screen.session)
    hand = live.position.hand
    assert hand.phase is Phase.TURNS
    keys = [s.key for s in live.position.seats]
    mover = keys[hand.turn]
    other = ALICE if mover != ALICE.key else BOB
    player = ALICE if mover == ALICE.key else BOB
    if mover.startswith("computer"):
        pytest.fail("a computer seat should have played at once")
    with pytest.raises(NotYourTurnError):
        await mode.press(other, press_id(screen, "s"))
    assert (await storage.load_round(screen.session)).version == screen.version  # nothing changed
    reply = await mode.press(player, press_id(screen, "s"))
    live = await sessions.load(screen.session)
    drawn = live.position.hand.drawn
    assert live.position.hand.source is Source.STOCK
    mine = await mode.view(player.key, screen.session)
    assert f"You drew {drawn.pretty()}" in text(mine)
    assert await mode.drawn(player.key, screen.session) == mine.blocks[-2]
    assert await mode.drawn(other.key, screen.session) is None
    # the reply to the press is the table as everyone sees it (an adapter may post it in the channel)
    theirs = await mode.view(other.key, screen.session)
    for seen in (
        reply,
        theirs,
        mode.screen(live, player.key),
        await sessions.view(screen.session, player.key),
    ):
        assert drawn.pretty() not in text(seen) and "drew a card from the stock" in text(seen)
    with pytest.raises(NotYourRoundError):
        await mode.view(CAROL.key, screen.session)


async def play_out(
    sessions: Sessions, mode: TableMode, screen: Screen, check: object = None
) -> tuple[Screen, int]:
    """Alice and Bob play the dealt table to its end (the easy computer's choices); ``check(live)`` is
    called on every position. The last screen and the last hole seen."""
    rng = random.Random(3)
    players = {ALICE.key: ALICE, BOB.key: BOB}
    hands = 0
    while True:
        live = await sessions.load(screen.session) if screen.kind.value == "board" else None
        if live is None or live.position.hand is None:
            break
        table_now, hand = live.position, live.position.hand
        if callable(check):
            check(live)
        hands = max(hands, table_now.course.hole)
        if hand.is_over:  # the hand's grids face up: anyone deals the next
            assert screen.title.endswith("is over") and [b.label for b in screen.all_buttons] == ["Next hand"]
            screen = await mode.press(rng.choice((ALICE, BOB)), press_id(screen, "n"))
            continue
        seat = hand.to_act()[0]
        key = table_now.seats[seat].key
        action = find_player("easy").choose(view_of(hand, seat), rng)
        char = {"draw": "s", "take": "p", "discard": "x"}.get(action.kind.value, str(action.position + 1))
        screen = await mode.press(players[key], press_id(screen, char))
    return screen, hands


async def test_a_whole_game_never_shows_a_face_down_card(table, storage):
    sessions, mode, _ = table
    screen = await dealt(mode)

    def nothing_hidden_shown(live) -> None:
        table_now, hand = live.position, live.position.hand
        hidden = [c for g in hand.grids for c, up in zip(g.cards, g.face_up, strict=True) if not up]
        if not hand.reshuffles:  # (a reshuffled stock holds cards everyone saw on the pile)
            hidden += list(hand.stock)
        drawer = table_now.seats[hand.turn].key if hand.source is Source.STOCK else None
        for key in ("", ALICE.key, BOB.key):
            shown = text(mode.seat_screen(live, key)) + text(mode.screen(live, key))
            assert not [c for c in hidden if c.pretty() in shown]
            if hand.drawn is not None and hand.source is Source.STOCK and key != drawer:
                assert hand.drawn.pretty() not in shown

    screen, hands = await play_out(sessions, mode, screen, nothing_hidden_shown)
    assert hands == 8 and screen.title == "Six-card Golf · game over"
    assert "wins with" in text(screen) or " win with" in text(screen)
    stored = await storage.load_round(screen.session)
    assert stored.status is RoundStatus.FINISHED


async def test_a_missed_turn_is_played_by_the_computer_and_the_table_says_so(table, storage, clock):
    notifier = MemoryNotifier()
    sessions, mode, timers = build(storage, clock, notifier)
    screen = await dealt(mode)
    clock.advance(29)
    assert await timers.fire_due() == 0  # not yet
    clock.advance(2)
    assert await timers.fire_due() == 1  # the opening: both people are late
    live = await sessions.load(screen.session)
    assert live.state.version == screen.version + 1
    assert live.position.hand.phase is Phase.TURNS
    shown = text(mode.screen(live, ""))
    assert "Time ran out for Alice, Bob: the computer played for them." in shown
    assert [d.event for d in notifier.delivered] == [
        ClockExpired(HERE.key, ALICE.key, screen.session),
        ClockExpired(HERE.key, BOB.key, screen.session),
    ]  # the channel hears it (the table message shows it at its next edit)
    # the next clock runs for whoever is to play now, from the timed-out move on
    before = live.position.hand.turns
    clock.advance(31)
    assert await timers.fire_due() == 1
    live = await sessions.load(screen.session)
    assert live.position.hand.turns > before or live.position.course.hole > 0
    # a clock for a version the table has left does nothing
    assert await timers.fire_due() == 0


async def test_a_restart_mid_hand_resumes_where_the_table_stood(table, storage, clock):
    sessions, mode, _ = table
    screen = await dealt(mode)
    screen = await mode.press(ALICE, press_id(screen, "1"))
    before = text(mode.screen(await sessions.load(screen.session), ""))
    _, again, _ = build(storage, clock)  # a new process on the same database
    assert text(await again.view(BOB.key, screen.session)) == text(await mode.view(BOB.key, screen.session))
    screen = await again.press(ALICE, press_id(screen, "2"))
    assert screen.version == 6 and before != text(screen)


async def test_a_finished_game_feeds_the_places_table_for_its_people(storage, clock, club, solver):
    for player in (ALICE, BOB):
        await storage.ensure_player(player)
    mode = club.table
    mode.use_results(storage)
    matches = Competition(storage, club, solver, clock).matches
    screen = await dealt(mode)
    screen, _ = await play_out(club.sessions, mode, screen)
    assert screen.title == "Six-card Golf · game over"
    live = await club.sessions.load(screen.session)
    totals = dict(zip((s.key for s in live.position.seats), live.position.course.totals, strict=True))
    low = min(totals.values())
    sole = [k for k, t in totals.items() if t == low]
    results = await storage.results(HERE.key)
    assert len(results) == 1 and results[0].match_id == f"t6-{screen.session}"
    assert set(results[0].players) == {ALICE.key, BOB.key}  # the computer seat is left out
    shown = "\n".join((await matches.table(HERE)).blocks)
    for player in (ALICE, BOB):
        won = 1 if sole == [player.key] else 0
        halved = 1 if player.key in sole and len(sole) > 1 else 0
        line = next(line for line in shown.splitlines() if player.name in line)
        assert f"P1 W{won} H{halved} L{1 - won - halved}" in line
    assert "Computer" not in shown


async def test_a_seat_is_left_before_the_deal_and_the_opener_closes_the_table(table, storage):
    _, mode, _ = table
    screen = await mode.create(ALICE, HERE, limit=30, seed=11)
    screen = await mode.press(BOB, press_id(screen, "j"))
    screen = await mode.press(CAROL, press_id(screen, "j"))
    screen = await mode.press(BOB, press_id(screen, "l"))
    assert "Bob left." in text(screen) and "Seats (2/4):\n1. Alice\n2. Carol" in text(screen)
    with pytest.raises(TableRefused, match="Take a seat first"):
        await mode.press(BOB, press_id(screen, "c"))  # a seat left is a seat no more
    closed = await mode.press(ALICE, press_id(screen, "l"))
    assert closed.title == "Six-card Golf · the table is closed" and not closed.all_buttons
    stored = await storage.load_round(screen.session)
    assert stored.status is RoundStatus.ABANDONED
    with pytest.raises(GolfError):
        await mode.press(CAROL, press_id(closed, "j"))  # nothing to join any more
    again = await mode.create(ALICE, HERE, limit=30, seed=12)  # the opener may open another here
    assert again.session != screen.session


async def test_a_dealt_table_is_not_left(table):
    _, mode, _ = table
    screen = await dealt(mode)
    with pytest.raises(TableRefused, match="played to its end"):
        await mode.press(BOB, press_id(screen, "l"))
    with pytest.raises(TableRefused, match="played to its end"):
        await mode.press(ALICE, press_id(screen, "l"))


async def test_a_table_nobody_deals_closes_itself_after_an_hour(table, storage, clock):
    notifier = MemoryNotifier()
    sessions, mode, timers = build(storage, clock, notifier)
    screen = await mode.create(ALICE, HERE, limit=30, seed=11)
    screen = await mode.press(BOB, press_id(screen, "j"))
    clock.advance(GATHER_SECONDS - 1)
    assert await timers.fire_due() == 0  # not yet
    clock.advance(2)
    assert await timers.fire_due() == 1
    stored = await storage.load_round(screen.session)
    assert stored.status is RoundStatus.ABANDONED
    shown = mode.screen(await sessions.load(screen.session), "")
    assert shown.title == "Six-card Golf · the table is closed" and not shown.all_buttons
    assert shown.blocks == ("Nobody dealt within 60 minutes: the table closed.",)
    [delivered] = notifier.delivered
    assert delivered.event == ClockExpired(
        HERE.key,
        ALICE.key,
        screen.session,
        "🪑 Alice's Six-card table closed: nobody dealt within 60 minutes.",
    )
    assert await announcement(delivered.event) == delivered.event.note  # the place is told that
    with pytest.raises(GolfError):
        await mode.press(CAROL, press_id(screen, "j"))  # nothing to join any more
    again = await mode.create(ALICE, HERE, limit=30, seed=12)  # the opener may open another here
    assert again.session != screen.session


async def test_a_dealt_table_and_a_hot_seat_table_do_not_close_after_the_hour(table, storage, clock):
    sessions, mode, timers = table
    screen = await dealt(mode)
    end = clock.now() + timedelta(seconds=GATHER_SECONDS + 60)
    while (live := await sessions.load(screen.session)).state.is_active and clock.now() < end:
        clock.advance(31)
        await timers.fire_due()  # the turn clocks play on for the late; the hour's timer does nothing
    assert live.state.status is not RoundStatus.ABANDONED
    hot_seat = await mode.create(CAROL, HERE, limit=None, others=(Player("test", "4", "Dan"),), seed=3)
    clock.advance(GATHER_SECONDS * 2)
    await timers.fire_due()
    assert (await storage.load_round(hot_seat.session)).status is RoundStatus.PLAYING


async def test_presses_made_at_once_by_different_seats_are_all_played(table, storage):
    """At the opening every seat turns its cards at the same time, so most presses arrive a version late
    (the message was edited by someone else's meanwhile): they are played, not refused as out of date.
    Taking a seat is alike. A press whose meaning others' moves could have changed is still refused."""
    sessions, mode, _ = table
    opened = await mode.create(ALICE, HERE, limit=30, seed=11)
    await mode.press(BOB, press_id(opened, "j"))
    seated = await mode.press(CAROL, press_id(opened, "j"))  # tapped on the table as first shown
    assert "Seats (3/4):\n1. Alice\n2. Bob\n3. Carol" in text(seated)
    shown = await mode.press(ALICE, press_id(seated, "g"))  # dealt: everyone sees this version
    for player, place in ((ALICE, "1"), (BOB, "2"), (CAROL, "3"), (ALICE, "4"), (BOB, "5"), (CAROL, "6")):
        await mode.press(player, press_id(shown, place))  # all on the dealt board's keys
    live = await sessions.load(shown.session)
    assert live.position.hand.phase is Phase.TURNS
    faces = [grid.face_up for grid in live.position.hand.grids]
    assert [[i + 1 for i, up in enumerate(f) if up] for f in faces] == [[1, 4], [2, 5], [3, 6]]
    with pytest.raises(GolfError, match="out of date"):  # a repeat of an applied press
        await mode.press(ALICE, press_id(shown, "1"))
    with pytest.raises(GolfError, match="out of date"):  # the opening is over: a late press means nothing now
        await mode.press(BOB, press_id(shown, "6"))
