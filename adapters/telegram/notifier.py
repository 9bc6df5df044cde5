"""Domain events on Telegram: a message in the place's chat, or in a player's private chat with the bot.

A place is a chat (``telegram:<chat id>``), a player a user (``telegram:<user id>``), whose private chat
with the bot has the user's id. Messages go through the application's Bot, so the flood limiter paces them
like every other message. A failure (a chat the bot left, a user who never started it, Telegram refusing)
is raised: ``bot.events.Outbox`` logs it in one line and goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from telegram import Bot

from adapters.telegram.identity import PLATFORM
from bot.announcements import Words, words_of
from bot.events import BoardMoved, Event
from bot.ports import Notifier


class NoChat(LookupError):
    """A key that names no Telegram chat."""


def chat_id(key: str) -> int:
    platform, _, ident = key.partition(":")
    if platform != PLATFORM or not ident.lstrip("-").isdigit():
        raise NoChat(f"{key!r} is not a Telegram chat")
    return int(ident)


class TelegramNotifier:
    def __init__(self, bot: Bot, words: Words | None = None) -> None:
        self._bot = bot
        self._words = words or words_of(None)

    async def to_place(self, place: str, event: Event) -> None:
        if isinstance(event, BoardMoved):  # a redraw (table.TableMessages), never a message
            return
        await self._bot.send_message(chat_id(place), await self._words(event))

    async def to_player(self, player: str, event: Event) -> None:
        if isinstance(event, BoardMoved):
            return
        await self._bot.send_message(chat_id(player), await self._words(event))


if TYPE_CHECKING:
    _conforms: Notifier = TelegramNotifier(Bot("token"))
