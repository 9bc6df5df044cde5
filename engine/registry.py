"""Games found by name: ``find_game("golf")`` is Golf patience, ``find_game("six-card")`` Six-card Golf.

Each game lives in its own package beside the others (engine/golf/, engine/sixcard/) and offers a ``Game``
(engine/game.py); this module is the one place of engine/'s shared top that imports the games, to register
them. Golf patience is registered first.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game, GameError
from engine.golf.game import GolfPatience, PatienceView
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.sixcard.actions import Action
from engine.sixcard.game import SixCardGolf
from engine.sixcard.hand import Hand
from engine.sixcard.view import SeatView

AnyGame = Game[Any, Any, Any]

_PATIENCE: Game[Hole, Move, PatienceView] = GolfPatience()  # typed: mypy checks each against the protocol
_SIX_CARD: Game[Hand, Action, SeatView] = SixCardGolf()
_GAMES: dict[str, AnyGame] = {game.name: game for game in (_PATIENCE, _SIX_CARD)}
_ALIASES = {
    "golf": "golf-patience",
    "patience": "golf-patience",
    "golf-solitaire": "golf-patience",
    "six-card": "six-card-golf",
    "sixcard": "six-card-golf",
    "6-card": "six-card-golf",
    "6-card-golf": "six-card-golf",
}

GAME_NAMES: tuple[str, ...] = tuple(_GAMES)
"""The games in the order they were registered: Golf patience first."""


def find_game(name: str) -> AnyGame:
    """The game called ``name`` (case, spaces and underscores do not matter), e.g. ``golf``,
    ``golf-patience``, ``six-card`` or ``six-card-golf``. Raises GameError naming the games otherwise."""
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    key = _ALIASES.get(key, key)
    try:
        return _GAMES[key]
    except KeyError:
        raise GameError(f"unknown game {name!r}; try one of: " + ", ".join(GAME_NAMES)) from None
