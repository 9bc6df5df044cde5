"""``run_discord``: the Discord bot on a Clubhouse until it is stopped.

The token comes from Settings (the environment or ``.env``) and is handed to discord.py only; it is never
logged or printed.

Start-up failures become one of two errors with a line a person can act on: ``DiscordUnreachable`` (no
network, DNS, Discord down: worth trying again) and ``TokenRejectedError`` (not worth it). Once logged in,
discord.py keeps the gateway connected by itself (reconnecting and resuming after a drop); its "attempting
a reconnect" record, which carries a traceback, is shown as one WARNING line unless DEBUG is on.

``DISCORD_API_BASE_URL`` (Settings.discord_api_base_url) points the bot at another Discord API, such as the
loopback fake the tests use: REST goes to ``<base>/api/v10`` and the gateway to the URL ``GET /gateway/bot``
answers there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Protocol
from urllib.parse import urlsplit

import aiohttp
import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import INTERNAL_API_VERSION, Route

from adapters.discord.client import GolfClient, ShardedGolfClient
from adapters.discord.compete import install
from adapters.discord.daily import DailyAnnouncer
from adapters.discord.notifier import DiscordNotifier, WhenReady
from adapters.discord.permissions import PostRefusals, invite_url
from adapters.discord.table import TableMessages
from adapters.pictures import Pictures
from bot.announcements import Words
from bot.clubhouse import Clubhouse
from bot.desks import CompetitionDesk, DailyDesk
from bot.ports import Notifier

log = logging.getLogger(__name__)

REJECTED = "Discord rejected DISCORD_TOKEN: copy it again from the developer portal (Bot → Reset Token)."


class DiscordUnreachable(ConnectionError):
    """Discord could not be reached at start (no network, no DNS, refused, or a Discord outage)."""


class TokenRejectedError(RuntimeError):
    """Discord does not accept the token."""


class DiscordSettings(Protocol):
    """What the runner reads from the settings (the CLI's ``Settings`` has it)."""

    @property
    def discord_token(self) -> str: ...
    @property
    def discord_guild_id(self) -> int | None: ...
    @property
    def discord_api_base_url(self) -> str: ...
    @property
    def web_on(self) -> bool: ...


Plug = Callable[[Notifier], AbstractContextManager[object]]
"""Where the runner plugs in its Notifier while it is logged in (the composition root's ``Notifiers``)."""


async def run_discord(
    clubhouse: Clubhouse,
    settings: DiscordSettings,
    *,
    sync_globally: bool = False,
    plug: Plug | None = None,
    words: Words | None = None,
    competition: tuple[CompetitionDesk, Plug] | None = None,
    daily: DailyDesk | None = None,
    shards: tuple[list[int], int] | None = None,
    pictures: Pictures | None = None,
) -> None:
    """Run until cancelled. ``plug``: where the bot's Notifier (events as channel messages and DMs) goes
    while it is logged in; ``words``: how an event is worded (default ``bot.announcements``);
    ``competition``: matches and tournaments, and where their scoreboards plug in (discord/compete.py);
    ``shards``: this process's shard ids and the total shard count (None: one connection, no sharding);
    ``pictures``: what draws the picture boards (None: text boards only)."""
    if not settings.discord_token:
        raise ValueError("DISCORD_TOKEN is not set")
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # golfbot has no voice: no warning
    client = make_client(
        clubhouse, settings, sync_globally=sync_globally, shards=shards, daily=daily, pictures=pictures
    )
    compete = None if competition is None else install(client.golf, client, *competition[0].services)
    with discord_api(settings.discord_api_base_url), reconnects_in_one_line():
        async with client:
            await _log_in(client, settings)
            if settings.discord_api_base_url:
                _, url, _ = await client.http.get_bot_gateway()
                DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
            log.info("Discord: logged in as %s", client.user)
            if pictures is not None:
                pictures.warm()  # the first boards need not wait for a picture worker to start
            if client.application_id is not None:
                log.info("Discord: add the bot to a server with %s", invite_url(client.application_id))
            matches, tournaments = (None, None) if competition is None else competition[0].services
            notifier: Notifier = DiscordNotifier(client, words)
            if daily is not None:  # the daily posts go to the channel the server chose
                notifier = DailyAnnouncer(client, daily, notifier)
            # a table's clock redraws its message
            notifier = TableMessages(client, clubhouse, notifier, client.drawing)
            # a refused channel post: one WARNING line, and the member who started the thing told once
            notifier = PostRefusals(client, notifier, matches=matches, tournaments=tournaments, daily=daily)
            notifier = WhenReady(client, notifier)  # events due at start wait for the servers
            if compete is not None:  # its posts are queued: a refusal is met when the queue posts
                compete.poster = PostRefusals(
                    client, compete.poster, matches=matches, tournaments=tournaments
                )
            scoreboards = compete
            with (
                plug(notifier) if plug else nullcontext(),
                competition[1](WhenReady(client, scoreboards))
                if competition and scoreboards
                else nullcontext(),
            ):
                try:
                    await client.connect(reconnect=True)
                finally:
                    await client.posts.close()  # before the client and the database close


@contextmanager
def discord_api(base_url: str) -> Iterator[None]:
    """Meanwhile, discord.py's REST calls (and so its gateway look-up) go to ``base_url`` if one is given,
    instead of Discord's. discord.py keeps both URLs in class attributes; they are put back afterwards."""
    rest, gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    if base_url:
        base = base_url.rstrip("/")
        Route.BASE = base if "/api/v" in base else f"{base}/api/v{INTERNAL_API_VERSION}"
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = rest, gateway


async def _log_in(client: GolfClient, settings: DiscordSettings) -> None:
    where = urlsplit(Route.BASE).netloc
    try:
        await client.login(settings.discord_token)
    except discord.LoginFailure:
        raise TokenRejectedError(REJECTED) from None
    except discord.DiscordServerError as error:
        raise DiscordUnreachable(f"Discord is not answering ({error.status} {error.text[:80]})") from None
    except (TimeoutError, aiohttp.ClientError, OSError) as error:
        raise DiscordUnreachable(f"cannot reach Discord at {where} ({_reason(error)})") from None


def _reason(error: BaseException) -> str:
    cause = getattr(error, "os_error", None) or error
    text = getattr(cause, "strerror", None) or str(cause) or type(cause).__name__
    return str(text)


class _OneLineReconnects(logging.Filter):
    """discord.py logs "Attempting a reconnect in N s" with the traceback of the lost connection; at INFO
    and above that becomes one WARNING line with the reason."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if (
            exc is not None
            and str(record.msg).startswith("Attempting a reconnect")
            and not logging.getLogger("discord").isEnabledFor(logging.DEBUG)
        ):
            reason = f"{type(exc).__name__}: {_reason(exc)}"
            record.msg, record.args = f"Discord connection lost ({reason}); {record.getMessage()}", None
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


@contextmanager
def reconnects_in_one_line() -> Iterator[None]:
    logger = logging.getLogger("discord.client")
    one_line = _OneLineReconnects()
    logger.addFilter(one_line)
    try:
        yield
    finally:
        logger.removeFilter(one_line)


def make_client(
    clubhouse: Clubhouse,
    settings: DiscordSettings,
    *,
    sync_globally: bool = False,
    shards: tuple[list[int], int] | None = None,
    daily: DailyDesk | None = None,
    pictures: Pictures | None = None,
) -> GolfClient:
    if shards is None:
        return GolfClient(
            clubhouse,
            guild_id=settings.discord_guild_id,
            sync_globally=sync_globally,
            daily=daily,
            pictures=pictures,
            web_on=settings.web_on,
        )
    shard_ids, shard_count = shards
    return ShardedGolfClient(
        clubhouse,
        guild_id=settings.discord_guild_id,
        sync_globally=sync_globally,
        daily=daily,
        pictures=pictures,
        web_on=settings.web_on,
        shard_ids=shard_ids,
        shard_count=shard_count,
    )
