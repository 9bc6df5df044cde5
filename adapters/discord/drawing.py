"""Screen -> what a Discord message is given: a picture board (Components V2), or text.

Three looks (``bot.models.BoardLook``), chosen by the place and, for a player's own boards, by the player
(``Places.look``):

* **image** (the default): a screen that shows cards (``Screen.has_cards``) becomes one Components V2
  message (``discord.ui.LayoutView``): the title and notes as a ``TextDisplay``, the picture in a
  ``MediaGallery`` (``attachment://board.png``, the message's one attachment), the status line and the
  prose under it as another ``TextDisplay``, and the screen's buttons in action rows under all that
  (the one ``GolfButton`` of every family). An edit sends the new picture as the message's only
  attachment (``attachments=[file]``): the old one goes.
* **text** and **emoji**: today's message (``render.render_message``) in ``content``.

A message sent with the Components V2 flag can never drop it. So a message is drawn after what it already
is: an image board that is edited into text (the player switched to text; a picture that could not be
uploaded) stays V2, with the same text in one ``TextDisplay``, no gallery and ``attachments=[]``. A message
whose kind is not known (a table's clock redraw edits a message it cannot see) is taken to be V2 when its
screen shows cards: a text message may become V2 by an edit, never the other way.

Whose look: a screen with an ``owner`` (a round's board: solo, daily, a match's) is drawn in its owner's
look; anything else (a Six-card table, a scoreboard, a share card: what everyone sees) in the place's.
"""

from __future__ import annotations

import io
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

import discord

from adapters.discord.buttons import STYLES, GolfButton, board_buttons, check_rows
from adapters.discord.render import discord_length, is_table, render_message, say
from adapters.pictures import Picture, Pictures
from bot.clubhouse import Clubhouse
from bot.models import BoardLook, Look, Place, Player
from bot.places import Places
from bot.render import status_line
from bot.screens import Screen

MAX_TEXT = 4000
"""Discord's limit on the text of all a V2 message's TextDisplays together."""
MAX_COMPONENTS = 40
"""Discord's limit on a V2 message's components, nested ones included."""
MAX_DESCRIPTION = 256
"""A media gallery item's alt text."""
MAX_DRAWING = 16
"""Pictures being drawn at once, at most: beyond that a board is sent as text (the renderer cannot keep
up, and waiting would only make every answer later)."""
DRAW_SECONDS = 1.0
"""How long a board waits for its picture before it is sent as text instead."""
LATE_EVERY = 60.0
"""Seconds between two WARNING lines about boards sent as text for want of a picture."""

log = logging.getLogger(__name__)


class Late:
    """Boards sent as text because their picture was not ready: counted, and told in one WARNING line a
    minute at most (under a load the renderer cannot carry this happens at every press)."""

    def __init__(self) -> None:
        self.count = 0
        self._told = 0
        self._last = -LATE_EVERY

    def note(self, why: str) -> None:
        self.count += 1
        now = time.monotonic()
        if now - self._last >= LATE_EVERY:
            log.warning(
                "%d board(s) sent as text because their picture was not ready (%s); the renderer is behind",
                self.count - self._told,
                why,
            )
            self._told, self._last = self.count, now


def _rows(screen: Screen) -> list[discord.ui.ActionRow[Any]]:
    check_rows(screen)
    rows: list[discord.ui.ActionRow[Any]] = []
    for row in screen.buttons:
        rows.append(
            discord.ui.ActionRow(
                *(GolfButton(b.id, label=b.label, style=STYLES[b.style], disabled=not b.enabled) for b in row)
            )
        )
    return rows


def _cut(parts: list[str], room: int) -> list[str]:
    """``parts`` (joined by newlines) within ``room`` characters: the last ones go first."""
    kept = list(parts)
    while kept and discord_length("\n".join(kept)) > room:
        kept.pop()
    return kept


