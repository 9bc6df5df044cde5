"""Fixtures for the core's tests: the real SqliteStorage on a temp file, a clock the test moves, and a
small fake of our own Solver port (the real PooledSolver has its own integration test).

Tests run with ``--import-mode=importlib``, so helpers reach test modules as fixtures, not imports.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.models import Place, Player
from bot.screens import Screen
from engine.golf.course import course
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.golf.rules import find_rules
from engine.golf.solver import Solution


class FakeSolver:
    """The Solver port answered from a table: ``best`` for every best score (None = "not known in time"),
    and the first legal move as the hint. Records what it was asked."""

    def __init__(self, best: int | None = 2) -> None:
        self.best = best
        self.asked: list[Hole] = []
        self.hints: list[Hole] = []

    async def best_score(self, hole: Hole) -> Solution | None:
        self.asked.append(hole)
        return None if self.best is None else Solution(self.best, (), 1, self.best)

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return course(first, holes, find_rules(rules))

    async def hint(self, hole: Hole) -> Move | None:
        self.hints.append(hole)
        moves = hole.legal_moves()
        return moves[0] if moves else None


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "golf.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[SqliteStorage]:
    store = await SqliteStorage.open(db_path)
    yield store
    await store.close()


@pytest.fixture
def solver() -> FakeSolver:
    return FakeSolver()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def club(storage: SqliteStorage, solver: FakeSolver, clock: ManualClock) -> AsyncIterator[Clubhouse]:
    clubhouse = Clubhouse(storage, solver, clock, rng=random.Random(7))
    yield clubhouse
    await clubhouse.close()


@pytest.fixture
def alice() -> Player:
    return Player("test", "1", "Alice")


@pytest.fixture
def bob() -> Player:
    return Player("test", "2", "Bob")


@pytest.fixture
def here() -> Place:
    return Place("test", "table-1", "Table one")


@pytest.fixture
def there() -> Place:
    return Place("test", "table-2", "Table two")


def button_id(screen: Screen, action: str) -> str:
    """The id of the button for ``action`` (``"1"``..``"9"``, ``s``, ``h``, ``q``, ``n``) on ``screen``."""
    for button in screen.all_buttons:
        if button.id.rsplit(":", 1)[1] == action:
            return button.id
    raise AssertionError(f"no {action!r} button on {screen.title!r}")


def greedy_action(screen: Screen) -> str | None:
    """What a simple player presses: the first playable column, else turn the stock, else next hole."""
    enabled = [b.id.rsplit(":", 1)[1] for b in screen.all_buttons if b.enabled]
    for action in (*(a for a in enabled if a.isdigit()), "s", "n"):
        if action in enabled:
            return action
    return None


Click = Callable[[Clubhouse, Player, Screen, str], Awaitable[Screen]]


@pytest.fixture
def click() -> Click:
    """``await click(club, player, screen, "3")`` presses the button for that action on that screen."""

    async def press(clubhouse: Clubhouse, player: Player, screen: Screen, action: str) -> Screen:
        return await clubhouse.press(player, button_id(screen, action))

    return press


@pytest.fixture
def ids() -> Callable[[Screen, str], str]:
    return button_id


@pytest.fixture
def greedy() -> Callable[[Screen], str | None]:
    return greedy_action


PlayHole = Callable[[Clubhouse, Player, Screen], Awaitable[tuple[Screen, list[str]]]]


@pytest.fixture
def play_hole() -> PlayHole:
    """Play the hole on show to its end with ``greedy_action``; returns the summary and the moves made."""

    async def play(clubhouse: Clubhouse, player: Player, screen: Screen) -> tuple[Screen, list[str]]:
        moves: list[str] = []
        while screen.board is not None and screen.kind.value == "board":
            action = greedy_action(screen)
            assert action is not None and action != "n"
            screen = await clubhouse.press(player, button_id(screen, action))
            moves.append(action)
        return screen, moves

    return play
