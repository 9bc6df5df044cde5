"""The solver, off the event loop: worker processes that serve players first.

Two lanes, each a pool of worker processes of its own: single-deck Golf without Jokers (searches of
milliseconds) and the heavy variants (``+double``, ``+jokers``: searches of seconds to minutes). A player
asking hints on double-deck deals non-stop can therefore keep the heavy lane busy, never the other one.
By default the pool has one worker per core (``GOLFBOT_SOLVER_WORKERS`` sets another number): a quarter of
them, at least one, for the heavy lane, the others for the light one.

Every search is bounded (``max_states``) and every wait time-boxed: a hint waits at most ``hint_timeout``
seconds, a best score ``timeout``; then the answer is ``None`` ("not known"). Answers are remembered per
position, hints and best scores alike, and a question already being searched joins that search. A
search nobody waits for any more is dropped while it is still queued; once running, it runs to its bound
and its answer is remembered (asked again later, at the end of the hole say, it is there).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from typing import Any, Generic, TypeVar

from adapters import metrics
from adapters.workers import WorkerContext, start_worker, worker_context
from engine.patience import Answer, Position, SearchLimitError, find_patience, patience_of

T = TypeVar("T")
log = logging.getLogger(__name__)

MAX_STATES = 20_000_000
"""A bound on one search (about 3 s of the C kernel). The timeout stops the waiting, not the worker: without
this bound one slow double-deck deal could keep a worker busy for minutes."""
HINT_TIMEOUT = 2.0
"""Seconds a hint may take: a player pressed a key and waits for the board."""
WORKERS_VARIABLE = "GOLFBOT_SOLVER_WORKERS"


def default_workers() -> int:
    """``GOLFBOT_SOLVER_WORKERS`` if set (a whole number, at least 1), else one per core of this process.
    A value that is no such number is a WARNING line, and one worker per core it is; more than
    ``most_workers()`` is a WARNING line and that many (each worker is a process of some 30 MB, and more
    searches at once than cores only share the cores)."""
    cores = _cores()
    chosen = os.environ.get(WORKERS_VARIABLE, "").strip()
    if not chosen:
        return cores
    if not (chosen.isascii() and chosen.isdigit() and int(chosen) >= 1):
        log.warning(
            "%s=%r is not a whole number from 1: one solver worker per core", WORKERS_VARIABLE, chosen
        )
        return cores
    most = most_workers(cores)
    if int(chosen) > most:
        log.warning(
            "%s=%s is more than %d (four per core, or 8): %d solver workers",
            WORKERS_VARIABLE,
            chosen,
            most,
            most,
        )
        return most
    return int(chosen)


def most_workers(cores: int) -> int:
    """The most solver workers a process starts: four per core, and 8 on a small machine."""
    return max(8, 4 * cores)


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def is_heavy(hole: Position) -> bool:
    """Double-deck and Joker searches can take minutes, Black Hole's and All in a Row's seconds: they get
    a lane of their own."""
    return patience_of(hole).heavy


def solve(hole: Position, max_states: int) -> Answer:
    """The best score from ``hole``, whatever game it is of (in a worker)."""
    return patience_of(hole).solve(hole, max_states=max_states)


def hint(hole: Position, max_states: int) -> Any:
    """A best next move from ``hole`` (in a worker); None when the hole is over."""
    return solve(hole, max_states).first_move


def _course(rules: str, first: int, holes: int) -> tuple[int, ...]:
    return find_patience(rules).course(first, holes)


class _Lane:
    """A pool of worker processes (started on first use) and the searches it has queued."""

    def __init__(self, name: str, workers: int, executor: Executor | None, max_states: int) -> None:
        self.name = name
        """``light`` or ``heavy``: the metrics' lane."""
        self._workers = workers
        self._executor = executor
        self._owned = executor is None
        self._context: WorkerContext | None = None
        self.best = functools.partial(solve, max_states=max_states)
        self.hint = functools.partial(hint, max_states=max_states)

    def _pool(self) -> Executor:
        if self._executor is None:
            self._context = worker_context()
            self._executor = ProcessPoolExecutor(
                max_workers=self._workers,
                mp_context=self._context,
                initializer=start_worker,  # low priority, deaf to Ctrl-C, dies with the bot
                initargs=(os.getpid(),),
            )
        return self._executor

    def submit(self, fn: Callable[..., T], *args: object) -> Future[T] | None:
        """``None`` when the pool is broken (a worker was killed): it is replaced for the next question."""
        try:
            return self._pool().submit(fn, *args)
        except BrokenExecutor as error:
            log.warning("a solver pool broke (%s); starting a new one", error)
            if self._owned and self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
            return None

    def close(self) -> None:
        """Kill the lane's workers and wait for the pool's own thread to end: a search cannot be
        interrupted and nobody waits for its answer any more (the workers keep no state), and a pool
        thread still ending its broken pool as the interpreter exits can meet Python's own exit hook on
        a closed pipe (a traceback on stderr: "OSError: [Errno 9] Bad file descriptor")."""
        if self._executor is not None and self._owned:
            if self._context is not None:
                self._context.kill()
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


