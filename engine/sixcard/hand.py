"""One hand (a "hole") of Six-card Golf as an immutable value: the deal, the opening, turns, the end.

``Hand.play(seat, action)`` returns the next Hand or raises ActionError; it never mutates. The rules are
docs/rules.md's "Six-card Golf", with the choices written there:

- The deal: a pack shuffled by ``random.Random(seed)``; six cards to each seat, one at a time in turn,
  then the stock, whose top card starts the discard pile.
- The opening: every seat turns two of its own cards face up, in any order (seats need not wait for each
  other); then ``first`` takes the first turn and turns go up the seats.
- A turn: take the stock's top card (only the taker sees it) or the discard pile's; then put it in place of
  one of your six cards (the replaced card, face up, goes onto the discard pile) or, for a stock card only,
  discard it. A card taken from the discard pile must go into your grid.
- The end: the hand ends as soon as one seat has all six cards face up, at once, with no further turns;
  every card is then turned face up and scored.
- The stock: when a turn leaves it empty, the discard pile but its top card is shuffled into a new stock by
  ``random.Random(f"six-card:{seed}:{n}")`` (``n`` counts the reshuffles of the hand from 0), so a hand is
  the same every time it is replayed from its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum

from engine.cards import ONE_DECK, Card
from engine.sixcard.actions import DISCARD, DRAW, TAKE, Action, ActionError, ActionKind
from engine.sixcard.scoring import GRID_SIZE, grid_score
from engine.wording import N_

MIN_PLAYERS, MAX_PLAYERS = 2, 4
OPENING_FLIPS = 2


class TableError(ValueError):
    """A table that cannot be dealt: too few or too many players, a seat that is not there."""


class Phase(Enum):
    OPENING = "opening"
    """Every seat turns two of its cards face up."""
    TURNS = "turns"
    OVER = "over"


class Source(Enum):
    """Where the card a seat holds came from."""

    STOCK = "stock"
    PILE = "pile"


@dataclass(frozen=True, slots=True)
class Grid:
    """One seat's six cards: positions 0 1 2 the top row, 3 4 5 the bottom row (column c: c and c+3)."""

    cards: tuple[Card, ...]
    face_up: tuple[bool, ...] = (False,) * GRID_SIZE

    def __post_init__(self) -> None:
        if len(self.cards) != GRID_SIZE or len(self.face_up) != GRID_SIZE:
            raise ValueError(f"a grid has {GRID_SIZE} cards")

    @property
    def face_up_count(self) -> int:
        return sum(self.face_up)

    @property
    def all_face_up(self) -> bool:
        return all(self.face_up)

    def face_down_positions(self) -> tuple[int, ...]:
        return tuple(p for p in range(GRID_SIZE) if not self.face_up[p])

    def visible(self) -> tuple[Card | None, ...]:
        """The grid as anyone sees it: face-down cards are None."""
        return tuple(card if up else None for card, up in zip(self.cards, self.face_up, strict=True))

    @property
    def score(self) -> int:
        """The score of every card, face down or not (what the grid scores at the end of the hand)."""
        return grid_score(self.cards)

    def turned(self, position: int) -> Grid:
        ups = (*self.face_up[:position], True, *self.face_up[position + 1 :])
        return Grid(self.cards, ups)

    def replaced(self, position: int, card: Card) -> Grid:
        """``card`` face up at ``position``."""
        cards = (*self.cards[:position], card, *self.cards[position + 1 :])
        ups = (*self.face_up[:position], True, *self.face_up[position + 1 :])
        return Grid(cards, ups)

    def revealed(self) -> Grid:
        return Grid(self.cards, (True,) * GRID_SIZE)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand in play. ``stock`` lists its cards next first; ``discard`` is the whole pile, top last."""

    seed: int
    grids: tuple[Grid, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    first: int = 0
    """The seat that takes the first turn."""
    turn: int = 0
    """The seat whose turn it is (during the opening: ``first``)."""
    phase: Phase = Phase.OPENING
    drawn: Card | None = None
    """The card the seat to play holds, taken this turn and not yet placed or discarded."""
    source: Source | None = None
    turns: int = 0
    """Turns completed in this hand."""
    reshuffles: int = 0
    went_out: int | None = None
    """The seat whose six cards all came face up, ending the hand."""

    @property
    def players(self) -> int:
        return len(self.grids)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: at the opening, every seat still to turn its two cards."""
        if self.phase is Phase.OPENING:
            return tuple(s for s, g in enumerate(self.grids) if g.face_up_count < OPENING_FLIPS)
        if self.phase is Phase.TURNS:
            return (self.turn,)
        return ()

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now (nothing when it may not act)."""
        if seat not in self.to_act():
            return ()
        grid = self.grids[seat]
        if self.phase is Phase.OPENING:
            return tuple(Action.flip(p) for p in grid.face_down_positions())
        if self.drawn is None:
            return (*((DRAW,) if self.stock else ()), *((TAKE,) if self.discard else ()))
        places = tuple(Action.place(p) for p in range(GRID_SIZE))
        return (*places, DISCARD) if self.source is Source.STOCK else places

    def is_legal(self, seat: int, action: Action) -> bool:
        return action in self.legal_actions(seat)

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's grid score, all cards counted (final once the hand is over)."""
        return tuple(g.score for g in self.grids)

    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand, wherever it lies (for conservation checks)."""
        held = (self.drawn,) if self.drawn is not None else ()
        return tuple(c for g in self.grids for c in g.cards) + self.stock + self.discard + held

    # ---- changing it --------------------------------------------------------------------------

    def play(self, seat: int, action: Action) -> Hand:
        """The hand after ``seat`` does ``action``. Raises ActionError, saying why, if it may not."""
        if not 0 <= seat < self.players:
            raise ActionError(N_("there is no seat {seat} at this table"), seat=str(seat + 1))
        if self.phase is Phase.OVER:
            raise ActionError(N_("this hand is over"))
        if self.phase is Phase.OPENING:
            return self._opening(seat, action)
        if seat != self.turn:
            raise ActionError(N_("it is not your turn"))
        if action.kind is ActionKind.FLIP:
            raise ActionError(N_("cards are turned face up only at the opening; replace a card to turn it"))
        if self.drawn is None:
            return self._take(action)
        if action.kind in (ActionKind.DRAW, ActionKind.TAKE):
            raise ActionError(
                # Translators: {card} is a card (7♠)
                N_("you already hold {card}: place it or discard it"),
                card=self.drawn.pretty(),
            )
        if action.kind is ActionKind.DISCARD:
            if self.source is Source.PILE:
                raise ActionError(N_("a card taken from the discard pile must go into your grid"))
            return replace(self, discard=(*self.discard, self.drawn), drawn=None, source=None)._next_turn()
        return self._place(action.position)

    def _opening(self, seat: int, action: Action) -> Hand:
        grid = self.grids[seat]
        if action.kind is not ActionKind.FLIP:
            raise ActionError(N_("first every player turns two of their own cards face up"))
        if grid.face_up_count >= OPENING_FLIPS:
            raise ActionError(N_("you have turned your two cards; wait for the others"))
        if grid.face_up[action.position]:
            raise ActionError(N_("card {card} is already face up"), card=str(action.position + 1))
        hand = self._with_grid(seat, grid.turned(action.position))
        if all(g.face_up_count >= OPENING_FLIPS for g in hand.grids):
            hand = replace(hand, phase=Phase.TURNS, turn=self.first)
        return hand

    def _take(self, action: Action) -> Hand:
        if action.kind is ActionKind.DRAW:
            if not self.stock:
                raise ActionError(N_("the stock is empty"))
            return replace(self, stock=self.stock[1:], drawn=self.stock[0], source=Source.STOCK)
        if action.kind is ActionKind.TAKE:
            if not self.discard:
                raise ActionError(N_("the discard pile is empty"))
            return replace(self, discard=self.discard[:-1], drawn=self.discard[-1], source=Source.PILE)
        raise ActionError(
            # Translators: s and p are what a player types: keep them
            N_("take a card first: the top of the stock (s) or of the discard pile (p)")
        )

    def _place(self, position: int) -> Hand:
        assert self.drawn is not None
        grid = self.grids[self.turn]
        replaced = grid.cards[position]
        hand = replace(
            self._with_grid(self.turn, grid.replaced(position, self.drawn)),
            discard=(*self.discard, replaced),
            drawn=None,
            source=None,
        )
        if hand.grids[self.turn].all_face_up:
            return replace(
                hand,
                grids=tuple(g.revealed() for g in hand.grids),
                phase=Phase.OVER,
                turns=self.turns + 1,
                went_out=self.turn,
            )
        return hand._next_turn()

    def _next_turn(self) -> Hand:
        hand = replace(self, turn=(self.turn + 1) % self.players, turns=self.turns + 1)
        if hand.stock:
            return hand
        pile = list(hand.discard[:-1])
        random.Random(f"six-card:{self.seed}:{self.reshuffles}").shuffle(pile)
        return replace(hand, stock=tuple(pile), discard=hand.discard[-1:], reshuffles=self.reshuffles + 1)

    def _with_grid(self, seat: int, grid: Grid) -> Hand:
        return replace(self, grids=(*self.grids[:seat], grid, *self.grids[seat + 1 :]))


def deal_hand(seed: int, *, players: int = 2, first: int = 0) -> Hand:
    """A new hand: the pack shuffled by ``random.Random(seed)``, dealt one card at a time to each seat in
    turn, starting with ``first``; the next card starts the discard pile, the rest is the stock."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TableError(f"Six-card Golf is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if not 0 <= first < players:
        raise TableError(f"there is no seat {first + 1} at a table of {players}")
    pack = list(ONE_DECK)
    random.Random(seed).shuffle(pack)
    dealt = players * GRID_SIZE
    order = [(first + i) % players for i in range(players)]
    grids = [Grid(tuple(pack[order.index(s) : dealt : players])) for s in range(players)]
    return Hand(
        seed=seed,
        grids=tuple(grids),
        stock=tuple(pack[dealt + 1 :]),
        discard=(pack[dealt],),
        first=first,
        turn=first,
    )
