"""Six-card Golf at a channel's table on Discord (``bot.modes.table``): ``/golf sixcard`` posts the table in
the channel, buttons and all; every click edits it (through the client's usual press path, which always gets
the table as everyone sees it); the card a player draws from the stock is then shown to them alone, in an
ephemeral follow-up. Every click also tells the core which message shows the table, so that when a turn
clock runs out (``ClockExpired``, published after the computer's move is committed) ``TableMessages``
edits that message without waiting for the next click. A move made on the web table (``BoardMoved``)
redraws the message of its session the same way, a table's or the last message a board was posted or
edited in (``Drawing.kept``), and posts nothing."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from adapters.discord.drawing import Drawing, Drawn, Pen
from adapters.discord.identity import PLATFORM, place_of, player_of
from adapters.discord.replies import answer_command, no_tracebacks, with_picture
from adapters.discord.translator import described
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.events import BoardMoved, ClockExpired, Event
from bot.i18n import N_
from bot.models import Place
from bot.options import DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT
from bot.ports import Notifier

log = logging.getLogger(__name__)


def sixcard_command(
    clubhouse: Clubhouse, drawing: Drawing
) -> app_commands.Command[app_commands.Group, ..., None]:
    """``/golf sixcard [clock]``: open a Six-card Golf table here, with you in the first seat."""

    @app_commands.describe(
        clock=described(
            N_("Seconds for each turn before the computer plays it (default {seconds})"),
            seconds=DEFAULT_LIMIT,
        )
    )
    async def sixcard(
        interaction: discord.Interaction, clock: app_commands.Range[int, MIN_LIMIT, MAX_LIMIT] = DEFAULT_LIMIT
    ) -> None:
        async with no_tracebacks(interaction):
            place = place_of(interaction)
            player = player_of(interaction.user)
            await clubhouse.places.ensure_player(player)
            work = clubhouse.table.create(player, place, limit=clock)
            await answer_command(interaction, work, pen=Pen(drawing, place))

    return app_commands.Command(
        name="sixcard",
        description=N_("Open a table of Six-card Golf here (2-4 players, computers on request)"),
        callback=sixcard,
    )


class TableMessages:
    """Discord's Notifier with the tables' messages redrawn when a turn clock runs out; every event goes on
    to ``inner`` as well (the channel hears the ⌛ line). A ``BoardMoved`` (a move made on the web table)
    redraws the message of its session and goes no further."""

    def __init__(
        self, client: discord.Client, clubhouse: Clubhouse, inner: Notifier, drawing: Drawing
    ) -> None:
        self._client = client
        self._drawing = drawing
        self._clubhouse = clubhouse
        self._inner = inner

    async def to_place(self, place: str, event: Event) -> None:
        if isinstance(event, BoardMoved):
            if place.startswith(f"{PLATFORM}:"):
                await self._moved(place, event.session)
            return  # nothing is posted for it
        if isinstance(event, ClockExpired) and place.startswith(f"{PLATFORM}:"):
            await self._redraw(place, event.session)
        await self._inner.to_place(place, event)

    async def to_player(self, player: str, event: Event) -> None:
        if isinstance(event, BoardMoved):
            return
        await self._inner.to_player(player, event)

    async def _moved(self, place: str, session: str) -> None:
        """The session's message shows the move: a table's, else the last message of its board. Discord
        refusing the edit is one line (it is only a redraw: the next move redraws it again)."""
        try:
            if not await self._redraw(place, session):
                await self._redraw_board(session)
        except discord.HTTPException as error:
            log.warning("could not redraw session %s: %s %s", session, error.status, error.text[:80])

    async def _redraw_board(self, session: str) -> None:
        kept = self._drawing.kept.get(session)
        if kept is None or not kept.owner:
            return  # no board of it known here: nothing to redraw
        try:
            screen = await self._clubhouse.sessions.view(session, kept.owner)
        except GolfError as error:
            log.info("could not redraw board %s: %s", session, error)
            return
        drawn = await self._drawing.draw(kept.place, screen, v2=kept.v2)
        message = self._client.get_partial_messageable(kept.channel_id).get_partial_message(kept.message_id)

        async def edit(drawn: Drawn) -> None:
            await message.edit(**drawn.edit())

        await with_picture(drawn, edit)
        self._drawing.kept.note(drawn, kept.place, kept.channel_id, kept.message_id)

    async def _redraw(self, place: str, session: str) -> bool:
        """The table's message redrawn; False if the session is no table with a message known."""
        found = await self._clubhouse.table.message_of(session)
        if found is None:
            return False  # not a table (a match's clock), or no message known
        where, screen = found
        channel_id, _, message_id = where.partition("/")
        if not (channel_id.isdigit() and message_id.isdigit()):
            return False
        # the message is not seen from here: a screen with cards is edited as V2, which a text message may
        # become, and a V2 message (a picture table) must stay (adapters/discord/drawing.py)
        drawn = await self._drawing.draw(
            Place(PLATFORM, place.partition(":")[2]), screen, v2=self._drawing.may_be_v2(screen)
        )
        message = self._client.get_partial_messageable(int(channel_id)).get_partial_message(int(message_id))

        async def edit(drawn: Drawn) -> None:
            await message.edit(**drawn.edit())  # (view None clears the buttons of a table closed or over)

        await with_picture(drawn, edit)
        return True
