"""What every game of the engine offers, so that the bot can run any of them found by name
(``engine.registry.find_game``), as python-chess finds its variants.

A Game is a stateless rule book over immutable states: deal a hole (a hand) from a seed or deal number,
say which seats may act and what they may do, play an action, tell whether and how the hole ended, and show
each seat only what it may see. Scoring over several holes (stroke play, par, match play) is not the game's
job: see engine/golf/scoring.py and engine/sixcard/course.py.

``Layout`` describes the tableau of a Golf-family patience (piles, and which card covers which), so that
TriPeaks, Black Hole or Pyramid Golf can be described later without touching Golf.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol, TypeVar

from engine.wording import WordedError

State = TypeVar("State")
Action = TypeVar("Action")
View = TypeVar("View", covariant=True)


class GameError(WordedError):
    """An unknown game name, a seat that may not act, or a table the game cannot be played at."""


class Ending(Enum):
    """How a hole ended."""

    CLEARED = "cleared"
    """Golf patience: the tableau was cleared."""
    BLOCKED = "blocked"
    """Golf patience: the stock was empty and no card could be played."""
    CONCEDED = "conceded"
    WENT_OUT = "went out"
    """Six-card Golf: a player had all six cards face up."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hole ended: each seat's score (lower is better), why it ended, and which seat ended it."""

    scores: tuple[int, ...]
    ending: Ending
    by: int | None = None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest score (several on a tie)."""
        low = min(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == low)


class Game(Protocol[State, Action, View]):
    """A game found by name. Every method is pure; illegal actions raise a ValueError that says why."""

    @property
    def name(self) -> str: ...

    @property
    def seats(self) -> range:
        """How many players may sit at it."""
        ...

    def new_hole(self, seed: int, *, players: int) -> State:
        """A fresh hole, the same for the same seed (a deal number for Golf patience)."""
        ...

    def to_act(self, state: State) -> tuple[int, ...]:
        """The seats that may act now (empty once the hole is over)."""
        ...

    def legal_actions(self, state: State, seat: int) -> tuple[Action, ...]: ...

    def play(self, state: State, seat: int, action: Action) -> State:
        """The state after ``seat`` does ``action``."""
        ...

    def is_over(self, state: State) -> bool: ...

    def outcome(self, state: State) -> Outcome | None:
        """How the hole ended; None while it is in play."""
        ...

    def view(self, state: State, seat: int) -> View:
        """What ``seat`` may see: never a card hidden from it."""
        ...

    def parse_action(self, text: str) -> Action: ...

    def action_name(self, action: Action) -> str:
        """The text ``parse_action`` reads back."""
        ...


@dataclass(frozen=True, slots=True)
class Layout:
    """A Golf-family tableau: ``covered_by[slot]`` lists the slots whose cards lie on the card in ``slot``.
    A card may be played once every card covering it is gone. Golf covers each card with the one dealt
    below it in its column; TriPeaks covers a card with two (engine/spread/layout.py builds the family's)."""

    covered_by: tuple[tuple[int, ...], ...]

    @classmethod
    def columns(cls, heights: tuple[int, ...]) -> Layout:
        """Columns dealt top to bottom: slots are numbered column by column, and each card is covered by the
        next one in its column."""
        covered: list[tuple[int, ...]] = []
        for height in heights:
            start = len(covered)
            covered.extend((start + row + 1,) if row + 1 < height else () for row in range(height))
        return cls(tuple(covered))

    @property
    def size(self) -> int:
        return len(self.covered_by)

    def free(self, gone: frozenset[int] = frozenset()) -> tuple[int, ...]:
        """The slots whose card may be played, once the cards in ``gone`` have been played."""
        return tuple(
            slot
            for slot, covers in enumerate(self.covered_by)
            if slot not in gone and all(c in gone for c in covers)
        )
