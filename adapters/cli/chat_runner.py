"""Runs the chat adapters whose tokens are set, side by side on one core and one database.

The bots run in one TaskGroup: if one stops with an error (say, a token the platform rejects), the other is
stopped too before the database closes, and the reason is logged as one line, never as a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from adapters.cli.config import Settings
from adapters.cli.wiring import open_app

log = logging.getLogger(__name__)


class ChatBotStopped(Exception):
    """One of the bots stopped with an error; its message names the bot and the reason."""


async def _guard(name: str, job: Coroutine[Any, Any, None]) -> None:
    try:
        await job
    except asyncio.CancelledError:
        raise
    except Exception as error:
        raise ChatBotStopped(f"the {name} bot stopped: {error}") from error


async def run_chat_bots(settings: Settings, *, sync_commands: bool = False) -> int:
    if not (settings.discord_token or settings.telegram_token):
        log.error("no DISCORD_TOKEN or TELEGRAM_TOKEN set")
        return 2
    async with open_app(settings.db_path) as app:
        jobs: dict[str, Coroutine[Any, Any, None]] = {}
        if settings.discord_token:
            from adapters.discord.runner import run_discord

            jobs["Discord"] = run_discord(app.clubhouse, settings, sync_globally=sync_commands)
        if settings.telegram_token:
            from adapters.telegram.runner import run_telegram

            jobs["Telegram"] = run_telegram(app.clubhouse, settings)
        log.info("running %s on %s", " and ".join(jobs), settings.db_path)
        stopped: list[BaseException] = []
        try:
            async with asyncio.TaskGroup() as group:
                for name, job in jobs.items():
                    group.create_task(_guard(name, job))
        except* ChatBotStopped as group_error:  # no return inside except*: Python forbids it
            stopped.extend(group_error.exceptions)
        for error in stopped:
            log.error("%s", error)
    return 1 if stopped else 0
