"""A clock the tests control: the Clock port (bot.ports) without the system's time. The real clock is
adapters.clock.SystemClock, built only by the composition root."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta


class ManualClock:
    """A clock that moves only when told to; ``sleep`` returns once ``advance`` has passed its deadline."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, tzinfo=UTC)
        self._changed = asyncio.Event()

    def now(self) -> datetime:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += timedelta(seconds=seconds)
        self._changed.set()
        self._changed = asyncio.Event()

    async def sleep(self, seconds: float) -> None:
        deadline = self._now + timedelta(seconds=seconds)
        while self._now < deadline:
            await self._changed.wait()
