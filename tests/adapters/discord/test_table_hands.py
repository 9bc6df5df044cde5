"""Six-card tables on Discord, issue 45 (SimCord, the real GolfClient over the real Clubhouse and SQLite):

- item 9: a hand that ends shows every seat's grid face up with its score in the channel's table message,
  with a Next hand button; any seated member deals the next hand with it, or the clock does (the message
  is redrawn without a click, and the channel is told);
- item 10: a member with no seat who clicks on a dealt table is told, privately, that it is under way and
  to open their own with /golf sixcard;
- item 2: every card drawn from the stock is shown to its drawer alone.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from adapters.clock import SystemClock
from adapters.discord.table import TableMessages
from adapters.memory import MemoryNotifier
from bot.modes.table import decode
from bot.timers import Timers
from engine.sixcard import Source, find_player, view_of


def key(member: Any) -> str:
    return f"discord:{member.id}"


async def table_of(golf: Any, message: Any) -> Any:
    custom_id = next(b for b in message.components[0].children).custom_id
    state = await golf.storage.load_round(custom_id.split(":")[1])
    return decode(state.payload)


def label_of(action: Any) -> str:
    kind = action.kind.value
    if kind in ("flip", "place"):
        return str(action.position + 1)
    return {"draw": "Stock", "take": "Discard pile", "discard": "Discard it"}[kind]


async def open_table(channel: Any, alice: Any, bob: Any) -> Any:
    opened = await alice.slash(channel, "golf sixcard", clock=60)
    message = opened.response
    await bob.click(message, label="Join")
    await alice.click(message, label="Add a computer")
    await alice.click(message, label="Deal")
    return message


async def to_the_end_of_the_hand(golf: Any, message: Any, alice: Any, bob: Any) -> tuple[Any, int]:
    """Alice and Bob play the hand to its end, every turn from the stock; the table, and the draws."""
    members = {key(alice): alice, key(bob): bob}
    rng = random.Random(5)
    draws = 0
    for _ in range(300):
        table = await table_of(golf, message.message)
        hand = table.hand
        if hand.is_over:
            return table, draws
        seat = hand.to_act()[0]
        label = label_of(find_player("easy").choose(view_of(hand, seat), rng))
        if hand.phase.value == "turns" and hand.drawn is None and hand.stock:
            label = "Stock"
        click = await members[table.seats[seat].key].click(message, label=label)
        after = (await table_of(golf, message.message)).hand
        if label == "Stock" and after.source is Source.STOCK:
            private = [m.content for m in click.followups if m.ephemeral]
            assert private == [
                f"You drew {after.drawn.pretty()}: put it in place of a card (1–6) or discard it (x)."
            ]
            draws += 1
    raise AssertionError("the hand did not end")


async def test_a_hand_that_ends_is_shown_face_up_until_a_seated_member_clicks_next_hand(
    simcord_env, channel, alice, bob, golf
):
    message = await open_table(channel, alice, bob)
    table, draws = await to_the_end_of_the_hand(golf, message, alice, bob)
    assert draws > 0
    shown = message.message.content
    assert "Six-card Golf · hole 1/9 is over" in shown
    for seat, grid in zip(table.seats, table.hand.grids, strict=True):
        assert f"{seat.name}: {grid.score}" in shown
        assert all(c.pretty() in shown for c in grid.cards)  # face up, every one
    labels = [b.label for row in message.message.components for b in row.children]
    assert labels == ["Next hand"]
    click = await bob.click(message, label="Next hand")
    assert click.acknowledged and click.response.id == message.id
    assert "Six-card Golf · hole 2/9" in message.message.content
    assert (await table_of(golf, message.message)).hand.phase.value == "opening"


async def test_the_clock_deals_the_next_hand_and_redraws_the_table_without_a_click(
    simcord_env, channel, alice, bob, golf
):
    heard = MemoryNotifier()
    client = simcord_env.bot
    notifier = TableMessages(client, client.clubhouse, heard, client.drawing)
    timers = Timers(golf.storage, SystemClock(), notifier=notifier)
    client.clubhouse.table.use_timers(timers)
    message = await open_table(channel, alice, bob)
    await to_the_end_of_the_hand(golf, message, alice, bob)
    assert "hole 1/9 is over" in message.message.content
    heard.delivered.clear()
    assert await timers.fire_due(datetime.now(UTC) + timedelta(seconds=61)) == 1  # nobody clicked
    shown = message.message.content  # redrawn without a click
    assert "Six-card Golf · hole 2/9" in shown
    assert "⏰ Nobody pressed Next hand: the clock dealt hole 2." in shown
    [told] = heard.delivered
    assert told.event.note == "🃏 alice's Six-card table: nobody pressed Next hand, so hole 2 is dealt."


async def test_a_member_with_no_seat_is_told_the_table_is_under_way(simcord_env, guild, channel, alice, bob):
    message = await open_table(channel, alice, bob)
    before = message.message.content
    carol = guild.add_member(simcord_env.create_user("carol"))
    click = await carol.click(message, label="1")
    assert click.acknowledged and click.ephemeral  # told privately
    assert click.response.content == (
        "This table is under way: its seats were taken before the deal. Open your own with /golf sixcard,"
        " or join the next table here."
    )
    assert message.message.content == before