class _Answers(Generic[T]):
    """Answers of one kind (best scores, hints) per position: remembered, searched once, waited for with
    a time box; a queued search whose last waiter gave up is dropped."""

    def __init__(
        self,
        pool: PooledSolver,
        search: Callable[[_Lane], Callable[[Position], T]],
        size: int,
        *,
        drop_unwanted: bool,
        on_answer: Callable[[Position, T], None] | None = None,
    ) -> None:
        self._pool = pool
        self._search = search
        self._size = size
        self._drop_unwanted = drop_unwanted
        self._on_answer = on_answer
        self._known: OrderedDict[Position, T | None] = OrderedDict()
        self._searching: dict[Position, Future[T]] = {}
        self._waiting: Counter[Position] = Counter()

    async def ask(self, hole: Position, timeout: float) -> T | None:  # noqa: ASYNC109 (the time box)
        if hole in self._known:
            self._known.move_to_end(hole)
            return self._known[hole]
        future = self._searching.get(hole) or self._start(hole)
        if future is None:
            return None
        self._waiting[hole] += 1
        waiter = asyncio.wrap_future(future)
        try:
            return await asyncio.wait_for(asyncio.shield(waiter), timeout)
        except (TimeoutError, SearchLimitError):
            return None
        except BrokenExecutor:  # a worker was killed: the lane starts a new pool at its next question
            return None
        finally:
            if not waiter.done():  # given up on: however it ends, nobody reads it (and asyncio need not say)
                waiter.add_done_callback(_read)
            self._waiting[hole] -= 1
            if not self._waiting[hole]:
                del self._waiting[hole]
                if self._drop_unwanted:
                    future.cancel()  # only if still queued: a running search goes on, and is remembered

    def has(self, hole: Position) -> bool:
        """Is this position's answer known, or being searched?"""
        return hole in self._known or hole in self._searching

    def _start(self, hole: Position) -> Future[T] | None:
        if self._pool.pending >= self._pool.max_pending:
            return None
        lane = self._pool.lane(hole)
        future = lane.submit(self._search(lane), hole)
        if future is None:
            return None
        self._pool.pending += 1
        self._searching[hole] = future
        loop = asyncio.get_running_loop()
        started = time.perf_counter()

        def finished(done: Future[T]) -> None:  # in a worker's thread, or here when cancelled
            if not done.cancelled():
                metrics.solved(lane.name, time.perf_counter() - started)
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody left to tell
                loop.call_soon_threadsafe(self._finished, hole, done)

        future.add_done_callback(finished)
        return future

    def _finished(self, hole: Position, done: Future[T]) -> None:
        self._pool.pending -= 1
        if self._searching.get(hole) is done:
            del self._searching[hole]
        if done.cancelled():
            return
        error = done.exception()
        if error is not None and not isinstance(error, SearchLimitError):
            return  # a broken worker: let a later question try again
        self._known[hole] = None if error is not None else done.result()  # past the bound: not known
        if error is None and self._on_answer is not None:
            self._on_answer(hole, done.result())
        while len(self._known) > self._size:
            self._known.popitem(last=False)

    def forget_searches(self) -> None:
        for future in self._searching.values():
            future.cancel()
        self._searching.clear()


