"""The daily challenge on Discord: ``/golf daily``, ``/golf daily-share``, ``/golf leaderboard`` and
``/golf daily-settings`` (Manage Server), added to the ``/golf`` group.

A daily board would spoil the day's deals for everyone else, so it is only ever sent as an ephemeral
message (the player alone sees it; its buttons edit it in place, still ephemeral). A server's course is
the server's own; a direct message plays the global course. What a player may post for everyone is the
share text: no card and no deal number in it.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Literal

import discord
from discord import app_commands
from discord.utils import escape_markdown

from adapters.discord.commands import rules_autocomplete
from adapters.discord.drawing import Drawing, Pen
from adapters.discord.identity import PLATFORM, place_of, player_of
from adapters.discord.replies import in_time, no_tracebacks, send_new, tell, tell_refusal
from bot.announcements import day_announcement as announcement
from bot.desks import DailyDesk
from bot.errors import GolfError
from bot.events import DayClosed, DayOpened, Event
from bot.i18n import N_, _, privately
from bot.models import Place
from bot.models.daily import GLOBAL_COURSE, MAX_PAGES, DailySettings
from bot.ports import Notifier
from bot.screens import Screen, ScreenKind

log = logging.getLogger(__name__)

NOT_AN_ADMIN = N_("Only members with the Manage Server permission can change the daily challenge.")
NOT_IN_DMS = N_("Daily settings belong to a server; use this command there.")
NOTHING_TO_SHARE = N_("Finish a hole of today's course first, with /golf daily.")


def daily_place(interaction: discord.Interaction) -> Place:
    """The server's own course; direct messages and user-installed contexts (a server the bot is not in,
    so it does not know it) share the global one."""
    guild = interaction.guild
    if interaction.guild_id is None or guild is None:
        return GLOBAL_COURSE
    return Place(PLATFORM, str(interaction.guild_id), guild.name)


async def send_privately(interaction: discord.Interaction, screen: Screen, drawing: Drawing) -> None:
    """``screen`` as an ephemeral message, whatever its kind: a daily board is never shown to others. It
    is drawn in its owner's look where it is shown."""
    drawn = await Pen(drawing, place_of(interaction)).draw(screen)
    await send_new(interaction, drawn, private=True)


def settings_screen(place: Place, settings: DailySettings, *, changed: bool) -> Screen:
    lines = (
        _("Time zone: {zone} (the day turns at midnight there)", zone=settings.zone),
        _("Holes: {holes}", holes=settings.holes),
        _("Rules: {rules}", rules=settings.rules),
        _posting(settings),
    )
    if place.name:
        title = _("⚙️ Daily challenge — {server}", server=escape_markdown(place.name))
    else:
        title = _("⚙️ Daily challenge")
    saved = (
        (_("Saved. Today's course stays as it opened; the next one uses these settings."),) if changed else ()
    )
    return Screen(ScreenKind.INFO, title=title, blocks=("\n".join(lines), *saved))


def _posting(settings: DailySettings) -> str:
    """Where the final table and the reveal go, as a line of the settings."""
    if not settings.post:
        return _("Final table and reveal: not posted")
    if settings.channel:
        return _("Final table and reveal: posted in {channel}", channel=f"<#{settings.channel}>")
    return _("Final table and reveal: posted in the channel of the command")


