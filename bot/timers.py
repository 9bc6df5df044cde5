"""Persisted timers: deadlines that survive a restart (daily rollover, tournament turn clocks).

A timer is stored first; the service looks for due timers every ``poll_seconds`` (and at once when one is
scheduled) and hands each to the handler registered for its kind, so it fires at most ``poll_seconds`` late.
A timer fires at least once; it is removed only after its handler returns.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.models import Timer
from bot.ports import Clock, Storage

log = logging.getLogger(__name__)

Handler = Callable[[Timer], Awaitable[None]]


class Timers:
    def __init__(self, storage: Storage, clock: Clock, *, poll_seconds: float = 30.0) -> None:
        self._storage = storage
        self._clock = clock
        self._poll = poll_seconds
        self._handlers: dict[str, Handler] = {}
        self._wake = asyncio.Event()

    def on(self, kind: str, handler: Handler) -> None:
        self._handlers[kind] = handler

    async def schedule(self, timer: Timer) -> None:
        await self._storage.add_timer(timer)
        self._wake.set()

    async def fire_due(self, now: datetime | None = None) -> int:
        """Run every timer that is due; returns how many ran (a timer without a handler, or whose handler
        failed, stays stored and is not counted)."""
        due = await self._storage.due_timers(now or self._clock.now())
        ran = 0
        for timer in due:
            handler = self._handlers.get(timer.kind)
            if handler is None:
                log.warning("no handler for timer kind %r; leaving it", timer.kind)
                continue
            try:
                await handler(timer)
            except Exception:
                log.exception("timer %s (%s) failed; it will be retried", timer.id, timer.kind)
                continue
            await self._storage.remove_timer(timer.id)
            ran += 1
        return ran

    async def run(self) -> None:
        """Fire timers as they fall due, until cancelled."""
        while True:
            self._wake.clear()  # before firing: a timer scheduled meanwhile must wake the next wait
            await self.fire_due()
            sleeper = asyncio.ensure_future(self._clock.sleep(self._poll))
            waker = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                sleeper.cancel()
                waker.cancel()
