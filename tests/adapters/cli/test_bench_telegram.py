"""adapters/cli/bench_telegram.py's players against the fake Bot API, with python-telegram-bot's own client
as the bot: a board sent anew as a new message (the pressed one deleted) is followed as a person follows
it, and a press on a board deleted meanwhile is an error, not a crash of the bench."""

from __future__ import annotations

import asyncio

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup

from adapters.cli.bench_chat import Refused
from adapters.cli.bench_telegram import FIRST_USER, TelegramTable
from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser

KEYS = InlineKeyboardMarkup([[InlineKeyboardButton("Turn stock (5)", callback_data="g1:x:1:s")]])


async def test_a_board_sent_anew_is_followed() -> None:
    fake = await FakeBotApi().start()
    try:
        user = FakeUser(id=FIRST_USER, first_name="Player0")
        fake.add_chat(FakeChat.private(user))
        table = TelegramTable()
        table.fake, table.users = fake, [user]
        async with Bot(fake.token, base_url=fake.base_url) as bot:
            first = await bot.send_message(user.id, "the board, a photo", reply_markup=KEYS)
            board = fake.message(user.id, first.message_id)
            pressing = asyncio.create_task(table.press(0, board, "g1:x:1:s", []))
            await asyncio.sleep(0.05)
            second = await bot.send_message(user.id, "the board again, as text", reply_markup=KEYS)
            await bot.delete_message(user.id, first.message_id)
            followed = await asyncio.wait_for(pressing, 10)
            assert followed.message_id == second.message_id
            assert table.current(0, board).message_id == second.message_id
            with pytest.raises(Refused, match="replaced by a new message"):
                await table.press(0, board, "g1:x:1:s", [])
    finally:
        await fake.close()
