"""Computer players for Six-card Golf, deciding from their seat's view alone (a SeatView never holds a
hidden card, so they cannot peek).

- ``random``: any legal action, uniformly: the yardstick.
- ``easy``: keeps low cards and makes column pairs, greedily: takes the discard pile's top card when it is
  low or pairs one of its face-up cards, places a card over its worst face-up card or a face-down one,
  and otherwise discards. It never looks at the other players.
- ``hard``: weighs every choice by its expected effect on its score, counting the cards it has not seen
  (a face-down card is worth what the unseen cards are worth on average, a column pair 0); takes the pile's
  card only when that beats the expected worth of a stock card; avoids discarding what the next player
  needs (a card that pairs one of their face-up cards, or a low card); and turns its last face-down card,
  ending the hand, only when its final score is then lower than every other player's expected score, and
  low (2 or less) too: until then, improving pays more than ending.
  (If nobody has ended a hand after a long while, it ends it whenever it can, so hands always finish.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.sixcard.actions import DISCARD, DRAW, TAKE, Action
from engine.sixcard.hand import Hand, Phase, Source
from engine.sixcard.scoring import COLUMNS, GRID_SIZE, RANK_VALUES
from engine.sixcard.view import SeatView, VisibleGrid, view_of

RANKS = range(1, 14)
_V = [0, *(RANK_VALUES[r] for r in RANKS)]
"""Card values by rank (index 0 unused)."""


class ComputerPlayer(Protocol):
    @property
    def name(self) -> str: ...

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """One legal action for ``view.seat``, which must be able to act."""
        ...


class PlayerError(ValueError):
    """An unknown computer player name, a player asked to act with nothing to do, or a table of the wrong
    size."""


@dataclass(frozen=True, slots=True)
class RandomPlayer:
    name: str = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(_legal(view))


def _legal(view: SeatView) -> tuple[Action, ...]:
    if not view.legal:
        raise PlayerError("this seat has nothing to do now")
    return view.legal


def _ranks(grid: VisibleGrid) -> list[int | None]:
    return [None if card is None else card.rank for card in grid]


def _opening_flip(view: SeatView, rng: random.Random, *, spread: bool) -> Action:
    """A face-down card to turn; ``spread``: in a column with no face-up card yet."""
    options = list(_legal(view))
    if spread:
        assert view.seat is not None
        grid = view.grids[view.seat]
        open_columns = {p % COLUMNS for p in range(GRID_SIZE) if grid[p] is not None}
        fresh = [a for a in options if a.position % COLUMNS not in open_columns]
        options = fresh or options
    return rng.choice(options)


@dataclass(frozen=True, slots=True)
class EasyPlayer:
    name: str = "easy"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase is Phase.OPENING:
            return _opening_flip(view, rng, spread=False)
        assert view.seat is not None
        ranks = _ranks(view.grids[view.seat])
        stalled = view.turns >= STALL_TURNS_PER_PLAYER * view.players
        if view.holding is None:
            top = view.discard_top
            wanted = top is not None and (_V[top.rank] <= 1 or self._pair_spot(ranks, top.rank) is not None)
            return TAKE if wanted and not stalled else DRAW
        assert view.drawn is not None
        face_down = [p for p in range(GRID_SIZE) if ranks[p] is None]
        if stalled and face_down:  # a hand nobody ends: turn a card every turn, so that it does end
            return Action.place(rng.choice(face_down))
        spot = self._spot(ranks, view.drawn.rank, rng, must=view.holding is Source.PILE)
        return DISCARD if spot is None else Action.place(spot)

    @staticmethod
    def _pair_spot(ranks: list[int | None], rank: int) -> int | None:
        for pos in range(GRID_SIZE):
            partner = ranks[(pos + COLUMNS) % GRID_SIZE]
            if partner == rank and ranks[pos] != rank:
                return pos
        return None

    def _spot(self, ranks: list[int | None], rank: int, rng: random.Random, *, must: bool) -> int | None:
        pair = self._pair_spot(ranks, rank)
        if pair is not None:
            return pair
        value = _V[rank]
        face_up = [p for p in range(GRID_SIZE) if ranks[p] is not None and not self._paired(ranks, p)]
        worst = max(face_up, key=lambda p: _V[ranks[p] or 0], default=None)
        if worst is not None and _V[ranks[worst] or 0] > value:
            return worst
        face_down = [p for p in range(GRID_SIZE) if ranks[p] is None]
        if face_down and (value <= 4 or must):
            return rng.choice(face_down)
        if must:
            return worst if worst is not None else rng.randrange(GRID_SIZE)
        return None

    @staticmethod
    def _paired(ranks: list[int | None], pos: int) -> bool:
        return ranks[pos] == ranks[(pos + COLUMNS) % GRID_SIZE]


class _Odds:
    """What the unseen cards (face-down ones and the stock) are worth, from one seat's view."""

    __slots__ = ("ev", "p", "two_unknown")

    def __init__(self, view: SeatView) -> None:
        unseen = [0] + [4] * 13
        for grid in view.grids:
            for card in grid:
                if card is not None:
                    unseen[card.rank] -= 1
        for card in view.discard:
            unseen[card.rank] -= 1
        if view.drawn is not None:
            unseen[view.drawn.rank] -= 1
        total = sum(unseen)
        self.p = [u / total for u in unseen] if total else [0.0] + [1 / 13] * 13
        self.ev = sum(self.p[r] * _V[r] for r in RANKS)
        self.two_unknown = 2 * self.ev - 2 * sum(self.p[r] ** 2 * _V[r] for r in RANKS)

    def column(self, top: int | None, bottom: int | None) -> float:
        """The expected score of a column (None: a face-down card)."""
        if top is None:
            if bottom is None:
                return self.two_unknown
            top, bottom = bottom, None
        if bottom is None:
            return _V[top] * (1 - 2 * self.p[top]) + self.ev
        return 0.0 if top == bottom else float(_V[top] + _V[bottom])

    def grid(self, ranks: list[int | None]) -> float:
        return sum(self.column(ranks[c], ranks[c + COLUMNS]) for c in range(COLUMNS))

    def best_gain(self, ranks: list[int | None], rank: int) -> float:
        """How much lower the expected score of ``ranks`` gets with ``rank`` put in its best place."""
        best = 0.0
        for c in range(COLUMNS):
            top, bottom = ranks[c], ranks[c + COLUMNS]
            now = self.column(top, bottom)
            best = max(best, now - self.column(rank, bottom), now - self.column(top, rank))
        return best


