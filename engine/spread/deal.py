"""The deals of the Golf family, numbered as PySolFC numbers them.

PySolFC shuffles every one-deck game's pack the same way for a number (engine/deals.py reproduces it
through pysol-cards), then each game deals it its own way: TriPeaks and Elevator/Escalator (PySolFC's
``threepeaks.py``, ``golf.py``) deal a card to each slot in turn, top row first (``dealRow``), then one to
the foundation (``dealCards``), and keep the rest as the stock, as Golf does. Black Hole and All in a Row
move the Ace of Spades before dealing (``_shuffleHook``); pysol-cards deals them itself.
"""

from __future__ import annotations

from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

from engine.cards import Card, full_deck, parse_card
from engine.deals import parse_deal_number, shuffled
from engine.spread.layout import SpreadLayout
from engine.spread.position import Spread, opening


def dealt_in_turn(layout: SpreadLayout, number: int) -> Spread:
    """Deal ``number`` of a game that deals slot by slot from the shuffled pack (TriPeaks, Pyramid Golf)."""
    return opening(layout, shuffled(number, full_deck(decks=1, jokers=0)))


def dealt_by_pysol_cards(layout: SpreadLayout, game_id: str, number: int) -> Spread:
    """Deal ``number`` of a game pysol-cards deals (``black_hole``, ``all_in_a_row``): its board read back,
    a pile per line (bottom card first), slots numbered as ``fans`` numbers them."""
    number = parse_deal_number(number)
    board = PysolGame(game_id, number, RandomBase.DEALS_PYSOLFC).calc_deal_string(number, CardRenderer(True))
    piles = [
        [parse_card(t) for t in line.split()]
        for line in board.splitlines()
        if line.strip() and not line.startswith(("Foundations", "Talon"))
    ]
    count = len(layout.lines)
    cards: list[Card] = [piles[slot % count][slot // count] for slot in range(layout.size)]
    return opening(layout, tuple(cards))
