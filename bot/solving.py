"""The solver, off the event loop: a bounded pool of worker processes with a timeout per question."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TypeVar

from engine import solver
from engine.course import course
from engine.hole import Hole
from engine.moves import Move
from engine.rules import find_rules

T = TypeVar("T")

MAX_STATES = 20_000_000
"""A bound on one search (about 3 s of the C kernel). The timeout stops the waiting, not the worker: without
this bound one slow double-deck deal could keep the pool's worker busy for minutes."""
WORKER_NICENESS = 10
"""Solver workers run at a lower priority than the bot: a best score is a nicety, a player's move is not."""


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


class PooledSolver:
    """Answers ``best_score`` and ``hint`` in worker processes.

    A best score is a ``Solution``: proven, or (past ``max_states``) the best line found and a proven
    lower bound. A caller waits at most ``timeout`` seconds and then gets ``None`` ("not known"), but a
    search that has started runs on and its best score is remembered, so asking again later (at the end
    of the hole, say) finds it. Searches are bounded by ``max_states`` positions, and at most
    ``max_pending`` wait for a worker; past that the answer is ``None`` at once. Best scores are
    remembered per position (deals repeat: daily challenges, shared deal codes)."""

    def __init__(
        self,
        *,
        workers: int = 1,
        timeout: float = 3.0,
        max_pending: int = 1024,
        executor: Executor | None = None,
        cache_size: int = 4096,
        max_states: int = MAX_STATES,
    ) -> None:
        self._executor = executor
        self._workers = workers
        self._timeout = timeout
        self._max_pending = max_pending
        self._pending = 0
        self._cache: dict[Hole, solver.Solution | None] = {}
        self._searching: dict[Hole, asyncio.Future[solver.Solution]] = {}
        self._cache_size = cache_size
        self._best = functools.partial(solver.solve, max_states=max_states)
        self._hint = functools.partial(solver.hint, max_states=max_states)

    def _pool(self) -> Executor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(
                max_workers=self._workers, mp_context=context, initializer=_lower_priority
            )
        return self._executor

    def _submit(self, fn: Callable[[Hole], T], hole: Hole) -> asyncio.Future[T] | None:
        if self._pending >= self._max_pending:
            return None
        self._pending += 1
        future = asyncio.get_running_loop().run_in_executor(self._pool(), fn, hole)
        future.add_done_callback(self._finished)
        return future

    def _finished(self, future: asyncio.Future[T]) -> None:
        self._pending -= 1
        if not future.cancelled():
            future.exception()  # retrieved here; whoever still waits sees it too

    async def _wait(self, future: asyncio.Future[T] | None) -> T | None:
        if future is None:
            return None
        try:
            return await asyncio.wait_for(asyncio.shield(future), self._timeout)
        except (TimeoutError, solver.SearchLimitError):
            return None

    async def best_score(self, hole: Hole) -> solver.Solution | None:
        if hole in self._cache:
            return self._cache[hole]
        future = self._searching.get(hole)
        if future is None:
            future = self._submit(self._best, hole)
            if future is not None:
                self._searching[hole] = future
                future.add_done_callback(lambda done: self._remember(hole, done))
        return await self._wait(future)

    def _remember(self, hole: Hole, done: asyncio.Future[solver.Solution]) -> None:
        self._searching.pop(hole, None)
        if done.cancelled():
            return
        error = done.exception()
        if error is not None and not isinstance(error, solver.SearchLimitError):
            return  # a broken worker: let a later question try again
        if len(self._cache) >= self._cache_size:
            self._cache.pop(next(iter(self._cache)))
        self._cache[hole] = None if error is not None else done.result()  # past the bound: not known

    async def hint(self, hole: Hole) -> Move | None:
        return await self._wait(self._submit(self._hint, hole))

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        """A round's deal numbers, in a worker (a winnable-only course runs the solver); not bounded by
        the timeout, since the round cannot start without them (median tens of milliseconds)."""
        chosen = functools.partial(course, first, holes, find_rules(rules))
        return await asyncio.get_running_loop().run_in_executor(self._pool(), chosen)

    def close(self) -> None:
        for future in self._searching.values():
            future.cancel()
        self._searching.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
