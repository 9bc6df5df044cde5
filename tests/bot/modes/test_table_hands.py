"""The end of a Six-card hand at a table (issue 45, item 9): every seat's grid is shown face up with its
score and its pairs marked, and the next hand is dealt only when a person at the table presses Next hand,
or the turn clock runs out. And a member with no seat who presses on a table is told what applies (item
10): the table is full or under way, or over, and how to open one."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.actions import TABLE
from bot.clock import ManualClock
from bot.errors import GolfError, NotYourRoundError
from bot.models import Place, Player
from bot.modes.table import TableMode, encode
from bot.screens import Screen
from bot.sessions import Live, Sessions
from bot.texts import spell
from bot.timers import Timers
from engine.cards import parse_card
from engine.sixcard import Grid, Phase, find_player, view_of

ALICE = Player("test", "1", "Alice")
BOB = Player("test", "2", "Bob")
CAROL = Player("test", "3", "Carol")
DAN = Player("test", "4", "Dan")
HERE = Place("test", "here", "Here")


def build(
    storage: SqliteStorage, clock: ManualClock, notifier: MemoryNotifier | None = None
) -> tuple[Sessions, TableMode, Timers]:
    sessions = Sessions(storage, clock)
    timers = Timers(storage, clock, notifier=notifier)
    return sessions, TableMode(sessions, clock, timers=timers, rng=random.Random(7)), timers


@pytest.fixture
async def players(storage: SqliteStorage) -> None:
    for player in (ALICE, BOB, CAROL, DAN):
        await storage.ensure_player(player)


def press_id(screen: Screen, action: str) -> str:
    return TABLE.build(screen.session, screen.version, action)


def text(screen: Screen) -> str:
    labels = " ".join(b.label for b in screen.all_buttons)
    return "\n".join((screen.title, *screen.notes, *screen.blocks, labels))


async def dealt(mode: TableMode, *, computer: bool = True) -> Screen:
    screen = await mode.create(ALICE, HERE, limit=30, seed=11)
    screen = await mode.press(BOB, press_id(screen, "j"))
    if computer:
        screen = await mode.press(ALICE, press_id(screen, "c"))
    return await mode.press(ALICE, press_id(screen, "g"))


async def to_the_end_of_the_hand(sessions: Sessions, mode: TableMode, screen: Screen) -> Screen:
    """Alice and Bob play the hand in play to its end (the easy computer's choices)."""
    rng = random.Random(3)
    players = {ALICE.key: ALICE, BOB.key: BOB}
    for _ in range(1000):
        live = await sessions.load(screen.session)
        hand = live.position.hand
        if hand.is_over:
            return screen
        seat = hand.to_act()[0]
        action = find_player("easy").choose(view_of(hand, seat), rng)
        char = {"draw": "s", "take": "p", "discard": "x"}.get(action.kind.value, str(action.position + 1))
        screen = await mode.press(players[live.position.seats[seat].key], press_id(screen, char))
    raise AssertionError("the hand did not end")


async def test_a_hand_that_ends_shows_every_grid_face_up_until_a_player_deals_the_next(
    storage, clock, players
):
    sessions, mode, _ = build(storage, clock)
    screen = await to_the_end_of_the_hand(sessions, mode, await dealt(mode))
    live = await sessions.load(screen.session)
    table, hand = live.position, live.position.hand
    assert hand.is_over and table.course.hole == 1  # scored, and no next hand dealt yet
    assert screen.title == "Six-card Golf · hole 1/9 is over"
    assert [b.label for b in screen.all_buttons] == ["Next hand"]
    for seat, grid in zip(table.seats, hand.grids, strict=True):
        block = next(b for b in screen.blocks if b.startswith(f"{seat.name}: {grid.score}"))
        rows = block.splitlines()[1:3]
        assert rows == [
            " ".join(f"{c.pretty():>3}" for c in cards) for cards in (grid.cards[:3], grid.cards[3:])
        ]
    scores = ", ".join(f"{s.name} {v}" for s, v in zip(table.seats, hand.scores, strict=True))
    assert f"Hole 1: {scores}." in screen.notes
    assert "Any player deals hole 2 with Next hand, or the clock does in 30 s." in screen.blocks
    for player in (ALICE, BOB):  # every seat sees the same: the table waits for any of them
        assert text(await mode.view(player.key, screen.session)) == text(screen)
    with pytest.raises(GolfError, match="This hand is over: press Next hand"):
        await mode.press(ALICE, press_id(screen, "s"))

    nxt = await mode.press(BOB, press_id(screen, "n"))  # any person at the table deals it
    assert nxt.title == "Six-card Golf · hole 2/9"
    live = await sessions.load(screen.session)
    new = live.position.hand
    assert new.phase is Phase.OPENING and live.position.course.hole == 1
    hidden = [c.pretty() for g in new.grids for c, up in zip(g.cards, g.face_up, strict=True) if not up]
    grids = "\n".join(nxt.blocks[: len(new.grids)])
    assert not [c for c in hidden if c in grids]  # the new deal's cards stay face down
    with pytest.raises(GolfError, match="out of date"):  # a second Next hand, on the old screen
        await mode.press(ALICE, press_id(screen, "n"))


async def test_pairs_are_marked_under_their_column_and_the_last_hand_stays_on_the_game_over_screen(
    storage, clock, players
):
    sessions, mode, _ = build(storage, clock)
    screen = await dealt(mode, computer=False)
    live = await sessions.load(screen.session)
    table = live.position
    cards = [parse_card(c) for c in ("KS", "7H", "5D", "KH", "2C", "5C")]
    other = [parse_card(c) for c in ("AS", "3H", "4D", "6H", "8C", "9C")]
    hand = replace(
        table.hand,
        grids=(Grid(tuple(cards), (True,) * 6), Grid(tuple(other), (True,) * 6)),
        phase=Phase.OVER,
        went_out=0,
    )
    course = table.course
    for _ in range(course.holes - 1):  # eight hands played: this one is the last
        course = course.record(replace(hand, grids=tuple(g.revealed() for g in hand.grids)))
    between = replace(table, hand=hand, course=table.course.record(hand))
    shown = mode.seat_screen(Live(replace(live.state, payload=encode(between)), between), "")
    assert "Alice: 5 (went out)\n K♠  7♥  5♦\n K♥  2♣  5♣\n═══     ═══ pairs score 0" in shown.blocks
    assert "Bob: 31\n A♠  3♥  4♦\n 6♥  8♣  9♣" in shown.blocks  # no pair: no marks
    last = replace(table, hand=hand, course=course.record(hand))
    over = mode.seat_screen(Live(replace(live.state, payload=encode(last)), last), "")
    assert over.title == "Six-card Golf · game over"
    assert over.blocks[:2] == shown.blocks[:2] and "Alice wins with 45." in over.blocks


async def test_the_clock_deals_the_next_hand_when_nobody_presses_next_hand(storage, clock, players):
    notifier = MemoryNotifier()
    sessions, mode, timers = build(storage, clock, notifier)
    screen = await to_the_end_of_the_hand(sessions, mode, await dealt(mode))
    notifier.delivered.clear()
    clock.advance(29)
    assert await timers.fire_due() == 0  # the grids stay up a while
    clock.advance(2)
    assert await timers.fire_due() == 1
    live = await sessions.load(screen.session)
    assert live.position.hand.phase is Phase.OPENING and live.position.course.hole == 1
    shown = mode.screen(live, "")
    assert shown.title == "Six-card Golf · hole 2/9"
    assert "⏰ Nobody pressed Next hand: the clock dealt hole 2." in shown.notes
    [told] = notifier.delivered  # the place hears it, and the platforms redraw the table on it
    assert told.event.note == "🃏 Alice's Six-card table: nobody pressed Next hand, so hole 2 is dealt."


async def test_a_member_with_no_seat_is_told_the_table_is_under_way_or_full_or_over(storage, clock, players):
    sessions, mode, _ = build(storage, clock)
    screen = await dealt(mode)
    with pytest.raises(NotYourRoundError) as refused:
        await mode.press(DAN, press_id(screen, "1"))
    assert spell(refused.value.template, {"sixcard": "/sixcard"}) == (
        "This table is under way: its seats were taken before the deal. Open your own with /sixcard, or"
        " join the next table here."
    )
    full = await mode.create(CAROL, HERE, limit=30, seed=5)
    for player in (ALICE, BOB):
        full = await mode.press(player, press_id(full, "j"))
    full = await mode.press(CAROL, press_id(full, "c"))
    with pytest.raises(GolfError) as no_seat:  # full before the deal
        await mode.press(DAN, press_id(full, "j"))
    assert no_seat.value.template == "This table is full (4 seats). Open your own with {sixcard}."
    full = await mode.press(CAROL, press_id(full, "g"))
    with pytest.raises(NotYourRoundError, match=r"This table is full \(4 seats\) and under way"):
        await mode.press(DAN, press_id(full, "1"))
    with pytest.raises(NotYourRoundError, match="under way"):
        await sessions.view(screen.session, DAN.key)


async def test_a_press_on_a_closed_table_says_so_and_how_to_open_one(storage, clock, players):
    _, mode, _ = build(storage, clock)
    opened = await mode.create(ALICE, HERE, limit=30, seed=11)
    closed = await mode.press(ALICE, press_id(opened, "l"))
    with pytest.raises(GolfError) as refused:
        await mode.press(CAROL, press_id(closed, "j"))
    assert refused.value.template == "This table is closed. Open a new one with {sixcard}."