def add_daily_commands(group: app_commands.Group, daily: DailyDesk, drawing: Drawing) -> None:
    """Add the daily commands to the ``/golf`` group."""

    async def answer(interaction: discord.Interaction, work: Any) -> None:
        async def think() -> None:
            await interaction.response.defer(thinking=True, ephemeral=True)

        async with no_tracebacks(interaction):
            with privately():  # the daily is played privately: every answer in the player's language
                try:
                    screen = await in_time(work, think)
                except GolfError as error:
                    if error.screen is not None:
                        await send_privately(interaction, error.screen, drawing)
                    await tell_refusal(interaction, error)
                    return
                await send_privately(interaction, screen, drawing)

    async def play(interaction: discord.Interaction) -> None:
        await answer(interaction, daily.play(player_of(interaction.user), daily_place(interaction)))

    async def share(interaction: discord.Interaction) -> None:
        """The share text, and with the image look (the place's: it is posted for everyone) its picture
        card beside it in one message."""
        async with no_tracebacks(interaction):
            card = await daily.share_card(player_of(interaction.user), daily_place(interaction))
            if card is None:
                await tell(interaction, NOTHING_TO_SHARE)
                return
            who = escape_markdown(interaction.user.display_name)
            # Translators: the head of a daily result shared in a channel; {card} is the result's lines
            said = (_("{player}'s daily round:\n{card}", player=who, card=card.blocks[0]),)
            drawn = await Pen(drawing, place_of(interaction)).draw(replace(card, title="", blocks=said))
            await send_new(interaction, drawn, private=False)

    async def leaderboard(
        interaction: discord.Interaction,
        period: Literal["today", "week", "all"] = "today",
        page: app_commands.Range[int, 1, MAX_PAGES] = 1,
    ) -> None:
        await answer(interaction, daily.leaderboard(daily_place(interaction), period, page - 1))

    async def daily_settings(
        interaction: discord.Interaction,
        channel: discord.TextChannel | None = None,
        zone: str | None = None,
        holes: Literal[1, 3, 9, 18] | None = None,
        rules: str | None = None,
        post: bool | None = None,
    ) -> None:
        async def change() -> Screen:
            if interaction.guild_id is None:
                raise GolfError(NOT_IN_DMS)
            place = daily_place(interaction)
            if (channel, zone, holes, rules, post) == (None,) * 5:  # anyone may see them
                return settings_screen(place, await daily.settings(place), changed=False)
            if not interaction.permissions.manage_guild:
                raise GolfError(NOT_AN_ADMIN)
            new, changed = await daily.change_settings(
                place,
                zone_name=zone,
                holes=holes,
                rules=rules,
                channel=None if channel is None else str(channel.id),
                post=post,
            )
            return settings_screen(place, new, changed=changed)

        await answer(interaction, change())

    group.add_command(
        app_commands.Command(
            name="daily", description=N_("Play (or go on with) today's daily course"), callback=play
        )
    )
    group.add_command(
        app_commands.Command(
            name="daily-share",
            description=N_("Post your daily result here, without spoilers"),
            callback=share,
        )
    )
    described_board = app_commands.describe(
        period=N_("today (default), week or all"), page=N_("page of the table (10 rows a page)")
    )(leaderboard)
    group.add_command(
        app_commands.Command(
            name="leaderboard",
            description=N_("The daily challenge's table: today, this week or all time"),
            callback=described_board,
        )
    )
    described_settings = app_commands.describe(
        channel=N_("where the final table and the reveal go"),
        zone=N_("time zone of the day, e.g. Europe/Berlin (default UTC)"),
        holes=N_("holes of the daily course (default 9)"),
        rules=N_(
            "rules of the daily course (default strict), or a Golf-family game: tripeaks, black-hole, …"
        ),
        post=N_("post the final table and the reveal at midnight"),
    )(app_commands.autocomplete(rules=rules_autocomplete)(daily_settings))
    group.add_command(
        app_commands.Command(
            name="daily-settings",
            description=N_("Daily challenge: channel, time zone, holes, rules, posting (Manage Server)"),
            callback=described_settings,
        )
    )


def announcement_markdown(event: DayClosed | DayOpened) -> str:
    """The announcement with names escaped, and the revealed text and the commitment as code (so that a
    copy of them is exact)."""
    text = announcement(event)
    exact = [event.commitment] + ([event.reveal] if isinstance(event, DayClosed) and event.reveal else [])
    for n, value in enumerate(exact):
        text = text.replace(value, f"\x00{n}\x00")
    text = escape_markdown(text)
    for n, value in enumerate(exact):
        text = text.replace(f"\x00{n}\x00", f"`{value}`")
    return text


class DailyAnnouncer:
    """Discord's Notifier with the daily challenge's posts (``DayClosed`` with the final table and the
    reveal, ``DayOpened`` with the commitment) in the channel an admin chose with ``/golf daily-settings``,
    else the server's system channel; every other event goes to ``inner``."""

    def __init__(self, client: discord.Client, daily: DailyDesk, inner: Notifier) -> None:
        self._client = client
        self._daily = daily
        self._inner = inner

    async def to_place(self, place: str, event: Event) -> None:
        platform, _sep, guild_id = place.partition(":")
        is_daily = isinstance(event, DayOpened) or (isinstance(event, DayClosed) and bool(event.reveal))
        if platform != PLATFORM or not is_daily or not guild_id.isdigit():
            await self._inner.to_place(place, event)
            return
        assert isinstance(event, DayClosed | DayOpened)
        settings = await self._daily.settings(Place(PLATFORM, guild_id))
        channel: Any = None
        if settings.channel is not None and settings.channel.isdigit():
            channel = self._client.get_channel(int(settings.channel))
        if not isinstance(channel, discord.TextChannel):
            await self._inner.to_place(place, event)  # the server's system (or first writable) channel
            return
        await channel.send(announcement_markdown(event))

    async def to_player(self, player: str, event: Event) -> None:
        await self._inner.to_player(player, event)
