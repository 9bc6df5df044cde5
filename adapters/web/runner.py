"""Serving the web table beside the chat bots: ``serve_web`` runs the site until it is cancelled.

The composition root passes the parts in (the Clubhouse, the daily, the Notifier the chat bots are plugged
into) and the settings it needs; nothing here reads the environment.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from aiohttp import web

from adapters.web.auth import DiscordOAuth, Tokens, token_key
from adapters.web.connection import Table
from adapters.web.hub import Hub
from adapters.web.scoreboards import Scoreboards
from adapters.web.seats import seat_screen
from adapters.web.server import build
from bot.clubhouse import Clubhouse
from bot.desks import DailyDesk, MatchDesk
from bot.ports import Notifier

log = logging.getLogger(__name__)

SHUTDOWN_SECONDS = 5.0
"""How long open sockets get to close when the site stops."""


@dataclass(frozen=True, slots=True)
class WebSettings:
    """What the web table needs of the settings (``adapters.cli.config.Settings``'s web fields)."""

    host: str = "127.0.0.1"
    port: int = 0
    """0: any free port (tests)."""
    public_url: str = ""
    web_app: str = "table"
    telegram_token: str = field(default="", repr=False)
    discord_client_id: str = ""
    discord_client_secret: str = field(default="", repr=False)
    discord_api_base: str = ""


@dataclass(frozen=True, slots=True)
class Site:
    """A running web table: where it listens, and its hub of open views."""

    host: str
    port: int
    hub: Hub


@asynccontextmanager
async def open_site(
    clubhouse: Clubhouse,
    daily: DailyDesk,
    settings: WebSettings,
    *,
    notifier: Notifier | None = None,
    matches: MatchDesk | None = None,
) -> AsyncIterator[Site]:
    """The web table listening (on ``settings.port``, or any free port for 0) inside the block; closed on
    the way out (its sockets closed, its pushes cancelled)."""
    scoreboards = Scoreboards(clubhouse.sessions, matches)
    hub = Hub(clubhouse.sessions, functools.partial(seat_screen, clubhouse), scoreboards)
    clubhouse.sessions.follow(hub.follow)
    tokens = Tokens(token_key(settings.telegram_token, settings.discord_client_secret))
    discord = DiscordOAuth(
        settings.discord_client_id, settings.discord_client_secret, settings.discord_api_base
    )
    table = Table(clubhouse, daily, hub, tokens, notifier)
    app = build(table, telegram_token=settings.telegram_token, discord=discord, web_app=settings.web_app)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_SECONDS)
    await runner.setup()
    try:
        site = web.TCPSite(runner, settings.host, settings.port)
        await site.start()
        port = settings.port
        for address in runner.addresses:
            if isinstance(address, tuple):
                port = int(address[1])
                break
        yield Site(settings.host, port, hub)
    finally:
        await hub.close()
        await runner.cleanup()


async def serve_web(
    clubhouse: Clubhouse,
    daily: DailyDesk,
    settings: WebSettings,
    *,
    notifier: Notifier | None = None,
    matches: MatchDesk | None = None,
) -> None:
    """Serve the web table until cancelled (one INFO line says where)."""
    async with open_site(clubhouse, daily, settings, notifier=notifier, matches=matches) as site:
        public = settings.public_url or "not set"
        log.info("web table on http://%s:%d (public URL %s)", site.host, site.port, public)
        await asyncio.Event().wait()
