"""Competition on Telegram: ``/challenge`` (replying to the member's message, or naming them as @username),
``/roundopen``, ``/tournament``, ``/table``; the buttons of challenges, group rounds and tournaments; and
the live scoreboard.

Choices for Telegram:

* **Boards are in the private chat with the bot.** A group chat has no message only one member can see, so
  the group's match message (the scoreboard) carries an "Open my board" URL button: a deep link
  ``t.me/<bot>?start=board_<match>`` that opens the private chat and sends ``/start board_<match>``; the
  board comes there, and its keys work there only for its player.
* **One scoreboard message per match** in the group: the challenge's message becomes the scoreboard when
  accepted, and is edited as holes finish and when the match is decided. Finished holes only: nothing of
  a board reaches the group while a hole is in play.
* ``@username`` works for members the bot has seen use it in that group since it started: any command or
  button of theirs there (Telegram gives bots no look-up by name); replying to the member's message
  always works.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from telegram import InlineKeyboardMarkup, Message, Update, User
from telegram.constants import ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from adapters.pacing import ChannelPosts
from adapters.telegram.arguments import game_words
from adapters.telegram.asker import Asker, asker_of, reply_screen
from adapters.telegram.buttons import PRIVATE_ONLY
from adapters.telegram.command_table import CommandSpec
from adapters.telegram.identity import PLATFORM, player_of, where_of
from adapters.telegram.photos import PhotoBoards
from adapters.telegram.render import key_of, say, screen_html
from bot.desks import MatchDesk, TournamentDesk
from bot.errors import GolfError
from bot.events import ClockExpired, Event, HoleFinished, MatchDecided, MatchStarted, StandingsPosted
from bot.i18n import N_, _
from bot.screens import Screen
from engine.patience import find_patience, is_family

log = logging.getLogger(__name__)

SEEN_MEMORY = 100_000
"""Members remembered for /challenge @name, across groups (a few MB at most)."""
GROUPS_ONLY = N_(
    "Matches, group rounds and tournaments are played in a group: add me to one and send the command there."
)
# Translators: keep /challenge @name as it is typed
WHOM = N_("Reply to the message of the member you challenge with /challenge, or name them: /challenge @name.")


class TelegramCompete:
    def __init__(self, matches: MatchDesk, tournaments: TournamentDesk) -> None:
        self.matches = matches
        self.tournaments = tournaments
        self.bot: Any = None
        """Where the competitions' buttons are pressed, as the boards' are: the Clubhouse's (set, like
        ``bot``, by ``build_application``)."""
        self.boards: PhotoBoards | None = None
        """A player's own match board in their look (a photo, say), set by ``build_application``."""
        self.seen: OrderedDict[tuple[int, str], User] = OrderedDict()
        """(group, lower-case username) -> the member, for /challenge @name: the SEEN_MEMORY seen last."""
        self._signups_closed: set[str] = set()
        """Tournaments whose sign-up message was brought up to date when their first round began."""
        self.posts = ChannelPosts(gap=0.0)
        """The group posts (scoreboards, standings, notices): in order per chat, behind the answer to a press
        (the flood limiter paces them)."""

    def specs(self) -> tuple[CommandSpec, ...]:
        return (
            CommandSpec(
                "challenge",
                # Translators: what may follow /challenge in the /help list; keep stroke and match (typed)
                N_("@name [holes] [stroke|match]"),
                N_("Challenge a member to a match"),
                self.challenge,
            ),
            CommandSpec(
                "roundopen",
                # Translators: what may follow /roundopen in the /help list
                N_("[holes]"),
                N_("Open a group round for up to 8"),
                self.round_open,
            ),
            CommandSpec(
                "tournament",
                # Translators: what may follow /tournament in the /help list; keep knockout, roundrobin and
                # swiss (typed)
                N_("[knockout|roundrobin|swiss] [holes]"),
                N_("Open a tournament"),
                self.tournament,
            ),
            CommandSpec(
                "table",
                # Translators: what may follow /table in the /help list (a page of the table)
                N_("[page]"),
                N_("This group's table and ratings"),
                self.table,
            ),
        )

    # ---- commands --------------------------------------------------------------------------------

    def note(self, update: Update) -> None:
        """Remember who writes in a group or presses a button there (every update, see build_application),
        so that /challenge @name finds them."""
        user, chat = update.effective_user, update.effective_chat
        if user is not None and chat is not None and user.username and chat.type != "private":
            key = (chat.id, user.username.lower())
            self.seen.pop(key, None)  # re-inserted last: the oldest are dropped first
            self.seen[key] = user
            while len(self.seen) > SEEN_MEMORY:
                self.seen.popitem(last=False)

    async def challenge(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := await _in_a_group(update)) is None:
            return
        words = list(context.args or ())
        target: User | None = None
        replied = asker.message.reply_to_message
        if replied is not None and replied.from_user is not None and not replied.from_user.is_bot:
            target = replied.from_user
        named = [w for w in words if w.startswith("@")]
        if target is None and named:
            target = self.seen.get((asker.message.chat.id, named[0][1:].lower()))
        if target is None:
            await asker.message.reply_html(say(_(WHOM)), allow_sending_without_reply=True)
            return
        holes, format_ = _options(w for w in words if not w.startswith("@"))
        sent = await self._reply(
            asker,
            self.matches.challenge(
                asker.player,
                player_of(target),
                asker.place,
                holes=holes,
                format=format_,
                rules=_game(w for w in words if not w.startswith("@")),
                channel=str(asker.message.chat.id),
            ),
        )
        await self._keep_invitation(sent)

    async def round_open(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := await _in_a_group(update)) is None:
            return
        holes, _format = _options(context.args or ())
        channel = str(asker.message.chat.id)
        rules = _game(context.args or ())
        sent = await self._reply(
            asker,
            self.matches.open_group(asker.player, asker.place, holes=holes, rules=rules, channel=channel),
        )
        await self._keep_invitation(sent)

    async def _keep_invitation(self, sent: tuple[Screen, Message] | None) -> None:
        """A challenge's or group round's message: edited when it expires, and its scoreboard once begun."""
        if sent is not None and sent[0].session:
            await self.matches.keep_scoreboard_message(sent[0].session, where_of(sent[1]))

    async def tournament(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := await _in_a_group(update)) is None:
            return
        words = [w.lower() for w in context.args or ()]
        style = next(
            (s for w in words for k, s in _STYLES.items() if w == k),
            "elimination",
        )
        holes, format_ = _options(words)
        sent = await self._reply(
            asker,
            self.tournaments.open(
                asker.player,
                asker.place,
                style=style,
                holes=3 if holes is None else holes,  # 0 is refused like any other count out of range
                format=format_ or "stroke",
                rules=_game(words),
                channel=str(asker.message.chat.id),
            ),
        )
        if sent is not None and sent[0].session:  # its sign-up message, brought up to date as it goes
            await self.tournaments.keep_message(sent[0].session, f"{sent[1].chat_id}:{sent[1].message_id}")

    async def table(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if (asker := asker_of(update)) is None:
            return
        words = [w for w in context.args or () if w.isdigit()]
        game = "-".join(w for w in context.args or () if not w.isdigit()) or None  # /table black hole 2
        await self._reply(asker, self.matches.table(asker.place, int(words[0]) if words else 1, game=game))

    async def _reply(self, asker: Asker, work: Any) -> tuple[Screen, Message] | None:
        """The screen ``work`` comes to, as a reply; it and the message sent (None: refused)."""
        try:
            screen = await work
        except GolfError as error:
            await asker.message.reply_html(say(error.template), allow_sending_without_reply=True)
            return None
        sent = await asker.message.reply_html(
            screen_html(screen), reply_markup=self.keyboard(screen), allow_sending_without_reply=True
        )
        return screen, sent

    async def open_board(self, asker: Asker, words: Sequence[str]) -> None:
        """``/start board_<match>`` in the private chat: the player's own board, there."""
        if not words:
            return
        if asker.in_group:  # a board in a group would show everyone the stock order
            await asker.message.reply_html(say(_(PRIVATE_ONLY)), allow_sending_without_reply=True)
            return
        try:
            screen = await self.matches.board(asker.player, words[0])
        except GolfError as error:
            await asker.message.reply_html(say(error.template), allow_sending_without_reply=True)
            return
        await reply_screen(asker, screen, boards=self.boards)  # in the player's look

    # ---- buttons ---------------------------------------------------------------------------------

    def keyboard(self, screen: Screen) -> InlineKeyboardMarkup | None:
        """The buttons of a post, as the core laid them out; "Open my board" (role OPEN) becomes a deep link
        into the private chat. (Its presses come in by the one door with every other: GolfButtons.)"""
        username = self.bot.username if self.bot is not None else ""
        rows = [[key_of(button, screen, username) for button in row] for row in screen.buttons]
        return InlineKeyboardMarkup(rows) if rows else None

    # ---- the Notifier ----------------------------------------------------------------------------

    async def to_place(self, place: str, event: Event) -> None:
        """Every post to a group is queued (``ChannelPosts``): this returns at once."""
        if not place.startswith("telegram:"):
            return  # another platform's match
        try:
            if isinstance(event, StandingsPosted):
                chat = await self.tournaments.channel(event.session)
            elif isinstance(event, (HoleFinished, MatchDecided, ClockExpired, MatchStarted)):
                chat = await self.matches.channel(event.session)
            else:
                return
        except GolfError:
            return  # gone (or not a match: a table's clock)
        if chat.lstrip("-").isdigit():
            self.posts.add(int(chat), type(event).__name__, lambda: self._post(event))

    async def _post(self, event: Event) -> None:
        if isinstance(event, ClockExpired):
            await self._tell_clock(event)
        if isinstance(event, (HoleFinished, MatchDecided, ClockExpired)):
            await self._refresh(event.session)
        elif isinstance(event, MatchStarted):
            tournament = await self.matches.tournament_of(event.session)
            if tournament:  # a scoreboard of its own; the sign-up message shows sign-up closed
                await self._send_scoreboard(event.session)
                if tournament not in self._signups_closed:
                    self._signups_closed.add(tournament)
                    await self._refresh_signup(tournament)
        elif isinstance(event, StandingsPosted):
            chat = await self.tournaments.channel(event.session)
            if chat and self.bot is not None:
                screen = await self.tournaments.standings(event.session, event.round)
                await self.bot.send_message(
                    int(chat),
                    screen_html(screen),
                    parse_mode=ParseMode.HTML,
                    reply_markup=self.keyboard(screen),
                )
                await self._refresh_signup(event.session)  # check-in open, the tournament over or called off

    async def _refresh_signup(self, tournament_id: str) -> None:
        """The tournament's sign-up message, brought up to date (its keys gone once sign-up is over)."""
        found = await self.tournaments.signup_message(tournament_id)
        if found is None:
            return
        chat, _sep, message = found[0].partition(":")
        if chat.lstrip("-").isdigit() and message.isdigit():
            await self._edit(int(chat), int(message), found[1])

    async def to_player(self, player: str, event: Event) -> None:
        """Nothing is sent privately: a player opens their board from the scoreboard."""

    async def _tell_clock(self, event: ClockExpired) -> None:
        try:
            text = await self.matches.clock_notice(event)
            chat = await self.matches.channel(event.session)
        except GolfError:
            return
        if chat and self.bot is not None:
            await self.bot.send_message(int(chat), say(text), parse_mode=ParseMode.HTML)

    async def _refresh(self, session: str) -> None:
        try:
            screen = await self.matches.scoreboard(session)
        except GolfError:
            return
        kept = _message_of(await self.matches.scoreboard_message(session))
        if kept is None:
            await self._send_scoreboard(session)
        else:
            await self._edit(*kept, screen)

    async def _send_scoreboard(self, session: str) -> None:
        chat = await self.matches.channel(session)
        if not chat or self.bot is None:
            return
        screen = await self.matches.scoreboard(session)
        sent = await self.bot.send_message(
            int(chat), screen_html(screen), parse_mode=ParseMode.HTML, reply_markup=self.keyboard(screen)
        )
        await self.matches.keep_scoreboard_message(session, where_of(sent))

    async def _edit(self, chat_id: int, message_id: int, screen: Screen) -> None:
        if self.bot is None:
            return
        try:
            await self.bot.edit_message_text(
                screen_html(screen),
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                reply_markup=self.keyboard(screen),
            )
        except TelegramError as error:
            if "not modified" not in str(error).lower():
                place = f"{PLATFORM}:{chat_id}"
                log.warning("could not update a scoreboard: %s", error, extra={"place": place})


_STYLES = {
    "knockout": "elimination",
    "elimination": "elimination",
    "roundrobin": "round-robin",
    "swiss": "swiss",
}


def _message_of(kept: str) -> tuple[int, int] | None:
    """The chat and message of a match's scoreboard as kept: the door's ``<chat>/<message>`` (``where_of``,
    bot/modes/competition/room.py), or ``<chat>:<message>`` (rows kept before it); None for none."""
    chat, _sep, message = kept.replace(":", "/", 1).partition("/")
    return (int(chat), int(message)) if chat.lstrip("-").isdigit() and message.isdigit() else None


async def _in_a_group(update: Update) -> Asker | None:
    """The asker of a command that is for a group (a match, a group round, a tournament); in a private
    chat, the answer that says so, and None."""
    asker = asker_of(update)
    if asker is not None and not asker.in_group:
        await asker.message.reply_html(say(_(GROUPS_ONLY)), allow_sending_without_reply=True)
        return None
    return asker


def _options(words: Sequence[str] | Any) -> tuple[int | None, str | None]:
    holes: int | None = None
    format_: str | None = None
    for word in words:
        if str(word).isdigit():
            holes = int(word)
        elif str(word).lower() in ("stroke", "match"):
            format_ = str(word).lower()
    return holes, format_


def _game(words: Sequence[str] | Any) -> str | None:
    """The Golf-family game named among ``words`` (``/challenge @bob 3 tripeaks``, ``black hole``), as
    the rules of the match; None: the place's default rules."""
    for word in game_words([str(w) for w in words]):
        if is_family(word):
            return find_patience(word).name
    return None