def _read(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


def _best(lane: _Lane) -> Callable[[Position], Answer]:
    return lane.best


def _hint(lane: _Lane) -> Callable[[Position], Any]:
    return lane.hint


class PooledSolver:
    """Answers ``best_score`` and ``hint`` in worker processes, in two lanes (see the module's doc).

    ``workers``: processes in all (default: ``default_workers()``); ``heavy_workers`` of them serve the
    double-deck and Joker lane (default: a quarter, at least one). ``executor``/``heavy_executor`` replace
    the process pools (tests use threads); ``executor`` alone serves both lanes. At most ``max_pending``
    searches are queued or running; past that the answer is ``None`` at once."""

    def __init__(
        self,
        *,
        workers: int | None = None,
        heavy_workers: int | None = None,
        timeout: float = 3.0,
        hint_timeout: float = HINT_TIMEOUT,
        max_pending: int = 1024,
        executor: Executor | None = None,
        heavy_executor: Executor | None = None,
        cache_size: int = 4096,
        max_states: int = MAX_STATES,
    ) -> None:
        total = default_workers() if workers is None else max(1, workers)
        heavy = max(1, total // 4) if heavy_workers is None else max(1, heavy_workers)
        self.workers = (max(1, total - heavy), heavy)
        """Worker processes of the light lane and of the heavy one."""
        self._light = _Lane("light", self.workers[0], executor, max_states)
        self._heavy = _Lane("heavy", self.workers[1], heavy_executor or executor, max_states)
        self._timeout = timeout
        self._hint_timeout = hint_timeout
        self.max_pending = max_pending
        self.pending = 0
        # A best score is wanted again at the end of the hole: its search stays queued. A hint is not.
        self._best: _Answers[Answer] = _Answers(
            self, _best, cache_size, drop_unwanted=False, on_answer=self._follow
        )
        self._hints: _Answers[Any] = _Answers(self, _hint, cache_size, drop_unwanted=True)
        self._along: OrderedDict[Position, Any] = OrderedDict()
        self._cache_size = cache_size

    def lane(self, hole: Position) -> _Lane:
        return self._heavy if is_heavy(hole) else self._light

    async def best_score(self, hole: Position) -> Answer | None:
        """The optimum (``proven``), or the best line found and a proven lower bound when the search was
        cut short; ``None`` when nothing came in time."""
        return await self._best.ask(hole, self._timeout)

    async def hint(self, hole: Position) -> Any:
        """A best next move: the first of the best line. Where the position's best score is known or
        being searched (a hole's opening is, from the moment the hole begins), that search's line
        answers: ``solver.hint`` is the same search, and a second one queued behind it in a busy lane
        (one worker serves the double-deck lane on two cores) would keep the player waiting twice as
        long."""
        if self._best.has(hole):
            solution = await self._best.ask(hole, self._hint_timeout)
            return None if solution is None else solution.first_move
        if hole in self._along:
            return self._along[hole]
        return await self._hints.ask(hole, self._hint_timeout)

    def _follow(self, hole: Position, solution: Answer) -> None:
        """A proven best line: its next move from every position along it is a best move there too (no
        line from there can beat the optimum of the position it came from), so a player taking hints on a
        hard deal gets the next one at once instead of a new search. Only in the heavy lane, where a
        search takes seconds: walking a line costs the event loop some 2 ms, and single-deck hints take
        milliseconds anyway."""
        if not solution.proven or not is_heavy(hole):
            return
        position, patience = hole, patience_of(hole)
        for move in solution.moves:
            if position.is_over or patience.move_text(move) == "q":
                break
            self._along[position] = move
            self._along.move_to_end(position)
            position = position.play(move)
        while len(self._along) > self._cache_size * 4:  # some 800 bytes a position
            self._along.popitem(last=False)

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        """A round's deal numbers, in a light-lane worker (a winnable-only course runs the solver); not
        time-boxed, since the round cannot start without them (a median of milliseconds)."""
        chosen = functools.partial(_course, rules, first, holes)
        future = self._light.submit(chosen) or self._light.submit(chosen)  # a broken pool is replaced
        if future is None:
            raise RuntimeError("the solver's worker processes cannot be started")
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        self._best.forget_searches()
        self._hints.forget_searches()
        self._light.close()
        self._heavy.close()
