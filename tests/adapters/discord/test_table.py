"""End to end on Discord (SimCord, the real GolfClient over the real Clubhouse and SQLite): ``/golf
sixcard`` opens a table in the channel; Alice and Bob sit down with a computer and play a hand through the
table message's buttons. A click out of turn is refused privately; the card drawn from the stock is shown
to its drawer alone, ephemerally; no face-down card is ever in the table message; a restart mid-hand
resumes (the old message's buttons work on the new process)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from adapters.clock import SystemClock
from adapters.discord.table import TableMessages
from adapters.memory import MemoryNotifier
from bot import texts
from bot.models import RoundState
from bot.modes.table import decode
from bot.timers import Timers
from engine.sixcard import Source, find_player, view_of


def key(member) -> str:
    return f"discord:{member.id}"


async def table_of(golf, message) -> tuple[RoundState, object]:
    custom_id = next(b for b in message.components[0].children).custom_id
    state = await golf.storage.load_round(custom_id.split(":")[1])
    return state, decode(state.payload)


def face_down(table) -> list[str]:
    hand = table.hand
    return [c.pretty() for g in hand.grids for c, up in zip(g.cards, g.face_up, strict=True) if not up]


def label_of(action) -> str:
    kind = action.kind.value
    if kind in ("flip", "place"):
        return str(action.position + 1)
    return {"draw": "Stock", "take": "Discard pile", "discard": "Discard it"}[kind]


async def open_table(channel, alice, bob):
    opened = await alice.slash(channel, "golf sixcard", clock=60)
    assert opened.acknowledged and not opened.ephemeral
    message = opened.response
    assert "Six-card Golf · a table is open" in message.content
    await bob.click(message, label="Join")
    await alice.click(message, label="Add a computer")
    dealt = await alice.click(message, label="Deal")
    assert dealt.response.id == message.id and "hole 1/9" in message.message.content
    return message


async def test_two_people_and_a_computer_play_a_hand_at_the_table(
    simcord_env, channel, alice, bob, golf, buttons
):
    message = await open_table(channel, alice, bob)
    members = {key(alice): alice, key(bob): bob}
    rng = random.Random(5)
    drawn_shown = 0
    refused = False
    for _ in range(300):
        _, table = await table_of(golf, message.message)
        content = message.message.content
        assert not [c for c in face_down(table) if c in content]
        if table.course.hole > 0:
            break  # the first hand is over; the next one is dealt
        hand = table.hand
        seat = hand.to_act()[0]
        member = members[table.seats[seat].key]
        if not refused and hand.phase.value == "turns":
            other = bob if member is alice else alice
            out_of_turn = await other.click(message, label="Stock")
            said = [(m.content, m.ephemeral) for m in out_of_turn.followups]
            assert said == [("It is not your turn yet.", True)]
            refused = True
        action = find_player("easy").choose(view_of(hand, seat), rng)
        click = await member.click(message, label=label_of(action))
        assert click.acknowledged and click.response.id == message.id
        _, after = await table_of(golf, message.message)
        if after.hand is not None and after.hand.source is Source.STOCK and after.hand.drawn is not None:
            private = [m for m in click.followups if m.ephemeral]
            assert [m.content for m in private] == [
                f"You drew {after.hand.drawn.pretty()}: put it in place of a card (1–6) or discard it (x)."
            ]
            assert after.hand.drawn.pretty() not in message.message.content
            drawn_shown += 1
    else:
        raise AssertionError("the hand did not end")
    assert refused and drawn_shown > 0
    assert "Hole 1:" in message.message.content


async def test_a_restart_mid_hand_resumes_the_table(simcord_env, channel, alice, bob, golf):
    message = await open_table(channel, alice, bob)
    await alice.click(message, label="1")
    before = message.message.content
    await simcord_env.restart_bot(await golf.open())  # a new process on the same database
    click = await bob.click(message, label="1")  # the buttons of the table posted before the restart
    assert click.acknowledged and click.response.id == message.id and message.message.content != before
    _, table = await table_of(golf, message.message)
    seats = [s.key for s in table.seats]
    assert table.hand.grids[seats.index(key(alice))].face_up_count == 1
    assert table.hand.grids[seats.index(key(bob))].face_up_count == 1


async def test_a_missed_turn_is_played_by_the_computer_and_the_table_says_so(
    simcord_env, channel, alice, bob, golf
):
    timers = Timers(golf.storage, SystemClock())
    simcord_env.bot.clubhouse.table.use_timers(timers)
    message = await open_table(channel, alice, bob)
    _, before = await table_of(golf, message.message)
    assert await timers.fire_due(datetime.now(UTC) + timedelta(seconds=61)) == 1  # nobody turned a card
    click = await alice.click(message, label="3")  # on the table as it stood before the clock ran out
    shown = message.message.content
    assert "Time ran out for alice, bob: the computer played for them." in shown
    assert [m.content for m in click.followups] == [texts.STALE]
    _, after = await table_of(golf, message.message)
    assert after.hand.phase.value == "turns" and before.hand.phase.value == "opening"
    assert not [c for c in face_down(after) if c in shown]


def timed(simcord_env: Any, golf: Any) -> tuple[MemoryNotifier, Timers]:
    """The tables' clocks on timers fired by hand, their events redrawing the table messages and then
    heard by a memory notifier."""
    heard = MemoryNotifier()
    client = simcord_env.bot
    notifier = TableMessages(client, client.clubhouse, heard, client.drawing)
    timers = Timers(golf.storage, SystemClock(), notifier=notifier)
    client.clubhouse.table.use_timers(timers)
    return heard, timers


async def test_a_clock_that_runs_out_redraws_the_table_message_without_a_click(
    simcord_env, channel, alice, bob, golf
):
    heard, timers = timed(simcord_env, golf)
    message = await open_table(channel, alice, bob)
    assert "Time ran out" not in message.message.content
    assert await timers.fire_due(datetime.now(UTC) + timedelta(seconds=61)) == 1  # nobody turned a card
    shown = message.message.content  # no click since the deal
    assert "Time ran out for alice, bob: the computer played for them." in shown
    _, after = await table_of(golf, message.message)
    assert after.hand.phase.value == "turns"
    assert not [c for c in face_down(after) if c in shown]
    assert len(heard.delivered) == 2  # the ⌛ lines go on to the channel as before
    # the redrawn buttons are the table's current ones: the player to play now is answered, not "stale"
    player = {key(alice): alice, key(bob): bob}[after.seats[after.hand.turn].key]
    click = await player.click(message, label="Stock")
    assert texts.STALE not in [m.content for m in click.followups]
    _, later = await table_of(golf, message.message)
    assert later.hand.drawn is not None


async def test_the_opener_closes_a_table_not_dealt_and_may_open_another(simcord_env, channel, alice, bob):
    opened = await alice.slash(channel, "golf sixcard", clock=60)
    message = opened.response
    await bob.click(message, label="Join")
    await bob.click(message, label="Leave")
    assert "bob left." in message.message.content
    await alice.click(message, label="Leave")
    assert "the table is closed" in message.message.content
    again = await alice.slash(channel, "golf sixcard", clock=60)
    assert not again.ephemeral and "a table is open" in again.response.content


async def test_a_table_nobody_deals_within_the_hour_closes_and_its_message_says_so(
    simcord_env, channel, alice, bob, golf
):
    heard, timers = timed(simcord_env, golf)
    opened = await alice.slash(channel, "golf sixcard", clock=60)
    message = opened.response
    await bob.click(message, label="Join")
    assert await timers.fire_due(datetime.now(UTC) + timedelta(seconds=3601)) == 1
    shown = message.message  # edited without a click: closed, and its buttons gone
    assert "the table is closed" in shown.content
    assert "Nobody dealt within 60 minutes: the table closed." in shown.content
    assert not shown.components
    [told] = heard.delivered
    assert told.event.note == "🪑 alice's Six-card table closed: nobody dealt within 60 minutes."
    again = await alice.slash(channel, "golf sixcard", clock=60)
    assert not again.ephemeral and "a table is open" in again.response.content
