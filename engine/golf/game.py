"""Golf patience as a ``Game`` (engine/game.py), found by name through ``engine.registry.find_game``: a thin
adapter over the rest of engine/golf/. Its state is a ``Hole``, its actions are ``Move``s, and its seat 0
sees everything but the order of the stock.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import Card
from engine.game import Ending, GameError, Layout, Outcome
from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE, Move, move_name, parse_move
from engine.golf.rules import STRICT, Rules


@dataclass(frozen=True, slots=True)
class PatienceView:
    """What the player of a Golf patience hole sees: all of the tableau and the foundation, and how many
    cards are left in the stock (not their order)."""

    tableau: tuple[tuple[Card, ...], ...]
    foundation: tuple[Card, ...]
    stock_size: int
    legal: tuple[Move, ...]
    is_over: bool

    @property
    def top(self) -> Card | None:
        return self.foundation[-1] if self.foundation else None


@dataclass(frozen=True, slots=True)
class GolfPatience:
    """Golf patience under ``rules``, for one player (seat 0). A seed is a PySolFC deal number."""

    rules: Rules = STRICT
    name: str = field(default="golf-patience", init=False)
    seats: range = field(default=range(1, 2), init=False)

    @property
    def layout(self) -> Layout:
        return Layout.columns((self.rules.rows,) * self.rules.columns)

    def new_hole(self, seed: int, *, players: int = 1) -> Hole:
        if players != 1:
            raise GameError("Golf patience is played alone, not by {players}", players=str(players))
        return deal(seed, self.rules)

    def to_act(self, state: Hole) -> tuple[int, ...]:
        return () if state.is_over else (0,)

    def legal_actions(self, state: Hole, seat: int) -> tuple[Move, ...]:
        """The legal moves, and conceding while the hole is in play."""
        if seat != 0 or state.is_over:
            return ()
        return (*state.legal_moves(), CONCEDE)

    def play(self, state: Hole, seat: int, action: Move) -> Hole:
        if seat != 0:
            raise GameError("Golf patience has one player")
        return state.play(action)

    def is_over(self, state: Hole) -> bool:
        return state.is_over

    def outcome(self, state: Hole) -> Outcome | None:
        if not state.is_over:
            return None
        if state.conceded:
            return Outcome((state.score,), Ending.CONCEDED, 0)
        return Outcome((state.score,), Ending.CLEARED if state.is_cleared else Ending.BLOCKED)

    def view(self, state: Hole, seat: int) -> PatienceView:
        if seat != 0:
            raise GameError("Golf patience has one player")
        return PatienceView(
            tableau=state.tableau,
            foundation=state.foundation,
            stock_size=len(state.stock),
            legal=self.legal_actions(state, 0),
            is_over=state.is_over,
        )

    def parse_action(self, text: str) -> Move:
        return parse_move(text)

    def action_name(self, action: Move) -> str:
        return move_name(action)
