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
from engine.hole import Hole
from engine.moves import Move

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
    """Answers ``best_score`` and ``hint`` in worker processes. Answers ``None`` when the pool is full, the
    answer takes longer than ``timeout`` seconds, or the search passes ``max_states`` positions, so a slow
    deal never holds a player, or the pool, up for long.
    Best scores of opening positions are remembered (deals repeat: daily challenges, shared deal codes)."""

    def __init__(
        self,
        *,
        workers: int = 1,
        timeout: float = 3.0,
        max_pending: int = 64,
        executor: Executor | None = None,
        cache_size: int = 4096,
        max_states: int = MAX_STATES,
    ) -> None:
        self._executor = executor
        self._workers = workers
        self._timeout = timeout
        self._slots = asyncio.Semaphore(max_pending)
        self._max_pending = max_pending
        self._cache: dict[Hole, int] = {}
        self._cache_size = cache_size
        self._best = functools.partial(solver.best_score, max_states=max_states)
        self._hint = functools.partial(solver.hint, max_states=max_states)

    def _pool(self) -> Executor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(
                max_workers=self._workers, mp_context=context, initializer=_lower_priority
            )
        return self._executor

    async def _ask(self, fn: Callable[[Hole], T], hole: Hole) -> T | None:
        if self._slots.locked():
            return None
        async with self._slots:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._pool(), fn, hole)
            try:
                return await asyncio.wait_for(future, self._timeout)
            except (TimeoutError, solver.SearchLimitError):
                return None

    async def best_score(self, hole: Hole) -> int | None:
        if hole in self._cache:
            return self._cache[hole]
        score = await self._ask(self._best, hole)
        if score is not None:
            if len(self._cache) >= self._cache_size:
                self._cache.pop(next(iter(self._cache)))
            self._cache[hole] = score
        return score

    async def hint(self, hole: Hole) -> Move | None:
        return await self._ask(self._hint, hole)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