def picture_layout(screen: Screen, picture: Picture, *, notice: str = "") -> discord.ui.LayoutView:
    """The screen as a picture board: what is above the picture, the picture, what is under it, the
    buttons. Aligned blocks (the scorecard, a Six-card grid) are left out: the picture draws them."""
    head = [f"*{say(notice)}*"] if notice else []
    if screen.title:
        head.append(f"**{screen.title}**")
    head += [say(note) for note in screen.notes]
    under = [f"-# {status_line(screen.board)}"] if screen.board is not None else []
    under += [say(b) for b in screen.blocks if b and not is_table(b)]
    head = _cut(head, MAX_TEXT)
    under = _cut(under, MAX_TEXT - discord_length("\n".join(head)) - 1)
    view = discord.ui.LayoutView(timeout=None)
    if head:
        view.add_item(discord.ui.TextDisplay("\n".join(head)))
    gallery: discord.ui.MediaGallery[Any] = discord.ui.MediaGallery()
    gallery.add_item(
        media=f"attachment://{picture.filename}", description=picture.description[:MAX_DESCRIPTION] or None
    )
    view.add_item(gallery)
    if under:
        view.add_item(discord.ui.TextDisplay("\n".join(under)))
    for row in _rows(screen):
        view.add_item(row)
    return view


