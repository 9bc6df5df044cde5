"""A hole in play: what is available, which moves are legal, what a move does, when it ends, its score."""

from __future__ import annotations

import itertools
import pickle
from collections import Counter
from collections.abc import Callable

import pytest

from engine.cards import Card, Suit
from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE, TURN, Move, MoveError
from engine.golf.rules import QUEENS_ON_KINGS, STRICT, WRAP, Rules, find_rules

MakeHole = Callable[..., Hole]
Cards = Callable[[str], tuple[Card, ...]]


def test_what_the_player_sees(make_hole: MakeHole, cards: Cards) -> None:
    hole = make_hole(["4C 7S", "", "KH"], foundation="9D 8H", stock="2C 9H")
    assert hole.top == Card(8, Suit.HEARTS)
    assert hole.available(0) == Card(7, Suit.SPADES)
    assert hole.available(1) is None
    assert hole.available(2) == Card(13, Suit.HEARTS)
    assert hole.cards_in_tableau == 3
    assert not hole.is_cleared
    assert hole.cards() == cards("4C 7S KH 9D 8H 2C 9H")


def test_empty_foundation_has_no_top(make_hole: MakeHole) -> None:
    hole = make_hole(["4C"], rules=Rules(empty_foundation=True))
    assert hole.top is None
    assert hole.can_play(0)


def test_playable_columns_and_legal_moves(make_hole: MakeHole) -> None:
    hole = make_hole(["2C 7S", "9H", "", "5D", "KS"], foundation="8H", stock="3C")
    assert [hole.can_play(c) for c in range(5)] == [True, True, False, False, False]
    assert hole.playable_columns() == (0, 1)
    assert hole.legal_moves() == (Move.play(0), Move.play(1), TURN)  # plays first, then the stock
    assert CONCEDE not in hole.legal_moves()
    assert hole.is_legal(CONCEDE)
    assert hole.is_legal(TURN)
    assert not hole.is_legal(Move.play(2))
    assert not hole.is_legal(Move.play(7))
    assert not hole.can_play(-1)
    assert not hole.can_play(99)


def test_play_moves_the_available_card_and_never_mutates(make_hole: MakeHole, cards: Cards) -> None:
    hole = make_hole(["2C 7S", "9H"], foundation="8H", stock="3C")
    after = hole.play(Move.play(0))
    assert after.tableau == (cards("2C"), cards("9H"))
    assert after.foundation == cards("8H 7S")
    assert after.top == Card(7, Suit.SPADES)
    assert after.stock == hole.stock
    assert hole.tableau == (cards("2C 7S"), cards("9H"))  # the old position is unchanged
    assert hole.foundation == cards("8H")
    assert after.rules is hole.rules


def test_turn_puts_the_next_stock_card_on_the_foundation(make_hole: MakeHole, cards: Cards) -> None:
    hole = make_hole(["2C 7S"], foundation="8H", stock="3C 4D JS")
    after = hole.play(TURN)
    assert after.foundation == cards("8H 3C")
    assert after.stock == cards("4D JS")
    assert after.tableau == hole.tableau
    assert after.play(TURN).top == Card(4, Suit.DIAMONDS)


def test_turn_may_be_used_at_any_time_by_default(make_hole: MakeHole) -> None:
    hole = make_hole(["7S"], foundation="8H", stock="3C")
    assert hole.can_play(0)
    assert hole.can_turn()


def test_draw_only_when_stuck(make_hole: MakeHole) -> None:
    rules = Rules(draw_only_when_stuck=True)
    hole = make_hole(["2C 7S", "QD"], foundation="8H", stock="3C 4D", rules=rules)
    assert not hole.can_turn()
    assert not hole.is_legal(TURN)
    assert TURN not in hole.legal_moves()
    with pytest.raises(MoveError, match="only when no card can be played"):
        hole.play(TURN)
    stuck = hole.play(Move.play(0))  # 7S on 8H; now 2C and QD cannot go on 7S
    assert stuck.playable_columns() == ()
    assert stuck.can_turn()
    assert stuck.legal_moves() == (TURN,)
    assert stuck.play(TURN).top == Card(3, Suit.CLUBS)


