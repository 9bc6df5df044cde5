"""Cards: parse/format pairs, validation, the PySolFC pack order, sorting."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import (
    ACE,
    JOKER,
    JOKER_CARD,
    KING,
    QUEEN,
    RANK_CHARS,
    SUITS_PYSOL_ORDER,
    Card,
    CardError,
    Suit,
    card_name,
    full_deck,
    parse_card,
)

REAL_SUITS = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
ALL_TOKENS = [r + s for r in "A23456789TJQK" for s in "HCDS"]


def test_rank_constants() -> None:
    assert (JOKER, ACE, QUEEN, KING) == (0, 1, 12, 13)
    assert RANK_CHARS == "A23456789TJQK"


@pytest.mark.parametrize("token", ALL_TOKENS)
def test_every_card_token_round_trips(token: str) -> None:
    card = parse_card(token)
    assert card_name(card) == token
    assert str(card) == token
    assert not card.is_joker


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("AS", ACE, Suit.SPADES),
        ("TD", 10, Suit.DIAMONDS),
        ("10d", 10, Suit.DIAMONDS),
        ("10H", 10, Suit.HEARTS),
        ("td", 10, Suit.DIAMONDS),
        ("  kc ", KING, Suit.CLUBS),
        ("qh", QUEEN, Suit.HEARTS),
        ("2s", 2, Suit.SPADES),
    ],
)
def test_parse_card_accepts_case_spaces_and_10(token: str, rank: int, suit: Suit) -> None:
    assert parse_card(token) == Card(rank, suit)


@pytest.mark.parametrize("token", ["JK", "jk", " Jk "])
def test_joker_token(token: str) -> None:
    card = parse_card(token)
    assert card is JOKER_CARD or card == JOKER_CARD
    assert card.is_joker
    assert card.rank == JOKER
    assert card.suit is Suit.NONE
    assert card_name(card) == "JK"


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("", "not a card"),
        ("A", "not a card"),
        ("1X", "unknown rank"),
        ("1H", "unknown rank '1'"),
        ("11H", "unknown rank '11'"),
        ("0S", "unknown rank"),
        ("ZZ", "unknown rank"),
        ("AX", "unknown suit 'X'"),
        ("A*", "not a card"),
        ("*", "not a card"),
        ("-", "not a card"),
        ("10", "unknown rank '1'"),
        ("KHS", "unknown rank 'KH'"),
        ("J", "not a card"),
    ],
)
def test_parse_card_rejects_non_cards(token: str, words: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert words in str(info.value)
    assert repr(token) in str(info.value)


def test_card_error_is_value_error() -> None:
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(14, Suit.HEARTS), (-1, Suit.CLUBS), (5, Suit.NONE), (JOKER, Suit.SPADES), (KING + 1, Suit.NONE)],
)
def test_card_rejects_impossible_cards(rank: int, suit: Suit) -> None:
    with pytest.raises(CardError):
        Card(rank, suit)


def test_card_is_frozen_and_hashable() -> None:
    card = Card(5, Suit.HEARTS)
    with pytest.raises(AttributeError):
        card.rank = 6  # type: ignore[misc]
    assert len({card, Card(5, Suit.HEARTS), Card(5, Suit.SPADES)}) == 2


@pytest.mark.parametrize(
    ("card", "rank_name", "pretty"),
    [
        (Card(10, Suit.HEARTS), "T", "10♥"),
        (Card(KING, Suit.SPADES), "K", "K♠"),
        (Card(ACE, Suit.CLUBS), "A", "A♣"),
        (Card(7, Suit.DIAMONDS), "7", "7♦"),
        (JOKER_CARD, "★", "Joker"),
    ],
)
def test_display_names(card: Card, rank_name: str, pretty: str) -> None:
    assert card.rank_name == rank_name
    assert card.pretty() == pretty


def test_suit_symbols() -> None:
    assert [s.symbol for s in Suit] == ["♥", "♣", "♦", "♠", "★"]


def test_full_deck_is_pysolfc_order() -> None:
    deck = full_deck()
    assert len(deck) == 52
    assert SUITS_PYSOL_ORDER == (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
    # PySolFC builds its pack suit by suit (C S H D), Ace to King.
    assert [card_name(c) for c in deck[:14]] == [*(r + "C" for r in RANK_CHARS), "AS"]
    assert card_name(deck[-1]) == "KD"
    assert len(set(deck)) == 52


@pytest.mark.parametrize(("decks", "jokers"), [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)])
def test_full_deck_sizes(decks: int, jokers: int) -> None:
    deck = full_deck(decks=decks, jokers=jokers)
    assert len(deck) == 52 * decks + jokers
    counts = Counter(deck)
    assert counts[JOKER_CARD] == jokers
    assert all(counts[Card(r, s)] == decks for r in range(ACE, KING + 1) for s in REAL_SUITS)
    assert deck[len(deck) - jokers :] == (JOKER_CARD,) * jokers  # Jokers come last


def test_cards_sort_by_rank_then_suit() -> None:
    # Regression: Card is ordered, but Suit was not, so sorting two cards of one rank raised TypeError.
    five_s, five_h, two_c = Card(5, Suit.SPADES), Card(5, Suit.HEARTS), Card(2, Suit.CLUBS)
    assert sorted([five_s, two_c, five_h]) == [two_c, five_h, five_s]
    assert five_h < five_s <= five_s and five_s > five_h >= five_h
    assert sorted(full_deck(jokers=2))[:2] == [JOKER_CARD, JOKER_CARD]
    assert sorted(full_deck()) == sorted(reversed(full_deck()))


def test_suit_order_is_total() -> None:
    suits = list(Suit)
    assert sorted(reversed(suits)) == suits
    assert Suit.HEARTS < Suit.SPADES and Suit.SPADES > Suit.HEARTS
    assert Suit.CLUBS <= Suit.CLUBS and Suit.CLUBS >= Suit.CLUBS
    with pytest.raises(TypeError):
        _ = Suit.HEARTS < "S"
