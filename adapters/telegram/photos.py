"""Photo boards: a screen that shows cards, in a look of IMAGE, is a photo (``sendPhoto``) whose caption holds
the title, the notes and the status line, with the inline keyboard under it, and every press edits it in
place (``editMessageMedia``: the new picture, its caption and the keyboard in one request). Screens without
cards, and the looks TEXT and EMOJI (Telegram's renderer has no emoji cards: EMOJI reads as TEXT here), are
text messages as before (``render.py``).

Who sees which look: a player's own boards (a screen with an ``owner``) in their look at the chat
(``Places.look(place, player)``); what is posted for everyone (a Six-card table) in the chat's own.

Telegram cannot turn a text message into a photo, or a photo into text, by an edit. When the message a
press edits is of the other kind (the player or the chat changed the look, a table's sign-up text becomes
its first photo, a board's last screen has no cards), the board is sent anew in the right kind and the old
message is deleted (``PhotoBoards.edit`` returns the new message, so that later edits go there).

A picture that cannot be uploaded (HTTP 413, a timeout, Telegram refusing the photo) must not leave a
photo on screen showing cards that are no longer so: that press's board goes out as text, in the caption of
the photo that stays ("the picture could not be updated", then the whole text board), with the keyboard,
and ONE warning line is logged; the next press tries the picture again. A new board whose picture cannot
be uploaded is sent as a text message instead.

Pictures are drawn off the event loop by the process's one ``adapters.pictures.Pictures``. The file_id
Telegram gives an uploaded photo is remembered for the same picture (a refusal that redraws the same board,
the same hole-end twice), so it is not uploaded again.
"""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from html import unescape

from telegram import Bot, InlineKeyboardMarkup, InputMediaPhoto, Message
from telegram.constants import ParseMode
from telegram.error import BadRequest, NetworkError, TelegramError

from adapters.pictures import Picture, Pictures
from adapters.telegram.flood import Stopping
from adapters.telegram.render import Message as Shown
from adapters.telegram.render import escape, keyboard, render_message, say, screen_head
from bot.i18n import N_, _
from bot.models import BoardLook, Look, Place, Player
from bot.places import Places
from bot.render import status_line
from bot.screens import Screen

log = logging.getLogger(__name__)

DRAW_SECONDS = 2.0
"""How long a board waits for its picture; then it goes out as text (and the next board tries again)."""
_WARN_EVERY = 60.0
_warned_at = -_WARN_EVERY


def _late_picture() -> None:
    """One WARNING line a minute at most while pictures come too late."""
    global _warned_at
    now = time.monotonic()
    if now - _warned_at >= _WARN_EVERY:
        _warned_at = now
        log.warning("a board's picture was not drawn within %g s: shown as text", DRAW_SECONDS)


CAPTION_LIMIT = 1024
"""Telegram's longest caption, in characters once the HTML is parsed."""
PICTURE_NOT_UPDATED = N_("The picture could not be updated just now: the board as text.")
TEXT_LOOK = Look(BoardLook.TEXT)
"""The look where no pictures are drawn (a bot built without ``Pictures``)."""
FILE_IDS = 512
"""Uploaded pictures whose file_id is remembered."""

_Call = Callable[[str | bytes], Awaitable[object]]
"""A request that sends a photo, given its bytes or a file_id."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """A screen ready to go out: as a text message, and as a photo when it has a picture."""

    text: Shown
    picture: Picture | None = None
    caption: str = ""
    """The photo's caption (HTML): title, notes, status line."""

    @property
    def keyboard(self) -> InlineKeyboardMarkup | None:
        return self.text.keyboard

    def as_text(self) -> Drawn:
        return Drawn(self.text)


def caption_html(screen: Screen, *, player_name: str = "", note: str = "") -> str:
    """What goes beside a picture: the note, the title, the notes, the status line, and the blocks that are
    sentences (aligned blocks, grids and tables, are what the picture shows), within ``CAPTION_LIMIT``."""
    head = screen_head(screen, player_name=player_name, note=note)
    if screen.board is not None:
        head.append(escape(status_line(screen.board)))
    blocks = [say(b) for b in screen.blocks if not _aligned(b)]
    while blocks and _visible_length("\n\n".join([*head, *blocks])) > CAPTION_LIMIT:
        blocks.pop()
    caption = "\n\n".join(p for p in (*head, *blocks) if p)
    return caption if _visible_length(caption) <= CAPTION_LIMIT else escape(screen.title)[:CAPTION_LIMIT]


