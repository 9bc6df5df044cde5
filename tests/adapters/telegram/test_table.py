"""End to end on Telegram (the real Application against the loopback fake Bot API, the real Clubhouse and
SQLite): ``/sixcard`` opens a table in a group; Alice and Bob sit down with a computer and play a hand
through the table message's inline keyboard. A press out of turn is refused; the card drawn from the
stock is shown to its drawer alone, in the query's alert; no face-down card is ever in any message of the
chat; a restart mid-hand resumes (the old keyboard works on the new process)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from adapters.clock import SystemClock
from adapters.memory import MemoryNotifier
from adapters.telegram.table import TableMessages
from benchmarks.fake_bot_api import FakeChat, FakeUser
from bot import texts
from bot.timers import Timers
from engine.sixcard import Source, find_player, view_of


def key(user: FakeUser) -> str:
    return f"telegram:{user.id}"


async def table_of(golf: Any, view: Any) -> Any:
    session = view.callback_data[0].split(":")[1]
    live = await golf.clubhouse.sessions.load(session)
    return live.position


def face_down(table: Any) -> list[str]:
    hand = table.hand
    return [c.pretty() for g in hand.grids for c, up in zip(g.cards, g.face_up, strict=True) if not up]


def label_of(action: Any) -> str:
    kind = action.kind.value
    if kind in ("flip", "place"):
        return str(action.position + 1)
    return {"draw": "Stock", "take": "Discard pile", "discard": "Discard it"}[kind]


async def open_table(golf: Any, alice: FakeUser, bob: FakeUser, group: FakeChat) -> int:
    opened = await golf.command(alice, group, "/sixcard 60")
    assert "Six-card Golf · a table is open" in opened.text
    await golf.press(bob, group, opened.message_id, text="Join")
    await golf.press(alice, group, opened.message_id, text="Add a computer")
    await golf.press(alice, group, opened.message_id, text="Deal")
    dealt = golf.fake.message(group.id, opened.message_id).text
    assert dealt.startswith("Six-card Golf · hole 1/9\n")  # nobody's name in the title: it is everyone's
    return opened.message_id


async def test_two_people_and_a_computer_play_a_hand_at_the_table(golf, alice, bob, group):
    message_id = await open_table(golf, alice, bob, group)
    users = {key(alice): alice, key(bob): bob}
    rng = random.Random(5)
    drawn_shown = 0
    refused = False
    for _ in range(300):
        view = golf.fake.message(group.id, message_id)
        table = await table_of(golf, view)
        everything = "\n".join(m.text for m in golf.fake.chat_messages(group.id))
        assert not [c for c in face_down(table) if c in everything]
        if table.course.hole > 0:
            break
        hand = table.hand
        seat = hand.to_act()[0]
        user = users[table.seats[seat].key]
        if not refused and hand.phase.value == "turns":
            other = bob if user is alice else alice
            answer = await golf.press(other, group, message_id, text="Stock")
            assert answer.text == "It is not your turn yet."
            refused = True
        action = find_player("easy").choose(view_of(hand, seat), rng)
        shown_before = golf.fake.message(group.id, message_id).text
        answer = await golf.press(user, group, message_id, text=label_of(action))
        after = await table_of(golf, golf.fake.message(group.id, message_id))
        if after.hand is not None and after.hand.source is Source.STOCK and after.hand.drawn is not None:
            drawn = after.hand.drawn.pretty()
            assert answer.show_alert and answer.text.startswith(f"You drew {drawn}:")
            # never shown to the table (a card discarded before a reshuffle may still be named in a note)
            assert drawn not in golf.fake.message(group.id, message_id).text or drawn in shown_before
            drawn_shown += 1
        else:
            assert not answer.show_alert
    else:
        raise AssertionError("the hand did not end")
    assert refused and drawn_shown > 0
    assert "Hole 1:" in golf.fake.message(group.id, message_id).text


async def test_a_restart_mid_hand_resumes_the_table(golf, alice, bob, group):
    message_id = await open_table(golf, alice, bob, group)
    await golf.press(alice, group, message_id, text="1")
    await golf.stop()
    await golf.start()
    before = golf.fake.message(group.id, message_id).text
    await golf.press(bob, group, message_id, text="1")
    assert golf.fake.message(group.id, message_id).text != before
    table = await table_of(golf, golf.fake.message(group.id, message_id))
    seats = [s.key for s in table.seats]
    assert table.hand.grids[seats.index(key(alice))].face_up_count == 1
    assert table.hand.grids[seats.index(key(bob))].face_up_count == 1


async def test_a_table_is_for_a_group(golf, alice):
    reply = await golf.command(alice, None, "/sixcard")
    assert reply.text.startswith("A table is for a group")


async def test_a_missed_turn_is_played_by_the_computer_and_the_table_says_so(golf, alice, bob, group):
    timers = Timers(golf._storage, SystemClock())
    golf.clubhouse.table.use_timers(timers)
    message_id = await open_table(golf, alice, bob, group)
    before = await table_of(golf, golf.fake.message(group.id, message_id))
    assert await timers.fire_due(datetime.now(UTC) + timedelta(seconds=61)) == 1  # nobody turned a card
    answer = await golf.press(
        alice, group, message_id, text="3"
    )  # the keyboard from before the clock ran out
    assert answer.text == texts.STALE
    view = golf.fake.message(group.id, message_id)
    assert "Time ran out for Alice, Bob: the computer played for them." in view.text
    after = await table_of(golf, view)
    assert after.hand.phase.value == "turns" and before.hand.phase.value == "opening"
    assert not [c for c in face_down(after) if c in view.text]


async def test_a_clock_that_runs_out_redraws_the_table_message_without_a_press(golf, alice, bob, group):
    heard = MemoryNotifier()
    notifier = TableMessages(golf.app.bot, golf.clubhouse, heard)
    timers = Timers(golf._storage, SystemClock(), notifier=notifier)
    golf.clubhouse.table.use_timers(timers)
    message_id = await open_table(golf, alice, bob, group)
    assert "Time ran out" not in golf.fake.message(group.id, message_id).text
    assert await timers.fire_due(datetime.now(UTC) + timedelta(seconds=61)) == 1  # nobody turned a card
    view = golf.fake.message(group.id, message_id)  # no press since the deal
    assert "Time ran out for Alice, Bob: the computer played for them." in view.text
    after = await table_of(golf, view)
    assert after.hand.phase.value == "turns"
    assert not [c for c in face_down(after) if c in view.text]
    assert len(heard.delivered) == 2  # the ⌛ lines go on to the group as before
    # the redrawn keyboard is the table's current one: the player to play now is answered, not "stale"
    player = {key(alice): alice, key(bob): bob}[after.seats[after.hand.turn].key]
    answer = await golf.press(player, group, message_id, text="Stock")
    assert answer.text != texts.STALE
    later = await table_of(golf, golf.fake.message(group.id, message_id))
    assert later.hand.drawn is not None


async def test_a_table_nobody_deals_within_the_hour_closes_and_its_message_says_so(golf, alice, bob, group):
    heard = MemoryNotifier()
    notifier = TableMessages(golf.app.bot, golf.clubhouse, heard)
    timers = Timers(golf._storage, SystemClock(), notifier=notifier)
    golf.clubhouse.table.use_timers(timers)
    opened = await golf.command(alice, group, "/sixcard 60")
    await golf.press(bob, group, opened.message_id, text="Join")
    assert await timers.fire_due(datetime.now(UTC) + timedelta(seconds=3601)) == 1
    view = golf.fake.message(group.id, opened.message_id)  # edited without a press
    assert view.text.startswith("Six-card Golf · the table is closed")
    assert "Nobody dealt within 60 minutes: the table closed." in view.text and not view.buttons
    [told] = heard.delivered  # the group hears it (the notifier words it)
    assert told.event.note == "🪑 Alice's Six-card table closed: nobody dealt within 60 minutes."
    again = await golf.command(alice, group, "/sixcard 60")  # Alice may open another now
    assert "Six-card Golf · a table is open" in again.text
