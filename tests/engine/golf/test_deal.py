"""Deals: the layouts PySolFC deals for the same numbers (tests/data, pysol-cards), deal codes, variants."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysol_cards.random import shuffle as pysol_shuffle
from pysol_cards.random_base import RandomBase

from engine.cards import Card, card_name, full_deck, parse_card
from engine.golf.deal import MAX_DEAL, MIN_DEAL, DealError, deal, deal_name, parse_deal_number, shuffled_pack
from engine.golf.hole import Hole
from engine.golf.rules import QUEENS_ON_KINGS, STRICT, WRAP, Rules


def _layout(hole: Hole) -> tuple[str, tuple[tuple[str, ...], ...], tuple[str, ...]]:
    top = hole.top
    return (
        card_name(top) if top else "-",
        tuple(tuple(card_name(c) for c in col) for col in hole.tableau),
        tuple(card_name(c) for c in hole.stock),
    )


def test_deals_1_to_1000_match_pysolfc(pysolfc_deals: Any) -> None:
    """Every layout of tests/data/pysolfc-golf-deals-1-1000.tsv: foundation, the 7 columns bottom..top
    (the last card is the available one) and the talon in turning order."""
    assert [r.number for r in pysolfc_deals] == list(range(1, 1001))
    mismatches = []
    for record in pysolfc_deals:
        hole = deal(record.number)
        expected = (record.foundation, record.columns, record.talon)
        if _layout(hole) != expected:
            mismatches.append(f"deal {record.number}: got {_layout(hole)}, PySolFC has {expected}")
    assert not mismatches, f"{len(mismatches)} deals differ from PySolFC, e.g.\n" + "\n".join(mismatches[:3])


def test_the_data_file_is_well_formed(pysolfc_deals: Any) -> None:
    for record in pysolfc_deals[:50]:
        assert len(record.columns) == 7 and all(len(col) == 5 for col in record.columns)
        assert len(record.talon) == 16
        tokens = [record.foundation, *(t for col in record.columns for t in col), *record.talon]
        assert Counter(parse_card(t) for t in tokens) == Counter(full_deck())


@pytest.mark.parametrize(
    ("number", "foundation", "first_column", "talon_start"),
    [
        # Known layouts from pysol-cards; numbers above 32000 use the Mersenne Twister.
        (40000, "TH", "7H 2H 6D 7S 4D", "6H 6C 2S"),
        (12345678901234567890, "5S", "AH 6C 6H KH 5D", "5H 2D 2H AD"),
        # Rule book, section 6 (the board example).
        (24, "JH", "4C 7S 5S KH TC", "TD KC 8H 8S 4S 4H KS 6D 8D 7C JD 9D 2H QD 3D AS"),
    ],
)
def test_known_layouts(number: int, foundation: str, first_column: str, talon_start: str) -> None:
    top, columns, talon = _layout(deal(number))
    assert top == foundation
    assert columns[0] == tuple(first_column.split())
    assert talon[: len(talon_start.split())] == tuple(talon_start.split())


def test_32000_is_the_last_microsoft_deal() -> None:
    # The LCG covers 1..32000; 32001 onwards is a different generator, but every deal is still a full pack.
    for number in (31999, 32000, 32001, 32002, MAX_DEAL):
        hole = deal(number)
        assert Counter(hole.cards()) == Counter(full_deck())
    assert _layout(deal(32000)) != _layout(deal(32001))


@settings(max_examples=300, deadline=None)
@given(
    number=st.one_of(st.integers(31990, 32010), st.integers(32001, MAX_DEAL)),
    decks=st.sampled_from((1, 2)),
    jokers=st.sampled_from((0, 1, 2)),
)
def test_every_pack_is_shuffled_as_pysol_cards_shuffles_it(number: int, decks: int, jokers: int) -> None:
    # above 32000 the Mersenne Twister's steps are taken inline (engine.golf.deal): pysol-cards stays the
    # reference
    fresh = list(full_deck(decks=decks, jokers=jokers))
    expected = tuple(reversed(pysol_shuffle(fresh, number, RandomBase.DEALS_PYSOLFC)))
    assert shuffled_pack(number, Rules(decks=decks, jokers=jokers)) == expected


def test_deals_are_deterministic_and_distinct() -> None:
    assert deal(7) == deal(7)
    assert deal(40000) == deal(40000)
    layouts = {_layout(deal(n)) for n in (*range(1, 50), 32001, 40000, 10**19, MAX_DEAL)}
    assert len(layouts) == 53


@pytest.mark.parametrize(
    ("rules", "columns", "rows", "foundation", "stock"),
    [
        (STRICT, 7, 5, 1, 16),
        (QUEENS_ON_KINGS, 7, 5, 1, 16),
        (WRAP, 7, 5, 1, 16),
        (Rules(jokers=1), 7, 5, 1, 17),
        (Rules(jokers=2), 7, 5, 1, 18),
        (Rules(empty_foundation=True), 7, 5, 0, 17),
        (Rules(decks=2), 9, 7, 1, 40),
        (Rules(decks=2, jokers=2, empty_foundation=True), 9, 7, 0, 43),
    ],
)
def test_variant_shapes(rules: Rules, columns: int, rows: int, foundation: int, stock: int) -> None:
    for number in (1, 24, 40000):
        hole = deal(number, rules)
        assert hole.rules == rules
        assert len(hole.tableau) == columns
        assert all(len(col) == rows for col in hole.tableau)
        assert len(hole.foundation) == foundation
        assert len(hole.stock) == stock == rules.stock_size
        assert Counter(hole.cards()) == Counter(full_deck(decks=rules.decks, jokers=rules.jokers))
        assert not hole.is_over and not hole.conceded


def test_play_flags_do_not_change_the_layout() -> None:
    for number in (3, 40000):
        base = _layout(deal(number))
        for rules in (QUEENS_ON_KINGS, WRAP, Rules(draw_only_when_stuck=True)):
            assert _layout(deal(number, rules)) == base


def test_head_start_puts_the_foundation_card_first_in_the_stock() -> None:
    strict, head_start = deal(24), deal(24, Rules(empty_foundation=True))
    assert head_start.tableau == strict.tableau
    assert head_start.foundation == ()
    assert head_start.stock == strict.foundation + strict.stock


def test_jokers_are_dealt_somewhere() -> None:
    seen_in_tableau = False
    for number in range(1, 40):
        hole = deal(number, Rules(jokers=2))
        jokers = [c for c in hole.cards() if c.is_joker]
        assert len(jokers) == 2
        seen_in_tableau |= any(c.is_joker for col in hole.tableau for c in col)
    assert seen_in_tableau


def test_shuffled_pack_is_the_dealing_order() -> None:
    pack = shuffled_pack(24)
    hole = deal(24)
    assert pack[:7] == tuple(col[0] for col in hole.tableau)  # dealt row by row
    assert pack[35] == hole.top
    assert pack[36:] == hole.stock
    assert isinstance(pack[0], Card)


# ---- deal numbers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "number"),
    [
        ("#24", 24),
        ("24", 24),
        (24, 24),
        (" # 24 ", 24),
        ("0024", 24),
        ("1", MIN_DEAL),
        ("32000", 32000),
        ("12345678901234567890", 12345678901234567890),
        ("#" + "9" * 20, MAX_DEAL),
        (MAX_DEAL, MAX_DEAL),
    ],
)
def test_parse_deal_number(code: str | int, number: int) -> None:
    assert parse_deal_number(code) == number


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("0", "deal 0 does not exist"),
        ("#0", "deal 0 does not exist"),
        (0, "deal 0 does not exist"),
        (-5, "deal -5 does not exist"),
        ("-5", "is not a deal number"),
        ("1" * 21, "is not a deal number"),
        (10**20, "does not exist"),
        ("abc", "'abc' is not a deal number"),
        ("", "is not a deal number"),
        ("#", "is not a deal number"),
        ("24a", "is not a deal number"),
        ("2 4", "is not a deal number"),
        ("##24", "is not a deal number"),
        ("1e3", "is not a deal number"),
        ("+24", "is not a deal number"),
    ],
)
def test_parse_deal_number_rejects(code: str | int, words: str) -> None:
    with pytest.raises(DealError) as info:
        parse_deal_number(code)
    assert words in str(info.value)
    assert "1" in str(info.value)  # says where deals start


@pytest.mark.parametrize("number", [0, -1, 10**20])
def test_deal_rejects_numbers_out_of_range(number: int) -> None:
    with pytest.raises(DealError):
        deal(number)


def test_deal_error_is_value_error() -> None:
    assert issubclass(DealError, ValueError)
    assert (MIN_DEAL, MAX_DEAL) == (1, 10**20 - 1)


def test_deal_name() -> None:
    assert deal_name(24) == "#24"
    assert parse_deal_number(deal_name(12345678901234567890)) == 12345678901234567890
