"""A process pool spoken to by the event loop itself: no thread in the bot's process.

``concurrent.futures.ProcessPoolExecutor`` moves every question and answer through two threads of its own
(a manager and a queue feeder). Each wakes, and takes the GIL, several times a question; measured with the
bench at 2,000 players (``golfbot bench core --think-ms 400``, a worker answering at once), those threads
held up the SQLite store's commit thread enough to take the presses' p99 from 16 ms to ~60 ms on a quiet
machine. Here each worker has one pipe to the bot (``multiprocessing.Pipe``), watched by the running loop
(``loop.add_reader``): a question is written when a worker is free, an answer read when it is there, and
the ``concurrent.futures.Future`` of a question is settled in the loop's thread.

Same contract as the executor it replaces, as the solver pool uses it: ``submit`` (from the loop's thread
only) returns a Future; a question still queued can be cancelled; a worker that dies fails its question
with ``BrokenProcessPool`` and breaks the pool (``submit`` then raises it: the lane starts a new one);
``shutdown(cancel_futures=True)`` cancels what is queued and stops the workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing.connection
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)

_Question = tuple[int, Callable[..., Any], tuple[Any, ...]]


def _serve(
    conn: multiprocessing.connection.Connection,
    initializer: Callable[..., object] | None,
    initargs: tuple[Any, ...],
) -> None:
    """A worker's life: answer questions until told to stop (None) or the pipe closes."""
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            question = conn.recv()
        except (EOFError, OSError):
            return
        if question is None:
            return
        number, fn, args = question
        try:
            answer: tuple[int, bool, Any] = (number, True, fn(*args))
        except BaseException as error:
            answer = (number, False, error)
        try:
            conn.send(answer)
        except (OSError, ValueError):
            return
        except Exception as error:  # an answer that does not pickle: say so instead
            conn.send((number, False, RuntimeError(f"{type(error).__name__}: {error}")))


class _Worker:
    def __init__(self, process: Any, conn: multiprocessing.connection.Connection) -> None:
        self.process = process
        self.conn = conn
        self.asked: tuple[int, Future[Any]] | None = None


class LoopProcessPool(Executor):
    """``max_workers`` worker processes of ``mp_context``, each set up by ``initializer(*initargs)``,
    started on the first question; to be used from one running event loop's thread."""

    def __init__(
        self,
        max_workers: int,
        mp_context: BaseContext,
        initializer: Callable[..., object] | None = None,
        initargs: tuple[Any, ...] = (),
    ) -> None:
        self._size = max(1, max_workers)
        self._context = mp_context
        self._initializer = initializer
        self._initargs = initargs
        self._loop: asyncio.AbstractEventLoop | None = None
        self._workers: list[_Worker] = []
        self._idle: deque[_Worker] = deque()
        self._queued: deque[tuple[_Question, Future[Any]]] = deque()
        self._numbers = itertools.count()
        self._broken: str | None = None
        self._shut = False

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        if kwargs:
            raise TypeError("LoopProcessPool.submit takes positional arguments only")
        if self._broken is not None:
            raise BrokenProcessPool(self._broken)
        if self._shut:
            raise RuntimeError("cannot submit to a pool that was shut down")
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            for _ in range(self._size):
                self._start_worker()
        future: Future[T] = Future()
        self._queued.append(((next(self._numbers), fn, args), future))
        self._dispatch()
        return future

    def _start_worker(self) -> None:
        assert self._loop is not None
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(theirs, self._initializer, self._initargs), daemon=True
        )
        process.start()
        theirs.close()
        worker = _Worker(process, ours)
        self._workers.append(worker)
        self._idle.append(worker)
        self._loop.add_reader(ours.fileno(), self._answered, worker)

    def _dispatch(self) -> None:
        while self._idle and self._queued:
            question, future = self._queued.popleft()
            if not future.set_running_or_notify_cancel():
                continue  # cancelled while queued
            worker = self._idle.popleft()
            try:
                worker.conn.send(question)
            except Exception as error:  # a dead worker's pipe, or a question that does not pickle
                self._idle.appendleft(worker)
                if isinstance(error, (OSError, ValueError)):
                    future.set_exception(BrokenProcessPool(f"a solver worker is gone: {error}"))
                    self._break(f"a solver worker is gone: {error}")
                    return
                future.set_exception(error)
                continue
            worker.asked = (question[0], future)

    def _answered(self, worker: _Worker) -> None:
        try:
            number, ok, value = worker.conn.recv()
        except (EOFError, OSError) as error:
            self._break(f"a solver worker stopped ({type(error).__name__})")
            return
        asked, worker.asked = worker.asked, None
        if asked is not None and asked[0] == number:
            future = asked[1]
            if not future.done():
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)
        self._idle.append(worker)
        self._dispatch()

    def _break(self, reason: str) -> None:
        """A worker died: its question fails, and so does every queued one; the pool takes no more."""
        if self._broken is not None:
            return
        self._broken = reason
        error = BrokenProcessPool(reason)
        for worker in self._workers:
            if worker.asked is not None and not worker.asked[1].done():
                worker.asked[1].set_exception(error)
            worker.asked = None
        while self._queued:
            _, future = self._queued.popleft()
            if future.set_running_or_notify_cancel():
                future.set_exception(error)
        self._stop_workers(kill=True)

    def _stop_workers(self, *, kill: bool) -> None:
        for worker in self._workers:
            if self._loop is not None and not self._loop.is_closed():
                with contextlib.suppress(Exception):
                    self._loop.remove_reader(worker.conn.fileno())
            if kill or worker.asked is not None:
                with contextlib.suppress(Exception):
                    worker.process.kill()
            else:
                with contextlib.suppress(Exception):
                    worker.conn.send(None)
            with contextlib.suppress(Exception):
                worker.conn.close()
        self._workers.clear()
        self._idle.clear()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the workers: idle ones are told to leave, busy ones are killed (a search cannot be
        interrupted and nobody waits for its answer). ``wait`` joins them."""
        self._shut = True
        while self._queued:  # nothing will answer them now (``cancel_futures`` or not)
            self._queued.popleft()[1].cancel()
        for worker in self._workers:
            if worker.asked is not None and not worker.asked[1].done():
                worker.asked[1].set_exception(BrokenProcessPool("the solver pool was shut down"))
        processes = [worker.process for worker in self._workers]
        self._stop_workers(kill=False)
        if wait:
            for process in processes:
                process.join(timeout=5)
