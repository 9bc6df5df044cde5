"""The collector paced by the loop's clock (adapters/cli/collector.py): young, middle and full collections
in their ratio while the app is open, the count-based collections kept only as a backstop, and Python's own
thresholds given back when it closes."""

from __future__ import annotations

import asyncio
import gc
import itertools
from typing import Any

from adapters.cli.bench_core import NoSolver
from adapters.cli.collector import BACKSTOP_THRESHOLD, CollectorPacer
from adapters.cli.wiring import open_app


async def collections_during(pacer: CollectorPacer, count: int, at: list[float] | None = None) -> list[int]:
    """The generations the collector went through, in order, until ``count`` collections were seen; ``at``
    gets the loop's time of each."""
    collected: list[int] = []
    loop = asyncio.get_running_loop()

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collected.append(info["generation"])
            if at is not None:
                at.append(loop.time())

    gc.callbacks.append(seen)
    try:
        pacer.start()
        assert pacer.running and gc.get_threshold()[0] == BACKSTOP_THRESHOLD
        for _ in range(5000):
            if len(collected) >= count:
                break
            await asyncio.sleep(0.001)
    finally:
        pacer.stop()
        gc.callbacks.remove(seen)
    return collected


async def test_young_and_middle_generations_are_collected_on_the_clock_in_their_ratio() -> None:
    before = gc.get_threshold()
    loop = asyncio.get_running_loop()
    pacer = CollectorPacer(loop, young_every=0.001, idle_every=0.001, middle_every=3, old_every_s=3600)
    collected = await collections_during(pacer, 12)
    assert gc.get_threshold() == before and not pacer.running
    assert collected[:12] == [1 if t % 3 == 0 else 0 for t in range(1, 13)]


async def test_the_whole_heap_is_collected_every_old_every_seconds() -> None:
    loop = asyncio.get_running_loop()
    pacer = CollectorPacer(loop, young_every=0.001, idle_every=0.001, middle_every=1000, old_every_s=0.02)
    at: list[float] = []
    collected = await collections_during(pacer, 60, at)
    full = [when for when, generation in zip(at, collected, strict=True) if generation == 2]
    assert full  # 60 ticks take 60 ms at least: the whole heap was collected
    # and not oftener than every 20 ms of the loop's clock (half that, for the moment between the pacer's
    # look at the clock and the collection): counting them would count how far apart a busy machine puts
    # the ticks (at load 7 most ticks were 20 ms apart, and 54 of 60 collections were full ones)
    assert all(later - earlier >= 0.01 for earlier, later in itertools.pairwise(full)), full


async def test_an_idle_loop_is_woken_less_and_less_often() -> None:
    pacer = CollectorPacer(asyncio.get_running_loop(), young_every=0.001, idle_every=0.016)
    pacer.start()
    try:
        for _ in range(200):
            if pacer.every == 0.016:
                break
            await asyncio.sleep(0.005)
        assert pacer.every == 0.016  # nothing to collect: the gap doubled up to its bound
    finally:
        pacer.stop()


async def test_the_app_paces_the_collector_while_it_is_open(tmp_path: Any) -> None:
    before = gc.get_threshold()
    async with open_app(tmp_path / "golf.sqlite3", solver=NoSolver()):
        assert gc.get_threshold()[0] == BACKSTOP_THRESHOLD
        young_before = gc.get_stats()[0]["collections"]
        await asyncio.sleep(0.1)
        assert gc.get_stats()[0]["collections"] > young_before
    assert gc.get_threshold() == before