def fallback_caption(drawn: Drawn) -> str | None:
    """The caption of a photo whose picture could not be updated: why, then the whole text board; None when
    that is too long for a caption."""
    caption = f"<i>{escape(_(PICTURE_NOT_UPDATED))}</i>\n\n{drawn.text.text}"
    return caption if _visible_length(caption) <= CAPTION_LIMIT else None


def _aligned(block: str) -> bool:
    return "  " in block.strip()


def _visible_length(html: str) -> int:
    """Roughly the characters Telegram counts: the text without its tags and entities."""
    return len(unescape(re.sub(r"<[^>]+>", "", html)))


def other_kind(error: BadRequest) -> bool:
    """Telegram's refusal of an edit for the message's kind: a text edited as a photo, or the reverse."""
    text = error.message.lower()
    return "no media in the message" in text or "no text in the message" in text


def upload_failed(error: TelegramError) -> bool:
    """Did a photo fail to go out for a reason of its own (too large, a timeout, Telegram refusing the
    image), so that the board should go as text? Not a stop, a flood wait, or a message that is gone."""
    if isinstance(error, Stopping):
        return False
    if isinstance(error, BadRequest):
        text = error.message.lower()
        return not other_kind(error) and any(w in text for w in ("photo", "image", "file", "too large"))
    return isinstance(error, NetworkError)


