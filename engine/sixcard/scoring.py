"""Scoring a Six-card Golf grid (docs/rules.md, "Six-card Golf"): card values, and pairs in a column.

A grid is six cards in two rows of three: positions 0 1 2 are the top row, 3 4 5 the bottom row, so column
``c`` holds positions ``c`` and ``c + 3``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import ACE, KING, Card

ROWS, COLUMNS = 2, 3
GRID_SIZE = ROWS * COLUMNS
TWO = 2
JACK, QUEEN = 11, 12

RANK_VALUES: dict[int, int] = {
    ACE: 1,
    TWO: -2,
    **{rank: rank for rank in range(3, 11)},
    JACK: 10,
    QUEEN: 10,
    KING: 0,
}
"""Ace 1, Two −2, 3–10 face value, Jack and Queen 10, King 0."""


def column_of(position: int) -> int:
    """The column (0..2) of a grid position (0..5)."""
    return position % COLUMNS


def partner(position: int) -> int:
    """The other position in the same column."""
    return (position + COLUMNS) % GRID_SIZE


def rank_value(rank: int) -> int:
    return RANK_VALUES[rank]


def card_value(card: Card) -> int:
    """The value of one card on its own."""
    return RANK_VALUES[card.rank]


def column_score(top: Card, bottom: Card) -> int:
    """Two cards of equal rank in one column score 0 together (a pair of Twos too); else the sum."""
    if top.rank == bottom.rank:
        return 0
    return RANK_VALUES[top.rank] + RANK_VALUES[bottom.rank]


def grid_score(cards: Sequence[Card]) -> int:
    """The score of a whole grid of six cards, every card counted as if face up."""
    if len(cards) != GRID_SIZE:
        raise ValueError(f"a grid has {GRID_SIZE} cards, not {len(cards)}")
    return sum(column_score(cards[c], cards[c + COLUMNS]) for c in range(COLUMNS))


def paired_columns(cards: Sequence[Card]) -> tuple[bool, ...]:
    """For each column of a grid of six cards: does it hold a pair (two cards of equal rank, scoring 0)?"""
    if len(cards) != GRID_SIZE:
        raise ValueError(f"a grid has {GRID_SIZE} cards, not {len(cards)}")
    return tuple(cards[c].rank == cards[c + COLUMNS].rank for c in range(COLUMNS))
