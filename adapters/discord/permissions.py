"""What golfbot may need to do in a Discord channel, the invite link that asks for it, and what happens when a
channel post is refused.

Everything a member asks for is an answer to their interaction, which needs no permission. The bot's own
posts are another matter: a tournament's scoreboards and standings, clock notices, a match scoreboard or a
Six-card table edited when a clock runs out, the daily challenge's posts. Those are messages of the bot in
a channel, and Discord wants **View Channel** and **Send Messages** there (**Send Messages in Threads** in
a thread); the invite link asks for these three (``INVITE_PERMISSIONS``).

When Discord refuses such a post anyway (403: Missing Access, 50001, or Missing Permissions, 50013; a
channel can take them away), ``PostRefusals`` logs one WARNING line, without a traceback, and tells the
member who started the thing (the tournament's organiser, the match's challenger, else the player the
event is about) in a direct message, once per channel, what permission is missing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.utils import oauth_url

from adapters.discord.identity import PLATFORM
from bot.errors import GolfError
from bot.events import ClockExpired, DayClosed, DayOpened, Event, MatchStarted, StandingsPosted
from bot.i18n import N_, _, ngettext
from bot.models import Place
from bot.ports import Notifier

if TYPE_CHECKING:
    from bot.desks import DailyDesk, MatchDesk, TournamentDesk

log = logging.getLogger(__name__)

INVITE_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True)
"""View Channel, Send Messages, Send Messages in Threads: 274877910016."""

SCOPES = ("bot", "applications.commands")

MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013

NAMES = {
    # Translators: a Discord permission, as Discord's own settings name it in your language
    "view_channel": N_("View Channel"),
    # Translators: a Discord permission, as Discord's own settings name it in your language
    "send_messages": N_("Send Messages"),
    # Translators: a Discord permission, as Discord's own settings name it in your language
    "send_messages_in_threads": N_("Send Messages in Threads"),
}
"""The permissions a channel post needs, as Discord names them (a member reads them translated)."""


def _until_then(event: Event) -> str:
    """What a refused post of ``event`` was, as the member hears it: the last sentence of the notice."""
    if isinstance(event, DayOpened | DayClosed):
        return _("Until then I cannot post the daily challenge's final table, reveal and commitment there.")
    if isinstance(event, StandingsPosted):
        return _("Until then I cannot post the tournament's standings there.")
    if isinstance(event, ClockExpired):
        return _("Until then I cannot post the clock notices there.")
    return _("Until then I cannot post the scoreboards there.")


def _permissions(missing: list[str]) -> str:
    """The missing permissions' names (one or two) in the reader's language."""
    names = [_(name) for name in missing]
    if len(names) == 1:
        return names[0]
    # Translators: two Discord permissions, e.g. "View Channel and Send Messages"
    return _("{first} and {second}", first=", ".join(names[:-1]), second=names[-1])


def refusal_notice(channel: str, reason: str, missing: list[str], event: Event) -> str:
    """What the member who started the thing is told when a post of ``event`` in ``channel`` is refused:
    whole sentences, joined with spaces."""
    if channel:
        refused = _(
            "⚠️ I may not post in {channel}: Discord says {reason}.", channel=f"<#{channel}>", reason=reason
        )
    else:
        refused = _("⚠️ I may not post in the channel: Discord says {reason}.", reason=reason)
    permissions = _permissions(missing)
    if isinstance(event, DayOpened | DayClosed):
        asked = ngettext(
            "Please give me the {permissions} permission there (the channel's settings → Permissions),"
            " or choose another channel with /golf daily-settings.",
            "Please give me the {permissions} permissions there (the channel's settings → Permissions),"
            " or choose another channel with /golf daily-settings.",
            len(missing),
            permissions=permissions,
        )
    else:
        asked = ngettext(
            "Please give me the {permissions} permission there (the channel's settings → Permissions),"
            " or start it in a channel where I may write.",
            "Please give me the {permissions} permissions there (the channel's settings → Permissions),"
            " or start it in a channel where I may write.",
            len(missing),
            permissions=permissions,
        )
    return f"{refused} {asked} {_until_then(event)}"


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with the permissions its channel posts need."""
    return oauth_url(application_id, permissions=INVITE_PERMISSIONS, scopes=SCOPES)


