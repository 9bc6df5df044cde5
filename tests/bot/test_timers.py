"""Persisted timers on the real SQLite store with a clock the test moves (the ManualClock): the service
sleeps until the next timer is due, is woken early by a sooner one, fires each timer once (also across a
restart and with two services on one database), and survives a failing handler."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable
from datetime import timedelta

import pytest

from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.events import ClockExpired, Outbox, ToPlace
from bot.models import Timer
from bot.timers import Timers

PATIENCE = 30.0
"""Seconds (real ones) a test waits at most for the service to get somewhere: its trips to the database
thread take real time, more of it on a busy machine. A ceiling, not a bound the tests assert."""


class SleepLog(ManualClock):
    """The ManualClock, noting how long each sleep was asked to last, and how many sleep now."""

    def __init__(self) -> None:
        super().__init__()
        self.sleeps: list[float] = []
        self.asleep = 0

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.asleep += 1
        try:
            await super().sleep(seconds)
        finally:
            self.asleep -= 1


@pytest.fixture
def clock() -> SleepLog:
    return SleepLog()


class Fired:
    """A handler that notes the ids it was given, in order."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.queue = asyncio.Queue[str]()

    async def __call__(self, timer: Timer, outbox: Outbox) -> None:
        self.ids.append(timer.id)
        self.queue.put_nowait(timer.id)

    async def next(self) -> str:
        return await asyncio.wait_for(self.queue.get(), PATIENCE)


