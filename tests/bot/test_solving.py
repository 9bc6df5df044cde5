"""The solver pool: real worker processes, answers equal to the engine's, and bounds that answer None."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from bot.solving import PooledSolver
from engine import solver
from engine.deal import deal
from engine.rules import find_rules


async def test_answers_are_the_engines() -> None:
    pool = PooledSolver()
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
        roomy = PooledSolver(executor=executor)
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
        patient = 0
        while (best := await pool.best_score(opening)) is None and patient < 500:
            patient += 1
            await asyncio.sleep(0.01)
        assert best is not None and best.score == 4
