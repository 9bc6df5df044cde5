"""Nine hands make a game of Six-card Golf; the lowest total wins.

A Course is the scorecard of one game: the seed it was started from, the number of seats, and the scores
of the hands played so far. Hand ``h`` (0-based) is dealt from a seed derived from the game's seed, and
its first turn goes to seat ``h % players``, so the first turn goes round the table hand by hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.sixcard.hand import MAX_PLAYERS, MIN_PLAYERS, Hand, TableError, deal_hand

HOLES = 9


@dataclass(frozen=True, slots=True)
class Course:
    seed: int
    players: int
    holes: int = HOLES
    scores: tuple[tuple[int, ...], ...] = ()
    """One tuple of seat scores per hand played."""

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise TableError(
                f"Six-card Golf is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}"
            )
        if not 1 <= self.holes <= 18:
            raise TableError(f"a game has 1 to 18 hands, not {self.holes}")
        if len(self.scores) > self.holes or any(len(s) != self.players for s in self.scores):
            raise TableError("these scores do not fit this game")

    @property
    def hole(self) -> int:
        """The 0-based number of the hand to play next (``holes`` once the game is complete)."""
        return len(self.scores)

    @property
    def is_complete(self) -> bool:
        return len(self.scores) == self.holes

    def hand_seed(self, hole: int) -> int:
        return random.Random(f"six-card-course:{self.seed}:{hole}").getrandbits(63)

    def deal(self) -> Hand:
        """The next hand to play."""
        if self.is_complete:
            raise TableError("the game is over: all its hands are played")
        return deal_hand(self.hand_seed(self.hole), players=self.players, first=self.hole % self.players)

    def record(self, hand: Hand) -> Course:
        """The scorecard with a finished hand's scores added."""
        if not hand.is_over:
            raise TableError("the hand is not over yet")
        if self.is_complete:
            raise TableError("the game is over: all its hands are played")
        if hand.players != self.players:
            raise TableError(f"a hand of {hand.players} players does not belong to a game of {self.players}")
        return Course(self.seed, self.players, self.holes, (*self.scores, hand.scores))

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(hand[seat] for hand in self.scores) for seat in range(self.players))

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the lowest total (the winners once the game is complete; ties share)."""
        totals = self.totals
        low = min(totals)
        return tuple(s for s, t in enumerate(totals) if t == low)