class PostRefusals:
    """A Notifier around ``inner`` that turns Discord's refusal of a channel post (403, codes 50001 and
    50013) into one WARNING line and a direct message to the member who started the thing, once per
    member and channel; every other failure goes through as it is."""

    def __init__(
        self,
        client: discord.Client,
        inner: Notifier,
        *,
        matches: MatchDesk | None = None,
        tournaments: TournamentDesk | None = None,
        daily: DailyDesk | None = None,
    ) -> None:
        self._client = client
        self._inner = inner
        self._matches = matches
        self._tournaments = tournaments
        self._daily = daily
        self._told: set[tuple[str, str]] = set()
        self._warned: set[str] = set()

    async def to_place(self, place: str, event: Event) -> None:
        try:
            await self._inner.to_place(place, event)
        except discord.Forbidden as error:
            if error.code not in (MISSING_ACCESS, MISSING_PERMISSIONS):
                raise
            await self._refused(place, event, error)

    async def to_player(self, player: str, event: Event) -> None:
        await self._inner.to_player(player, event)

    async def _refused(self, place: str, event: Event, error: discord.Forbidden) -> None:
        channel = await self._channel_of(event, error)
        missing = self._missing(channel, error.code)
        level = logging.WARNING if channel not in self._warned else logging.INFO
        self._warned.add(channel)
        starter = await self._starter_of(place, event)
        log.log(
            level,
            "Discord refused a post (%s) in channel %s of %s: %s (code %s); the bot needs %s there%s",
            type(event).__name__,
            channel or "?",
            place,
            error.text or "Forbidden",
            error.code,
            " and ".join(missing),  # (English: the log is the operators')
            f"; telling {starter}" if starter and (starter, channel) not in self._told else "",
            extra={"place": place},
        )
        if not starter or (starter, channel) in self._told:
            return
        self._told.add((starter, channel))
        await self._tell(starter, refusal_notice(channel, error.text or "Forbidden", missing, event))

    def _missing(self, channel: str, code: int) -> list[str]:
        """The permissions the bot lacks in ``channel``, from the server as the gateway shows it; else what
        Discord's error code says."""
        found = self._client.get_channel(int(channel)) if channel.isdigit() else None
        if isinstance(found, discord.abc.GuildChannel | discord.Thread):
            needed = [
                "view_channel",
                "send_messages_in_threads" if isinstance(found, discord.Thread) else "send_messages",
            ]
            allowed = found.permissions_for(found.guild.me)
            missing = [NAMES[name] for name in needed if not getattr(allowed, name)]
            if missing:
                return missing
        return [NAMES["view_channel"]] if code == MISSING_ACCESS else [NAMES["send_messages"]]

    async def _channel_of(self, event: Event, error: discord.Forbidden) -> str:
        """The channel of the refused post: from the request, else from the event's match or tournament."""
        url = str(getattr(error.response, "url", "") or "")
        if "/channels/" in url:
            return url.split("/channels/")[1].split("/")[0]
        session = getattr(event, "session", "")
        try:
            if isinstance(event, DayOpened | DayClosed) and self._daily is not None:
                chosen = (await self._daily.settings(Place(PLATFORM, event.place.partition(":")[2]))).channel
                return chosen or ""
            if isinstance(event, StandingsPosted) and self._tournaments is not None:
                return await self._tournaments.channel(session)
            if session and self._matches is not None:
                return await self._matches.channel(session)
        except GolfError:
            pass
        return ""

    async def _starter_of(self, place: str, event: Event) -> str:
        """The key of the member who started what the event is about: a tournament's organiser, a
        match's challenger (or group round's organiser), else the player the event names, else (the
        daily's posts) the server's owner."""
        session = getattr(event, "session", "")
        try:
            if isinstance(event, StandingsPosted) and self._tournaments is not None:
                return await self._tournaments.organiser(session)
            if session and self._matches is not None:
                organiser, tournament = await self._matches.started_by(session)
                if tournament and self._tournaments is not None:
                    return await self._tournaments.organiser(tournament)
                if organiser:
                    return organiser
        except GolfError:
            pass
        if isinstance(event, MatchStarted):
            return event.players[0] if event.players else ""
        player = getattr(event, "player", "")
        if isinstance(player, str) and player:
            return player
        guild_id = place.partition(":")[2]
        guild = self._client.get_guild(int(guild_id)) if guild_id.isdigit() else None
        return f"{PLATFORM}:{guild.owner_id}" if guild is not None and guild.owner_id else ""

    async def _tell(self, starter: str, text: str) -> None:
        platform, _sep, ident = starter.partition(":")
        if platform != PLATFORM or not ident.isdigit():
            return
        try:
            user = self._client.get_user(int(ident)) or await self._client.fetch_user(int(ident))
            await user.send(text)
        except discord.HTTPException as error:
            log.info("Could not tell %s about the refused post: %s", starter, error)
