"""The Clubhouse runs unchanged on the in-memory store: the combined Storage port is all it needs."""

from __future__ import annotations

import random

import pytest

from adapters.memory import MemoryStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.errors import RoundInProgressError
from bot.models import Place, Player, RoundStatus
from engine.golf import solver
from engine.golf.course import course
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.golf.rules import find_rules

ALICE = Player("test", "1", "Alice")
HERE = Place("test", "here", "Here")


class InlineSolver:
    """The real engine solver, answered on the spot."""

    async def best_score(self, hole: Hole) -> solver.Solution | None:
        return solver.solve(hole)

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return course(first, holes, find_rules(rules))

    async def hint(self, hole: Hole) -> Move | None:
        return solver.hint(hole)


async def test_a_round_on_the_memory_store():
    storage = MemoryStorage()
    club = Clubhouse(storage, InlineSolver(), ManualClock(), rng=random.Random(3))
    try:
        board = await club.start_round(ALICE, HERE, holes=1, deal_code="24")
        with pytest.raises(RoundInProgressError):
            await club.start_round(ALICE, HERE)
        assert await club.resume(ALICE, HERE) == board
        while board.board is not None and board.kind.value == "board":
            keys = [b.key for b in board.all_buttons if b.enabled and (b.key.isdigit() or b.key == "d")]
            board = await club.press(ALICE, next(b.id for b in board.all_buttons if b.key == keys[0]))
        state = await storage.load_round(board.session)
        assert state is not None and state.status is RoundStatus.FINISHED
        assert (await club.stats(ALICE, HERE)).holes_played == 1
        assert await storage.player(ALICE.key) == ALICE
    finally:
        await club.close()
