"""One hand of Six-card Golf: the deal, the opening, turns, the end of the hand, the stock's reshuffle."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import ONE_DECK, parse_card
from engine.sixcard.actions import DISCARD, DRAW, TAKE, Action, ActionError
from engine.sixcard.hand import Grid, Hand, Phase, Source, TableError, deal_hand


def conserved(hand: Hand) -> bool:
    return Counter(hand.cards()) == Counter(ONE_DECK)


def opened(hand: Hand) -> Hand:
    """Every seat turns its first two cards."""
    for seat in range(hand.players):
        hand = hand.play(seat, Action.flip(0)).play(seat, Action.flip(4))
    return hand


# ---- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal(players: int) -> None:
    hand = deal_hand(7, players=players)
    assert hand.players == players
    assert all(len(g.cards) == 6 and g.face_up_count == 0 for g in hand.grids)
    assert len(hand.discard) == 1
    assert len(hand.stock) == 52 - 6 * players - 1
    assert conserved(hand)
    assert hand.phase is Phase.OPENING and hand.drawn is None and hand.turns == 0


def test_a_seed_is_a_deal() -> None:
    assert deal_hand(123, players=3) == deal_hand(123, players=3)
    assert deal_hand(123, players=3) != deal_hand(124, players=3)


def test_cards_go_round_the_table_one_at_a_time_from_the_first_seat() -> None:
    a = deal_hand(5, players=3, first=0)
    b = deal_hand(5, players=3, first=1)
    # the same pack: seat 1 gets, when it is dealt to first, what seat 0 got when seat 0 was
    assert b.grids[1] == a.grids[0] and b.grids[2] == a.grids[1] and b.grids[0] == a.grids[2]
    assert a.stock == b.stock and a.discard == b.discard
    assert b.first == 1


@pytest.mark.parametrize(("players", "first"), [(1, 0), (5, 0), (3, 3), (2, -1)])
def test_impossible_tables_are_refused(players: int, first: int) -> None:
    with pytest.raises(TableError, match=r"players|seat"):
        deal_hand(1, players=players, first=first)


# ---- the opening ------------------------------------------------------------------------------


def test_the_opening_every_seat_turns_two_in_any_order() -> None:
    hand = deal_hand(1, players=3, first=2)
    assert hand.to_act() == (0, 1, 2)
    hand = hand.play(1, Action.flip(5))
    hand = hand.play(0, Action.flip(0))
    hand = hand.play(1, Action.flip(2))
    assert hand.to_act() == (0, 2)  # seat 1 has turned its two
    assert hand.legal_actions(1) == ()
    hand = hand.play(2, Action.flip(3)).play(0, Action.flip(1))
    assert hand.phase is Phase.OPENING
    hand = hand.play(2, Action.flip(4))
    assert hand.phase is Phase.TURNS
    assert hand.turn == 2 and hand.to_act() == (2,)  # the first seat plays first
    assert [g.face_up for g in hand.grids] == [
        (True, True, False, False, False, False),
        (False, False, True, False, False, True),
        (False, False, False, True, True, False),
    ]


def test_the_opening_refuses_what_it_must() -> None:
    hand = deal_hand(1, players=2)
    assert set(hand.legal_actions(0)) == {Action.flip(p) for p in range(6)}
    with pytest.raises(ActionError, match="first every player turns two of their own cards"):
        hand.play(0, DRAW)
    hand = hand.play(0, Action.flip(3))
    with pytest.raises(ActionError, match="card 4 is already face up"):
        hand.play(0, Action.flip(3))
    hand = hand.play(0, Action.flip(2))
    with pytest.raises(ActionError, match="you have turned your two cards; wait for the others"):
        hand.play(0, Action.flip(1))
    with pytest.raises(ActionError, match="no seat 3"):
        hand.play(2, Action.flip(1))


# ---- turns ------------------------------------------------------------------------------------


def test_a_turn_from_the_stock_placed_over_a_face_down_card() -> None:
    hand = opened(deal_hand(3, players=2))
    top, pile = hand.stock[0], hand.discard
    assert hand.legal_actions(0) == (DRAW, TAKE) and hand.legal_actions(1) == ()
    hand = hand.play(0, DRAW)
    assert hand.drawn == top and hand.source is Source.STOCK
    assert hand.legal_actions(0) == (*(Action.place(p) for p in range(6)), DISCARD)
    hidden = hand.grids[0].cards[1]
    hand = hand.play(0, Action.place(1))
    assert hand.grids[0].cards[1] == top and hand.grids[0].face_up[1]
    assert hand.discard == (*pile, hidden)  # the replaced card, unseen until now, goes face up on the pile
    assert hand.drawn is None and hand.turn == 1 and hand.turns == 1
    assert conserved(hand)


def test_a_turn_from_the_discard_pile() -> None:
    hand = opened(deal_hand(3, players=2))
    pile_top = hand.discard[-1]
    hand = hand.play(0, TAKE)
    assert hand.drawn == pile_top and hand.source is Source.PILE and hand.discard == ()
    assert DISCARD not in hand.legal_actions(0)
    with pytest.raises(ActionError, match="a card taken from the discard pile must go into your grid"):
        hand.play(0, DISCARD)
    old = hand.grids[0].cards[0]  # face up since the opening
    hand = hand.play(0, Action.place(0))
    assert hand.grids[0].cards[0] == pile_top and hand.discard == (old,)
    assert conserved(hand)


def test_a_stock_card_may_be_discarded() -> None:
    hand = opened(deal_hand(3, players=2)).play(0, DRAW)
    card = hand.drawn
    hand = hand.play(0, DISCARD)
    assert hand.discard[-1] == card and hand.turn == 1
    assert hand.grids == opened(deal_hand(3, players=2)).grids


def test_turns_refuse_what_they_must() -> None:
    hand = opened(deal_hand(3, players=3))
    with pytest.raises(ActionError, match="it is not your turn"):
        hand.play(1, DRAW)
    with pytest.raises(ActionError, match="take a card first"):
        hand.play(0, Action.place(2))
    with pytest.raises(ActionError, match="take a card first"):
        hand.play(0, DISCARD)
    with pytest.raises(ActionError, match="turned face up only at the opening"):
        hand.play(0, Action.flip(2))
    held = hand.play(0, DRAW)
    with pytest.raises(ActionError, match=r"you already hold .*: place it or discard it"):
        held.play(0, TAKE)
    with pytest.raises(ActionError, match="it is not your turn"):
        held.play(2, Action.place(0))


def test_turns_go_round_from_the_first_seat() -> None:
    hand = opened(deal_hand(9, players=3, first=1))
    order = []
    for _ in range(6):
        order.append(hand.turn)
        hand = hand.play(hand.turn, DRAW).play(hand.turn, DISCARD)
    assert order == [1, 2, 0, 1, 2, 0]


# ---- the end of the hand ----------------------------------------------------------------------


def test_the_hand_ends_as_soon_as_one_player_has_six_face_up(make_hand) -> None:
    hand = make_hand(
        ["KH KC 3D KS KD ?9H", "?QH ?QC 5D ?4S ?2C 8H", "?JH ?JC 7D ?7S 6C ?6H"],
        discard="5C",
        drawn="3S",
        turn=0,
        turns=11,
    )
    end = hand.play(0, Action.place(5))
    assert end.is_over and end.phase is Phase.OVER and end.went_out == 0
    assert end.to_act() == () and end.legal_actions(1) == () and end.legal_actions(2) == ()
    assert all(g.all_face_up for g in end.grids)  # the others' face-down cards are turned...
    # ... and scored: K/K, K/K, 3/3 pair up; Q+4, Q+2, 5+8; J+7, J+6, 7+6
    assert end.scores == (0, 14 + 8 + 13, 17 + 16 + 13)
    assert end.discard[-1] == parse_card("9H") and end.turns == 12
    with pytest.raises(ActionError, match="this hand is over"):
        end.play(1, DRAW)


def test_replacing_a_face_up_card_does_not_end_the_hand(make_hand) -> None:
    hand = make_hand(["KH KC 3D KS KD ?9H", "?QH ?QC 5D ?4S ?2C 8H"], drawn="3S")
    after = hand.play(0, Action.place(0))
    assert not after.is_over and after.turn == 1
    assert not hand.play(0, DISCARD).is_over


def test_the_end_comes_from_the_seat_that_plays_not_from_another(make_hand) -> None:
    # seat 1 has five face up; seat 0 turning a card of its own does not end the hand
    hand = make_hand(["?KH ?KC 3D ?KS KD ?9H", "QH QC 5D 4S ?2C 8H"], drawn="3S")
    after = hand.play(0, Action.place(0))
    assert not after.is_over and after.turn == 1


# ---- the stock --------------------------------------------------------------------------------


GRIDS = ["AH AC ?AD AS ?2H 2C", "3H 3C ?3D ?3S 4H 4C"]


def _pile_of_the_rest(cards) -> str:
    used = set(cards(" ".join(GRIDS).replace("?", "") + " 5H"))
    return " ".join(str(c) for c in ONE_DECK if c not in used)


def test_an_empty_stock_is_reshuffled_from_the_discard_pile_but_its_top_card(make_hand, cards) -> None:
    pile = _pile_of_the_rest(cards)
    hand = make_hand(GRIDS, discard=pile, stock="", drawn="5H", seed=42)
    assert not hand.stock and conserved(hand)  # the whole pack is in the grids, the pile and the held card
    after = hand.play(0, DISCARD)
    assert after.discard == (parse_card("5H"),)
    assert sorted(after.stock) == sorted(hand.discard) and len(after.stock) == 52 - 12 - 1
    assert after.stock != hand.discard  # shuffled...
    assert after == hand.play(0, DISCARD)  # ... the same way every time, from the hand's seed
    assert after.reshuffles == 1 and conserved(after)
    other_seed = make_hand(GRIDS, discard=pile, stock="", drawn="5H", seed=43)
    assert other_seed.play(0, DISCARD).stock != after.stock


def test_an_empty_stock_or_pile_is_refused(make_hand, cards) -> None:
    # (play never leaves a turn to begin with an empty stock; a hand restored from elsewhere might)
    hand = make_hand(GRIDS, discard=_pile_of_the_rest(cards) + " 5H", stock="")
    assert hand.legal_actions(0) == (TAKE,)
    with pytest.raises(ActionError, match="the stock is empty"):
        hand.play(0, DRAW)
    bare = make_hand(GRIDS, discard="", stock=_pile_of_the_rest(cards) + " 5H")
    assert bare.legal_actions(0) == (DRAW,)
    with pytest.raises(ActionError, match="the discard pile is empty"):
        bare.play(0, TAKE)


def test_a_long_hand_reshuffles_again_and_again() -> None:
    hand = opened(deal_hand(11, players=2))
    for _ in range(120):  # nobody places a card: the stock runs out and is rebuilt several times
        hand = hand.play(hand.turn, DRAW).play(hand.turn, DISCARD)
        assert hand.stock and conserved(hand)
    assert hand.reshuffles >= 3
    replay = opened(deal_hand(11, players=2))
    for _ in range(120):
        replay = replay.play(replay.turn, DRAW).play(replay.turn, DISCARD)
    assert replay == hand


def test_a_grid_has_six_cards() -> None:
    with pytest.raises(ValueError, match="a grid has 6 cards"):
        Grid(tuple(ONE_DECK[:5]))
