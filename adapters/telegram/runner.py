"""Run the Telegram bot inside an event loop it shares (with Discord, under ``golfbot run``), by long
polling or behind a webhook, until cancelled.

``Application.run_polling``/``run_webhook`` would own the loop and its signal handlers, so this follows
their steps by hand: initialize, post_init, start the updater, start; and on the way out stop the
updater, stop, post_stop, shutdown, post_shutdown.

The token is part of every Bot API URL; ``adapters.telegram.logs`` keeps it out of the logs meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import urlsplit

from telegram.error import InvalidToken

from adapters.telegram.app import ALLOWED_UPDATES, AnyApplication, build_application, telegram_builder
from adapters.telegram.logs import token_kept_out_of_logs
from bot.clubhouse import Clubhouse

log = logging.getLogger(__name__)


class TokenRejectedError(RuntimeError):
    """Telegram does not know the token. (PTB's own InvalidToken quotes the token; this does not.)"""


class TelegramSettings(Protocol):
    """What the runner reads from the settings (``adapters.cli.config.Settings`` has it)."""

    @property
    def telegram_token(self) -> str: ...
    @property
    def telegram_api_base_url(self) -> str: ...
    @property
    def telegram_webhook_url(self) -> str: ...


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


async def run_telegram(
    clubhouse: Clubhouse, settings: TelegramSettings, *, webhook: Webhook | None = None
) -> None:
    """Serve until cancelled. Uses a webhook when ``webhook`` is given or TELEGRAM_WEBHOOK_URL is set,
    else long polling."""
    if webhook is None and settings.telegram_webhook_url:
        webhook = Webhook(settings.telegram_webhook_url)
    with token_kept_out_of_logs(settings.telegram_token):
        builder = telegram_builder(settings.telegram_token, base_url=settings.telegram_api_base_url)
        app = build_application(clubhouse, builder)
        try:
            try:
                await _start(app, webhook)
            except InvalidToken:
                raise TokenRejectedError(
                    "Telegram rejected TELEGRAM_TOKEN: check it with @BotFather (/mybots → API Token)."
                ) from None
            log.info(
                "Telegram: @%s is up (%s)",
                app.bot.username,
                f"webhook {webhook.url}" if webhook else "long polling",
            )
            await asyncio.Event().wait()
        finally:
            await _stop(app)


async def _start(app: AnyApplication, webhook: Webhook | None) -> None:
    assert app.updater is not None
    await app.initialize()
    if app.post_init:
        await app.post_init(app)
    if webhook is None:
        await app.updater.start_polling(allowed_updates=ALLOWED_UPDATES, bootstrap_retries=3)
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


async def _stop(app: AnyApplication) -> None:
    if app.updater is not None and app.updater.running:
        await app.updater.stop()
    if app.running:
        await app.stop()
        if app.post_stop:
            await app.post_stop(app)
    await app.shutdown()
    if app.post_shutdown:
        await app.post_shutdown(app)
