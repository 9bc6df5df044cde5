"""Cards: ranks and suits, with paired parse/format helpers for the board text format."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import total_ordering

ACE = 1
QUEEN = 12
KING = 13
JOKER = 0
"""Rank of a Joker: wild, it sits next to every rank."""

RANK_CHARS = "A23456789TJQK"
_RANK_BY_CHAR: dict[str, int] = {ch: i + 1 for i, ch in enumerate(RANK_CHARS)}
_RANK_BY_CHAR["10"] = 10  # "10" is accepted as well as "T"
JOKER_TOKEN = "JK"


class CardError(ValueError):
    """A card token that is not a card, e.g. ``"1X"``."""


@total_ordering
class Suit(Enum):
    """Ordered as declared, so that cards sort by rank, then suit (sorting a hand or a pack works)."""

    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"
    NONE = "*"
    """The suit of a Joker."""

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_SYMBOLS = {Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.SPADES: "♠", Suit.NONE: "★"}

SUITS_PYSOL_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
"""The suit order in which PySolFC builds a fresh deck (its ``"CSHD"``)."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Suits never matter in Golf; they are kept for display."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if self.rank == JOKER:
            if self.suit is not Suit.NONE:
                raise CardError("a Joker has no suit")
        elif not ACE <= self.rank <= KING or self.suit is Suit.NONE:
            raise CardError(f"no such card: rank {self.rank} of {self.suit.name.lower()}")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def rank_name(self) -> str:
        return "★" if self.is_joker else RANK_CHARS[self.rank - 1]

    def __str__(self) -> str:
        return card_name(self)

    def pretty(self) -> str:
        """A short label for people: ``10♥``, ``K♠``, ``Joker``."""
        if self.is_joker:
            return "Joker"
        rank = "10" if self.rank == 10 else RANK_CHARS[self.rank - 1]
        return rank + self.suit.symbol


JOKER_CARD = Card(JOKER, Suit.NONE)


def parse_card(token: str) -> Card:
    """Parse a board token such as ``"TD"``, ``"10d"``, ``"AS"`` or ``"JK"`` (a Joker)."""
    text = token.strip().upper()
    if text == JOKER_TOKEN:
        return JOKER_CARD
    if len(text) < 2:
        raise CardError(f"{token!r} is not a card (expected rank then suit, e.g. TD or 7S)")
    rank_text, suit_text = text[:-1], text[-1]
    rank = _RANK_BY_CHAR.get(rank_text)
    if rank is None:
        raise CardError(f"{token!r} is not a card: unknown rank {rank_text!r} (use A 2-9 T J Q K)")
    try:
        suit = Suit(suit_text)
    except ValueError:
        raise CardError(f"{token!r} is not a card: unknown suit {suit_text!r} (use H C D S)") from None
    if suit is Suit.NONE:
        raise CardError(f"{token!r} is not a card")
    return Card(rank, suit)


def card_name(card: Card) -> str:
    """The board token of a card: ``"TD"``, ``"AS"``, ``"JK"``."""
    if card.is_joker:
        return JOKER_TOKEN
    return RANK_CHARS[card.rank - 1] + card.suit.value


ONE_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in SUITS_PYSOL_ORDER for rank in range(ACE, KING + 1)
)


def full_deck(*, decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """A fresh, unshuffled pack in PySolFC's order (suits C S H D, ranks A..K), Jokers last."""
    return ONE_DECK * decks + (JOKER_CARD,) * jokers


# ---- one byte a card, for compact copies (pickling a position to a solver process) -------------------

_SUIT_CODES = {suit: i for i, suit in enumerate(Suit)}


def card_code(card: Card) -> int:
    """A number below 70 that names the card: ``rank * 5 + suit``."""
    return card.rank * 5 + _SUIT_CODES[card.suit]


_BY_CODE: dict[int, Card] = {card_code(c): c for c in (*ONE_DECK, JOKER_CARD)}


def cards_to_bytes(cards: tuple[Card, ...]) -> bytes:
    return bytes(card_code(c) for c in cards)


def cards_from_bytes(data: bytes) -> tuple[Card, ...]:
    """The cards ``cards_to_bytes`` wrote; equal cards come back as one shared object."""
    return tuple(_BY_CODE[b] for b in data)
