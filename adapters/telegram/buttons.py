"""Presses on a board's inline keyboard (callback queries).

The callback data is the core's action id (``g1:<round>:<version>:<action>``, at most 64 bytes); the core
validates it and refuses anything malformed, foreign, stale or illegal without changing the game. Every
query is answered exactly once - with nothing (the board was updated), a short notice (why the press did
nothing), or an alert (someone pressed another player's board). A stale press also brings the pressed
message up to date.

Before any of that, ``on_its_message`` makes sure the press's data is on the message it came on (a key of
its keyboard, or an older key of the same board): forged data is refused privately and changes nothing
(``bot.press_guard``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager, nullcontext

from telegram import CallbackQuery, Message, Update
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from adapters import metrics
from adapters.pacing import ChannelPosts
from adapters.telegram.answer import Answer
from adapters.telegram.board_edits import LatestEdits
from adapters.telegram.flood import Stopping
from adapters.telegram.identity import PLATFORM, is_group, place_of, player_of, where_of
from adapters.telegram.photos import PhotoBoards
from adapters.telegram.render import SPELLING, render_message
from adapters.telegram.web import KeptBoard, WebTable
from bot.clubhouse import Clubhouse
from bot.errors import GolfError, NotYourRoundError, RepeatedActionError, StaleActionError
from bot.i18n import N_, _, privately
from bot.models import Player
from bot.ports import StoreUnavailable
from bot.press_guard import is_on_message, refusal
from bot.screens import Screen
from bot.texts import STORE_UNAVAILABLE, spell

EDIT_WAIT = 1.0
"""Seconds a committed press waits for its board edit before it is answered anyway (the edit goes on): a
chat in a flood wait must not keep a player's button spinning (Telegram gives up after about 15 s)."""
SHOWN_MEMORY = 4096
"""Messages whose last edit is remembered (to spend no edit on a board that shows the screen already)."""
TOO_OLD = N_("This board is too old to play on here. Send /resume for a fresh one.")
NOT_SHOWN = N_("Done, but I could not update this message. Send /resume to see your board.")
EDIT_PENDING = N_("Done. Telegram is holding back edits in this chat for a moment; the board will follow.")
# Translators: "Open my board" is the label of a button (word it as that button is worded)
PRIVATE_ONLY = N_("Boards are opened in your private chat with me: use the Open my board button.")
# Translators: a key is a button of the board's keyboard
UP_TO_DATE = N_("That key was on an earlier board; this one is up to date.")
OOPS = N_("Something went wrong on my side. Send /resume to see where your round stands.")

log = logging.getLogger(__name__)


@asynccontextmanager
async def answering(query: CallbackQuery) -> AsyncIterator[Answer]:
    """Answer ``query`` exactly once, by the end of the block however it ends. An error answers OOPS (or,
    when the press was committed already, NOT_SHOWN: the move is saved; a database that cannot be used,
    STORE_UNAVAILABLE: nothing changed) and goes on to the error handler."""
    answer = Answer(query)
    try:
        yield answer
    except Exception as error:
        with privately():  # a callback's answer is the presser's alone: in their language
            if answer.committed:
                answer.say(_(NOT_SHOWN))
            else:
                answer.say(_(STORE_UNAVAILABLE if isinstance(error, StoreUnavailable) else OOPS))
        raise
    finally:
        await answer.send()


def keys_of(message: Message) -> list[str]:
    """The callback data of the message's inline keyboard, as Telegram delivered it with the query."""
    markup = message.reply_markup
    if markup is None:
        return []
    return [
        b.callback_data for row in markup.inline_keyboard for b in row if isinstance(b.callback_data, str)
    ]


async def on_its_message(query: CallbackQuery, *, edits_nothing: bool = False) -> bool:
    """Is the query's data on the message it names (``bot.press_guard``)? If not, the query is answered
    privately (NOT_ON_MESSAGE, or NO_BUTTONS on a message without any), and False is returned: the press
    must change nothing. A message too old for Telegram to deliver cannot be checked: a press there is
    answered TOO_OLD, unless ``edits_nothing`` (a press that only posts a new message, like the welcome's
    Play)."""
    message = query.message
    if not isinstance(message, Message):
        if edits_nothing:
            return True
        with privately():
            await Answer(query, _(TOO_OLD)).send()
        return False
    keys = keys_of(message)
    if is_on_message(query.data or "", keys):
        return True
    log.info("a press whose data is not on its message was refused (chat %s)", message.chat.id)
    with privately():
        await Answer(query, _(refusal(keys))).send()
    return False


