"""Persisted timers on the real SQLite store with a clock the test moves: a timer fires once when due,
survives a restart, and is retried when its handler fails."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.models import Timer
from bot.timers import Timers


async def test_a_timer_fires_once_when_due(storage, clock):
    timers = Timers(storage, clock)
    fired: list[Timer] = []

    async def handler(timer: Timer) -> None:
        fired.append(timer)

    timers.on("daily", handler)
    timer = Timer("daily-2026-01-02", "daily", clock.now() + timedelta(minutes=5), payload="rollover")
    await timers.schedule(timer)

    assert await timers.fire_due() == 0
    clock.advance(299)
    assert await timers.fire_due() == 0 and fired == []
    clock.advance(1)
    assert await timers.fire_due() == 1
    assert fired == [timer]
    clock.advance(3600)
    assert await timers.fire_due() == 0
    assert fired == [timer]
    assert await storage.due_timers(clock.now()) == []


async def test_timers_fire_in_order_of_due_time(storage, clock):
    timers = Timers(storage, clock)
    fired: list[str] = []

    async def handler(timer: Timer) -> None:
        fired.append(timer.id)

    timers.on("turn", handler)
    for name, minutes in (("c", 3), ("a", 1), ("b", 2)):
        await timers.schedule(Timer(name, "turn", clock.now() + timedelta(minutes=minutes)))
    clock.advance(600)
    assert await timers.fire_due() == 3
    assert fired == ["a", "b", "c"]


async def test_a_timer_survives_a_restart(db_path, clock):
    first = await SqliteStorage.open(db_path)
    await Timers(first, clock).schedule(Timer("t1", "daily", clock.now() + timedelta(hours=1), "x"))
    await first.close()

    reopened = await SqliteStorage.open(db_path)
    try:
        timers = Timers(reopened, clock)
        fired: list[Timer] = []

        async def handler(timer: Timer) -> None:
            fired.append(timer)

        timers.on("daily", handler)
        clock.advance(3600)
        assert await timers.fire_due() == 1
        assert [(t.id, t.payload, t.due) for t in fired] == [("t1", "x", clock.now())]
        assert await timers.fire_due() == 0
    finally:
        await reopened.close()


async def test_rescheduling_a_timer_moves_it(storage, clock):
    timers = Timers(storage, clock)
    fired: list[Timer] = []

    async def handler(timer: Timer) -> None:
        fired.append(timer)

    timers.on("turn", handler)
    await timers.schedule(Timer("t", "turn", clock.now() + timedelta(minutes=1)))
    await timers.schedule(Timer("t", "turn", clock.now() + timedelta(minutes=10)))
    clock.advance(60)
    assert await timers.fire_due() == 0
    clock.advance(540)
    assert await timers.fire_due() == 1 and len(fired) == 1


async def test_a_failing_handler_keeps_its_timer_for_a_retry(storage, clock, caplog):
    timers = Timers(storage, clock)
    attempts: list[int] = []

    async def flaky(timer: Timer) -> None:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("the chat service is down")

    timers.on("turn", flaky)
    await timers.schedule(Timer("t", "turn", clock.now()))
    assert await timers.fire_due() == 0
    assert "will be retried" in caplog.text
    assert len(await storage.due_timers(clock.now())) == 1
    assert await timers.fire_due() == 1
    assert len(attempts) == 2 and await storage.due_timers(clock.now()) == []


async def test_a_timer_nobody_handles_is_left_alone(storage, clock):
    timers = Timers(storage, clock)
    await timers.schedule(Timer("t", "tournament", clock.now()))
    assert await timers.fire_due() == 0
    assert [t.id for t in await storage.due_timers(clock.now())] == ["t"]


async def test_run_fires_timers_as_the_clock_moves(storage, clock):
    timers = Timers(storage, clock, poll_seconds=30)
    fired = asyncio.Queue[str]()

    async def handler(timer: Timer) -> None:
        fired.put_nowait(timer.id)

    timers.on("daily", handler)
    runner = asyncio.create_task(timers.run())
    try:
        await timers.schedule(Timer("soon", "daily", clock.now() + timedelta(seconds=20)))
        await asyncio.sleep(0.05)
        assert fired.empty()
        clock.advance(30)
        assert await asyncio.wait_for(fired.get(), 2) == "soon"
        # scheduling a timer that is due at once wakes the sleeping service
        await timers.schedule(Timer("now", "daily", clock.now()))
        assert await asyncio.wait_for(fired.get(), 2) == "now"
        await asyncio.sleep(0.05)
        assert fired.empty()
    finally:
        runner.cancel()
        with pytest.raises(asyncio.CancelledError):
            await runner


async def test_the_manual_clock_sleeps_until_advanced():
    clock = ManualClock()
    sleeper = asyncio.create_task(clock.sleep(10))
    await asyncio.sleep(0)
    clock.advance(9)
    await asyncio.sleep(0)
    assert not sleeper.done()
    clock.advance(1)
    await asyncio.wait_for(sleeper, 1)
