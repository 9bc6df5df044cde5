"""The solver pool: real worker processes, answers equal to the engine's, and bounds that answer None."""

import asyncio
import gc
import logging
import multiprocessing
import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

from adapters.solver.pool import PooledSolver
from engine.golf import solver
from engine.golf.deal import deal
from engine.golf.moves import CONCEDE
from engine.golf.rules import find_rules

PATIENCE = 30.0
"""Seconds a test gives a search it expects an answer from (the pool's default time box is 3 s: short for
spawning worker processes, or for a double-deck search, on a busy machine)."""


async def test_answers_are_the_engines() -> None:
    pool = PooledSolver(timeout=PATIENCE)
    try:
        opening = deal(24, find_rules("strict"))
        answer = await pool.best_score(opening)
        assert answer == solver.solve(opening) and answer is not None
        assert answer.proven and answer.score == 4
        assert await pool.hint(opening) == solver.hint(opening)
    finally:
        pool.close()


async def test_a_search_past_its_bound_answers_with_what_is_proven_and_frees_the_worker() -> None:
    with ThreadPoolExecutor(max_workers=1) as executor:
        pool = PooledSolver(executor=executor, max_states=10)
        opening = deal(1, find_rules("strict"))
        cut = await pool.best_score(opening)
        assert cut is not None and not cut.proven
        assert cut.lower_bound <= 6 < cut.score  # the published optimum of deal 1 lies between
        move = await pool.hint(opening)  # the first move of the best line found
        assert move is not None and opening.is_legal(move)
        roomy = PooledSolver(executor=executor, timeout=PATIENCE)
        best = await roomy.best_score(opening)
        assert best is not None and best.proven and best.score == 6


async def test_a_winnable_only_course_is_chosen_in_the_pool() -> None:
    with ThreadPoolExecutor(max_workers=1) as executor:
        pool = PooledSolver(executor=executor)
        assert await pool.course(1, 3, "strict+winnable-only") == (2, 5, 12)


async def test_a_search_goes_on_after_its_caller_stops_waiting_and_is_remembered() -> None:
    with ThreadPoolExecutor(max_workers=1) as executor:
        pool = PooledSolver(executor=executor, timeout=0)
        opening = deal(24, find_rules("strict"))
        assert await pool.best_score(opening) is None  # nobody waits, but the search has started
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PATIENCE
        while (best := await pool.best_score(opening)) is None:
            assert loop.time() < deadline, f"no answer remembered after {PATIENCE} s"
            await asyncio.sleep(0.01)
        assert best is not None and best.score == 4


def test_one_worker_per_core_by_default_or_as_configured(monkeypatch, caplog) -> None:
    import os

    from adapters.solver.pool import WORKERS_VARIABLE, default_workers

    monkeypatch.delenv(WORKERS_VARIABLE, raising=False)
    cores = len(os.sched_getaffinity(0))
    assert default_workers() == cores
    assert sum(PooledSolver().workers) == max(cores, 2)  # a light lane and a heavy lane, one at least each
    monkeypatch.setenv(WORKERS_VARIABLE, "8")
    assert PooledSolver().workers == (6, 2)
    monkeypatch.setenv(WORKERS_VARIABLE, "lots")
    assert default_workers() == cores
    assert "GOLFBOT_SOLVER_WORKERS='lots' is not a whole number" in caplog.text
    monkeypatch.setenv(WORKERS_VARIABLE, "500")  # 500 processes of some 30 MB each: a typo, or a wish
    most = max(8, 4 * cores)
    assert default_workers() == most
    assert f"GOLFBOT_SOLVER_WORKERS=500 is more than {most} (four per core, or 8): {most} solver workers" in (
        caplog.text
    )


async def test_double_deck_and_joker_searches_cannot_occupy_the_single_deck_lane() -> None:
    gate = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as light, ThreadPoolExecutor(max_workers=1) as heavy:
        pool = PooledSolver(executor=light, heavy_executor=heavy, hint_timeout=0.2)
        heavy.submit(gate.wait)  # the heavy lane's one worker is busy (a long double-deck search)
        try:
            double = deal(1, find_rules("strict+double"))
            jokers = deal(1, find_rules("wrap+jokers=2"))
            assert await pool.hint(double) is None  # time-boxed: not known in 0.2 s
            assert await pool.best_score(jokers) is None
            single = deal(24, find_rules("strict"))
            assert await pool.hint(single) == solver.hint(single)  # its own lane answers at once
            assert (await pool.best_score(single)) == solver.solve(single)
        finally:
            gate.set()
        assert pool.pending <= 1  # the hint nobody waited for was dropped from the queue


