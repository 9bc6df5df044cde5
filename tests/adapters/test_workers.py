"""The solver's worker processes (adapters/workers.py), real ones from the real pool: deaf to Ctrl-C
and SIGTERM,
at a lower priority, killed at once by ``stop_workers`` (a leaving bot does not wait for a search), and
gone when their parent is (the kill -9 of a whole ``golfbot play`` is in
tests/adapters/console/test_processes.py)."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from adapters.solver.pool import PooledSolver
from adapters.workers import WORKER_NICENESS, stop_workers
from engine.golf.deal import deal
from engine.golf.rules import find_rules

REPO = Path(__file__).resolve().parents[2]
PATIENCE = 30.0
"""Seconds a test waits at most for a worker to answer or to be gone: a ceiling for a busy machine."""


def _gone(pid: int) -> bool:
    """The process has ended: no longer in /proc, or a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:  # gone (ENOENT), or ending as we read (ESRCH)
        return True
    return not stat or stat.rsplit(")", 1)[1].split()[0] == "Z"


def _wait_until_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _gone(pid)


def workers() -> set[multiprocessing.process.BaseProcess]:
    """Live solver workers of this process (other tests' pools may have some too)."""
    return {p for p in multiprocessing.active_children() if type(p).__name__ == "_WorkerProcess"}


async def test_a_worker_ignores_ctrl_c_and_sigterm_and_runs_at_a_lower_priority() -> None:
    before = workers()
    pool = PooledSolver(timeout=PATIENCE)  # (the default 3 s is short to spawn a worker on a busy machine)
    try:
        answer = await pool.best_score(deal(24))
        assert answer is not None and answer.score == 4
        (worker,) = workers() - before
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGINT)  # what the terminal sends the whole process group
        os.kill(worker.pid, signal.SIGTERM)  # and systemd's stop (KillMode=control-group): the bot decides
        assert await pool.best_score(deal(25)) is not None  # still there, still answering
        assert worker.is_alive()
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, worker.pid) == min(19, ours + WORKER_NICENESS)
    finally:
        pool.close()
        stop_workers()


async def test_stop_workers_kills_a_busy_worker_at_once() -> None:
    before = workers()
    pool = PooledSolver(timeout=0)
    try:
        await pool.best_score(deal(1, find_rules("wrap+double")))  # seconds of search; nobody waits
        (worker,) = workers() - before
        assert worker.pid is not None
        assert stop_workers() >= 1
        # the pool's own thread may reap the worker before we do (then is_alive() cannot tell): ask the OS
        pid = worker.pid
        assert await asyncio.to_thread(_wait_until_gone, pid, PATIENCE)
        assert worker.exitcode in (None, -signal.SIGKILL)
    finally:
        pool.close()


WATCHED = """
import asyncio, os, sys
from adapters.solver.pool import PooledSolver
from engine.golf.deal import deal

async def main():
    pool = PooledSolver()
    await pool.best_score(deal(24))
    import multiprocessing
    print(*(p.pid for p in multiprocessing.active_children()), flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def test_workers_end_with_their_parent() -> None:
    """SIGKILL of the parent: the kernel (PR_SET_PDEATHSIG) or the watcher thread ends the worker."""
    parent = subprocess.Popen(
        [sys.executable, "-c", WATCHED],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        start_new_session=True,  # no terminal hang-up to help
    )
    try:
        assert parent.stdout is not None
        children = [int(pid) for pid in parent.stdout.readline().split()]
        assert children
        parent.kill()
        parent.wait(timeout=PATIENCE)
        deadline = time.monotonic() + PATIENCE
        while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in children if _alive(pid)]
    finally:
        parent.kill()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_broken_pool_still_ends_its_other_workers() -> None:
    """Deaf to SIGTERM, a worker is still ended when its pool breaks (the executor terminates the workers
    left: for ours that is SIGKILL), so nothing waits for it forever."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from adapters.workers import start_worker, worker_context

    before = workers()
    context = worker_context()
    pool = ProcessPoolExecutor(2, mp_context=context, initializer=start_worker, initargs=(os.getpid(),))
    try:
        for future in [pool.submit(os.getpid) for _ in range(8)]:
            future.result(timeout=30)
        mine = workers() - before
        assert len(mine) == 2
        victim, other = sorted(mine, key=lambda p: p.pid or 0)
        assert victim.pid is not None and other.pid is not None
        os.kill(victim.pid, signal.SIGKILL)
        with contextlib.suppress(BrokenProcessPool):  # the pool breaks now, or had broken already
            pool.submit(os.getpid).result(timeout=30)
        assert _wait_until_gone(other.pid, PATIENCE), "the other worker outlived its broken pool"
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        stop_workers()