ENDING_BONUS = 1.0
"""What ending the hand while ahead with a low score is worth: the others lose their chances to improve."""
LOW_ENOUGH = 2
"""A final score this low is worth ending the hand for when ahead."""
PATIENCE = 4.0
"""The cost of ending while ahead with a higher score: improving a while longer pays (measured: over 400
two-seat hands, ending whenever ahead averaged 7.5 against the random player, waiting for a low score 3.1)."""
FEED_WEIGHT = 0.6
STALL_TURNS_PER_PLAYER = 25
"""After this many turns a seat, the easy and hard players end the hand whenever they can (the easy one by
turning a face-down card every turn), so that a hand of computer players always ends."""


@dataclass(frozen=True, slots=True)
class HardPlayer:
    name: str = "hard"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase is Phase.OPENING:
            return _opening_flip(view, rng, spread=True)
        assert view.seat is not None
        plan = _Plan(view)
        if view.holding is None:
            top = view.discard_top
            if top is None:
                return DRAW
            take = plan.best_place(top.rank)[0]
            draw = sum(
                plan.odds.p[r] * min(plan.feed(r), plan.best_place(r)[0]) for r in RANKS if plan.odds.p[r]
            )
            return TAKE if take < draw - 0.25 else DRAW
        assert view.drawn is not None
        cost, spot = plan.best_place(view.drawn.rank)
        if view.holding is Source.PILE or cost < plan.feed(view.drawn.rank):
            return Action.place(spot)
        return DISCARD


