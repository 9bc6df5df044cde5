"""Each seat's view: face-down cards hidden from everyone, their owner included; a card drawn from the stock
seen only by the seat that drew it until it is placed or discarded; everything else public."""

from __future__ import annotations

from engine.cards import parse_card
from engine.sixcard.actions import DISCARD, DRAW, TAKE, Action
from engine.sixcard.hand import Phase, Source, deal_hand
from engine.sixcard.view import view_of


def test_a_fresh_deal_shows_only_the_discard_pile() -> None:
    hand = deal_hand(4, players=3)
    for seat in (0, 1, 2, None):
        view = view_of(hand, seat)
        assert view.grids == ((None,) * 6,) * 3  # the owner does not see its own cards either
        assert view.cards() == hand.discard
        assert view.stock_size == len(hand.stock)
        assert view.phase is Phase.OPENING and view.turn is None and view.to_act == (0, 1, 2)
    assert view_of(hand, 1).legal == tuple(Action.flip(p) for p in range(6))
    assert view_of(hand, None).legal == ()


def test_turned_cards_are_public(make_hand) -> None:
    hand = make_hand(["?KH 2C ?3D ?4S ?5H 6C", "?QH ?QC 5D ?4H 2D ?8H"])
    for seat in (0, 1, None):
        grids = view_of(hand, seat).grids
        assert grids[0] == (None, parse_card("2C"), None, None, None, parse_card("6C"))
        assert grids[1] == (None, None, parse_card("5D"), None, parse_card("2D"), None)


def test_a_stock_card_is_seen_by_its_drawer_only() -> None:
    hand = deal_hand(4, players=3)
    for seat in range(3):
        hand = hand.play(seat, Action.flip(0)).play(seat, Action.flip(1))
    drawn = hand.play(0, DRAW)
    card = drawn.drawn
    assert card is not None
    assert view_of(drawn, 0).drawn == card and view_of(drawn, 0).holding is Source.STOCK
    for seat in (1, 2, None):
        view = view_of(drawn, seat)
        assert view.drawn is None and view.holding is Source.STOCK  # they know a card is held, not which
        assert card not in view.cards()
    discarded = drawn.play(0, DISCARD)
    for seat in (0, 1, 2, None):  # once discarded it is face up on the pile, for all to see
        assert view_of(discarded, seat).discard_top == card


def test_a_card_taken_from_the_pile_is_seen_by_all() -> None:
    hand = deal_hand(4, players=2)
    for seat in range(2):
        hand = hand.play(seat, Action.flip(2)).play(seat, Action.flip(3))
    top = hand.discard[-1]
    taken = hand.play(0, TAKE)
    for seat in (0, 1, None):
        assert view_of(taken, seat).drawn == top and view_of(taken, seat).holding is Source.PILE


def test_a_face_down_card_replaced_is_public_only_on_the_pile(make_hand) -> None:
    hand = make_hand(["?KH 2C ?3D ?4S ?5H 6C", "?QH ?QC 5D ?4H 2D ?8H"], drawn="9S")
    after = hand.play(0, Action.place(0))
    view = view_of(after, 1)
    assert view.grids[0][0] == parse_card("9S") and view.discard_top == parse_card("KH")


def test_all_is_shown_when_the_hand_is_over(make_hand) -> None:
    hand = make_hand(["KH 2C 3D 4S 5H ?6C", "?QH ?QC 5D ?4H 2D ?8H"], drawn="9S")
    over = hand.play(0, Action.place(5))
    for seat in (0, 1, None):
        view = view_of(over, seat)
        assert view.is_over and view.went_out == 0 and view.turn is None and view.legal == ()
        assert all(card is not None for grid in view.grids for card in grid)
        assert view.scores == over.scores
