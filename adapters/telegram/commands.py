"""The chat commands: ``/play``, ``/resume``, ``/concede``, ``/abandon``, ``/stats``, ``/rules``, ``/help``.

One table (``GolfCommands.specs``) feeds the handlers, Telegram's command menu (setMyCommands) and
``/help``; later features (daily, challenge, tournament) add their rows to it. Every command answers in
the chat it came from; in a group the reply quotes the command, and a board is headed by its player's name.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram import Message, Update
from telegram.ext import ContextTypes

from adapters.telegram.arguments import parse_play_arguments, parse_rules_argument
from adapters.telegram.identity import is_group, place_of, player_of
from adapters.telegram.render import render_message, say
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.info_screens import help_screen, rules_screen, stats_screen
from bot.models import Place, Player
from bot.screens import Screen

log = logging.getLogger(__name__)

Callback = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    name: str
    """As typed after the slash; ``[a-z0-9_]{1,32}`` (Telegram's rule)."""
    arguments: str
    description: str
    """For the command menu and /help; 1-256 characters."""
    callback: Callback

    @property
    def usage(self) -> str:
        return f"/{self.name} {self.arguments}".rstrip()


@dataclass(frozen=True, slots=True)
class _Asker:
    message: Message
    player: Player
    place: Place
    in_group: bool

    @property
    def name_on_boards(self) -> str:
        """In a group several players' boards share the chat: each is headed by its player's name."""
        return self.player.name if self.in_group else ""


def _asker(update: Update) -> _Asker | None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return None
    return _Asker(message, player_of(user), place_of(chat), is_group(chat))


async def _reply_screen(asker: _Asker, screen: Screen, *, note: str = "") -> None:
    shown = render_message(screen, player_name=asker.name_on_boards, note=note)
    await asker.message.reply_html(shown.text, reply_markup=shown.keyboard, allow_sending_without_reply=True)


async def _reply_refusal(asker: _Asker, error: GolfError) -> None:
    """The core's refusal as it is; with the board it refers to (e.g. the round already in progress)."""
    if error.screen is not None:
        await _reply_screen(asker, error.screen, note=error.template)
    else:
        await asker.message.reply_html(say(error.template), allow_sending_without_reply=True)


class GolfCommands:
    def __init__(self, clubhouse: Clubhouse) -> None:
        self._club = clubhouse

    @property
    def specs(self) -> tuple[CommandSpec, ...]:
        return (
            CommandSpec("play", "[rules] [holes] [#deal]", "Start a round (e.g. /play wrap 3)", self.play),
            CommandSpec("resume", "", "Show your round in this chat again", self.resume),
            CommandSpec("concede", "", "Give up the hole in play", self.concede),
            CommandSpec("abandon", "", "Give up the whole round", self.abandon),
            CommandSpec("stats", "", "Your scores", self.stats),
            CommandSpec("rules", "[rules]", "How Golf is played", self.rules),
            CommandSpec("help", "", "What the bot can do", self.help),
        )

    async def play(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := _asker(update)) is None:
            return
        try:
            options = parse_play_arguments(context.args or ())
            screen = await self._club.start_round(
                asker.player,
                asker.place,
                rules=options.rules,
                holes=options.holes,
                deal_code=options.deal_code,
            )
        except GolfError as error:
            await _reply_refusal(asker, error)
            return
        await _reply_screen(asker, screen)

    async def resume(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := _asker(update)) is not None:
            await self._show(asker, self._club.resume(asker.player, asker.place))

    async def concede(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := _asker(update)) is not None:
            await self._show(asker, self._club.concede(asker.player, asker.place))

    async def abandon(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := _asker(update)) is not None:
            await self._show(asker, self._club.abandon(asker.player, asker.place))

    async def stats(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """In a group: the player's record in that group; in a private chat: in every Telegram chat."""
        if (asker := _asker(update)) is None:
            return
        place = asker.place if asker.in_group else None
        record = await self._club.stats(asker.player, place)
        where = asker.place.name if place is not None else "Telegram"
        await _reply_screen(asker, stats_screen(asker.player.name, record, where=where))

    async def rules(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := _asker(update)) is None:
            return
        try:
            screen = rules_screen(parse_rules_argument(context.args or ()))
        except GolfError as error:
            await _reply_refusal(asker, error)
            return
        await _reply_screen(asker, screen)

    async def help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := _asker(update)) is not None:
            await _reply_screen(asker, help_screen({spec.usage: spec.description for spec in self.specs}))

    async def _show(self, asker: _Asker, screen: Awaitable[Screen]) -> None:
        try:
            shown = await screen
        except GolfError as error:
            await _reply_refusal(asker, error)
            return
        await _reply_screen(asker, shown)
