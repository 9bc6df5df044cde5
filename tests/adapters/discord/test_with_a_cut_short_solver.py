"""The real Solver port bounded to a handful of positions (a search cut short): the end-of-hole message
says what is proven, the best line found and the bound no line can beat, never a bare "not known"."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from adapters.solver.pool import PooledSolver
from engine.golf.deal import deal
from engine.golf.solver import solve

TINY = 10


@pytest.fixture
def solver() -> Iterator[PooledSolver]:
    pool = ThreadPoolExecutor(max_workers=1)
    yield PooledSolver(executor=pool, max_states=TINY)
    pool.shutdown(cancel_futures=True)


async def test_a_cut_short_search_shows_the_best_found_and_the_proven_bound(
    simcord_env, channel, alice, play_out
):
    cut = solve(deal(1), max_states=TINY)
    assert not cut.proven and cut.lower_bound < 18 < cut.score
    play = await alice.slash(channel, "golf play", deal="1")
    await play_out(alice, play.response)

    # the player's own 18 is the best line found; no line can beat the solver's proven bound
    assert (
        f"Hole 1 over with 18 cards left: score 18. Best found 18; no line can beat {cut.lower_bound} "
        "(the search was cut short)." in play.response.content
    )
