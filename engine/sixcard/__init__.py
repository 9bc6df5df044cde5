"""Six-card Golf, the 2–4 player card game (docs/rules.md, "Six-card Golf"): the deal, the opening, turns,
the end of a hand, scoring, nine-hand games, per-seat views and computer players.

Pure and synchronous like the rest of the engine: every value is immutable, and every shuffle comes from a
seed. Found by name as the second game of ``engine.registry.find_game``.
"""

from engine.sixcard.actions import (
    DISCARD,
    DRAW,
    TAKE,
    Action,
    ActionError,
    ActionKind,
    action_name,
    parse_action,
)
from engine.sixcard.course import HOLES, Course
from engine.sixcard.game import SixCardGolf
from engine.sixcard.hand import Grid, Hand, Phase, Source, TableError, deal_hand
from engine.sixcard.players import (
    LEVELS,
    ComputerPlayer,
    EasyPlayer,
    HardPlayer,
    PlayerError,
    RandomPlayer,
    find_player,
    play_hand,
)
from engine.sixcard.scoring import card_value, column_score, grid_score, paired_columns
from engine.sixcard.view import SeatView, view_of

__all__ = [
    "DISCARD",
    "DRAW",
    "HOLES",
    "LEVELS",
    "TAKE",
    "Action",
    "ActionError",
    "ActionKind",
    "ComputerPlayer",
    "Course",
    "EasyPlayer",
    "Grid",
    "Hand",
    "HardPlayer",
    "Phase",
    "PlayerError",
    "RandomPlayer",
    "SeatView",
    "SixCardGolf",
    "Source",
    "TableError",
    "action_name",
    "card_value",
    "column_score",
    "deal_hand",
    "find_player",
    "grid_score",
    "paired_columns",
    "parse_action",
    "play_hand",
    "view_of",
]
