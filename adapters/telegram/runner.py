"""Run the Telegram bot inside an event loop it shares (with Discord, under ``golfbot run``), by long
polling or behind a webhook, until cancelled.

``Application.run_polling``/``run_webhook`` would own the loop and its signal handlers, so this follows
their steps by hand: initialize, post_init, start the updater, start; and on the way out stop the
updater, stop, post_stop, shutdown, post_shutdown.

The token is part of every Bot API URL; ``adapters.telegram.logs`` keeps it out of the logs meanwhile.

At start, a Bot API that cannot be reached is ``TelegramUnreachable`` (the caller may try again) and a
refused token ``TokenRejectedError``. Once polling, a lost connection is retried by python-telegram-bot,
logged as one WARNING line per failure.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import urlsplit

from telegram.error import BadRequest, InvalidToken, NetworkError, TelegramError

from adapters import metrics
from adapters.pictures import Pictures
from adapters.telegram.app import ALLOWED_UPDATES, AnyApplication, build_application, telegram_builder
from adapters.telegram.compete import TelegramCompete
from adapters.telegram.flood import ChatFloodLimiter
from adapters.telegram.logs import token_kept_out_of_logs
from adapters.telegram.notifier import TelegramNotifier
from adapters.telegram.photos import PhotoBoards
from adapters.telegram.table import TableMessages
from adapters.telegram.web import WebTable
from bot.announcements import Words
from bot.clubhouse import Clubhouse
from bot.desks import CompetitionDesk, DailyDesk
from bot.ports import Notifier

log = logging.getLogger(__name__)
POLL_RETRY = 40.0
"""Seconds a failed poll counts against /healthz: python-telegram-bot tries again within 30 s."""


class TokenRejectedError(RuntimeError):
    """Telegram does not know the token. (PTB's own InvalidToken quotes the token; this does not.)"""


class TelegramUnreachable(ConnectionError):
    """The Bot API could not be reached at start (no network, no DNS, refused, timed out). Once polling,
    python-telegram-bot retries by itself."""


class TelegramSettings(Protocol):
    """What the runner reads from the settings (``adapters.cli.config.Settings`` has it)."""

    @property
    def telegram_token(self) -> str: ...
    @property
    def telegram_api_base_url(self) -> str: ...
    @property
    def telegram_webhook_url(self) -> str: ...
    @property
    def web_url(self) -> str: ...
    @property
    def web_app(self) -> str: ...
    @property
    def web_on(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Webhook:
    """Receive updates at ``url`` (public, https in production; a reverse proxy may forward it to
    ``listen:port``) instead of polling. Telegram sends ``secret_token`` with every update; without one
    a random token is made at each start (the webhook is registered anew each time anyway)."""

    url: str
    listen: str = "0.0.0.0"
    port: int = 8443
    secret_token: str = field(default="", repr=False)

    @property
    def url_path(self) -> str:
        """The path the bot's web server answers on: the path of ``url``."""
        return urlsplit(self.url).path.strip("/")


Plug = Callable[[Notifier], AbstractContextManager[object]]
"""Where the runner plugs in its Notifier while it is up (the composition root's ``Notifiers``)."""


async def run_telegram(
    clubhouse: Clubhouse,
    settings: TelegramSettings,
    *,
    webhook: Webhook | None = None,
    plug: Plug | None = None,
    words: Words | None = None,
    competition: tuple[CompetitionDesk, Plug] | None = None,
    daily: DailyDesk | None = None,
    pictures: Pictures | None = None,
) -> None:
    """Serve until cancelled. Uses a webhook when ``webhook`` is given or TELEGRAM_WEBHOOK_URL is set,
    else long polling. ``plug``: where the bot's Notifier (events as chat messages) goes while it is up;
    ``words``: how an event is worded (default ``bot.announcements``); ``pictures``: the process's one
    renderer, for photo boards (None: every board is text)."""
    if webhook is None and settings.telegram_webhook_url:
        webhook = Webhook(settings.telegram_webhook_url)
    with token_kept_out_of_logs(settings.telegram_token), network_errors_in_one_line():
        builder = telegram_builder(settings.telegram_token, base_url=settings.telegram_api_base_url)
        compete = None if competition is None else TelegramCompete(*competition[0].services)
        boards = PhotoBoards(clubhouse.places, pictures)
        web = WebTable.of(settings)
        app = build_application(clubhouse, builder, daily, compete=compete, boards=boards, web=web)
        try:
            try:
                await _start(app, webhook)
            except InvalidToken:
                raise TokenRejectedError(
                    "Telegram rejected TELEGRAM_TOKEN: check it with @BotFather (/mybots → API Token)."
                ) from None
            except BadRequest:  # a NetworkError to python-telegram-bot, but the network is fine
                raise
            except NetworkError as error:
                where = urlsplit(settings.telegram_api_base_url or "https://api.telegram.org").netloc
                reason = error.message.replace(settings.telegram_token, "<TELEGRAM_TOKEN>")
                raise TelegramUnreachable(f"cannot reach Telegram at {where} ({reason})") from None
            metrics.HEALTH.connected("telegram")
            if pictures is not None:
                pictures.warm()  # the first boards need not wait for a picture worker to start
            log.info(
                "Telegram: @%s is up (%s)",
                app.bot.username,
                f"webhook {webhook.url}" if webhook else "long polling",
            )
            with (
                plug(TableMessages(app.bot, clubhouse, TelegramNotifier(app.bot, words), boards, web))
                if plug
                else nullcontext(),
                competition[1](compete) if competition and compete else nullcontext(),
            ):
                await asyncio.Event().wait()
        finally:
            if compete is not None:  # its queued group posts, before the bot and the database close
                await compete.posts.close()
            await _stop(app)


async def _start(app: AnyApplication, webhook: Webhook | None) -> None:
    assert app.updater is not None
    await app.initialize()
    if app.post_init:
        await app.post_init(app)
    if webhook is None:
        await app.updater.start_polling(
            allowed_updates=ALLOWED_UPDATES, bootstrap_retries=3, error_callback=_polling_failed
        )
    else:
        if not webhook.secret_token:
            log.warning(
                "Telegram webhook with a random secret: several workers behind one URL need the same "
                "TELEGRAM_WEBHOOK_SECRET (each start registers its own secret otherwise)"
            )
        await app.updater.start_webhook(
            listen=webhook.listen,
            port=webhook.port,
            url_path=webhook.url_path,
            webhook_url=webhook.url,
            secret_token=webhook.secret_token or secrets.token_urlsafe(32),
            allowed_updates=ALLOWED_UPDATES,
            bootstrap_retries=3,
        )
    await app.start()


class _OneLineNetworkErrors(logging.Filter):
    """python-telegram-bot logs a network error with its traceback in a few places (say, the last
    getUpdates on the way out while the network is down); at INFO and above that is one WARNING line."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if (
            isinstance(error, NetworkError)
            and not isinstance(error, BadRequest)
            and not logging.getLogger("telegram").isEnabledFor(logging.DEBUG)
        ):
            first_sentence = record.getMessage().split(". ")[0]
            record.msg, record.args = f"{first_sentence} ({type(error).__name__}: {error.message})", None
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


@contextmanager
def network_errors_in_one_line() -> Iterator[None]:
    one_line = _OneLineNetworkErrors()
    names = ("telegram.ext", "telegram.ext.Updater", "telegram.ext.Application")  # ".ext": its retry loop
    loggers = [logging.getLogger(name) for name in names]
    for logger in loggers:
        logger.addFilter(one_line)
    try:
        yield
    finally:
        for logger in loggers:
            logger.removeFilter(one_line)


def _polling_failed(error: TelegramError) -> None:
    """python-telegram-bot tries again by itself (after 1 s, then up to 30 s apart); without this it logs
    each failure with a traceback."""
    log.warning("Telegram: polling failed (%s: %s); trying again", type(error).__name__, error.message)
    # told of a failure only, never of the next success: the failure counts for as long as a retry takes
    metrics.HEALTH.disconnected("telegram", f"polling failed ({error.message})", for_seconds=POLL_RETRY)


async def _stop(app: AnyApplication) -> None:
    """Stop fetching, answer what was fetched (without waiting out any chat's flood limits), stop."""
    if app.updater is not None and app.updater.running:
        await app.updater.stop()
    limiter = app.bot.rate_limiter
    if isinstance(limiter, ChatFloodLimiter):
        limiter.stop_waiting()
    if app.running:
        await app.stop()
        if app.post_stop:
            await app.post_stop(app)
    if isinstance(limiter, ChatFloodLimiter) and limiter.dropped:
        count = limiter.dropped
        log.warning(
            "Telegram: %d message%s not sent on the way out: %s waiting out Telegram's flood limits."
            " Every move is saved; /resume shows the boards.",
            count,
            "" if count == 1 else "s",
            "its chat was" if count == 1 else "their chats were",
        )
    await app.shutdown()
    if app.post_shutdown:
        await app.post_shutdown(app)
