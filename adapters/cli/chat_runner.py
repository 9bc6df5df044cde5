"""Runs chat bots side by side on one core and one database: ``golfbot run`` (every bot whose token is set),
``golfbot discord`` and ``golfbot telegram`` (one each).

The bots run in one TaskGroup: if one stops with an error, the other is stopped too before the database
closes. What a person sees of a failure is ONE line on stderr, never a traceback (DEBUG logs add one):

* a network that is down at start (no DNS, refused, timed out) is tried again with a growing pause, one
  WARNING line per try, for ``Settings.start_retry_seconds`` (GOLFBOT_START_RETRY_SECONDS, 30 s); then
  "... Check the network ..." and exit code 1;
* a token the platform refuses: one line naming the token to fix, exit code 2;
* anything else that stops a bot: "the X bot stopped: ...", exit code 1.

Once a bot is up its library keeps it connected (python-telegram-bot retries polling, discord.py
reconnects and resumes). SIGTERM and Ctrl-C stop the bots cleanly (exit code 0).

With ``Settings.web_on`` (GOLFBOT_WEB_URL and GOLFBOT_WEB_PORT), the web table (``adapters.web``) is served
in the same TaskGroup, on the same core: a port it cannot listen on stops the bots too, in one line.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import signal
import sys
from collections.abc import Callable, Coroutine
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adapters.cli.config import Settings
from adapters.cli.monitoring import serving_metrics
from adapters.cli.wiring import App, open_app
from adapters.workers import stop_workers
from bot.modes.competition.service import Competition
from bot.ports import Notifier

if TYPE_CHECKING:  # Pillow is imported when a bot first draws, not by `golfbot --help`
    from adapters.pictures import Pictures

log = logging.getLogger(__name__)

EXIT_ENVIRONMENT = 1
EXIT_TOKEN_REJECTED = 2
FIRST_PAUSE = 1.0
LONGEST_PAUSE = 8.0


@dataclass(frozen=True, slots=True)
class ChatBot:
    """One bot to run: ``serve(app)`` runs until cancelled. It raises ``unreachable`` when the
    platform cannot be reached at start (tried again) and ``rejected`` when the token is refused."""

    name: str
    serve: Callable[[App], Coroutine[Any, Any, None]]
    unreachable: type[Exception]
    rejected: type[Exception]


class ChatBotStopped(Exception):
    """A bot stopped; ``line`` says why and what to do, ``exit_code`` is the process's."""

    def __init__(self, line: str, exit_code: int) -> None:
        super().__init__(line)
        self.line = line
        self.exit_code = exit_code


class _StopRequested(Exception):
    """SIGTERM or Ctrl-C."""


def discord_bot(
    settings: Settings, *, sync_globally: bool = False, shards: tuple[list[int], int] | None = None
) -> ChatBot:
    """``shards``: this process's shard ids and the total shard count (None: one connection)."""
    from adapters.discord.runner import DiscordUnreachable, TokenRejectedError, run_discord

    async def serve(app: App) -> None:
        plug = functools.partial(app.notifiers.plugged, "discord")
        competition = _competition(app, "discord")
        await run_discord(
            app.clubhouse,
            settings,
            sync_globally=sync_globally,
            plug=plug,
            words=app.words,
            competition=competition,
            daily=app.daily,
            shards=shards,
            pictures=shared_pictures(),
        )

    return ChatBot("Discord", serve, DiscordUnreachable, TokenRejectedError)


def telegram_bot(settings: Settings, webhook: Any = None) -> ChatBot:
    """``webhook``: an ``adapters.telegram.runner.Webhook``, or None for the settings' choice."""
    from adapters.telegram.runner import TelegramUnreachable, TokenRejectedError, run_telegram

    async def serve(app: App) -> None:
        plug = functools.partial(app.notifiers.plugged, "telegram")
        competition = _competition(app, "telegram")
        await run_telegram(
            app.clubhouse,
            settings,
            webhook=webhook,
            plug=plug,
            words=app.words,
            competition=competition,
            daily=app.daily,
            pictures=shared_pictures(),
        )

    return ChatBot("Telegram", serve, TelegramUnreachable, TokenRejectedError)


Plug = Callable[[Notifier], AbstractContextManager[object]]


def shared_pictures() -> Pictures:
    """The process's one renderer of board pictures (worker processes and a cache), for every bot. Each bot
    warms it once it is up (``Pictures.warm``: its worker started, the card art drawn), not before: a bot
    whose token is refused starts no worker."""
    return _pictures()


def close_shared_pictures() -> None:
    """Stop the process's renderer, if a bot started it: its workers killed, its pool's thread ended before
    the interpreter's exit (``Pictures.close``)."""
    if _pictures.cache_info().currsize:
        _pictures().close()
        _pictures.cache_clear()


PICTURE_WORKERS = max(1, (os.cpu_count() or 2) - 1)
"""Worker processes drawing board pictures: every core but the one the event loop needs."""


@functools.cache
def _pictures() -> Pictures:
    from adapters.pictures import Pictures

    return Pictures(workers=PICTURE_WORKERS, processes=True)


def _competition(app: App, platform: str) -> tuple[Competition, Plug] | None:
    """The app's competition and where the platform plugs in its scoreboards (None without one)."""
    if app.competition is None or app.competition_notifiers is None:
        return None
    return app.competition, functools.partial(app.competition_notifiers.plugged, platform)


async def run_chat_bots(settings: Settings, *, sync_commands: bool = False) -> int:
    """``golfbot run`` with a token set: every bot whose token is set. Returns the exit code."""
    bots = []
    if settings.discord_token:
        bots.append(discord_bot(settings, sync_globally=sync_commands))
    if settings.telegram_token:
        bots.append(telegram_bot(settings))
    if not bots:
        print("Neither DISCORD_TOKEN nor TELEGRAM_TOKEN is set (see the README).", file=sys.stderr)
        return 2
    return await serve_chat_bots(settings, bots)


