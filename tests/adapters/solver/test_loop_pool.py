"""The loop's own process pool (``adapters/solver/loop_pool.py``): real worker processes, spoken to over
pipes by the running event loop — answers and errors come back to whoever asked, a queued question can be
cancelled, a worker that dies breaks the pool (its question fails, the next ``submit`` says so), and a shut
down pool leaves no process behind and no question waiting."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from adapters.solver.loop_pool import LoopProcessPool
from adapters.solver.workers import worker_context


def square(x: int) -> int:
    return x * x


def fail(message: str) -> int:
    raise ValueError(message)


def nap(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def unpicklable() -> object:
    return lambda: None


async def test_answers_and_errors_go_back_to_who_asked() -> None:
    pool = LoopProcessPool(2, worker_context())
    try:
        futures = [pool.submit(square, n) for n in range(20)]
        assert [await asyncio.wrap_future(f) for f in futures] == [n * n for n in range(20)]
        with pytest.raises(ValueError, match="no such deal"):
            await asyncio.wrap_future(pool.submit(fail, "no such deal"))
        with pytest.raises(RuntimeError):  # an answer that cannot travel is an error, not a hang
            await asyncio.wrap_future(pool.submit(unpicklable))
        assert await asyncio.wrap_future(pool.submit(square, 7)) == 49  # the worker is still there
    finally:
        pool.shutdown()


async def test_a_queued_question_can_be_cancelled_a_running_one_cannot() -> None:
    pool = LoopProcessPool(1, worker_context())
    try:
        running = pool.submit(nap, 0.3)
        queued = pool.submit(square, 3)
        assert queued.cancel() and not running.cancel()
        after = pool.submit(square, 4)
        assert await asyncio.wrap_future(after) == 16
        assert running.done() and queued.cancelled()
    finally:
        pool.shutdown()


async def test_a_worker_that_dies_breaks_the_pool() -> None:
    pool = LoopProcessPool(1, worker_context())
    try:
        pid = await asyncio.wrap_future(pool.submit(nap, 0))
        asked = pool.submit(nap, 30)
        waiting = pool.submit(square, 2)
        await asyncio.sleep(0.2)
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            await asyncio.wait_for(asyncio.wrap_future(asked), 10)
        with pytest.raises(BrokenProcessPool):
            await asyncio.wrap_future(waiting)
        with pytest.raises(BrokenProcessPool):
            pool.submit(square, 3)
    finally:
        pool.shutdown()


async def test_shutting_down_leaves_no_worker_and_nothing_waiting() -> None:
    pool = LoopProcessPool(2, worker_context())
    pids = {await asyncio.wrap_future(pool.submit(nap, 0)) for _ in range(4)}
    busy = [pool.submit(nap, 30) for _ in range(2)]  # both workers
    queued = [pool.submit(square, n) for n in range(3)]
    await asyncio.sleep(0.1)
    began = time.monotonic()
    pool.shutdown(wait=True)
    assert time.monotonic() - began < 5  # the busy workers are not waited for
    assert all(f.cancelled() for f in queued)
    for future in busy:
        with pytest.raises(BrokenProcessPool):
            future.result(timeout=1)
    for pid in pids:
        with pytest.raises(ProcessLookupError):  # gone, and reaped
            os.kill(pid, 0)
    with pytest.raises(RuntimeError):
        pool.submit(square, 1)
