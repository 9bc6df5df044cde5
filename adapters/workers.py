"""The life of a worker process of the bot (the solver's searches, the board pictures): started by
``worker_context()``, set up by ``start_worker`` (its pool's initializer). Shared by the adapters that run
work off the event loop in processes (``adapters/solver/``, ``adapters/pictures/``).

A worker runs at a lower priority than the bot, ignores Ctrl-C and SIGTERM (the terminal sends SIGINT, and
a service manager such as systemd SIGTERM, to the whole process group: the bot decides how to stop, and
stops its pool; the worker is started with both blocked, as multiprocessing starts its resource tracker,
so that one during its start-up is not a traceback either; terminating a worker kills it), and never
outlives the bot:
on Linux the kernel kills it when its parent dies (``PR_SET_PDEATHSIG``), and everywhere a watcher thread
sees its parent gone (re-parented: ``os.getppid()`` changed) and exits. With the workers gone,
multiprocessing's resource tracker, whose pipe they held open, sees the end of it and exits too.
"""

from __future__ import annotations

import contextlib
import multiprocessing.context
import os
import signal
import sys
import threading
import time
import weakref
from typing import Any

WORKER_NICENESS = 10
"""Solver workers run at a lower priority than the bot: a best score is a nicety, a player's move is not."""
WATCH_SECONDS = 0.5
"""How often a worker looks whether its parent is still there."""
_PR_SET_PDEATHSIG = 1
_DEAF_TO = {signal.SIGINT, signal.SIGTERM}
"""What a worker ignores: the signals a terminal (Ctrl-C) and a service manager (systemd's stop, sent to the
whole process group) send every process of the bot. The bot decides how to stop and kills its workers
itself (``stop_workers``); a worker dying under it meanwhile would look like a broken pool, and a new one
would be started on the way out."""


class _WorkerProcess(multiprocessing.context.SpawnProcess):
    def terminate(self) -> None:
        """Deaf to SIGTERM (see _DEAF_TO), a worker is terminated by SIGKILL: what the executor does to the
        workers left when its pool breaks, which would otherwise wait for them forever. It keeps no state."""
        self.kill()

    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _DEAF_TO)  # the child inherits the mask
        try:
            return multiprocessing.context.SpawnProcess._Popen(process_obj)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


class WorkerContext(multiprocessing.context.SpawnContext):
    """The ``mp_context`` of one solver pool: spawn (a fresh interpreter, no copy of the bot's threads),
    with SIGINT and SIGTERM blocked in the new process until ``start_worker`` ignores them. It knows the
    workers it started, so that its pool can kill them (``kill``)."""

    def __init__(self) -> None:
        super().__init__()
        self._started: weakref.WeakSet[_WorkerProcess] = weakref.WeakSet()

    def Process(self, *args: Any, **kwargs: Any) -> _WorkerProcess:  # type: ignore[override]
        worker = _WorkerProcess(*args, **kwargs)
        self._started.add(worker)
        return worker

    def kill(self) -> int:
        """Kill the workers this context started that are still alive; returns how many."""
        killed = 0
        for worker in list(self._started):
            if worker.is_alive():
                worker.kill()
                killed += 1
        return killed


def worker_context() -> WorkerContext:
    """A new ``mp_context`` for a solver pool (see ``WorkerContext``)."""
    return WorkerContext()


def stop_workers() -> int:
    """Kill this process's solver workers at once; returns how many. For a bot that is leaving: a search
    cannot be interrupted, nobody waits for its answer any more, and the pool's shutdown (at exit too)
    would wait for it to end, seconds later. Nothing is lost: the workers keep no state."""
    stopped = 0
    for child in multiprocessing.active_children():
        if isinstance(child, _WorkerProcess) and child.is_alive():
            child.kill()
            stopped += 1
    return stopped


def start_worker(parent: int) -> None:
    """Initializer of a solver worker; ``parent`` is the bot's process id (``os.getpid()`` there)."""
    for deaf in _DEAF_TO:  # one pending since the start is dropped here
        signal.signal(deaf, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _DEAF_TO)
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    _die_with(parent)


def _die_with(parent: int) -> None:
    if sys.platform.startswith("linux"):
        _kernel_kills_us_with_parent()
    threading.Thread(target=_watch, args=(parent,), name="parent-watcher", daemon=True).start()
    if os.getppid() != parent:  # it died before we were set up
        os._exit(1)


def _kernel_kills_us_with_parent() -> None:
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)  # the parent is gone: nobody waits for our answers
