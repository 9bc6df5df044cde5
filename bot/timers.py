"""Persisted timers: deadlines that survive a restart (turn clocks, the daily rollover).

The service sleeps until the soonest stored timer of a kind it handles is due, and is woken early when a
sooner one is scheduled, so a timer fires on time (a turn clock is seconds, not a poll interval, late at
worst by one trip to storage). On start it looks at once: a timer that fell due while the bot was down
fires then.

Each timer fires once, across restarts and even with two processes on one database: before its handler
runs, a timer is *claimed*, i.e. removed if it is still stored exactly as it was read (same id and due
time; ``TimerStore.claim_timer``). Only the caller whose claim removed it runs the handler. So a handler
never runs twice for one scheduling; the price is that a handler that fails, or a process killed between
the claim and the handler's commit, does not run it again: a handler that must not be lost commits its
effect quickly and idempotently, and may schedule a new timer (another id, or the same id later) to try
again. Moving a timer (``schedule`` with a known id and another due time) before it fires makes a claim on
the old due time fail, so the moved timer fires once, at its new time.

A handler is registered per timer kind and gets the timer and an ``Outbox``: the events it announces are
published through the Notifier after it returns, i.e. after the commit it made, and dropped if it fails.
A failing handler is logged in one line and does not stop the service. Timers of a kind with no handler
are left stored for a process that handles them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.events import Outbox
from bot.models import Timer
from bot.ports import Clock, Notifier, TimerStore

log = logging.getLogger(__name__)

Handler = Callable[[Timer, Outbox], Awaitable[None]]

MAX_SLEEP = 300.0
"""The longest single sleep, in seconds. The event loop's sleep follows a monotonic clock, which may drift
from the wall clock a timer is due by (a suspended machine, a clock step); waking now and then bounds that."""
LATE_AFTER = 10.0
"""Seconds past its time after which a timer counts as late (a busy loop, a process that was down)."""


class Timers:
    def __init__(
        self,
        storage: TimerStore,
        clock: Clock,
        *,
        notifier: Notifier | None = None,
        max_sleep: float = MAX_SLEEP,
    ) -> None:
        self._storage = storage
        self._clock = clock
        self._notifier = notifier
        self._max_sleep = max_sleep
        self._handlers: dict[str, Handler] = {}
        self._wake = asyncio.Event()
        self._wake_at: datetime | None = None
        """When the sleeping loop means to wake; None while it is awake (or sleeps with nothing due)."""
        self._sleeping = False
        self.ran = 0
        self.late = 0
        """Timers run, and of them those run more than LATE_AFTER past their time (the metrics)."""

    def on(self, kind: str, handler: Handler) -> None:
        """Run ``handler`` for each timer of ``kind`` when it is due."""
        self._handlers[kind] = handler
        self._wake.set()  # the soonest timer may be of this kind

    async def schedule(self, timer: Timer) -> None:
        """Store ``timer`` (moving it if its id is known); wakes the service if it is due sooner than the
        service meant to wake."""
        await self._storage.add_timer(timer)
        # while the service is awake it may have looked already: it looks again before it sleeps
        if not self._sleeping or self._wake_at is None or timer.due < self._wake_at:
            self._wake.set()

    async def cancel(self, timer_id: str) -> None:
        await self._storage.remove_timer(timer_id)

    async def fire_due(self, now: datetime | None = None) -> int:
        """Claim and run every timer due at ``now`` (default: the clock's), soonest first; returns how many
        handlers ran to the end."""
        if not self._handlers:
            return 0
        ran = 0
        for timer in await self._storage.due_timers(now or self._clock.now(), self._handlers.keys()):
            if not await self._storage.claim_timer(timer):
                continue  # fired by another process, moved or cancelled since it was read
            if await self._run(timer):
                ran += 1
        return ran

    async def _run(self, timer: Timer) -> bool:
        handler = self._handlers[timer.kind]
        self.ran += 1
        if (self._clock.now() - timer.due).total_seconds() > LATE_AFTER:
            self.late += 1
        outbox = Outbox()
        try:
            await handler(timer, outbox)
        except Exception as error:
            outbox.discard()
            log.error("timer %s (%s) failed: %s: %s", timer.id, timer.kind, type(error).__name__, error)
            log.debug("timer %s failed", timer.id, exc_info=True)
            return False
        if self._notifier is not None:
            await outbox.publish(self._notifier)
        elif outbox.pending:
            log.debug("timer %s announced %d events and no notifier is wired", timer.id, len(outbox.pending))
        return True

    async def _seconds_to_next(self) -> float | None:
        """Seconds until the soonest handled timer is due (0 if it is overdue); None if there is none."""
        if not self._handlers:
            return None
        due = await self._storage.next_due(self._handlers.keys())
        if due is None:
            return None
        return max((due - self._clock.now()).total_seconds(), 0.0)

    async def run(self) -> None:
        """Fire timers as they fall due, until cancelled. A failing storage call is logged in one line and
        tried again after a short pause; it does not end the service."""
        while True:
            self._wake.clear()  # before looking: a timer scheduled meanwhile must wake the next wait
            try:
                await self.fire_due()
                delay = await self._seconds_to_next()
            except Exception as error:
                log.error("timers: %s: %s; trying again in 5 s", type(error).__name__, error)
                delay = 5.0
            if delay == 0.0:
                continue  # one fell due while the others ran
            await self._sleep(delay)

    async def _sleep(self, delay: float | None) -> None:
        """Sleep ``delay`` seconds (None: until woken), at most ``max_sleep``, or until woken."""
        seconds = self._max_sleep if delay is None else min(delay, self._max_sleep)
        self._wake_at = None if delay is None else self._clock.now() + timedelta(seconds=seconds)
        self._sleeping = True
        sleeper = asyncio.ensure_future(self._clock.sleep(seconds))
        waker = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._sleeping = False
            self._wake_at = None
            sleeper.cancel()
            waker.cancel()
