"""End to end with the real Solver port (adapters.solver.PooledSolver over engine.golf.solver), on a thread
pool instead of worker processes to keep the test fast: the hint and the best score come from it."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from adapters.solver.pool import PooledSolver
from benchmarks.fake_bot_api import FakeUser


@pytest.fixture
def solver() -> Iterator[PooledSolver]:
    pool = ThreadPoolExecutor(max_workers=1)
    yield PooledSolver(executor=pool)
    pool.shutdown(cancel_futures=True)


async def test_hint_and_best_possible_score_come_from_the_solver(golf: Any, alice: FakeUser) -> None:
    board = await golf.command(alice, None, "/play strict 1 #24")
    await golf.press(alice, None, board.message_id, text="Hint")
    assert "💡 Hint: play " in golf.fake.message(alice.id, board.message_id).text

    await golf.press(alice, None, board.message_id, text="Concede hole")

    # Deal 24 under strict rules: 4 is the optimum (tests/data/pysolfc-golf-deals-1-1000.tsv).
    summary = golf.fake.message(alice.id, board.message_id)
    assert "Hole 1 over with 35 cards left: score 35. Best possible: 4." in summary.text
