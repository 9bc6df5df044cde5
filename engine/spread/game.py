"""A Golf-family patience as a ``Game`` (engine/game.py), found by name through engine.registry: one player
(seat 0), who sees every card face up and the foundation, the face-down cards as backs, and how many cards
the stock holds (not their order)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.cards import Card
from engine.game import Ending, GameError, Layout, Outcome
from engine.spread.layout import SpreadLayout
from engine.spread.position import CONCEDE, TURN, Spread, SpreadError, SpreadMove
from engine.wording import N_

_SLOT = re.compile(r"^\s*#?\s*([0-9]{1,3})\s*$")


@dataclass(frozen=True, slots=True)
class SpreadView:
    """What the player sees: ``shown[slot]`` is the card, or None while it lies face down; ``gone`` the bit
    mask of the slots played; the foundation; the stock's size, never its order."""

    layout: SpreadLayout
    shown: tuple[Card | None, ...]
    gone: int
    foundation: tuple[Card, ...]
    stock_size: int
    legal: tuple[SpreadMove, ...]
    is_over: bool


@dataclass(frozen=True, slots=True)
class SpreadGame:
    """The game of ``layout``, dealt by ``dealer`` (a PySolFC deal number -> the opening position)."""

    layout: SpreadLayout
    dealer: Callable[[int], Spread] = field(compare=False)
    about: str = field(default="", compare=False)
    """How the game is dealt, in words for its rules screen (the play is the family's, said once): an English
    template marked with ``N_`` where the game is written, which the bot words (``_(game.about)``)."""
    seats: range = field(default=range(1, 2), init=False)

    @property
    def name(self) -> str:
        return self.layout.name

    @property
    def tableau(self) -> Layout:
        """The layout in the shared form of engine/game.py (which card covers which)."""
        return self.layout.tableau

    def new_hole(self, seed: int, *, players: int = 1) -> Spread:
        if players != 1:
            raise GameError(
                "{game} is played alone, not by {players}", game=self.layout.title, players=str(players)
            )
        return self.dealer(seed)

    def to_act(self, state: Spread) -> tuple[int, ...]:
        return () if state.is_over else (0,)

    def legal_actions(self, state: Spread, seat: int) -> tuple[SpreadMove, ...]:
        if seat != 0 or state.is_over:
            return ()
        return (*state.legal_moves(), CONCEDE)

    def play(self, state: Spread, seat: int, action: SpreadMove) -> Spread:
        if seat != 0:
            raise GameError("{game} has one player", game=self.layout.title)
        return state.play(action)

    def is_over(self, state: Spread) -> bool:
        return state.is_over

    def outcome(self, state: Spread) -> Outcome | None:
        if not state.is_over:
            return None
        if state.conceded:
            return Outcome((state.score,), Ending.CONCEDED, 0)
        return Outcome((state.score,), Ending.CLEARED if state.is_cleared else Ending.BLOCKED)

    def view(self, state: Spread, seat: int) -> SpreadView:
        if seat != 0:
            raise GameError("{game} has one player", game=self.layout.title)
        shown = tuple(
            state.cards[slot] if state.is_shown(slot) and not state.gone >> slot & 1 else None
            for slot in range(self.layout.size)
        )
        return SpreadView(
            self.layout,
            shown,
            state.gone,
            state.foundation,
            len(state.stock),
            self.legal_actions(state, 0),
            state.is_over,
        )

    def parse_action(self, text: str) -> SpreadMove:
        """``s`` (or ``stock``, ``t``): turn the stock; ``c`` (``concede``): concede; a card's number (1 for
        the first slot dealt) plays it."""
        word = text.strip().lower()
        if word in ("s", "stock", "t", "turn"):
            return TURN
        if word in ("c", "concede", "q", "quit"):
            return CONCEDE
        match = _SLOT.match(word)
        if not match or not 1 <= int(match.group(1)) <= self.layout.size:
            raise SpreadError(
                # Translators: {typed} is what the player typed, quoted; s and c are moves as typed: keep them
                N_("{typed} is not a move: a card's number (1-{cards}), s for the stock, or c to concede"),
                typed=repr(text.strip()),
                cards=str(self.layout.size),
            )
        return SpreadMove(int(match.group(1)) - 1)

    def action_name(self, action: SpreadMove) -> str:
        if action.concede:
            return "c"
        return "s" if action.slot is None else str(action.slot + 1)