class GolfButtons:
    """Every press of every mode (boards, tables, the competitions' own buttons): through the one door,
    the Reply rendered on the pressed message (and what is the presser's alone, to them)."""

    def __init__(self, clubhouse: Clubhouse, boards: PhotoBoards | None = None) -> None:
        self._club = clubhouse
        self._boards = boards or PhotoBoards()
        """Draws each board in its reader's look, as a photo or text (``photos.py``)."""
        self._moved: OrderedDict[tuple[int, int], tuple[int, bool]] = OrderedDict()
        """(chat, message) of a board sent anew (its kind changed) -> (the new message, a photo?): a later
        edit of the old message (queued, or a press on it) goes to the new one."""
        self.posts: ChannelPosts | None = None
        """The group posts of the app (the competitions' Notifier queues them): those a press causes wait
        for its answer (closing a sign-up starts a whole round, and its matches are posted after it)."""
        self._shown: OrderedDict[tuple[int, int], tuple[str, int, str]] = OrderedDict()
        """(chat, message) -> (round, version, content) of its last edit: what the message shows."""
        self._pressing: Counter[tuple[int, int]] = Counter()
        """Presses being handled, per message: a repeat of one of them is answered without a redraw."""
        self._edits = LatestEdits()
        """The edits of each message one at a time, a later board superseding one still queued."""
        self.web: WebTable | None = None
        """The web table (``web.py``): its row under each board edited, which is kept for its redraws."""

    async def press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        chat = query.message.chat.id if query.message is not None else 0
        with self.posts.answering(chat) if self.posts is not None else nullcontext():
            await self._answer(query)

    async def _answer(self, query: CallbackQuery) -> None:
        async with answering(query) as answer:
            message = query.message
            if not isinstance(message, Message):  # inaccessible: too old for Telegram to show us
                with privately():
                    answer.say(_(TOO_OLD))
                return
            player = player_of(query.from_user)
            name = player.name if is_group(message.chat) else ""
            where = (message.chat.id, message.message_id)
            self._pressing[where] += 1
            try:
                with metrics.pressing(PLATFORM) as pressed:
                    await self._press(query, message, answer, player, name, pressed)
            finally:
                self._pressing[where] -= 1
                if not self._pressing[where]:
                    del self._pressing[where]

    async def _press(
        self,
        query: CallbackQuery,
        message: Message,
        answer: Answer,
        player: Player,
        name: str,
        pressed: metrics.Press,
    ) -> None:
        try:
            reply = await pressed.watch(self._club.door.press(player, query.data or "", where_of(message)))
        except NotYourRoundError as error:
            with privately():  # (a refusal is worded when read: here, in the presser's language)
                answer.alert(spell(error.template, SPELLING))
            return
        except GolfError as error:
            current = error.screen if isinstance(error, StaleActionError) else None
            if isinstance(error, RepeatedActionError) and current and self._will_show(message, current):
                return  # a repeated tap: this board shows (or is about to show) its outcome
            with privately():
                answer.say(spell(error.template, SPELLING))
            if current is not None:
                if self._shows(message, current):
                    with privately():
                        answer.say(_(UP_TO_DATE))
                else:
                    await self.show(query, message, current, player_name=name)
            return
        answer.committed = True
        if reply.alone:  # the presser's own screen is never a group's: it opens by its link, privately
            with privately():
                answer.alert(_(PRIVATE_ONLY))
            return
        edit = asyncio.ensure_future(self.show(query, message, reply.screen, player_name=name))  # noted now
        private = reply.private  # (a card drawn from a table's stock) told however the edit goes
        done, _pending = await asyncio.wait({edit}, timeout=EDIT_WAIT)
        if not done:
            tell_privately(answer, private, mine(EDIT_PENDING))
            await answer.send()
        if not await edit:
            tell_privately(answer, private, mine(NOT_SHOWN))
        elif not answer.sent:
            tell_privately(answer, private)

    def _will_show(self, message: Message, screen: Screen) -> bool:
        """Another press on this message is under way (the one this repeats), or it shows ``screen``."""
        return self._pressing[(message.chat.id, message.message_id)] > 1 or self._shows(message, screen)

    def _shows(self, message: Message, screen: Screen) -> bool:
        """Does the message show ``screen``, or a later board of its round, already (or is it being
        edited into one)?"""
        last = self._shown.get((message.chat.id, message.message_id))
        return last is not None and last[0] == screen.session and last[1] >= screen.version

    def show(
        self, query: CallbackQuery, message: Message, screen: Screen, *, player_name: str = ""
    ) -> Awaitable[bool]:
        """Edit the pressed message into ``screen`` (keyboard included: an edit without one removes it),
        unless it shows that already, or a later board (an edit that changes nothing spends no budget).
        What the message will show is noted at once, before the edit is under way. Returns False if
        Telegram refused; "not modified" counts as shown."""
        shown = render_message(screen, player_name=player_name, bot_username=query.get_bot().username)
        key = (message.chat.id, message.message_id)
        content = shown.text + repr(shown.keyboard.to_dict() if shown.keyboard else None)
        last = self._shown.get(key)
        later = last is not None and last[0] == screen.session and last[1] > screen.version
        if later or (last is not None and last[2] == content):
            return _done(True)
        mark = (screen.session, screen.version, content)
        self._remember(key, mark)
        return self._edit(query, message, screen, player_name, key, mark)

    async def _edit(
        self,
        query: CallbackQuery,
        message: Message,
        screen: Screen,
        player_name: str,
        key: tuple[int, int],
        mark: tuple[str, int, str],
    ) -> bool:
        bot = query.get_bot()

        async def send() -> None:
            """Drawn when its turn comes (a board superseded in the queue is never drawn), in the look of
            whoever reads it: the presser's own board in theirs, a table in the chat's."""
            look = await self._boards.look(screen, place_of(message.chat), player_of(query.from_user))
            drawn = await self._boards.draw(screen, look, player_name=player_name, bot_username=bot.username)
            chat_id, (message_id, photo) = key[0], self._moved.get(key, (key[1], bool(message.photo)))
            web = self.web
            if web is not None:  # its row, and the message kept as the session's (web.py)
                in_group = is_group(message.chat)
                drawn = web.under(drawn, screen, in_group=in_group, bot_username=bot.username or "")
                if screen.session:
                    kept = KeptBoard(chat_id, message_id, photo, screen.owner, player_name)
                    web.kept.keep(screen.session, kept)
            try:
                sent = await self._boards.edit(bot, chat_id, message_id, photo=photo, drawn=drawn)
            except BadRequest as error:  # "not modified": shown (for the presses it superseded too)
                if "message is not modified" not in error.message.lower():
                    raise
                return
            if sent is not None:
                if web is not None:
                    web.kept.note(screen, sent, player_name=player_name)
                await self._moved_to(key, sent, screen)

        try:
            return await self._edits.edit(key, send)
        except TelegramError as error:  # refused; a flood wait or network failure past the limiter's patience
            return self._not_shown(key, mark, error)

    async def _moved_to(self, key: tuple[int, int], sent: Message, screen: Screen) -> None:
        """The board of ``key`` is ``sent`` from now on; a table's message is kept by the core, for the
        turn clock's redraws."""
        self._moved[key] = (sent.message_id, bool(sent.photo))
        self._moved.move_to_end(key)
        while len(self._moved) > SHOWN_MEMORY:
            self._moved.popitem(last=False)
        if screen.session and not screen.owner and is_group(sent.chat):  # a table's (if it is one)
            try:
                await self._club.table.keep_message(screen.session, where_of(sent))
            except GolfError as error:
                log.info("a board sent anew is not kept as its table's message: %s", error)

    def _remember(self, key: tuple[int, int], mark: tuple[str, int, str]) -> None:
        self._shown.pop(key, None)
        self._shown[key] = mark
        while len(self._shown) > SHOWN_MEMORY:
            self._shown.popitem(last=False)

    def _not_shown(self, key: tuple[int, int], mark: tuple[str, int, str], error: TelegramError) -> bool:
        if not isinstance(error, Stopping):  # (those are counted, and told once, on the way out)
            log.warning("could not edit a board: %s", error)
        if self._shown.get(key) == mark:
            del self._shown[key]
        return False


def tell_privately(answer: Answer, line: str | None, note: str | None = None) -> None:
    """Answer a committed press with ``note`` (why the message lags, say), and the line the presser alone
    may see (``Reply.private``: the card drawn from a table's stock) first, in their alert: a callback's
    answer goes to the presser alone and spends none of the group's flood budget, so it reaches them with
    every press, however busy the group."""
    if line is not None:
        answer.alert(line if note is None else f"{line}\n{note}")
    elif note is not None:
        answer.say(note)


async def _done(value: bool) -> bool:
    return value


def mine(text: str) -> str:
    """``text`` in the presser's language (a callback's answer is theirs alone)."""
    with privately():
        return _(text)
