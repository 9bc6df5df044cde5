"""One asyncio lock per player: a player's actions run one at a time, different players' run at once."""

from __future__ import annotations

import asyncio

import pytest

from bot.locks import PlayerLocks


async def test_one_players_actions_run_one_at_a_time():
    locks = PlayerLocks()
    inside: list[str] = []
    overlaps = 0

    async def act(name: str) -> None:
        nonlocal overlaps
        async with locks.hold("alice"):
            overlaps += bool(inside)
            inside.append(name)
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            inside.remove(name)

    await asyncio.gather(*(act(str(i)) for i in range(10)))
    assert overlaps == 0
    assert len(locks) == 0


async def test_they_run_in_the_order_they_came():
    locks = PlayerLocks()
    order: list[int] = []

    async def act(i: int) -> None:
        async with locks.hold("alice"):
            await asyncio.sleep(0)
            order.append(i)

    await asyncio.gather(*(act(i) for i in range(8)))
    assert order == list(range(8))


async def test_different_players_run_at_once():
    locks = PlayerLocks()
    both_in = asyncio.Event()
    inside: set[str] = set()

    async def act(name: str) -> None:
        async with locks.hold(name):
            inside.add(name)
            if len(inside) == 2:
                both_in.set()
            await asyncio.wait_for(both_in.wait(), 1)  # would time out if Bob waited for Alice

    await asyncio.gather(act("alice"), act("bob"))
    assert inside == {"alice", "bob"}


async def test_locks_are_dropped_when_nobody_holds_or_waits_and_released_on_error():
    locks = PlayerLocks()
    with pytest.raises(RuntimeError):
        async with locks.hold("alice"):
            assert len(locks) == 1
            raise RuntimeError("boom")
    assert len(locks) == 0

    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold("alice"):
            await release.wait()

    async def waiter() -> None:
        async with locks.hold("alice"):
            pass

    tasks = [asyncio.create_task(holder()), asyncio.create_task(waiter())]
    await asyncio.sleep(0)
    assert len(locks) == 1
    release.set()
    await asyncio.gather(*tasks)
    assert len(locks) == 0


async def test_a_cancelled_waiter_leaves_no_lock_behind():
    locks = PlayerLocks()
    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold("alice"):
            await release.wait()

    async def waiter() -> None:
        async with locks.hold("alice"):
            raise AssertionError("a cancelled waiter never gets in")

    first = asyncio.create_task(holder())
    second = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    second.cancel()
    release.set()
    await first
    with pytest.raises(asyncio.CancelledError):
        await second
    assert len(locks) == 0
    async with locks.hold("alice"):
        pass
