"""Scoring of hand-made grids, as docs/rules.md says: A 1, 2 −2, 3–10 face value, J Q 10, K 0, and two
cards of equal rank in one column 0 together (a pair of Twos too)."""

from __future__ import annotations

import pytest

from engine.cards import ONE_DECK, parse_card
from engine.sixcard.scoring import card_value, column_of, column_score, grid_score, paired_columns, partner


def grid(text: str) -> tuple:
    return tuple(parse_card(t) for t in text.split())


@pytest.mark.parametrize(
    ("token", "value"),
    [("AH", 1), ("2C", -2), ("3D", 3), ("7S", 7), ("TH", 10), ("JC", 10), ("QD", 10), ("KS", 0)],
)
def test_card_values(token: str, value: int) -> None:
    assert card_value(parse_card(token)) == value


def test_every_card_has_its_value() -> None:
    expected = {1: 1, 2: -2, 11: 10, 12: 10, 13: 0}
    for card in ONE_DECK:
        assert card_value(card) == expected.get(card.rank, card.rank)


def test_columns_and_partners() -> None:
    assert [column_of(p) for p in range(6)] == [0, 1, 2, 0, 1, 2]
    assert [partner(p) for p in range(6)] == [3, 4, 5, 0, 1, 2]


@pytest.mark.parametrize(
    ("layout", "score"),
    [
        ("AH 2C 3D 4S 5H 6C", 1 - 2 + 3 + 4 + 5 + 6),  # no pairs: the plain sum
        ("7H 8C 9D 7S 8H 9C", 0),  # three pairs
        ("2H 5C 9D 2S 6H TC", 0 + 11 + 19),  # a pair of Twos scores 0, not -4
        ("KH KC KD QS JH TC", 0 + 10 + 10 + 10),  # Kings are 0; J and Q 10
        ("KH 3C 3D KS 4H 3S", 0 + 7 + 0),  # a pair of Kings 0; 3C and 4H; the Threes of column 3 pair
        ("2H 2C 2D AS AH AC", -6 + 3),  # Twos in a row do not pair: only columns do
        ("QH JC 4D QS JH 4S", 0),  # equal ranks pair whatever their suits
        ("JH QC KD QS JD KS", 10 + 10 + 10 + 10),  # a Jack and a Queen are both 10 but not a pair
        ("2H 2C 2D 2S KH KC", 0 - 2 - 2),  # a pair of Twos 0; a Two over a King is -2, twice
    ],
)
def test_grid_scores(layout: str, score: int) -> None:
    assert grid_score(grid(layout)) == score


def test_column_score_pairs() -> None:
    two, other_two, king = parse_card("2H"), parse_card("2S"), parse_card("KD")
    assert column_score(two, other_two) == 0
    assert column_score(two, king) == -2
    assert column_score(parse_card("9H"), parse_card("9C")) == 0


def test_a_grid_has_six_cards() -> None:
    with pytest.raises(ValueError, match="a grid has 6 cards, not 3"):
        grid_score(grid("AH 2C 3D"))


def test_paired_columns_mark_the_columns_of_equal_rank() -> None:
    assert paired_columns(grid("KS 7H 5D KH 2C 5C")) == (True, False, True)
    assert paired_columns(grid("AH 2C 3D 4S 5H 6C")) == (False, False, False)
    with pytest.raises(ValueError, match="a grid has 6 cards, not 2"):
        paired_columns(grid("AH 2C"))