async def test_hints_are_remembered_per_position() -> None:
    gate = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as executor:
        pool = PooledSolver(executor=executor, hint_timeout=5)
        opening = deal(24, find_rules("strict"))
        first = await pool.hint(opening)
        executor.submit(gate.wait)  # from now on the worker is busy
        try:
            assert await asyncio.wait_for(pool.hint(opening), 0.5) == first  # remembered: no search
        finally:
            gate.set()


async def test_a_hint_joins_the_search_for_its_positions_best_score() -> None:
    """A hole's opening is searched for its best score as the hole begins: a hint asked meanwhile is
    answered by that search's line, not by a second search queued behind it."""
    gate = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as executor:
        pool = PooledSolver(executor=executor, timeout=0, hint_timeout=5)
        opening = deal(24, find_rules("strict"))
        executor.submit(gate.wait)  # the worker is busy
        try:
            assert await pool.best_score(opening) is None  # queued behind it
            assert pool.pending == 1
            hint = asyncio.ensure_future(pool.hint(opening))
            await asyncio.sleep(0.05)
            assert pool.pending == 1  # no second search
        finally:
            gate.set()
        assert await hint == solver.hint(opening)
        later = deal(24, find_rules("strict")).play(solver.hint(opening))  # not searched yet: its own
        assert await pool.hint(later) == solver.hint(later)


async def test_hints_along_a_proven_best_line_need_no_search() -> None:
    """Once a position's optimum is proven, every position along its line has its best next move: a
    player taking hints move after move is answered at once, with the worker busy."""
    gate = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as executor:
        pool = PooledSolver(executor=executor, timeout=PATIENCE, hint_timeout=0.3)
        opening = deal(8, find_rules("strict+double"))
        best = await pool.best_score(opening)
        assert best is not None and best.proven
        executor.submit(gate.wait)  # from now on the worker is busy
        try:
            position, score = opening, best.score
            while not position.is_over:
                move = await asyncio.wait_for(pool.hint(position), 0.5)
                assert move is not None and position.is_legal(move)
                position = position.play(move)
            assert position.score == score  # the hints alone reach the optimum
            aside = opening.play(next(m for m in opening.legal_moves() if m not in (best.moves[0], CONCEDE)))
            assert await pool.hint(aside) is None  # off the line: a search of its own, queued
        finally:
            gate.set()


async def test_a_killed_worker_costs_an_answer_or_two_then_a_new_pool_answers() -> None:
    pool = PooledSolver(workers=2, timeout=PATIENCE)
    try:
        assert (await pool.best_score(deal(24, find_rules("strict")))) == solver.solve(
            deal(24, find_rules("strict"))
        )
        for child in multiprocessing.active_children():  # the OS kills the workers (out of memory, say)
            os.kill(child.pid, signal.SIGKILL)
        answers = []
        for number in range(25, 31):
            opening = deal(number, find_rules("strict"))
            answers.append((await pool.best_score(opening), solver.solve(opening)))
        assert all(got in (None, best) for got, best in answers)  # "not known", never an error
        assert answers[-1][0] == answers[-1][1]  # a new pool answers
    finally:
        pool.close()


async def test_a_search_given_up_on_then_shut_down_leaves_no_complaint(caplog) -> None:
    """The bot leaving while a search nobody waits for any more still runs: no "exception was never
    retrieved" from asyncio at the end."""
    pool = PooledSolver(workers=1, timeout=0.05)
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        assert await pool.best_score(deal(1, find_rules("wrap+double"))) is None  # seconds of work
        pool.close()
        await asyncio.sleep(0.2)
        gc.collect()
        await asyncio.sleep(0)
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]


async def test_closing_mid_search_ends_the_workers_and_the_pools_threads() -> None:
    """A bot that leaves while a search runs: ``close`` kills the worker and waits for the pool's own
    thread, so that nothing is left for Python's exit hook to wake on a pipe being closed (seen in CI: a
    chat bot stopped during the network retries printed "OSError: [Errno 9] Bad file descriptor")."""
    before = set(threading.enumerate())
    pool = PooledSolver(workers=1, timeout=0.05)
    assert await pool.best_score(deal(1, find_rules("wrap+double"))) is None  # seconds of search
    started = [p for p in multiprocessing.active_children() if type(p).__name__ == "_WorkerProcess"]
    assert started
    pool.close()
    assert not [p for p in started if p.is_alive()]
    assert not [t for t in set(threading.enumerate()) - before if t.is_alive() and not t.daemon]