class PhotoBoards:
    """Draws screens in a reader's look and sends or edits them as photos or text. One per bot; without
    ``pictures`` (tests, or a bot built without them) every board is text."""

    def __init__(self, places: Places | None = None, pictures: Pictures | None = None) -> None:
        self._places = places
        self._pictures = pictures
        self._file_ids: OrderedDict[bytes, str] = OrderedDict()

    async def look(self, screen: Screen, place: Place, player: Player | None) -> Look:
        """A player's own board in their look at ``place``; anything else in the place's."""
        if not screen.has_cards:
            return TEXT_LOOK
        return await self.reader_look(place, player if screen.owner else None)

    async def reader_look(self, place: Place, player: Player | None) -> Look:
        """``player``'s look at ``place``, or the place's own (``player`` None)."""
        if self._pictures is None or self._places is None:
            return TEXT_LOOK
        return await self._places.look(place, player)

    async def draw(
        self,
        screen: Screen,
        look: Look,
        *,
        player_name: str = "",
        note: str = "",
        bot_username: str = "",
    ) -> Drawn:
        photo = look.board is BoardLook.IMAGE and screen.has_cards and self._pictures is not None
        text = render_message(screen, player_name=player_name, note=note, bot_username=bot_username)
        if not photo or self._pictures is None:
            return Drawn(text)
        try:
            picture = await self._pictures.picture(screen, four_colour=look.four_colour, within=DRAW_SECONDS)
        except TimeoutError:  # a stuck or swamped renderer must not hold the board back
            _late_picture()
            return Drawn(text)
        except Exception as error:  # a bug in the art must not cost the player their board
            log.warning("could not draw a board's picture (%s): shown as text", error)
            return Drawn(text)
        if picture is None:
            return Drawn(text)
        keys = keyboard(screen, bot_username=bot_username, marked=True)
        return Drawn(
            Shown(text.text, keys), picture, caption_html(screen, player_name=player_name, note=note)
        )

    async def reply(
        self, message: Message, drawn: Drawn, *, keys: InlineKeyboardMarkup | None = None
    ) -> Message:
        """``drawn`` as a reply to ``message`` (quoted in a group, as ``reply_html`` does)."""
        markup = keys or drawn.keyboard
        filename = drawn.picture.filename if drawn.picture is not None else ""
        return await self._photo_or_text(
            drawn,
            lambda photo: message.reply_photo(
                photo,
                caption=drawn.caption,
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
                allow_sending_without_reply=True,
                filename=filename,
            ),
            lambda: message.reply_html(
                drawn.text.text, reply_markup=markup, allow_sending_without_reply=True
            ),
        )

    async def send(self, bot: Bot, chat_id: int, drawn: Drawn) -> Message:
        """``drawn`` as a new message in the chat."""
        filename = drawn.picture.filename if drawn.picture is not None else ""
        return await self._photo_or_text(
            drawn,
            lambda photo: bot.send_photo(
                chat_id,
                photo,
                caption=drawn.caption,
                parse_mode=ParseMode.HTML,
                reply_markup=drawn.keyboard,
                filename=filename,
            ),
            lambda: bot.send_message(
                chat_id, drawn.text.text, parse_mode=ParseMode.HTML, reply_markup=drawn.keyboard
            ),
        )

    async def _photo_or_text(
        self,
        drawn: Drawn,
        send_photo: _Call,
        send_text: Callable[[], Awaitable[Message]],
    ) -> Message:
        """A new message: the photo, or the text board when there is no picture or its upload failed (one
        WARNING line; the next board tries the picture again)."""
        if drawn.picture is not None:
            try:
                return await self._upload(drawn.picture, send_photo)
            except TelegramError as error:
                if not upload_failed(error):
                    raise
                log.warning("could not send a board's picture (%s): sent as text", error)
        return await send_text()

    async def edit(
        self, bot: Bot, chat_id: int, message_id: int, *, photo: bool, drawn: Drawn
    ) -> Message | None:
        """Show ``drawn`` on the message (``photo``: it is a photo message now). In place when the kinds
        match; else the board is sent anew and the old message deleted: the new message is returned. A
        picture that cannot be uploaded leaves the board as text in the photo's caption (one warning)."""
        if drawn.picture is not None and photo:
            picture = drawn.picture
            try:
                await self._upload(
                    picture,
                    lambda media: bot.edit_message_media(
                        InputMediaPhoto(
                            media, caption=drawn.caption, parse_mode=ParseMode.HTML, filename=picture.filename
                        ),
                        chat_id=chat_id,
                        message_id=message_id,
                        reply_markup=drawn.keyboard,
                    ),
                )
                return None
            except TelegramError as error:
                if not upload_failed(error) or "not modified" in str(error).lower():
                    raise
                log.warning("could not upload a board's picture (%s): the board is shown as text", error)
                caption = fallback_caption(drawn)
                if caption is None:
                    return await self._replace(bot, chat_id, message_id, drawn.as_text())
                await bot.edit_message_caption(
                    chat_id=chat_id,
                    message_id=message_id,
                    caption=caption,
                    parse_mode=ParseMode.HTML,
                    reply_markup=drawn.keyboard,
                )
                return None
        if drawn.picture is None and not photo:
            await bot.edit_message_text(
                drawn.text.text,
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                reply_markup=drawn.keyboard,
            )
            return None
        return await self._replace(bot, chat_id, message_id, drawn)

    async def _replace(self, bot: Bot, chat_id: int, message_id: int, drawn: Drawn) -> Message:
        """The board anew (Telegram cannot change a message's kind by an edit), and the old one gone."""
        sent = await self.send(bot, chat_id, drawn)
        try:
            await bot.delete_message(chat_id, message_id)
        except TelegramError as error:  # too old to delete (48 h), or gone: its keys only go stale
            log.info("could not delete a board sent anew (chat %s): %s", chat_id, error)
        return sent

    async def _upload(self, picture: Picture, call: _Call) -> Message:
        """``call`` with the picture's file_id when Telegram has it already, else with its bytes (and
        the file_id Telegram answers remembered)."""
        known = self._file_ids.get(picture.data)
        if known is not None:
            try:
                return _message(await call(known))
            except BadRequest as error:
                if "not modified" in error.message.lower():
                    raise
                self._file_ids.pop(picture.data, None)  # forgotten by Telegram: upload it again
        sent = _message(await call(picture.data))
        if sent.photo:
            self._file_ids[picture.data] = sent.photo[-1].file_id
            while len(self._file_ids) > FILE_IDS:
                self._file_ids.popitem(last=False)
        return sent


def _message(result: object) -> Message:
    if not isinstance(result, Message):  # (an inline message's edit answers True; we edit none)
        raise BadRequest("Telegram did not return the message")
    return result
