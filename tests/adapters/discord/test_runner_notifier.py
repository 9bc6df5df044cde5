"""``run_discord`` plugs its Notifier into the app's Notifiers while it is connected (against the loopback
fake of Discord, the real discord.py in this process), and takes it out on the way out."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from pathlib import Path
from typing import Any

from adapters.cli.config import Settings
from adapters.cli.notifiers import Notifiers
from adapters.clock import SystemClock
from adapters.discord.runner import run_discord
from adapters.memory import MemoryStorage
from benchmarks import fake_discord
from bot.clubhouse import Clubhouse


class NoSolver:
    async def best_score(self, hole: Any) -> None:
        return None

    async def hint(self, hole: Any) -> None:
        return None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return tuple(range(first, first + holes))


async def test_the_discord_notifier_is_plugged_in_while_the_bot_runs(tmp_path: Path) -> None:
    notifiers = Notifiers()
    club = Clubhouse(MemoryStorage(), NoSolver(), SystemClock())
    async with fake_discord.FakeDiscord() as fake:
        settings = Settings(tmp_path / "unused", discord_token=fake.token, discord_api_base_url=fake.base_url)
        plug = functools.partial(notifiers.plugged, "discord")
        task = asyncio.create_task(run_discord(club, settings, plug=plug))
        try:
            await fake.wait_for(lambda: "discord" in notifiers.platforms or task.done(), what="plugged in")
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    await club.close()
    assert notifiers.platforms == ()
