"""A best score that is not in when its hole ends: the hole ends at once (its last press does not wait for
the solver), and the best score joins the scorecard when it comes — with the round's next press, or at
once, on the system's behalf, when the round is over. On the real SQLite store, with a solver of the
test's own whose answers arrive when the test says."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import closing
from pathlib import Path

import pytest

from adapters.sqlite import SqliteStorage
from bot import texts
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.models import RoundStatus
from engine.golf.course import course
from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.golf.rules import find_rules
from engine.golf.solver import Solution


class SlowSolver:
    """Best scores held back until ``release()``; ``proven`` False answers "cut short"."""

    def __init__(self, best: dict[int, int]) -> None:
        self.best = best
        self.released = asyncio.Event()
        self.proven = True
        self.asked: list[Hole] = []
        self.answered = 0

    def release(self) -> None:
        self.released.set()

    async def best_score(self, hole: Hole) -> Solution | None:
        self.asked.append(hole)
        await self.released.wait()
        self.answered += 1
        number = next(n for n in self.best if deal(n) == hole)
        score = self.best[number]
        return Solution(score, (), 1, score if self.proven else score - 3)

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return course(first, holes, find_rules(rules))

    async def hint(self, hole: Hole) -> Move | None:
        return None


@pytest.fixture
def slow() -> SlowSolver:
    return SlowSolver({24: 3, 25: 4})


@pytest.fixture
async def club(storage: SqliteStorage, slow: SlowSolver, clock: ManualClock) -> AsyncIterator[Clubhouse]:
    clubhouse = Clubhouse(storage, slow, clock, rng=random.Random(7))
    yield clubhouse
    await clubhouse.close()


def hole_bests(db_path: Path, round_id: str) -> list[int | None]:
    with closing(sqlite3.connect(db_path)) as conn:
        rows = conn.execute("SELECT best FROM holes WHERE round_id = ? ORDER BY idx", (round_id,))
        return [row[0] for row in rows]


async def until(holds: Callable[[], Awaitable[bool]], seconds: float = 30.0) -> None:
    """Wait for the background work (its writes go through the store's thread) until ``holds()``; the
    seconds are a ceiling for a busy machine."""
    for _ in range(int(seconds / 0.01)):
        if await holds():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the background work did not get there")


async def answered(slow: SlowSolver) -> None:
    """Wait until the held-back answers went out, then a moment more for whatever they set off."""

    async def out() -> bool:
        return slow.answered > 0

    await until(out)
    await asyncio.sleep(0.2)


async def test_a_hole_ends_at_once_and_its_late_best_joins_the_next_press(
    club, slow, storage, db_path, click, alice, here
):
    screen = await club.start_round(alice, here, holes=2, deal_code="24")
    over = await click(club, alice, screen, "q")
    assert over.notes[0].startswith("Hole 1 over with 35 cards left: score 35. The best possible score")
    assert texts.BEST_LATER in over.notes
    state = await storage.load_round(screen.session)
    assert state is not None and state.best == (None,) and state.status is RoundStatus.HOLE_OVER

    slow.release()

    async def recorded() -> bool:
        return hole_bests(db_path, screen.session) == [3]

    await until(recorded)  # the hole's record has it at once
    stored = await storage.load_round(screen.session)
    assert stored == state  # the round is not changed behind the player's back: the buttons on show stay good
    shown = await club.resume(alice, here)  # and the board shown again has it, the same buttons
    assert shown.notes[0].endswith("Best possible: 3.") and shown.version == over.version
    second = await click(club, alice, over, "n")
    state = await storage.load_round(screen.session)
    assert state is not None and state.best == (3,)
    assert second.title == "⛳ Hole 2 of 2"


async def test_the_late_best_of_a_finished_round_is_written_at_once(
    club, slow, storage, db_path, click, alice, here
):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    over = await click(club, alice, screen, "q")
    assert over.title.startswith("🏁 Round over") and texts.BEST_LATER in over.notes
    finished = await storage.load_round(screen.session)
    assert finished is not None and finished.best == (None,)

    slow.release()

    async def amended() -> bool:
        state = await storage.load_round(screen.session)
        return state is not None and state.best == (3,)

    await until(amended)
    state = await storage.load_round(screen.session)
    assert state is not None and state.version == finished.version + 1
    assert state.status is RoundStatus.FINISHED and state.scores == finished.scores
    assert hole_bests(db_path, screen.session) == [3]
    again = await club.sessions.view(screen.session, alice.key)
    assert "Best possible round on these deals: 3." in again.blocks
    assert again.notes[0].endswith("Best possible: 3.")


async def test_a_late_answer_cut_short_leaves_the_scorecard_as_it_was(
    club, slow, storage, click, alice, here
):
    slow.proven = False
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    await click(club, alice, screen, "q")
    finished = await storage.load_round(screen.session)
    slow.release()
    await answered(slow)
    assert await storage.load_round(screen.session) == finished


async def test_a_best_score_in_time_is_on_the_screen_that_ends_the_hole(
    club, slow, storage, click, alice, here
):
    slow.release()
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    over = await click(club, alice, screen, "q")
    assert over.notes[0] == "Hole 1 over with 35 cards left: score 35. Best possible: 3."
    assert texts.BEST_LATER not in over.notes
    state = await storage.load_round(screen.session)
    assert state is not None and state.best == (3,)
    assert slow.asked == [deal(24)]  # asked once, when the hole began


async def test_closing_stops_the_waiting(storage, slow, clock, click, alice, here):
    club = Clubhouse(storage, slow, clock, rng=random.Random(7))
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    await click(club, alice, screen, "q")
    await club.close()
    slow.release()
    await asyncio.sleep(0.2)
    state = await storage.load_round(screen.session)
    assert state is not None and state.best == (None,)


@pytest.fixture
async def other_process(db_path: Path, clock: ManualClock) -> AsyncIterator[tuple[Clubhouse, SlowSolver]]:
    """A second bot process on the same database file, whose own solver answers at once."""
    store = await SqliteStorage.open(db_path)
    solver = SlowSolver({24: 3, 25: 4})
    solver.release()
    clubhouse = Clubhouse(store, solver, clock, rng=random.Random(8))
    yield clubhouse, solver
    await clubhouse.close()
    await store.close()


async def test_a_late_best_worked_out_in_one_process_joins_the_scorecard_in_another(
    club, slow, storage, db_path, click, alice, here, other_process
):
    """The round's next presses land on another process (several bot processes on one database): the best
    score recorded with the hole by the first joins the scorecard when the next hole ends there."""
    elsewhere, _ = other_process
    screen = await club.start_round(alice, here, holes=2, deal_code="24")
    over = await click(club, alice, screen, "q")
    assert texts.BEST_LATER in over.notes
    slow.release()

    async def recorded() -> bool:
        return hole_bests(db_path, screen.session) == [3]

    await until(recorded)
    second = await click(elsewhere, alice, over, "n")
    last = await click(elsewhere, alice, second, "q")
    assert last.title.startswith("🏁 Round over")
    state = await storage.load_round(screen.session)
    assert state is not None and state.best == (3, 4) and state.status is RoundStatus.FINISHED


async def test_a_late_best_for_a_round_another_process_finished_is_written_into_it(
    club, slow, storage, db_path, click, alice, here, other_process
):
    elsewhere, _ = other_process
    screen = await club.start_round(alice, here, holes=2, deal_code="24")
    over = await click(club, alice, screen, "q")  # the best of hole 1 is still on its way here
    second = await click(elsewhere, alice, over, "n")
    finished = await click(elsewhere, alice, second, "q")  # the round ends in the other process
    assert finished.title.startswith("🏁 Round over")
    before = await storage.load_round(screen.session)
    assert before is not None and before.best == (None, 4)

    slow.release()  # this process's cache still has the round at hole 1

    async def amended() -> bool:
        state = await storage.load_round(screen.session)
        return state is not None and state.best == (3, 4)

    await until(amended)
    state = await storage.load_round(screen.session)
    assert state is not None and state.version == before.version + 1
    assert state.status is RoundStatus.FINISHED and hole_bests(db_path, screen.session) == [3, 4]
