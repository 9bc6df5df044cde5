"""Pictures on worker processes (what the bots use): the same pictures as on threads, and a worker killed
under a render costs that board its picture (the adapter shows it as text), never the next ones."""

from __future__ import annotations

import asyncio

from adapters.pictures import Pictures, render
from adapters.workers import stop_workers
from tests.adapters.pictures import samples


async def test_a_worker_process_draws_the_same_picture_as_render() -> None:
    screen = samples.golf_hole()
    pictures = Pictures(workers=1, processes=True, cache=0)
    try:
        drawn = await pictures.picture(screen)
        assert drawn == render(screen)
    finally:
        pictures.close()


async def test_a_killed_worker_costs_one_picture_and_a_new_one_draws_the_next(caplog) -> None:
    screen, other = samples.golf_hole(), samples.hole_end()
    pictures = Pictures(workers=1, processes=True, cache=0)
    try:
        assert await pictures.picture(screen) is not None  # the worker is up
        drawing = asyncio.ensure_future(pictures.picture(other))
        await asyncio.sleep(0)
        assert stop_workers() == 1  # as if the kernel killed it mid-render
        lost = await drawing
        assert lost is None or lost == render(other)  # it may have finished before the kill
        assert await pictures.picture(screen) == render(screen)
    finally:
        pictures.close()


async def test_close_leaves_no_worker_and_no_pool_thread_behind() -> None:
    import threading

    pictures = Pictures(workers=1, processes=True, cache=0)
    assert await pictures.picture(samples.golf_hole()) is not None  # the worker and the pool's thread are up
    pictures.close()
    assert stop_workers() == 0  # killed by close, not left to end when it likes
    assert not [t for t in threading.enumerate() if "ExecutorManagerThread" in type(t).__name__]