class _Plan:
    """One decision of the hard player: the odds, its grid, the others', and the next player's needs."""

    __slots__ = ("_feed", "face_down", "odds", "others", "ranks", "stalled")

    def __init__(self, view: SeatView) -> None:
        assert view.seat is not None
        self.odds = _Odds(view)
        self.ranks = _ranks(view.grids[view.seat])
        self.face_down = [p for p in range(GRID_SIZE) if self.ranks[p] is None]
        seats = [(view.seat + k) % view.players for k in range(1, view.players)]
        self.others = [self.odds.grid(_ranks(view.grids[s])) for s in seats]
        self.stalled = view.turns >= STALL_TURNS_PER_PLAYER * view.players
        nxt = _ranks(view.grids[seats[0]])
        gains = [0.0] + [self.odds.best_gain(nxt, r) for r in RANKS]
        usual = sum(self.odds.p[r] * gains[r] for r in RANKS)
        self._feed = [FEED_WEIGHT * max(0.0, g - usual) for g in gains]

    def feed(self, rank: int) -> float:
        """The cost of putting a card of ``rank`` on the discard pile, for the next player to take."""
        return self._feed[rank]

    def best_place(self, rank: int) -> tuple[float, int]:
        """The lowest cost (change of expected score, plus what the replaced card feeds the next player)
        of putting a card of ``rank`` into the grid, and where."""
        ranks, odds = self.ranks, self.odds
        best, spot = float("inf"), 0
        for pos in range(GRID_SIZE):
            col = pos % COLUMNS
            top, bottom = ranks[col], ranks[col + COLUMNS]
            now = odds.column(top, bottom)
            after = odds.column(rank, bottom) if pos < COLUMNS else odds.column(top, rank)
            cost = after - now
            old = ranks[pos]
            if old is not None:
                cost += self._feed[old]
            if self.face_down == [pos]:
                cost += self._ending(pos, rank)
            if cost < best:
                best, spot = cost, pos
        return best, spot

    def _ending(self, pos: int, rank: int) -> float:
        """Placing the last face-down card ends the hand: worth it only when ahead."""
        final = list(self.ranks)
        final[pos] = rank
        mine = self.odds.grid(final)
        if mine < min(self.others) - 0.5:
            return -ENDING_BONUS if mine <= LOW_ENOUGH or self.stalled else PATIENCE
        return 0.0 if self.stalled else 1000.0


PLAYERS: dict[str, ComputerPlayer] = {"random": RandomPlayer(), "easy": EasyPlayer(), "hard": HardPlayer()}
LEVELS = ("easy", "hard")
"""The two levels of computer play (``random`` is the yardstick)."""


def find_player(name: str) -> ComputerPlayer:
    try:
        return PLAYERS[name.strip().lower()]
    except KeyError:
        raise PlayerError(f"unknown computer player {name!r}; try one of: " + ", ".join(PLAYERS)) from None


MAX_ACTIONS = 20_000


def play_hand(hand: Hand, players: Sequence[ComputerPlayer], rng: random.Random) -> Hand:
    """Play ``hand`` to its end with one computer player a seat, each deciding from its seat's view."""
    if len(players) != hand.players:
        raise PlayerError(f"{len(players)} players for a hand of {hand.players} seats")
    for _ in range(MAX_ACTIONS):
        if hand.is_over:
            return hand
        seat = hand.to_act()[0]
        hand = hand.play(seat, players[seat].choose(view_of(hand, seat), rng))
    raise PlayerError(f"the hand did not end within {MAX_ACTIONS} actions")


__all__ = [
    "LEVELS",
    "PLAYERS",
    "ComputerPlayer",
    "EasyPlayer",
    "HardPlayer",
    "PlayerError",
    "RandomPlayer",
    "find_player",
    "play_hand",
]
