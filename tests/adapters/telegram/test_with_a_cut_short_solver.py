"""The real Solver port bounded to a handful of positions (a search cut short): the summary says what is
proven, the best line found and the bound no line can beat, never a bare "not known"."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from adapters.solver.pool import PooledSolver
from benchmarks.fake_bot_api import FakeUser
from engine.golf.deal import deal
from engine.golf.solver import solve

TINY = 10


@pytest.fixture
def solver() -> Iterator[PooledSolver]:
    pool = ThreadPoolExecutor(max_workers=1)
    yield PooledSolver(executor=pool, max_states=TINY)
    pool.shutdown(cancel_futures=True)


async def test_a_cut_short_search_shows_the_best_found_and_the_proven_bound(
    golf: Any, alice: FakeUser
) -> None:
    cut = solve(deal(24), max_states=TINY)
    assert not cut.proven and cut.lower_bound < cut.score < 35
    board = await golf.command(alice, None, "/play strict 1 #24")
    await golf.press(alice, None, board.message_id, text="Concede hole")

    summary = golf.fake.message(alice.id, board.message_id)
    expected = f"Best found {cut.score}; no line can beat {cut.lower_bound} (the search was cut short)."
    assert f"Hole 1 over with 35 cards left: score 35. {expected}" in summary.text
