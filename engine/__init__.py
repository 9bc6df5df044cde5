"""Golf patience: cards, PySolFC-numbered deals, rule variants, scoring, the board format and a solver.

Pure and synchronous: no I/O, no clock, no global random state. Every value is immutable.
"""

from engine.board import BoardError, format_board, parse_board
from engine.cards import Card, CardError, Suit, card_name, parse_card
from engine.deal import DealError, deal, parse_deal_number
from engine.hole import Hole
from engine.moves import CONCEDE, TURN, Move, MoveError, MoveKind, move_name, parse_move, parse_moves
from engine.rules import QUEENS_ON_KINGS, STRICT, WRAP, Rules, RulesError, find_rules, rules_name
from engine.scoring import MatchPlay, Round, ScoringError

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
    "Hole",
    "MatchPlay",
    "Move",
    "MoveError",
    "MoveKind",
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
