"""End to end with the real Solver port (adapters.solver.PooledSolver and engine.golf.solver), on a thread
pool instead of worker processes to keep the test fast: the hint and the best score on the board come from
it."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from adapters.solver.pool import PooledSolver


@pytest.fixture
def solver() -> Iterator[PooledSolver]:
    pool = ThreadPoolExecutor(max_workers=1)
    yield PooledSolver(executor=pool)
    pool.shutdown(cancel_futures=True)


async def test_hint_and_best_possible_score_come_from_the_solver(simcord_env, channel, alice, play_out):
    play = await alice.slash(channel, "golf play", deal="1")

    await alice.click(play.response, label="Hint")
    assert "💡 Hint: turn the stock." in play.response.content  # nothing on the 10♥ can be played
    await play_out(alice, play.response)

    # Deal 1 under strict rules: 6 is the optimum (tests/data/pysolfc-golf-deals-1-1000.tsv).
    assert "Hole 1 over with 18 cards left: score 18. Best possible: 6." in play.response.content