def text_layout(screen: Screen, *, emoji: bool, notice: str = "") -> discord.ui.LayoutView:
    """The text board in a V2 message (one that was, or may have been, a picture board): today's message
    in one TextDisplay, and the buttons."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(render_message(screen, emoji=emoji, notice=notice)))
    for row in _rows(screen):
        view.add_item(row)
    return view


@dataclass(frozen=True, slots=True)
class Drawn:
    """A screen drawn for a message: the keyword arguments of a send or an edit."""

    screen: Screen
    look: Look
    notice: str = ""
    picture: Picture | None = None
    v2: bool = False
    """A V2 message (a picture board, or text in a TextDisplay)."""

    def _layout(self) -> discord.ui.View | discord.ui.LayoutView | None:
        emoji = self.look.board is BoardLook.EMOJI
        if self.picture is not None:
            return picture_layout(self.screen, self.picture, notice=self.notice)
        if self.v2:
            return text_layout(self.screen, emoji=emoji, notice=self.notice)
        return board_buttons(self.screen)

    def _file(self) -> discord.File:
        assert self.picture is not None
        picture = self.picture
        return discord.File(
            io.BytesIO(picture.data), filename=picture.filename, description=picture.description[:1024]
        )

    @property
    def content(self) -> str | None:
        if self.v2 or self.picture is not None:
            return None
        return render_message(self.screen, emoji=self.look.board is BoardLook.EMOJI, notice=self.notice)

    def send(self) -> dict[str, Any]:
        """For ``send_message``, ``followup.send``, ``channel.send``: a view only if there is one."""
        given: dict[str, Any] = {}
        content = self.content
        if content is not None:
            given["content"] = content
        view = self._layout()
        if view is not None:
            given["view"] = view
        if self.picture is not None:
            given["file"] = self._file()
        return given

    def edit(self) -> dict[str, Any]:
        """For an edit: the view always (None clears the buttons), the one attachment of a V2 message."""
        given: dict[str, Any] = {"content": self.content, "view": self._layout()}
        if self.v2 or self.picture is not None:
            given["attachments"] = [self._file()] if self.picture is not None else []
        return given

    def as_text(self) -> Drawn:
        """The same screen without its picture (an upload that failed): V2 text if the message is V2."""
        return replace(self, picture=None)


KEPT = 10_000
"""Sessions whose last message is remembered (``KeptMessages``), the oldest forgotten first."""


@dataclass(frozen=True, slots=True)
class KeptMessage:
    """The message that shows a session, where anyone may see it (never an ephemeral one, which only its
    interaction could edit): its channel, its id, whether it is V2, the place it is drawn for and whose
    board it is (the player's key; "" for what everyone sees)."""

    channel_id: int
    message_id: int
    v2: bool
    place: Place
    owner: str


class KeptMessages:
    """Session id -> the last message posted or edited for it, the newest ``size``: what a move made on the
    web table (``BoardMoved``) redraws (adapters/discord/table.py)."""

    def __init__(self, size: int = KEPT) -> None:
        self._size = size
        self._messages: OrderedDict[str, KeptMessage] = OrderedDict()

    def note(self, drawn: Drawn, place: Place, channel_id: int | None, message_id: int | None) -> None:
        """``drawn`` went out on that message (no channel or message known: nothing to keep)."""
        session = drawn.screen.session
        if not session or channel_id is None or message_id is None:
            return
        kept = KeptMessage(channel_id, message_id, drawn.v2, place, drawn.screen.owner)
        self._messages.pop(session, None)
        self._messages[session] = kept
        while len(self._messages) > self._size:
            self._messages.popitem(last=False)

    def get(self, session: str) -> KeptMessage | None:
        return self._messages.get(session)

    def __len__(self) -> int:
        return len(self._messages)


class Drawing:
    """How screens are drawn at a place: each reader's look, and the one ``Pictures`` of the process
    (None: no pictures at all, every look draws text). ``kept``: the last message of each session."""

    def __init__(self, clubhouse: Clubhouse, pictures: Pictures | None = None) -> None:
        self._clubhouse = clubhouse
        self.pictures = pictures
        self.kept = KeptMessages()
        self._drawing = 0
        """Pictures asked for and not drawn yet."""
        self._late = Late()

    @property
    def places(self) -> Places:
        return self._clubhouse.places

    def may_be_v2(self, screen: Screen) -> bool:
        """Whether a message showing ``screen`` may be V2 when it cannot be seen (a clock's redraw): only a
        screen with cards ever had a picture, and only when pictures are drawn at all."""
        return screen.has_cards and self.pictures is not None

    async def look(self, place: Place, screen: Screen) -> Look:
        """The owner's look for a round's screen; the place's for what everyone sees."""
        if screen.owner:
            platform, _, user = screen.owner.partition(":")
            return await self.places.look(place, Player(platform, user))
        return await self.places.look(place)

    async def draw(self, place: Place, screen: Screen, *, v2: bool = False, notice: str = "") -> Drawn:
        """``screen`` for a message at ``place``; ``v2``: the message is a V2 message already."""
        look = await self.look(place, screen)
        picture = None
        if look.board is BoardLook.IMAGE and screen.has_cards and self.pictures is not None:
            picture = await self._picture(screen, look.four_colour)
        return Drawn(screen, look, notice, picture, v2=v2 or picture is not None)

    async def _picture(self, screen: Screen, four_colour: bool) -> Picture | None:
        """The picture, unless too many are being drawn already or it takes longer than DRAW_SECONDS: then
        None, and the board goes out as text (an answer must be in within Discord's 3 seconds, and a
        queue of pictures would only grow). Counted; one WARNING line a minute at most says so."""
        assert self.pictures is not None
        if self._drawing >= MAX_DRAWING:
            self._late.note(f"{MAX_DRAWING} pictures being drawn already")
            return None
        self._drawing += 1
        try:
            return await self.pictures.picture(screen, four_colour=four_colour, within=DRAW_SECONDS)
        except TimeoutError:
            self._late.note(f"a picture took longer than {DRAW_SECONDS:g} s")
            return None
        finally:
            self._drawing -= 1


def is_v2(message: discord.Message | None) -> bool:
    """Was ``message`` sent (or edited) with the Components V2 flag?"""
    return message is not None and message.flags.components_v2


@dataclass(frozen=True, slots=True)
class Pen:
    """What draws the screens of one interaction, or of one channel: the drawing and the place."""

    drawing: Drawing
    place: Place

    async def draw(self, screen: Screen, *, v2: bool = False, notice: str = "") -> Drawn:
        return await self.drawing.draw(self.place, screen, v2=v2, notice=notice)
