"""What a Six-card Golf player may do, and the short text for it.

- ``f1``..``f6``: at the opening, turn one of your own face-down cards face up (each player turns two);
- ``s``: take the top card of the stock (only you see it until you place or discard it);
- ``p``: take the top card of the discard pile;
- ``1``..``6``: put the card you hold in place of that card of your grid (the replaced card goes face up
  onto the discard pile); positions 1 2 3 are the top row, 4 5 6 the bottom row;
- ``x``: discard the card you hold (only a card taken from the stock).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.sixcard.scoring import GRID_SIZE
from engine.wording import N_, WordedError


class ActionError(WordedError):
    """An action that is not legal now (not your turn, a card already face up, ...), or text that is not an
    action. The message says why, in words a player can read."""


class ActionKind(Enum):
    FLIP = "flip"
    DRAW = "draw"
    TAKE = "take"
    PLACE = "place"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Action:
    """One player action. ``position`` (0..5) is set for FLIP and PLACE only."""

    kind: ActionKind
    position: int = -1

    def __post_init__(self) -> None:
        needs_position = self.kind in (ActionKind.FLIP, ActionKind.PLACE)
        if needs_position and not 0 <= self.position < GRID_SIZE:
            raise ActionError(
                N_("there is no card {card}: positions are 1 to {cards}"),
                card=str(self.position + 1),
                cards=str(GRID_SIZE),
            )
        if not needs_position and self.position != -1:
            raise ActionError("{kind} takes no position", kind=self.kind.value)

    @classmethod
    def flip(cls, position: int) -> Action:
        return cls(ActionKind.FLIP, position)

    @classmethod
    def place(cls, position: int) -> Action:
        return cls(ActionKind.PLACE, position)

    def __str__(self) -> str:
        return action_name(self)


DRAW = Action(ActionKind.DRAW)
"""Take the top card of the stock."""
TAKE = Action(ActionKind.TAKE)
"""Take the top card of the discard pile."""
DISCARD = Action(ActionKind.DISCARD)
"""Discard the card taken from the stock."""

_WORDS = {"s": DRAW, "stock": DRAW, "draw": DRAW, "p": TAKE, "pile": TAKE, "take": TAKE}
_WORDS |= {"x": DISCARD, "discard": DISCARD}


def parse_action(text: str) -> Action:
    """``"s"``, ``"p"``, ``"x"``, ``"1"``..``"6"`` or ``"f1"``..``"f6"`` (see the module docstring)."""
    token = text.strip().lower()
    if token in _WORDS:
        return _WORDS[token]
    flip = token.startswith("f")
    digits = token[1:] if flip else token
    if len(digits) == 1 and digits in "123456":
        position = int(digits) - 1
        return Action.flip(position) if flip else Action.place(position)
    raise ActionError(
        # Translators: {typed} is what the player typed, quoted; s, p, 1-6, x and f1-f6 are typed: keep them
        N_(
            "{typed} is not an action: use s (stock), p (discard pile), 1-6 (place), x (discard) "
            "or f1-f6 (turn a card at the opening)"
        ),
        typed=repr(text),
    )


def action_name(action: Action) -> str:
    """The text ``parse_action`` reads back."""
    if action.kind is ActionKind.FLIP:
        return f"f{action.position + 1}"
    if action.kind is ActionKind.PLACE:
        return str(action.position + 1)
    return {ActionKind.DRAW: "s", ActionKind.TAKE: "p", ActionKind.DISCARD: "x"}[action.kind]
