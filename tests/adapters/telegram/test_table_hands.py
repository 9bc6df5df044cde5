"""Six-card tables on Telegram, issue 45 (the real Application against the loopback fake Bot API, the real
Clubhouse and SQLite):

- item 2: with the group at its flood limit (edits of the table message answered 429 "Too Many Requests:
  retry after"), every card drawn from the stock still reaches its drawer, in the alert of their press;
- item 9: a hand that ends shows every seat's grid face up with its score in the group, and Next hand deals
  the next one;
- item 10: a member with no seat who presses on a dealt table is told it is under way, and to open their
  own with /sixcard.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from adapters.telegram.buttons import EDIT_PENDING
from benchmarks.fake_bot_api import FakeChat, FakeUser
from bot.actions import TABLE
from engine.sixcard import Source, find_player, view_of

pytestmark = pytest.mark.filterwarnings(  # PTB 22.2+ warns inside RetryAfter itself (int -> timedelta)
    "ignore:.*attribute `retry_after` will be of type:DeprecationWarning"
)


def key(user: FakeUser) -> str:
    return f"telegram:{user.id}"


async def open_table(golf: Any, alice: FakeUser, bob: FakeUser, group: FakeChat) -> tuple[int, str]:
    opened = await golf.command(alice, group, "/sixcard 60")
    await golf.press(bob, group, opened.message_id, text="Join")
    await golf.press(alice, group, opened.message_id, text="Add a computer")
    await golf.press(alice, group, opened.message_id, text="Deal")
    session = golf.fake.message(group.id, opened.message_id).callback_data[0].split(":")[1]
    return opened.message_id, session


def char_of(action: Any) -> str:
    kind = action.kind.value
    return {"draw": "s", "take": "p", "discard": "x"}.get(kind, str(action.position + 1))


async def test_every_card_drawn_reaches_its_drawer_while_the_group_is_at_its_flood_limit(
    golf, alice, bob, group
):
    message_id, session = await open_table(golf, alice, bob, group)
    users = {key(alice): alice, key(bob): bob}
    golf.fake.limit_chat(group, requests=1, period=2.0, spent=True)  # the group's budget is spent
    rng = random.Random(5)
    draws = pending = 0
    for _ in range(200):
        live = await golf.clubhouse.sessions.load(session)
        table, hand = live.position, live.position.hand
        if hand.is_over or draws >= 4:
            break
        seat = hand.to_act()[0]
        action = find_player("easy").choose(view_of(hand, seat), rng)
        char = char_of(action)
        if hand.phase.value == "turns" and hand.drawn is None and hand.stock:
            char = "s"  # every turn draws from the stock, to see the card told
        # the keys of the table as it stands (the message itself lags behind: its edits are held back)
        data = TABLE.build(session, live.state.version, char)
        query = golf.push(users[table.seats[seat].key], group, message_id, data)
        # (a player's presses in a chat are handled in turn: the next waits for the last one's edit)
        [answer] = await golf.fake.wait_for(lambda q=query: golf.fake.answers_to(q), timeout=60)
        after = (await golf.clubhouse.sessions.load(session)).position.hand
        if char == "s" and after.source is Source.STOCK:
            draws += 1
            assert answer.show_alert, answer
            assert answer.text.startswith(f"You drew {after.drawn.pretty()}: put it in place of a card")
            assert len(answer.text) <= 200
        pending += answer.text is not None and EDIT_PENDING in answer.text
    assert draws >= 3 and pending  # the flood held the table's edits back all along
    golf.fake.limit_chat(group, requests=1000, period=1.0)  # the budget returns: the table catches up
    version = (await golf.clubhouse.sessions.load(session)).state.version
    assert await golf.fake.wait_for(
        lambda: f":{version}:" in golf.fake.message(group.id, message_id).callback_data[0], timeout=60
    )


async def test_a_hand_that_ends_is_shown_face_up_in_the_group_until_next_hand(golf, alice, bob, group):
    message_id, session = await open_table(golf, alice, bob, group)
    users = {key(alice): alice, key(bob): bob}
    rng = random.Random(5)
    for _ in range(300):
        table = (await golf.clubhouse.sessions.load(session)).position
        if table.hand.is_over:
            break
        seat = table.hand.to_act()[0]
        action = find_player("easy").choose(view_of(table.hand, seat), rng)
        await golf.press(users[table.seats[seat].key], group, message_id, text=label_of(action))
    else:
        raise AssertionError("the hand did not end")
    shown = golf.fake.message(group.id, message_id)
    assert shown.text.startswith("Six-card Golf · hole 1/9 is over")
    for seat, grid in zip(table.seats, table.hand.grids, strict=True):
        assert f"{seat.name}: {grid.score}" in shown.text
        assert all(c.pretty() in shown.text for c in grid.cards)  # face up, every one
    assert [b.text for b in shown.buttons] == ["Next hand"]
    await golf.press(bob, group, message_id, text="Next hand")
    dealt = golf.fake.message(group.id, message_id)
    assert dealt.text.startswith("Six-card Golf · hole 2/9") and "Hole 1: " in dealt.text


async def test_a_member_with_no_seat_is_told_the_table_is_under_way(golf, alice, bob, group):
    message_id, _ = await open_table(golf, alice, bob, group)
    stranger = FakeUser(id=333003, first_name="Carol", username="carol")
    answer = await golf.press(stranger, group, message_id, text="1")
    assert answer.show_alert
    assert answer.text == (
        "This table is under way: its seats were taken before the deal. Open your own with /sixcard, or"
        " join the next table here."
    )


def label_of(action: Any) -> str:
    kind = action.kind.value
    if kind in ("flip", "place"):
        return str(action.position + 1)
    return {"draw": "Stock", "take": "Discard pile", "discard": "Discard it"}[kind]
