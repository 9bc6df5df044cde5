"""Golf patience: PySolFC-numbered deals, rule variants, a hole in play, scoring, the board format, a solver
(engine/golf/solver/) and the game found by name (``engine.golf.game.GolfPatience``, the first game of
``engine.registry.find_game``). The cards are shared with the other games (engine/cards.py) and named here
too, so that Golf patience's whole surface is one import.

Pure and synchronous: no I/O, no clock, no global random state. Every value is immutable.
"""

from engine.cards import Card, CardError, Suit, card_name, parse_card
from engine.golf.board import BoardError, format_board, parse_board
from engine.golf.deal import DealError, deal, parse_deal_number
from engine.golf.game import GolfPatience, PatienceView
from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE, TURN, Move, MoveError, MoveKind, move_name, parse_move, parse_moves
from engine.golf.rules import QUEENS_ON_KINGS, STRICT, WRAP, Rules, RulesError, find_rules, rules_name
from engine.golf.scoring import MatchPlay, Round, ScoringError

__all__ = [
    "CONCEDE",
    "QUEENS_ON_KINGS",
    "STRICT",
    "TURN",
    "WRAP",
    "BoardError",
    "Card",
    "CardError",
    "DealError",
    "GolfPatience",
    "Hole",
    "MatchPlay",
    "Move",
    "MoveError",
    "MoveKind",
    "PatienceView",
    "Round",
    "Rules",
    "RulesError",
    "ScoringError",
    "Suit",
    "card_name",
    "deal",
    "find_rules",
    "format_board",
    "move_name",
    "parse_board",
    "parse_card",
    "parse_deal_number",
    "parse_move",
    "parse_moves",
    "rules_name",
]
