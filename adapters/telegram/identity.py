"""Who plays and where, in the core's terms: a Telegram user is a Player, a chat is a Place.

Because the place is the chat, a player has at most one round in progress per chat: one in a private chat
with the bot and one in each group.
"""

from __future__ import annotations

from telegram import Chat, Message, User

from bot.models import Place, Player

PLATFORM = "telegram"


def player_of(user: User) -> Player:
    return Player(PLATFORM, str(user.id), user.full_name or user.username or str(user.id))


def place_of(chat: Chat) -> Place:
    return Place(PLATFORM, str(chat.id), chat.title or "private chat")


def is_group(chat: Chat) -> bool:
    return chat.type in (Chat.GROUP, Chat.SUPERGROUP)


def where_of(message: Message) -> str:
    """A message as the core keeps a table's (``<chat>/<message>``); "" in a private chat, where nothing
    redraws a message for others."""
    return f"{message.chat.id}/{message.message_id}" if is_group(message.chat) else ""
