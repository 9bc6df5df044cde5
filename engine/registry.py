"""Games found by name: ``find_game("golf")`` is Golf patience, ``find_game("six-card")`` Six-card Golf,
``find_game("tripeaks")`` TriPeaks; then Pyramid Golf, Elevator, Black Hole and All in a Row.

Each game lives in its own package beside the others (engine/golf/, engine/sixcard/, engine/tripeaks/,
engine/pyramid/, engine/blackhole/, engine/allinarow/; the Golf family's shared play in engine/spread/) and
offers a ``Game`` (engine/game.py); this module is the one place of engine/'s shared top that imports the
games, to register them. Golf patience is registered first. (The bot plays Golf patience and the family's
games through engine.patience, which finds the family here, and Six-card Golf at its tables.)
"""

from __future__ import annotations

from typing import Any

from engine.allinarow.game import ALL_IN_A_ROW
from engine.blackhole.game import BLACK_HOLE
from engine.game import Game, GameError
from engine.golf.game import GolfPatience, PatienceView
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.pyramid.game import ELEVATOR, PYRAMID_GOLF
from engine.sixcard.actions import Action
from engine.sixcard.game import SixCardGolf
from engine.sixcard.hand import Hand
from engine.sixcard.view import SeatView
from engine.spread.game import SpreadGame, SpreadView
from engine.spread.position import Spread, SpreadMove
from engine.tripeaks.game import TRIPEAKS
from engine.wording import N_

AnyGame = Game[Any, Any, Any]

_PATIENCE: Game[Hole, Move, PatienceView] = GolfPatience()  # typed: mypy checks each against the protocol
_SIX_CARD: Game[Hand, Action, SeatView] = SixCardGolf()
FAMILY: tuple[SpreadGame, ...] = (TRIPEAKS, PYRAMID_GOLF, ELEVATOR, BLACK_HOLE, ALL_IN_A_ROW)
"""The Golf family's games, in the order the bot lists them."""
_FAMILY: tuple[Game[Spread, SpreadMove, SpreadView], ...] = FAMILY  # typed: checked against the protocol
_REGISTERED: tuple[AnyGame, ...] = (_PATIENCE, _SIX_CARD, *_FAMILY)
_GAMES: dict[str, AnyGame] = {game.name: game for game in _REGISTERED}
_ALIASES = {
    "golf": "golf-patience",
    "patience": "golf-patience",
    "golf-solitaire": "golf-patience",
    "six-card": "six-card-golf",
    "sixcard": "six-card-golf",
    "6-card": "six-card-golf",
    "6-card-golf": "six-card-golf",
    "tri-peaks": "tripeaks",
    "three-peaks": "tripeaks",
    "pyramid": "pyramid-golf",
    "escalator": "pyramid-golf",
    "blackhole": "black-hole",
    "allinarow": "all-in-a-row",
    "quasar": "all-in-a-row",
}

GAME_NAMES: tuple[str, ...] = tuple(_GAMES)


def names_of(name: str) -> tuple[str, ...]:
    """A game's name and its aliases (``tripeaks``, ``tri-peaks``, ``three-peaks``)."""
    return (name, *(alias for alias, named in _ALIASES.items() if named == name))


"""The games in the order they were registered: Golf patience first."""


def find_game(name: str) -> AnyGame:
    """The game called ``name`` (case, spaces and underscores do not matter), e.g. ``golf``,
    ``golf-patience``, ``six-card`` or ``six-card-golf``. Raises GameError naming the games otherwise."""
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    key = _ALIASES.get(key, key)
    try:
        return _GAMES[key]
    except KeyError:
        raise GameError(
            # Translators: {typed} is the name typed, quoted; {names} lists games' names: keep them
            N_("unknown game {typed}; try one of: {names}"),
            typed=repr(name),
            names=", ".join(GAME_NAMES),
        ) from None
