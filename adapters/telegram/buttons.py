"""Presses on a board's inline keyboard (callback queries).

The callback data is the core's action id (``g1:<round>:<version>:<action>``, at most 64 bytes); the core
validates it and refuses anything malformed, foreign, stale or illegal without changing the game. Every
query is answered exactly once - with nothing (the board was updated), a short notice (why the press did
nothing), or an alert (someone pressed another player's board). A stale press also brings the pressed
message up to date.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from telegram import CallbackQuery, Message, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from adapters.telegram.identity import is_group, player_of
from adapters.telegram.render import SPELLING, render_message
from bot.clubhouse import Clubhouse
from bot.errors import GolfError, NotYourRoundError, StaleActionError
from bot.screens import Screen
from bot.texts import spell

log = logging.getLogger(__name__)

ANSWER_LIMIT = 200
"""Telegram cuts the text of a callback answer at 200 characters."""
TOO_OLD = "This board is too old to play on here. Send /resume for a fresh one."
NOT_SHOWN = "Done, but I could not update this message. Send /resume to see your board."
OOPS = "Something went wrong on my side. Send /resume to see where your round stands."


@dataclass(slots=True)
class Answer:
    """What the query will be answered with; set while handling, sent once at the end."""

    text: str | None = None
    show_alert: bool = False

    def say(self, text: str) -> None:
        self.text, self.show_alert = text, False

    def alert(self, text: str) -> None:
        self.text, self.show_alert = text, True


@asynccontextmanager
async def answering(query: CallbackQuery) -> AsyncIterator[Answer]:
    """Answer ``query`` exactly once when the block ends, however it ends (an error: with OOPS, and the
    error goes on to the error handler)."""
    answer = Answer()
    try:
        yield answer
    except Exception:
        answer.say(OOPS)
        raise
    finally:
        text = answer.text[:ANSWER_LIMIT] if answer.text else None
        try:
            await query.answer(text, show_alert=answer.show_alert)
        except TelegramError as error:  # e.g. answered too late (Telegram waits about 15 s)
            log.warning("could not answer a callback query: %s", error)


class GolfButtons:
    def __init__(self, clubhouse: Clubhouse) -> None:
        self._club = clubhouse

    async def press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        async with answering(query) as answer:
            message = query.message
            if not isinstance(message, Message):  # inaccessible: too old for Telegram to show us
                answer.say(TOO_OLD)
                return
            player = player_of(query.from_user)
            name = player.name if is_group(message.chat) else ""
            try:
                screen = await self._club.press(player, query.data or "")
            except NotYourRoundError as error:
                answer.alert(spell(error.template, SPELLING))
                return
            except GolfError as error:
                answer.say(spell(error.template, SPELLING))
                if isinstance(error, StaleActionError) and error.screen is not None:
                    await show(query, error.screen, player_name=name)
                return
            if not await show(query, screen, player_name=name):
                answer.say(NOT_SHOWN)


async def show(query: CallbackQuery, screen: Screen, *, player_name: str = "") -> bool:
    """Edit the pressed message into ``screen`` (keyboard included: an edit without one removes it).
    Returns False if Telegram refused; "not modified" (the message shows it already) counts as shown."""
    shown = render_message(screen, player_name=player_name)
    try:
        await query.edit_message_text(shown.text, parse_mode=ParseMode.HTML, reply_markup=shown.keyboard)
    except BadRequest as error:
        if "message is not modified" in error.message.lower():
            return True
        log.warning("could not edit a board: %s", error)
        return False
    return True