async def settle(clock: SleepLog, services: int = 1) -> None:
    """Let the service(s) run until they wait again: each asleep on the clock, and still the same sleep
    some turns of the loop later (a wake-up on its way would have ended it by then). Waits for that, not
    for a time: the trips to the database thread in between may take long on a busy machine."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    calm, sleeps = 0, len(clock.sleeps)
    while calm < 20:
        assert loop.time() < deadline, f"not asleep after {PATIENCE} s: {clock.asleep} of {services}"
        if clock.asleep == services and len(clock.sleeps) == sleeps:
            calm += 1
        else:
            calm, sleeps = 0, len(clock.sleeps)
        await asyncio.sleep(0 if calm else 0.001)  # (not a busy wait while the database thread works)


@pytest.fixture
async def running() -> AsyncIterator[list[asyncio.Task[None]]]:
    tasks: list[asyncio.Task[None]] = []
    yield tasks
    for task in tasks:
        task.cancel()
    for task in tasks:
        with pytest.raises(asyncio.CancelledError):
            await task


def start(tasks: list[asyncio.Task[None]], service: Awaitable[None]) -> None:
    tasks.append(asyncio.ensure_future(service))


async def test_a_timer_fires_once_when_due(storage, clock):
    timers = Timers(storage, clock)
    fired = Fired()
    timers.on("daily", fired)
    timer = Timer("daily-2026-01-02", "daily", clock.now() + timedelta(minutes=5), payload="rollover")
    await timers.schedule(timer)

    assert await timers.fire_due() == 0
    clock.advance(299)
    assert await timers.fire_due() == 0 and fired.ids == []
    clock.advance(1)
    assert await timers.fire_due() == 1
    assert fired.ids == [timer.id]
    clock.advance(3600)
    assert await timers.fire_due() == 0
    assert fired.ids == [timer.id]
    assert await storage.due_timers(clock.now()) == []


async def test_timers_fire_in_order_of_due_time(storage, clock):
    timers = Timers(storage, clock)
    fired = Fired()
    timers.on("turn", fired)
    for name, minutes in (("c", 3), ("a", 1), ("b", 2), ("a2", 1)):
        await timers.schedule(Timer(name, "turn", clock.now() + timedelta(minutes=minutes)))
    clock.advance(600)
    assert await timers.fire_due() == 4
    assert fired.ids == ["a", "a2", "b", "c"]


async def test_the_service_sleeps_until_the_next_timer_and_a_sooner_one_wakes_it(storage, clock, running):
    timers = Timers(storage, clock)
    fired = Fired()
    timers.on("turn", fired)
    await timers.schedule(Timer("later", "turn", clock.now() + timedelta(seconds=100)))
    start(running, timers.run())
    await settle(clock)
    assert clock.sleeps == [100.0]  # not a poll: exactly until "later" is due

    clock.advance(30)
    await timers.schedule(Timer("sooner", "turn", clock.now() + timedelta(seconds=10)))
    await settle(clock)
    assert clock.sleeps == [100.0, 10.0]  # woken early, it now sleeps until "sooner"
    assert fired.ids == []
    clock.advance(10)
    assert await fired.next() == "sooner"
    await settle(clock)
    assert clock.sleeps[-1] == 60.0  # and then until "later"
    clock.advance(59)
    await settle(clock)
    assert fired.ids == ["sooner"]
    clock.advance(1)
    assert await fired.next() == "later"

    # a timer that is due later than the one it sleeps for does not wake it
    await timers.schedule(Timer("t1", "turn", clock.now() + timedelta(seconds=20)))
    await settle(clock)
    sleeps = len(clock.sleeps)
    await timers.schedule(Timer("t2", "turn", clock.now() + timedelta(seconds=40)))
    await settle(clock)
    assert len(clock.sleeps) == sleeps and clock.sleeps[-1] == 20.0


async def test_a_long_sleep_is_cut_into_pieces_of_at_most_max_sleep(storage, clock, running):
    timers = Timers(storage, clock, max_sleep=300)
    fired = Fired()
    timers.on("daily", fired)
    await timers.schedule(Timer("tomorrow", "daily", clock.now() + timedelta(seconds=700)))
    start(running, timers.run())
    for _ in range(3):
        await settle(clock)
        clock.advance(300)
    assert await fired.next() == "tomorrow"
    assert clock.sleeps == [300.0, 300.0, 100.0]


async def test_with_nothing_to_do_the_service_waits_to_be_woken(storage, clock, running):
    timers = Timers(storage, clock, max_sleep=3600)
    fired = Fired()
    timers.on("turn", fired)
    start(running, timers.run())
    await settle(clock)
    assert clock.sleeps == [3600.0]
    await timers.schedule(Timer("now", "turn", clock.now()))
    assert await fired.next() == "now"


async def test_a_timer_due_while_the_bot_was_down_fires_at_start(db_path, clock, running):
    first = await SqliteStorage.open(db_path)
    await Timers(first, clock).schedule(Timer("t1", "daily", clock.now() + timedelta(hours=1), "x"))
    await Timers(first, clock).schedule(Timer("t2", "daily", clock.now() + timedelta(hours=3), "y"))
    await first.close()

    clock.advance(2 * 3600)  # the bot is down for two hours
    reopened = await SqliteStorage.open(db_path)
    try:
        timers = Timers(reopened, clock, max_sleep=86400)
        seen: list[Timer] = []

        async def handler(timer: Timer, outbox: Outbox) -> None:
            seen.append(timer)

        timers.on("daily", handler)
        start(running, timers.run())
        await settle(clock)
        assert [(t.id, t.payload) for t in seen] == [("t1", "x")]
        assert clock.sleeps == [3600.0]  # until t2
        clock.advance(3600)
        await settle(clock)
        assert [t.id for t in seen] == ["t1", "t2"]
    finally:
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        running.clear()
        await reopened.close()

    # and a third start finds nothing left to fire
    again = await SqliteStorage.open(db_path)
    try:
        assert await again.next_due() is None
    finally:
        await again.close()


async def test_two_services_on_one_database_fire_each_timer_once(db_path, clock, running):
    one, two = await SqliteStorage.open(db_path), await SqliteStorage.open(db_path)
    try:
        fired = Fired()
        services = [Timers(one, clock), Timers(two, clock)]
        for service in services:
            service.on("turn", fired)
        for i in range(20):
            await services[i % 2].schedule(Timer(f"t{i:02d}", "turn", clock.now() + timedelta(seconds=i)))
        for service in services:
            start(running, service.run())
        await settle(clock, services=2)
        for _ in range(4):
            clock.advance(5)
            await settle(clock, services=2)
        assert sorted([await fired.next() for _ in range(20)]) == [f"t{i:02d}" for i in range(20)]
        await settle(clock, services=2)
        assert len(fired.ids) == 20  # each once, none twice
    finally:
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        running.clear()
        await one.close()
        await two.close()


async def test_moving_a_timer_fires_it_once_at_its_new_time(storage, clock):
    timers = Timers(storage, clock)
    fired = Fired()
    timers.on("turn", fired)
    await timers.schedule(Timer("t", "turn", clock.now() + timedelta(minutes=1)))
    (stale,) = await storage.due_timers(clock.now() + timedelta(minutes=1))
    await timers.schedule(Timer("t", "turn", clock.now() + timedelta(minutes=10)))
    assert not await storage.claim_timer(stale)  # read before it moved: the claim fails
    clock.advance(60)
    assert await timers.fire_due() == 0
    clock.advance(540)
    assert await timers.fire_due() == 1 and fired.ids == ["t"]


async def test_a_cancelled_timer_never_fires(storage, clock):
    timers = Timers(storage, clock)
    fired = Fired()
    timers.on("turn", fired)
    await timers.schedule(Timer("t", "turn", clock.now() + timedelta(minutes=1)))
    await timers.cancel("t")
    clock.advance(600)
    assert await timers.fire_due() == 0 and fired.ids == []


async def test_a_failing_handler_is_logged_in_one_line_and_the_service_goes_on(
    storage, clock, running, caplog
):
    timers = Timers(storage, clock)
    fired = Fired()

    async def broken(timer: Timer, outbox: Outbox) -> None:
        raise RuntimeError("the chat service is down")

    timers.on("broken", broken)
    timers.on("turn", fired)
    await timers.schedule(Timer("b", "broken", clock.now() + timedelta(seconds=1)))
    await timers.schedule(Timer("t", "turn", clock.now() + timedelta(seconds=2)))
    caplog.set_level(logging.INFO)
    start(running, timers.run())
    await settle(clock)
    clock.advance(2)
    assert await fired.next() == "t"

    errors = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.getMessage() for r in errors] == [
        "timer b (broken) failed: RuntimeError: the chat service is down"
    ]
    assert errors[0].exc_info is None  # no traceback at the default level
    assert await storage.due_timers(clock.now()) == []  # it was claimed: it does not fire again


async def test_a_timer_nobody_handles_is_left_alone_and_does_not_busy_the_service(storage, clock, running):
    timers = Timers(storage, clock)
    fired = Fired()
    timers.on("turn", fired)
    await timers.schedule(Timer("x", "tournament", clock.now()))
    start(running, timers.run())
    await settle(clock)
    assert len(clock.sleeps) == 1  # asleep, not spinning on the due timer it cannot handle
    await timers.schedule(Timer("t", "turn", clock.now() + timedelta(seconds=5)))
    clock.advance(5)
    assert await fired.next() == "t"
    assert [t.id for t in await storage.due_timers(clock.now())] == ["x"]


async def test_events_of_a_handler_go_out_after_it_returns_and_not_when_it_fails(storage, clock):
    notifier = MemoryNotifier()
    timers = Timers(storage, clock, notifier=notifier)
    seen_while_running: list[int] = []

    async def expire(timer: Timer, outbox: Outbox) -> None:
        outbox.to_place("test:here", ClockExpired("test:here", timer.payload, "s1"))
        seen_while_running.append(len(notifier.delivered))
        if timer.id == "bad":
            raise RuntimeError("could not forfeit")

    timers.on("clock", expire)
    await timers.schedule(Timer("good", "clock", clock.now(), payload="test:1"))
    await timers.schedule(Timer("bad", "clock", clock.now(), payload="test:2"))
    assert await timers.fire_due() == 1
    assert seen_while_running == [0, 0]  # nothing is announced while the handler is at work
    assert [(d.to, d.event) for d in notifier.delivered] == [
        (ToPlace("test:here"), ClockExpired("test:here", "test:1", "s1"))
    ]


async def test_the_manual_clock_sleeps_until_advanced():
    clock = ManualClock()
    sleeper = asyncio.create_task(clock.sleep(10))
    await asyncio.sleep(0)
    clock.advance(9)
    await asyncio.sleep(0)
    assert not sleeper.done()
    clock.advance(1)
    await asyncio.wait_for(sleeper, 1)


async def test_storage_that_fails_is_logged_and_tried_again_later(db_path, clock, running, caplog):
    broken = await SqliteStorage.open(db_path)
    await broken.close()  # every call now fails
    timers = Timers(broken, clock)
    timers.on("turn", Fired())
    start(running, timers.run())
    await settle(clock)
    assert not running[0].done()
    assert clock.sleeps == [5.0]
    (record,) = [r for r in caplog.records if r.levelno >= logging.WARNING]
    line = record.getMessage()
    assert line.startswith("timers: ") and line.endswith("; trying again in 5 s")
    assert "\n" not in line and record.exc_info is None
    clock.advance(5)
    await settle(clock)
    assert clock.sleeps == [5.0, 5.0] and not running[0].done()


async def test_a_handler_may_schedule_its_next_occurrence_under_the_same_id(storage, clock, running):
    timers = Timers(storage, clock, max_sleep=86400)
    days: list[str] = []

    async def rollover(timer: Timer, outbox: Outbox) -> None:
        days.append(timer.due.date().isoformat())
        await timers.schedule(Timer(timer.id, timer.kind, timer.due + timedelta(days=1)))

    timers.on("daily", rollover)
    await timers.schedule(Timer("daily-here", "daily", clock.now() + timedelta(hours=1)))
    start(running, timers.run())
    await settle(clock)
    for _ in range(3):
        clock.advance(86400)
        await settle(clock)
    assert days == ["2026-01-01", "2026-01-02", "2026-01-03"]
    assert await storage.next_due() == clock.now() + timedelta(hours=1)  # Jan 4, 01:00
    assert set(clock.sleeps) == {3600.0}  # each time until the next rollover, never a full day late
