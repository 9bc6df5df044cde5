"""A hole in play: tableau, foundation and stock as an immutable value.

``Hole.play(move)`` returns the next Hole or raises MoveError; it never mutates. The tableau is a tuple of
columns; each column lists its cards in the order they were dealt, so the last card is the available one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from engine.cards import Card, cards_from_bytes, cards_to_bytes
from engine.golf.moves import CONCEDE, TURN, Move, MoveError, MoveKind
from engine.golf.rules import STRICT, Rules, rules_flags, rules_from_flags
from engine.wording import N_

Column = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Hole:
    """One position of one hole. ``foundation`` is the whole pile (its last card is on top);
    ``stock`` lists the cards still to turn, next first."""

    tableau: tuple[Column, ...]
    foundation: tuple[Card, ...]
    stock: tuple[Card, ...]
    rules: Rules = STRICT
    conceded: bool = False
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    """The hash, worked out on first use (a position is a key of the solver's answers, looked up several
    times a question; hashing every card each time cost ~8 µs a lookup)."""

    def __hash__(self) -> int:
        cached = self._hash
        if not cached:
            cached = hash((self.tableau, self.foundation, self.stock, self.rules, self.conceded)) or 1
            object.__setattr__(self, "_hash", cached)
        return cached

    # ---- what the player sees ---------------------------------------------------------------

    @property
    def top(self) -> Card | None:
        """The foundation's top card, or None when the foundation is empty (head start)."""
        return self.foundation[-1] if self.foundation else None

    def available(self, column: int) -> Card | None:
        """The card that may be played from ``column`` (0-based), or None if it is empty."""
        cards = self.tableau[column]
        return cards[-1] if cards else None

    @property
    def cards_in_tableau(self) -> int:
        return sum(len(c) for c in self.tableau)

    @property
    def is_cleared(self) -> bool:
        return not any(self.tableau)

    def can_play(self, column: int) -> bool:
        if self.conceded or not 0 <= column < len(self.tableau):
            return False
        card = self.available(column)
        return card is not None and self.rules.allows(card, self.top)

    def playable_columns(self) -> tuple[int, ...]:
        return tuple(c for c in range(len(self.tableau)) if self.can_play(c))

    def can_turn(self) -> bool:
        if self.conceded or not self.stock or self.is_cleared:
            return False
        return not (self.rules.draw_only_when_stuck and self.playable_columns())

    def legal_moves(self) -> tuple[Move, ...]:
        """Column plays first, then turning the stock. Conceding is always allowed while the hole is
        not over and is not listed here."""
        if self.is_over:
            return ()
        plays = tuple(Move.play(c) for c in self.playable_columns())
        return plays + ((TURN,) if self.can_turn() else ())

    def is_legal(self, move: Move) -> bool:
        if move.kind is MoveKind.PLAY:
            return not self.is_over and self.can_play(move.column)
        if move.kind is MoveKind.TURN:
            return self.can_turn()
        return not self.is_over

    @property
    def is_over(self) -> bool:
        """Over when conceded, when the tableau is cleared, or when no move is left."""
        if self.conceded or self.is_cleared:
            return True
        return not self.stock and not self.playable_columns()

    @property
    def score(self) -> int:
        """The hole score as it stands: cards left in the tableau, or minus the stock left if cleared."""
        left = self.cards_in_tableau
        return left if left else -len(self.stock)

    # ---- changing it --------------------------------------------------------------------------

    def play(self, move: Move) -> Hole:
        """The position after ``move``. Raises MoveError, with a reason a player can read, if illegal."""
        if self.is_over:
            raise MoveError(N_("this hole is over"))
        if move.kind is MoveKind.CONCEDE:
            return replace(self, conceded=True)
        if move.kind is MoveKind.TURN:
            if not self.stock:
                raise MoveError(N_("the stock is empty"))
            if not self.can_turn():
                raise MoveError(N_("you may turn the stock only when no card can be played"))
            return replace(self, foundation=self.foundation + self.stock[:1], stock=self.stock[1:])
        column = move.column
        if not 0 <= column < len(self.tableau):
            raise MoveError(N_("there is no column {column}"), column=str(column + 1))
        card = self.available(column)
        if card is None:
            raise MoveError(N_("column {column} is empty"), column=str(column + 1))
        if not self.rules.allows(card, self.top):
            top = self.top
            assert top is not None
            # Translators: {card} and {top} are cards (7♠, K♥)
            raise MoveError(N_("{card} cannot go on {top}"), card=card.pretty(), top=top.pretty())
        tableau = (*self.tableau[:column], self.tableau[column][:-1], *self.tableau[column + 1 :])
        return replace(self, tableau=tableau, foundation=(*self.foundation, card))

    def play_all(self, moves: Iterable[Move]) -> Hole:
        hole = self
        for move in moves:
            hole = hole.play(move)
        return hole

    def concede(self) -> Hole:
        return self.play(CONCEDE)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled one byte a card (about a tenth of the default): positions travel to solver processes.
        The rules go as their flags (engine.golf.rules.FLAGS), every option included."""
        return (
            _restore,
            (
                bytes(len(col) for col in self.tableau),
                cards_to_bytes(tuple(c for col in self.tableau for c in col)),
                cards_to_bytes(self.foundation),
                cards_to_bytes(self.stock),
                rules_flags(self.rules),
                self.conceded,
            ),
        )

    def cards(self) -> tuple[Card, ...]:
        """Every card of the hole, wherever it lies (for conservation checks)."""
        return tuple(c for col in self.tableau for c in col) + self.foundation + self.stock


def _restore(
    heights: bytes,
    tableau: bytes,
    foundation: bytes,
    stock: bytes,
    flags: tuple[object, ...],
    conceded: bool,
) -> Hole:
    cards = cards_from_bytes(tableau)
    columns, start = [], 0
    for height in heights:
        columns.append(cards[start : start + height])
        start += height
    rules = rules_from_flags(flags)
    return Hole(tuple(columns), cards_from_bytes(foundation), cards_from_bytes(stock), rules, conceded)