def test_cards_onto_a_king(make_hole: MakeHole) -> None:
    columns = ["QD", "AS", "JK"]
    strict = make_hole(columns, foundation="KH", stock="3C", rules=Rules(jokers=1))
    assert strict.playable_columns() == ()  # strict: nothing onto a King, not even a Joker
    assert make_hole(columns, foundation="KH", stock="3C", rules=Rules(queens_on_kings=True, jokers=1)) \
        .playable_columns() == (0, 2)  # fmt: skip
    assert make_hole(columns, foundation="KH", stock="3C", rules=Rules(wrap=True, jokers=1)) \
        .playable_columns() == (0, 1, 2)  # fmt: skip


def test_king_onto_queen_is_fine_under_strict_rules(make_hole: MakeHole) -> None:
    hole = make_hole(["KS"], foundation="QH", stock="3C")
    assert hole.play(Move.play(0)).top == Card(13, Suit.SPADES)


def test_anything_goes_onto_a_joker(make_hole: MakeHole) -> None:
    hole = make_hole(["KS", "5D", "AC"], foundation="JK", stock="3C", rules=Rules(jokers=1))
    assert hole.playable_columns() == (0, 1, 2)


@pytest.mark.parametrize(
    ("hole_args", "move", "message"),
    [
        ((["7S"], "8H", "3C"), Move.play(7), "there is no column 8"),
        ((["7S", ""], "8H", "3C"), Move.play(1), "column 2 is empty"),
        ((["5H"], "KS", "3C"), Move.play(0), "5♥ cannot go on K♠"),
        ((["TH", "7S"], "8H", "3C"), Move.play(0), "10♥ cannot go on 8♥"),
        ((["7S", "2C"], "8H", ""), TURN, "the stock is empty"),
        ((["7S"], "8H", "3C"), Move(Move.play(0).kind), "there is no column 0"),
    ],
)
def test_illegal_moves_raise_with_a_reason(
    make_hole: MakeHole, hole_args: tuple[list[str], str, str], move: Move, message: str
) -> None:
    columns, foundation, stock = hole_args
    hole = make_hole(columns, foundation=foundation, stock=stock)
    assert not hole.is_legal(move)
    with pytest.raises(MoveError) as info:
        hole.play(move)
    assert str(info.value) == message


# ---- the end of a hole, and its score ------------------------------------------------------------


def test_cleared_tableau_ends_the_hole_and_scores_minus_the_stock(make_hole: MakeHole) -> None:
    hole = make_hole(["7S", "6D"], foundation="8H", stock="3C 4D JS")
    assert not hole.is_over
    cleared = hole.play_all([Move.play(0), Move.play(1)])
    assert cleared.is_cleared and cleared.is_over
    assert cleared.score == -3
    assert cleared.legal_moves() == ()
    for move in (TURN, CONCEDE, Move.play(0)):
        assert not cleared.is_legal(move)
        with pytest.raises(MoveError, match="this hole is over"):
            cleared.play(move)


def test_cleared_with_the_stock_used_up_scores_zero(make_hole: MakeHole) -> None:
    done = make_hole(["7S"], foundation="3C", stock="8H").play(TURN).play(Move.play(0))
    assert done.is_cleared and done.stock == ()
    assert done.is_over
    assert done.score == 0
    assert make_hole(["7S"], foundation="8H", stock="3C").play(Move.play(0)).score == -1


def test_stuck_with_the_stock_empty_ends_the_hole(make_hole: MakeHole) -> None:
    hole = make_hole(["2C 7S", "5H", "JD"], foundation="8H", stock="KC")
    assert not hole.is_over
    stuck = hole.play(Move.play(0)).play(TURN)  # 7S, then KC: a dead King under strict rules
    assert stuck.stock == ()
    assert stuck.is_over and not stuck.is_cleared
    assert stuck.legal_moves() == ()
    assert stuck.score == 3
    with pytest.raises(MoveError, match="this hole is over"):
        stuck.play(CONCEDE)


def test_empty_stock_with_a_play_left_is_not_over(make_hole: MakeHole) -> None:
    hole = make_hole(["2C 7S"], foundation="8H", stock="")
    assert not hole.is_over
    assert hole.legal_moves() == (Move.play(0),)
    assert not hole.can_turn()


