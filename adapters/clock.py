"""The real clock: the Clock port on the system's time and asyncio's sleep (tests: bot.clock.ManualClock)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
