"""Runs the chat adapters whose tokens are set, side by side on one core and one database."""

from __future__ import annotations

import asyncio
import logging

from adapters.cli.config import Settings
from adapters.cli.wiring import open_app

log = logging.getLogger(__name__)


async def run_chat_bots(settings: Settings, *, sync_commands: bool = False) -> int:
    async with open_app(settings.db_path) as app:
        jobs = []
        if settings.discord_token:
            from adapters.discord.runner import run_discord

            jobs.append(
                run_discord(app.clubhouse, settings, sync_globally=sync_commands, storage=app.storage)
            )
        if settings.telegram_token:
            from adapters.telegram.runner import run_telegram

            jobs.append(run_telegram(app.clubhouse, settings))
        if not jobs:
            log.error("no DISCORD_TOKEN or TELEGRAM_TOKEN set")
            return 2
        log.info(
            "running %s on %s",
            ", ".join(
                n
                for n, t in (("Discord", settings.discord_token), ("Telegram", settings.telegram_token))
                if t
            ),
            settings.db_path,
        )
        await asyncio.gather(*jobs)
    return 0