def test_concede_scores_the_tableau_as_it_stands(make_hole: MakeHole) -> None:
    hole = make_hole(["2C 7S", "5H"], foundation="8H", stock="3C 4D JS")
    conceded = hole.concede()
    assert conceded == hole.play(CONCEDE)
    assert conceded.conceded and conceded.is_over
    assert conceded.score == 3  # the stock gives nothing
    assert conceded.legal_moves() == ()
    assert not conceded.can_play(0) and not conceded.can_turn()
    assert not conceded.is_legal(CONCEDE)
    with pytest.raises(MoveError, match="this hole is over"):
        conceded.play(Move.play(0))


def test_score_as_it_stands_mid_hole(make_hole: MakeHole) -> None:
    hole = make_hole(["2C 7S", "5H"], foundation="8H", stock="3C")
    assert hole.score == 3
    assert hole.play(Move.play(0)).score == 2


def test_play_all_and_cards_are_conserved() -> None:
    hole = deal(24)
    line = [TURN, TURN, TURN]
    after = hole.play_all(line)
    assert len(after.stock) == 13
    assert Counter(after.cards()) == Counter(hole.cards())
    assert hole.play_all([]) is hole


def test_a_whole_deal_played_greedily_ends_with_a_rule_book_score() -> None:
    for rules in (STRICT, QUEENS_ON_KINGS, WRAP):
        hole = deal(1, rules)
        steps = 0
        while not hole.is_over:
            hole = hole.play(hole.legal_moves()[0])
            steps += 1
        assert steps <= 35 + 16
        expected = -len(hole.stock) if hole.is_cleared else hole.cards_in_tableau
        assert hole.score == expected
        assert hole.stock == () or hole.is_cleared


def test_holes_are_frozen_values(make_hole: MakeHole) -> None:
    hole = make_hole(["7S"], foundation="8H", stock="3C")
    assert hole == make_hole(["7S"], foundation="8H", stock="3C")
    assert hash(hole) == hash(make_hole(["7S"], foundation="8H", stock="3C"))
    with pytest.raises(AttributeError):
        hole.stock = ()  # type: ignore[misc]


@pytest.mark.parametrize("flags", list(itertools.product([False, True], [False, True], [0, 1, 2], [1, 2])))
def test_a_position_pickles_compactly_and_comes_back_equal(flags: tuple[bool, bool, int, int]) -> None:
    qok, empty, jokers, decks = flags
    rules = Rules(queens_on_kings=qok, empty_foundation=empty, jokers=jokers, decks=decks, wrap=qok and empty)
    opening = deal(4242, rules)
    later = opening.play_all(opening.legal_moves()[:1])
    for hole in (opening, later, later.concede()):
        copy = pickle.loads(pickle.dumps(hole))
        assert copy == hole and copy.rules.columns == hole.rules.columns
        assert len(pickle.dumps(hole)) < 300


def test_every_rule_option_survives_pickling() -> None:
    """The flags travel as engine.golf.rules.FLAGS: winnable-only too, which the hand-made list once
    dropped."""
    rules = find_rules("wrap+jokers=1+head-start+stuck-draw+winnable-only")
    copy = pickle.loads(pickle.dumps(deal(7, rules)))
    assert copy.rules == rules and copy.rules.winnable_only


def test_a_hole_hashes_by_its_position_once_and_equal_positions_alike():
    first, again = deal(24), deal(24)
    assert first is not again and hash(first) == hash(again) and {first: "known"}[again] == "known"
    position = (first.tableau, first.foundation, first.stock, first.rules, False)
    assert hash(first) == (hash(position) or 1)  # the position's own hash (1 stands in for 0)
    moved = first.play(TURN)
    assert moved != first and hash(moved) == hash(deal(24).play(TURN))
    assert hash(pickle.loads(pickle.dumps(moved))) == hash(moved)  # the cache does not travel, nor matter
    assert "_hash" not in repr(moved)
    conceded = first.concede()
    assert conceded != first and hash(conceded) != hash(first)
