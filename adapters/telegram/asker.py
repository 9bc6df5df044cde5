"""Who sent a command (``Asker``: the message, its player and place, whether in a group) and the replies
every command module makes to it: a screen, or the core's refusal. Shared by ``commands.py``, ``daily.py``
and ``compete.py``, so it lives below them."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardMarkup, Message, Update

from adapters.telegram.identity import is_group, place_of, player_of
from adapters.telegram.photos import PhotoBoards
from adapters.telegram.render import render_message, say
from adapters.telegram.web import WebTable, row_for, with_row
from bot.errors import GolfError
from bot.models import Place, Player
from bot.screens import Screen


@dataclass(frozen=True, slots=True)
class Asker:
    message: Message
    player: Player
    place: Place
    in_group: bool

    @property
    def name_on_boards(self) -> str:
        """In a group several players' boards share the chat: each is headed by its player's name."""
        return self.player.name if self.in_group else ""


def asker_of(update: Update) -> Asker | None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if update.callback_query is not None and not isinstance(message, Message):
        return None  # a press on a message too old for Telegram to show us
    if message is None or user is None or chat is None:
        return None
    return Asker(message, player_of(user), place_of(chat), is_group(chat))


async def reply_screen(
    asker: Asker,
    screen: Screen,
    *,
    note: str = "",
    keyboard: InlineKeyboardMarkup | None = None,
    boards: PhotoBoards | None = None,
    web: WebTable | None = None,
) -> Message:
    """``screen`` as a reply: with ``boards``, a screen with cards in the asker's look (a photo, say);
    with ``web``, a session's board carries the web table's row (and is kept for its redraws)."""
    row = row_for(web, screen, asker.message)
    if boards is not None and screen.has_cards:
        look = await boards.look(screen, asker.place, asker.player)
        drawn = await boards.draw(screen, look, player_name=asker.name_on_boards, note=note)
        sent = await boards.reply(asker.message, drawn, keys=with_row(keyboard or drawn.keyboard, row))
    else:
        shown = render_message(screen, player_name=asker.name_on_boards, note=note)
        sent = await asker.message.reply_html(
            shown.text,
            reply_markup=with_row(keyboard or shown.keyboard, row),
            allow_sending_without_reply=True,
        )
    if web is not None:
        web.kept.note(screen, sent, player_name=asker.name_on_boards)
    return sent


async def reply_refusal(
    asker: Asker, error: GolfError, *, boards: PhotoBoards | None = None, web: WebTable | None = None
) -> None:
    """The core's refusal as it is; with the board it refers to (e.g. the round already in progress)."""
    if error.screen is not None:
        await reply_screen(asker, error.screen, note=error.template, boards=boards, web=web)
    else:
        await asker.message.reply_html(say(error.template), allow_sending_without_reply=True)
