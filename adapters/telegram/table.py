"""Six-card Golf at a group's table on Telegram (``bot.modes.table``): ``/sixcard [seconds]`` posts the table
in the group with an inline keyboard; every press edits it (through the usual press path, which always gets
the table as everyone sees it); the card a player draws from the stock is then shown to them alone, in the
callback query's alert (``show_alert``), which only the presser sees, even when the group's flood limit
holds the table's edit back. The core keeps which message shows
the table (``<chat id>/<message id>``), so that when a turn clock runs out (``ClockExpired``, published
after the computer's move is committed) ``TableMessages`` edits it without waiting for the next press.
A move made on the web table (``BoardMoved``) redraws the message the bot keeps of its session the same
way, a table's or a player's board (``web.py``), and posts nothing."""

from __future__ import annotations

import logging

from telegram import Bot, Update
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from adapters.telegram.identity import PLATFORM, is_group, place_of, player_of, where_of
from adapters.telegram.photos import PhotoBoards, other_kind
from adapters.telegram.render import say
from adapters.telegram.web import KeptBoard, WebTable
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.events import BoardMoved, ClockExpired, Event
from bot.i18n import N_, _, speaking
from bot.models import Place, Player
from bot.options import DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT
from bot.ports import Notifier
from bot.screens import Screen

log = logging.getLogger(__name__)

GROUPS_ONLY = N_("A table is for a group: add me to one and send /sixcard there.")
# Translators: keep /sixcard 90 as it is typed
BAD_CLOCK = N_("The turn clock is a number of seconds, {least} to {most}: e.g. /sixcard 90.")


def clock_of(words: list[str]) -> int | None:
    """The seconds of ``/sixcard [seconds]`` (None: not a clock)."""
    if not words:
        return DEFAULT_LIMIT
    if len(words) == 1 and words[0].isdigit() and MIN_LIMIT <= int(words[0]) <= MAX_LIMIT:
        return int(words[0])
    return None


async def open_table(
    club: Clubhouse,
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    boards: PhotoBoards | None = None,
    web: WebTable | None = None,
) -> None:
    """``/sixcard [seconds]``: a table in this group, with whoever sent it in the first seat (a table
    already going here: its board anew, a photo in the group's look when it shows cards). ``web``: the
    table carries the web table's link (``web.py``)."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    if not is_group(chat):
        await message.reply_html(say(_(GROUPS_ONLY)), allow_sending_without_reply=True)
        return
    limit = clock_of(list(context.args or ()))
    if limit is None:
        bad_clock = _(BAD_CLOCK, least=MIN_LIMIT, most=MAX_LIMIT)
        await message.reply_html(say(bad_clock), allow_sending_without_reply=True)
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
    boards = boards or PhotoBoards()
    drawn = await boards.draw(screen, await boards.look(screen, place_of(chat), None), note=note)
    if web is not None:
        drawn = web.under(drawn, screen, in_group=True, bot_username=context.bot.username)
    sent = await boards.reply(message, drawn)
    if web is not None:
        web.kept.note(screen, sent)
    if screen.session:  # the table's message from now on (a table going here already: its newest post)
        await club.table.keep_message(screen.session, where_of(sent))


class TableMessages:
    """Telegram's Notifier with the tables' messages redrawn when a turn clock runs out; every event goes
    on to ``inner`` as well (the group hears the ⌛ line). With ``web``, a ``BoardMoved`` redraws the
    message kept of its session (a table's, or a player's board) and goes no further."""

    def __init__(
        self,
        bot: Bot,
        club: Clubhouse,
        inner: Notifier,
        boards: PhotoBoards | None = None,
        web: WebTable | None = None,
    ) -> None:
        self._bot = bot
        self._club = club
        self._inner = inner
        self._boards = boards or PhotoBoards()
        self._web = web

    async def to_place(self, place: str, event: Event) -> None:
        if isinstance(event, BoardMoved):
            if place.startswith(f"{PLATFORM}:"):
                await self._moved(event.session)
            return  # nothing is posted for it
        if isinstance(event, ClockExpired) and place.startswith(f"{PLATFORM}:"):
            await self._redraw(event.session)
        await self._inner.to_place(place, event)

    async def to_player(self, player: str, event: Event) -> None:
        if isinstance(event, BoardMoved):
            return
        await self._inner.to_player(player, event)

    async def _moved(self, session: str) -> None:
        """A move made on the web table: the session's message shows it (a table's, else a board's)."""
        if await self._redraw(session):
            return
        kept = None if self._web is None else self._web.kept.get(session)
        if kept is None or not kept.owner:
            return  # no board of it known here: nothing to redraw
        try:
            screen = await self._club.sessions.view(session, kept.owner)
        except GolfError as error:
            log.info("could not redraw board %s: %s", session, error)
            return
        player = Player(PLATFORM, kept.owner.partition(":")[2])
        places = self._club.places
        if kept.chat_id < 0:  # in a group: in the group's language, as a board posted there is
            language = await places.place_language(Place(PLATFORM, str(kept.chat_id)))
        else:  # in a private chat: the player's
            language = await places.player_language(player)
        with speaking(language):
            await self._edit_kept(session, kept, screen, player)

    async def _edit_kept(self, session: str, kept: KeptBoard, screen: Screen, player: Player) -> None:
        assert self._web is not None
        boards, bot, place = self._boards, self._bot, Place(PLATFORM, str(kept.chat_id))
        drawn = await boards.draw(
            screen,
            await boards.look(screen, place, player),
            player_name=kept.player_name,
            bot_username=bot.username,
        )
        drawn = self._web.under(drawn, screen, in_group=kept.chat_id < 0, bot_username=bot.username)
        try:
            try:
                sent = await boards.edit(bot, kept.chat_id, kept.message_id, photo=kept.photo, drawn=drawn)
            except BadRequest as error:  # the message is of the other kind: the board is sent anew
                if not other_kind(error):
                    raise
                sent = await boards.edit(
                    bot, kept.chat_id, kept.message_id, photo=not kept.photo, drawn=drawn
                )
            if sent is not None:
                self._web.kept.note(screen, sent, player_name=kept.player_name)
        except TelegramError as error:
            if "not modified" not in str(error).lower():
                log.warning("could not redraw board %s: %s", session, error, extra={"place": place.key})

    async def _redraw(self, session: str) -> bool:
        """The table's message redrawn; False if the session is no table with a message known."""
        found = await self._club.table.message_of(session)
        if found is None:
            return False  # not a table (a match's clock), or no message known
        where, screen = found
        chat_id, _sep, message_id = where.partition("/")
        if not (chat_id.lstrip("-").isdigit() and message_id.isdigit()):
            return False
        place = Place(PLATFORM, chat_id)
        drawn = await self._boards.draw(screen, await self._boards.look(screen, place, None))
        if self._web is not None:
            drawn = self._web.under(drawn, screen, in_group=True, bot_username=self._bot.username)
        photo = drawn.picture is not None  # the message's kind is not known here: as the look says, ...
        try:
            try:
                sent = await self._boards.edit(
                    self._bot, int(chat_id), int(message_id), photo=photo, drawn=drawn
                )
            except BadRequest as error:  # ... and when it is the other kind, the table is sent anew
                if not other_kind(error):
                    raise
                sent = await self._boards.edit(
                    self._bot, int(chat_id), int(message_id), photo=not photo, drawn=drawn
                )
            if sent is not None:
                await self._club.table.keep_message(session, where_of(sent))
        except TelegramError as error:
            if "not modified" not in str(error).lower():
                log.warning("could not redraw table %s: %s", session, error, extra={"place": place.key})
        return True
