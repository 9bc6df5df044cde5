"""The chat commands: ``/play``, ``/resume``, ``/concede``, ``/abandon``, ``/stats``, ``/rules``, ``/help``,
``/look`` and ``/settings`` (how boards look: ``looks.py``),
and ``/start`` (what Telegram's START button sends), which welcomes a player with a Play button and takes
deep-link payloads (``t.me/<bot>?start=<payload>`` sends ``/start <payload>``).

One table (``GolfCommands.specs``, of ``command_table.CommandSpec`` rows) feeds the handlers, Telegram's
command menu (setMyCommands) and ``/help``; the daily challenge (``daily.py``) and competition
(``compete.py``) add their rows to it, and their ``/start`` payloads are here, in ``START_PAYLOADS``.
Every command answers in the chat it came from; in a group the reply quotes the command, and a board is
headed by its player's name.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from adapters.telegram.arguments import parse_play_arguments, parse_rules_argument
from adapters.telegram.asker import Asker, asker_of, reply_refusal, reply_screen
from adapters.telegram.command_table import CommandSpec
from adapters.telegram.compete import TelegramCompete
from adapters.telegram.daily import daily_specs, start_daily
from adapters.telegram.language import language_specs
from adapters.telegram.looks import look_specs
from adapters.telegram.photos import PhotoBoards
from adapters.telegram.render import OPEN_PAYLOAD as BOARD_PAYLOAD
from adapters.telegram.render import say
from adapters.telegram.table import open_table
from adapters.telegram.web import WebTable
from bot.clubhouse import Clubhouse
from bot.desks import DailyDesk
from bot.errors import GolfError
from bot.i18n import N_, _
from bot.info_screens import help_screen, rules_screen, stats_screen, welcome_screen
from bot.screens import Screen

log = logging.getLogger(__name__)

PLAY_NOW = "start:play"
"""The callback data of the welcome's Play button (not an action id: it starts a round)."""
UNKNOWN_COMMAND = N_("I don't know {command}: /help lists what I can do, and /play starts a round.")
"""The answer in a private chat to a command that is not ours."""
CHAT = N_("I play Golf patience with you: /play starts a round, and /help lists everything I can do.")
"""The answer in a private chat to plain text."""


