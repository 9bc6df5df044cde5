"""Deals numbered like PySolFC: deal N here is Dead King Golf deal N there.

The numbers and the shuffle are the engine's (engine/deals.py, shared by every game). Double-deck and Joker
packs go through the same shuffle with the same number, so every variant has deterministic, numbered deals.
"""

from __future__ import annotations

from engine.cards import Card, full_deck
from engine.deals import (
    MAX_DEAL,
    MIN_DEAL,
    MS_DEALS,
    DealError,
    deal_name,
    parse_deal_number,
    shuffled,
)
from engine.golf.hole import Hole
from engine.golf.rules import STRICT, Rules

__all__ = [
    "MAX_DEAL",
    "MIN_DEAL",
    "MS_DEALS",
    "DealError",
    "deal",
    "deal_name",
    "parse_deal_number",
    "shuffled_pack",
]


def shuffled_pack(number: int, rules: Rules = STRICT) -> tuple[Card, ...]:
    """The pack for deal ``number`` in dealing order (PySolFC deals from the end of its shuffled list)."""
    return shuffled(number, full_deck(decks=rules.decks, jokers=rules.jokers))


def deal(number: int, rules: Rules = STRICT) -> Hole:
    """The opening position of deal ``number`` under ``rules``."""
    pack = shuffled_pack(number, rules)
    columns, rows = rules.columns, rules.rows
    dealt = pack[: columns * rows]
    tableau = tuple(dealt[c::columns] for c in range(columns))
    rest = pack[columns * rows :]
    if rules.empty_foundation:
        return Hole(tableau=tableau, foundation=(), stock=rest, rules=rules)
    return Hole(tableau=tableau, foundation=rest[:1], stock=rest[1:], rules=rules)
