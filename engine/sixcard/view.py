"""What one seat may see of a hand: face-down cards are hidden from everyone, their owner included; a card
drawn from the stock is seen only by the seat that drew it until it is placed or discarded. Everything else
(face-up cards, the whole discard pile, the size of the stock) is public.

Computer players decide from a SeatView alone, so they cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.sixcard.actions import Action
from engine.sixcard.hand import Hand, Phase, Source

VisibleGrid = tuple[Card | None, ...]
"""Six positions; None is a face-down card."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """A hand as ``seat`` sees it (``seat`` None: a spectator, who sees what every seat sees)."""

    seat: int | None
    phase: Phase
    grids: tuple[VisibleGrid, ...]
    discard: tuple[Card, ...]
    """The whole discard pile, top last: every card in it was seen face up."""
    stock_size: int
    turn: int | None
    """The seat whose turn it is; None at the opening and once the hand is over."""
    to_act: tuple[int, ...]
    holding: Source | None
    """Where the card the seat to play holds came from (None: it holds nothing yet)."""
    drawn: Card | None
    """That card, when this seat may see it: its own draw, or a card anyone saw on the discard pile."""
    legal: tuple[Action, ...]
    """What this seat may do now."""
    first: int
    turns: int
    went_out: int | None
    scores: tuple[int, ...] | None
    """Every seat's score, once the hand is over."""

    @property
    def players(self) -> int:
        return len(self.grids)

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def cards(self) -> tuple[Card, ...]:
        """Every card this view shows (for the check that nothing hidden leaks)."""
        grids = tuple(c for g in self.grids for c in g if c is not None)
        return grids + self.discard + ((self.drawn,) if self.drawn is not None else ())


def view_of(hand: Hand, seat: int | None) -> SeatView:
    """What ``seat`` (or a spectator, None) may see of ``hand``."""
    may_see_drawn = hand.source is Source.PILE or (seat is not None and seat == hand.turn)
    return SeatView(
        seat=seat,
        phase=hand.phase,
        grids=tuple(g.visible() for g in hand.grids),
        discard=hand.discard,
        stock_size=len(hand.stock),
        turn=hand.turn if hand.phase is Phase.TURNS else None,
        to_act=hand.to_act(),
        holding=hand.source,
        drawn=hand.drawn if may_see_drawn else None,
        legal=hand.legal_actions(seat) if seat is not None else (),
        first=hand.first,
        turns=hand.turns,
        went_out=hand.went_out,
        scores=hand.scores if hand.is_over else None,
    )