class GolfCommands:
    def __init__(
        self, clubhouse: Clubhouse, daily: DailyDesk | None = None, boards: PhotoBoards | None = None
    ) -> None:
        self._club = clubhouse
        self.boards = boards
        """Boards in each reader's look, photos or text (``photos.py``); None: text only."""
        self.extra: tuple[CommandSpec, ...] = ()
        """Rows added by other command modules (adapters/telegram/compete.py)."""
        self.compete: TelegramCompete | None = None
        self.daily = daily
        self.web: WebTable | None = None
        """The web table (``web.py``): its row under the boards of ``/play`` and ``/resume``; None: not
        served."""

    @property
    def specs(self) -> tuple[CommandSpec, ...]:
        return (
            CommandSpec(
                "play",
                # Translators: what may follow /play in the /help list; keep "#" (a deal is typed #24)
                N_("[game or rules] [holes] [#deal]"),
                # Translators: keep the examples as typed (/play wrap 3, /play tripeaks)
                N_("Start a round (e.g. /play wrap 3, /play tripeaks)"),
                self.play,
            ),
            CommandSpec("resume", "", N_("Show your round in this chat again"), self.resume),
            CommandSpec("concede", "", N_("Give up the hole in play"), self.concede),
            CommandSpec("abandon", "", N_("Give up the whole round"), self.abandon),
            CommandSpec("stats", "", N_("Your scores"), self.stats),
            # Translators: what may follow /rules in the /help list (a rule set's name)
            CommandSpec("rules", N_("[rules]"), N_("How Golf is played"), self.rules),
            CommandSpec("help", "", N_("What the bot can do"), self.help),
            CommandSpec(
                "sixcard",
                # Translators: what may follow /sixcard in the /help list (the turn clock)
                N_("[seconds]"),
                N_("Open a Six-card Golf table in this group"),
                self.sixcard,
            ),
            *look_specs(self._club),
            *language_specs(self._club),
            *self.extra,
            *self._daily_specs(),
        )

    async def sixcard(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await open_table(self._club, update, context, self.boards, self.web)  # adapters.telegram.table

    def _daily_specs(self) -> tuple[CommandSpec, ...]:
        return () if self.daily is None else daily_specs(self.daily, self.boards)

    async def _daily(self, asker: Asker, words: Sequence[str]) -> None:
        """``/start daily-<group>``: that group's course, in the private chat (``daily.py``)."""
        if self.daily is None or asker.in_group:
            await self._welcome(asker)
            return
        await start_daily(self.daily, asker, words, self.boards)

    async def _open_board(self, asker: Asker, words: Sequence[str]) -> None:
        """``/start board_<match>``: the player's board of a match, in the private chat (``compete.py``)."""
        if self.compete is not None:
            await self.compete.open_board(asker, words)

    async def play(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is not None:
            await self._play(asker, context.args or ())

    async def _play(self, asker: Asker, words: Sequence[str]) -> None:
        try:
            options = parse_play_arguments(words)
            screen = await self._club.start_round(
                asker.player,
                asker.place,
                rules=options.rules,
                holes=options.holes,
                deal_code=options.deal_code,
            )
        except GolfError as error:
            await reply_refusal(asker, error, boards=self.boards, web=self.web)
            return
        await reply_screen(asker, screen, boards=self.boards, web=self.web)

    async def start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``/start`` welcomes; ``/start <payload>`` does what the payload says (``START_PAYLOADS``), and an
        unknown payload gets the welcome too."""
        if (asker := asker_of(update)) is None:
            return
        payload = (context.args or [""])[0]
        name, _sep, rest = payload.replace("-", "_").partition("_")
        action = START_PAYLOADS.get(name.lower())
        if action is None:
            await self._welcome(asker)
        else:
            await action(self, asker, [w for w in rest.split("_") if w])

    async def play_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The welcome's Play button: a round with the chat's default rules, as a new message."""
        query = update.callback_query
        if query is None:
            return
        try:
            if (asker := asker_of(update)) is not None:
                await self._play(asker, ())
        finally:
            await query.answer()

    async def _welcome(self, asker: Asker, _words: Sequence[str] = ()) -> None:
        # Translators: the welcome's button that starts a round
        label = _("⛳ Play")
        play = InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=PLAY_NOW)]])
        await reply_screen(asker, welcome_screen(self._listing(), aligned=False), keyboard=play)

    async def _rules_for(self, asker: Asker, words: Sequence[str]) -> None:
        try:
            screen = rules_screen(parse_rules_argument(words))
        except GolfError as error:
            await reply_refusal(asker, error, boards=self.boards)
            return
        await reply_screen(asker, screen, boards=self.boards)

    async def _help_for(self, asker: Asker, _words: Sequence[str] = ()) -> None:
        await reply_screen(asker, help_screen(self._listing(), aligned=False))

    async def _deal(self, asker: Asker, words: Sequence[str]) -> None:
        await self._play(asker, [f"#{words[0]}", *words[1:]] if words else ())

    def _listing(self) -> dict[str, str]:
        """``/play [game or rules] [holes] [#deal]`` -> what it does: tappable in a reply (no ``<pre>``)."""
        return {spec.usage: _(spec.description) for spec in self.specs}

    async def resume(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is not None:
            await self._show(asker, self._club.resume(asker.player, asker.place))

    async def concede(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is not None:
            await self._show(asker, self._club.concede(asker.player, asker.place))

    async def abandon(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is not None:
            await self._show(asker, self._club.abandon(asker.player, asker.place))

    async def stats(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """In a group: the player's record in that group, with their rating and match record there; in a
        private chat: their rounds in every Telegram chat."""
        if (asker := asker_of(update)) is None:
            return
        place = asker.place if asker.in_group else None
        record = await self._club.stats(asker.player, place)
        where = asker.place.name if place is not None else "Telegram"
        screen = stats_screen(asker.player.name, record, where=where)
        if place is not None and self.compete is not None:  # the group's table: rating and match record
            matches_line = await self.compete.matches.record(asker.player, place)
            screen = Screen(screen.kind, screen.title, (*screen.blocks, matches_line))
        await reply_screen(asker, screen, boards=self.boards)

    async def rules(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is not None:
            await self._rules_for(asker, context.args or ())

    async def help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is not None:
            await self._help_for(asker)

    async def unknown(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A private message that is none of our commands (an unknown command, or plain text): where to
        start. In a group such messages are others' business: they get no answer."""
        if (asker := asker_of(update)) is None or asker.in_group:
            return
        text = (asker.message.text or "").strip()
        word = text.split()[0].split("@")[0] if text.startswith("/") else ""
        await asker.message.reply_html(
            say(_(UNKNOWN_COMMAND, command=word) if word else _(CHAT)), allow_sending_without_reply=True
        )

    async def _show(self, asker: Asker, screen: Awaitable[Screen]) -> None:
        try:
            shown = await screen
        except GolfError as error:
            await reply_refusal(asker, error, boards=self.boards, web=self.web)
            return
        await reply_screen(asker, shown, boards=self.boards, web=self.web)


StartAction = Callable[[GolfCommands, Asker, Sequence[str]], Awaitable[None]]
START_PAYLOADS: dict[str, StartAction] = {
    "play": GolfCommands._play,
    "deal": GolfCommands._deal,
    "rules": GolfCommands._rules_for,
    "help": GolfCommands._help_for,
    "start": GolfCommands._welcome,
    "daily": GolfCommands._daily,
    BOARD_PAYLOAD: GolfCommands._open_board,
}
"""Deep-link payloads of ``/start``: the first word (words are joined by ``_`` or ``-``, Telegram allows
``[A-Za-z0-9_-]``) picks the action, the others are its words: ``play``, ``play_wrap_3`` (a round),
``deal_24`` (a round from deal #24), ``rules_wrap``, ``help``, ``daily-n100123`` (a group's daily course,
in the private chat; ``n`` is the minus sign of the group's id), ``board_<match>`` (a player's board of a
match, in the private chat)."""
