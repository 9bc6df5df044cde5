"""Six-card Golf as a Game of the registry (engine/game.py): one hand is one hole."""

from __future__ import annotations

from engine.game import Ending, Outcome
from engine.sixcard.actions import Action, action_name, parse_action
from engine.sixcard.hand import MAX_PLAYERS, MIN_PLAYERS, Hand, deal_hand
from engine.sixcard.view import SeatView, view_of


class SixCardGolf:
    """The rule book of docs/rules.md, "Six-card Golf", over immutable ``Hand`` values."""

    name = "six-card-golf"
    seats = range(MIN_PLAYERS, MAX_PLAYERS + 1)

    def new_hole(self, seed: int, *, players: int = 2, first: int = 0) -> Hand:
        return deal_hand(seed, players=players, first=first)

    def to_act(self, state: Hand) -> tuple[int, ...]:
        return state.to_act()

    def legal_actions(self, state: Hand, seat: int) -> tuple[Action, ...]:
        return state.legal_actions(seat)

    def play(self, state: Hand, seat: int, action: Action) -> Hand:
        return state.play(seat, action)

    def is_over(self, state: Hand) -> bool:
        return state.is_over

    def outcome(self, state: Hand) -> Outcome | None:
        if not state.is_over:
            return None
        return Outcome(state.scores, Ending.WENT_OUT, state.went_out)

    def view(self, state: Hand, seat: int) -> SeatView:
        return view_of(state, seat)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def action_name(self, action: Action) -> str:
        return action_name(action)

    def __repr__(self) -> str:
        return "SixCardGolf()"
