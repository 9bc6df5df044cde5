"""The collector paced by the loop's clock (adapters/cli/collector.py): young, middle and full collections
in their ratio while the app is open, the count-based collections kept only as a backstop, and Python's own
thresholds given back when it closes."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from adapters.cli.collector import BACKSTOP_THRESHOLD, CollectorPacer
from adapters.cli.wiring import open_app


class NoSolver:
    async def best_score(self, hole: Any) -> None:
        return None

    async def hint(self, hole: Any) -> None:
        return None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return tuple(range(first, first + holes))


async def test_the_generations_are_collected_on_the_clock_in_their_ratio() -> None:
    collected: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collected.append(info["generation"])

    before = gc.get_threshold()
    pacer = CollectorPacer(asyncio.get_running_loop(), young_every=0.001, middle_every=3, old_every=8)
    gc.callbacks.append(seen)
    try:
        pacer.start()
        assert pacer.running and gc.get_threshold()[0] == BACKSTOP_THRESHOLD
        for _ in range(2000):
            if len(collected) >= 16:
                break
            await asyncio.sleep(0.001)
    finally:
        pacer.stop()
        gc.callbacks.remove(seen)
    assert gc.get_threshold() == before and not pacer.running
    # ticks 1..16: every 8th a full collection, every 3rd (not 8th) the middle one, the others the young
    expected = [2 if t % 8 == 0 else 1 if t % 3 == 0 else 0 for t in range(1, 17)]
    assert collected[:16] == expected


async def test_the_app_paces_the_collector_while_it_is_open(tmp_path: Any) -> None:
    before = gc.get_threshold()
    async with open_app(tmp_path / "golf.sqlite3", solver=NoSolver()):
        assert gc.get_threshold()[0] == BACKSTOP_THRESHOLD
        young_before = gc.get_stats()[0]["collections"]
        await asyncio.sleep(0.1)
        assert gc.get_stats()[0]["collections"] > young_before
    assert gc.get_threshold() == before