async def serve_chat_bots(settings: Settings, bots: list[ChatBot]) -> int:
    """Run ``bots`` until a signal stops them (0) or one of them fails (its exit code, after one line on
    stderr)."""
    stopped: list[ChatBotStopped] = []
    async with open_app(settings.db_path) as app:
        for bot in bots:  # an event due before a bot is connected waits for it (cli/notifiers.py)
            app.notifiers.expect(bot.name.lower())
            if app.competition_notifiers is not None:
                app.competition_notifiers.expect(bot.name.lower())
        app.daily.attach(app.timers)  # the daily rollover runs where the chat bots are, to post there
        with serving_metrics(app, [bot.name.lower() for bot in bots]) as metrics_port:
            log.info("running %s on %s", " and ".join(bot.name for bot in bots), settings.db_path)
            if metrics_port is not None:
                log.info("metrics on port %d: /metrics and /healthz", metrics_port)
            stopped.extend(await _serve(app, bots, settings))
    close_shared_pictures()
    stop_workers()  # leave now, not when a search nobody waits for has ended (at exit Python waits for it)
    if not stopped:
        return 0
    print(stopped[0].line, file=sys.stderr)  # the first failure stopped everything
    return stopped[0].exit_code


async def _serve(app: App, bots: list[ChatBot], settings: Settings) -> list[ChatBotStopped]:
    """Run ``bots`` until a signal or a failure; the failures."""
    stopped: list[ChatBotStopped] = []
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    try:
        async with asyncio.TaskGroup() as group:
            group.create_task(_until(stop))
            for bot in bots:
                group.create_task(_keep_up(bot, app, settings.start_retry_seconds))
            if settings.web_on:
                group.create_task(_web_table(app, settings))
            elif settings.web_url or settings.web_port is not None:
                log.warning(
                    "the web table is off: it needs GOLFBOT_WEB_URL and GOLFBOT_WEB_PORT (only %s is set)",
                    "GOLFBOT_WEB_URL" if settings.web_url else "GOLFBOT_WEB_PORT",
                )
    except* _StopRequested:
        log.info("stopping")
    except* ChatBotStopped as group_error:  # no return inside except*: Python forbids it
        stopped.extend(e for e in group_error.exceptions if isinstance(e, ChatBotStopped))
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
    return stopped


async def _web_table(app: App, settings: Settings) -> None:
    """Serve the web table (``adapters.web``) beside the bots, until cancelled. A port it cannot listen on,
    or any failure, stops everything with one line (exit code 1)."""
    from adapters.web.runner import WebSettings, serve_web

    web = WebSettings(
        host=settings.web_host,
        port=settings.web_port or 0,
        public_url=settings.web_url,
        web_app=settings.web_app,
        telegram_token=settings.telegram_token,
        discord_client_id=settings.discord_client_id,
        discord_client_secret=settings.discord_client_secret,
        # DISCORD_API_BASE_URL names the host, as discord.py takes it; the REST API is under /api/v10 there
        discord_api_base=f"{settings.discord_api_base_url.rstrip('/')}/api/v10"
        if settings.discord_api_base_url
        else "",
    )
    try:
        matches = app.competition.matches if app.competition is not None else None
        await serve_web(app.clubhouse, app.daily, web, notifier=app.notifiers, matches=matches)
    except asyncio.CancelledError:
        raise
    except OSError as error:
        raise ChatBotStopped(
            f"The web table could not listen on {web.host}:{web.port}: {error.strerror or error}. "
            "Check GOLFBOT_WEB_HOST and GOLFBOT_WEB_PORT.",
            EXIT_ENVIRONMENT,
        ) from None
    except Exception as error:
        log.debug("the web table stopped", exc_info=True)
        raise ChatBotStopped(f"The web table stopped: {error}", EXIT_ENVIRONMENT) from None


async def _until(stop: asyncio.Event) -> None:
    await stop.wait()
    raise _StopRequested


async def _keep_up(bot: ChatBot, app: App, retry_for: float) -> None:
    """Serve; while the platform cannot be reached at start, try again with a growing pause."""
    loop = asyncio.get_running_loop()
    give_up_at = loop.time() + retry_for
    pause, tries = FIRST_PAUSE, 1
    while True:
        try:
            await bot.serve(app)
        except asyncio.CancelledError:
            raise
        except bot.rejected as error:
            raise ChatBotStopped(str(error), EXIT_TOKEN_REJECTED) from None
        except bot.unreachable as error:
            left = give_up_at - loop.time()
            if left <= 0:
                raise ChatBotStopped(
                    f"The {bot.name} bot gave up after {tries} tries: {error}. Check the network connection "
                    "(and any proxy or firewall), then start golfbot again.",
                    EXIT_ENVIRONMENT,
                ) from None
            wait = min(pause, left)
            about = {"platform": bot.name.lower()}
            log.warning("%s (try %d); trying again in %.1f s", error, tries, wait, extra=about)
            await asyncio.sleep(wait)
            pause, tries = min(pause * 2, LONGEST_PAUSE), tries + 1
        except Exception as error:
            log.debug("the %s bot stopped", bot.name, exc_info=True)
            raise ChatBotStopped(f"The {bot.name} bot stopped: {error}", EXIT_ENVIRONMENT) from None
        else:  # a bot serves until cancelled; one that returns has been closed from the other side
            raise ChatBotStopped(f"The {bot.name} bot stopped: its connection was closed.", EXIT_ENVIRONMENT)
