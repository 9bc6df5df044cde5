"""Six-card Golf at a group's table on Telegram (``bot.table``): ``/sixcard [seconds]`` posts the table in
the group with an inline keyboard; every press edits it (through the usual press path, which always gets
the table as everyone sees it); the card a player draws from the stock is then shown to them alone, in the
callback query's alert (``show_alert``), which only the presser sees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from telegram import Update
from telegram.ext import ContextTypes

from adapters.telegram.identity import is_group, place_of, player_of
from adapters.telegram.render import render_message, say
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.models import Player
from bot.table import DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT

if TYPE_CHECKING:
    from adapters.telegram.buttons import Answer

GROUPS_ONLY = "A table is for a group: add me to one and send /sixcard there."
BAD_CLOCK = f"The turn clock is a number of seconds, {MIN_LIMIT} to {MAX_LIMIT}: e.g. /sixcard 90."


def clock_of(words: list[str]) -> int | None:
    """The seconds of ``/sixcard [seconds]`` (None: not a clock)."""
    if not words:
        return DEFAULT_LIMIT
    if len(words) == 1 and words[0].isdigit() and MIN_LIMIT <= int(words[0]) <= MAX_LIMIT:
        return int(words[0])
    return None


async def open_table(club: Clubhouse, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``/sixcard [seconds]``: a table in this group, with whoever sent it in the first seat."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    if not is_group(chat):
        await message.reply_html(say(GROUPS_ONLY), allow_sending_without_reply=True)
        return
    limit = clock_of(list(context.args or ()))
    if limit is None:
        await message.reply_html(say(BAD_CLOCK), allow_sending_without_reply=True)
        return
    player = player_of(user)
    try:
        await club.places.ensure_player(player)
        screen = await club.table.create(player, place_of(chat), limit=limit)
    except GolfError as error:
        if error.screen is None:
            await message.reply_html(say(error.template), allow_sending_without_reply=True)
            return
        screen, note = error.screen, error.template
    else:
        note = ""
    shown = render_message(screen, note=note)
    await message.reply_html(shown.text, reply_markup=shown.keyboard, allow_sending_without_reply=True)


async def tell_drawn(answer: Answer, club: Clubhouse, player: Player, action_id: str) -> None:
    """After a committed press on a table: the card the presser holds from the stock, in their alert."""
    text = await club.table.drawn_after(player.key, action_id)
    if text is not None:
        answer.alert(text)
