"""A press answered "the board will follow" gets its board: with every connection of the bot's pool busy
(a slow Bot API), with an edit that fails on the way, and with boards of one message queued behind each
other (only the latest goes out). The real Application with the production builder (``telegram_builder``)
against the fake Bot API, made slow; and ``LatestEdits`` on its own.

No bound on how quickly: on a busy machine a slow fake is slower still. Each wait is the fake's patience.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from golf_table import key_for, version_of
from telegram.error import BadRequest, NetworkError, TimedOut

from adapters.telegram.app import telegram_builder
from adapters.telegram.board_edits import LatestEdits
from adapters.telegram.buttons import EDIT_PENDING, EDIT_WAIT
from adapters.telegram.flood import may_resend
from benchmarks.fake_bot_api import FakeUser, MessageView

ROUND_24 = "/play strict 1 #24"
"""Deal #24 under strict rules: column 1's 10♣ plays at once."""
PLAYERS = 8
CONNECTIONS = 2
"""The bot's pool in the first test: far fewer connections than presses at once."""
SLOW = EDIT_WAIT * 1.5
"""Seconds the fake takes over each edit: longer than a press waits before "the board will follow", and
longer than python-telegram-bot's default pool timeout (1 s), so the presses queue for the pool."""


def players() -> list[FakeUser]:
    return [FakeUser(id=500_001 + k, first_name=f"Player{k}") for k in range(PLAYERS)]


async def test_every_promised_board_arrives_while_the_connection_pool_is_exhausted(golf: Any) -> None:
    await golf.stop()  # the bot again, with the production builder and a pool of two connections
    fake = golf.fake
    builder = telegram_builder(fake.token, base_url=fake.base_url).connection_pool_size(CONNECTIONS)
    await golf.start(builder=builder)
    users = players()
    boards = [await golf.command(user, None, ROUND_24) for user in users]
    fake.delay("editMessageText", SLOW)

    queries = [
        golf.push(user, None, board.message_id, key_for(board, "1"))
        for user, board in zip(users, boards, strict=True)
    ]
    answers = [await golf.answer(query) for query in queries]

    assert any(answer.text == EDIT_PENDING for answer in answers)  # the pool was busy: promises were made
    for user, board in zip(users, boards, strict=True):

        def edited(user: FakeUser = user, board: MessageView = board) -> bool:
            return version_of(fake.message(user.id, board.message_id)) > version_of(board)

        assert await fake.wait_for(edited, what=f"the board of {user.first_name}")
        assert "Foundation: 10♣" in fake.message(user.id, board.message_id).text
    assert not [a for a in answers if a.text not in (None, EDIT_PENDING)]


async def test_an_edit_that_fails_on_the_way_is_sent_again(golf: Any, alice: FakeUser) -> None:
    board = await golf.command(alice, None, ROUND_24)
    golf.fake.fail_next("editMessageText", 2, status=502, description="Bad Gateway")

    answer = await golf.press(alice, None, board.message_id, text="10♣")

    assert answer.text in (None, EDIT_PENDING)
    shown = await golf.fake.wait_for(
        lambda: (m := golf.fake.message(alice.id, board.message_id)).edit_count and m, what="the board"
    )
    assert "Foundation: 10♣" in shown.text
    assert [c.status for c in golf.fake.calls_to("editMessageText")] == [502, 502, 200]


async def test_a_board_queued_behind_another_gives_way_to_the_latest() -> None:
    edits = LatestEdits()
    sent: list[str] = []
    release = asyncio.Event()

    async def send(board: str) -> None:
        if board == "first":
            await release.wait()  # (a flood wait, a slow connection)
        sent.append(board)

    first = asyncio.create_task(edits.edit("message", lambda: send("first")))
    await asyncio.sleep(0)
    second = asyncio.create_task(edits.edit("message", lambda: send("second")))
    third = asyncio.create_task(edits.edit("message", lambda: send("third")))
    elsewhere = asyncio.create_task(edits.edit("another message", lambda: send("elsewhere")))
    await asyncio.sleep(0.01)
    assert sent == ["elsewhere"]  # another message does not wait
    release.set()

    assert await asyncio.gather(first, second, third, elsewhere) == [True, True, True, True]
    assert sent == ["elsewhere", "first", "third"]  # the second gave way to the third
    assert edits.busy == 0


async def test_a_refused_edit_fails_its_own_press_and_false_for_the_ones_it_superseded() -> None:
    edits = LatestEdits()
    release = asyncio.Event()

    async def slow() -> None:
        await release.wait()

    async def refused() -> None:
        raise BadRequest("Message to edit not found")

    first = asyncio.create_task(edits.edit("message", slow))
    await asyncio.sleep(0)
    second = asyncio.create_task(edits.edit("message", slow))
    third = asyncio.create_task(edits.edit("message", refused))
    await asyncio.sleep(0)
    release.set()

    assert await first is True
    assert await second is False
    with pytest.raises(BadRequest):
        await third
    assert edits.busy == 0


@pytest.mark.parametrize(
    ("endpoint", "error", "again"),
    [
        ("editMessageText", TimedOut(), True),  # sent twice, it shows the same board
        ("editMessageText", NetworkError("Bad Gateway"), True),
        ("sendMessage", TimedOut(), False),  # it might be posted twice
        ("sendMessage", TimedOut("Pool timeout: ... Request was *not* sent to Telegram."), True),
        ("answerCallbackQuery", TimedOut("Pool timeout: ... Request was *not* sent to Telegram."), True),
        ("editMessageText", BadRequest("Message to edit not found"), False),  # refused: final
    ],
)
def test_what_is_sent_again_after_a_failure_on_the_way(
    endpoint: str, error: NetworkError, again: bool
) -> None:
    assert may_resend(endpoint, error) is again
