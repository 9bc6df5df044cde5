"""engine/spread/position.py and game.py: the rules of play, by example and as properties (hypothesis): a
covered card is never playable, the pack is conserved, a face-down card never reaches the player's view."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.allinarow.game import ALL_IN_A_ROW
from engine.blackhole.game import BLACK_HOLE
from engine.cards import full_deck
from engine.game import Ending
from engine.pyramid.game import ELEVATOR, PYRAMID_GOLF
from engine.spread.game import SpreadGame
from engine.spread.position import CONCEDE, TURN, Spread, SpreadError, SpreadMove, adjacent
from engine.tripeaks.game import TRIPEAKS

GAMES = [TRIPEAKS, PYRAMID_GOLF, ELEVATOR, BLACK_HOLE, ALL_IN_A_ROW]


def test_adjacent_ranks_wrap_king_and_ace() -> None:
    assert adjacent(5, 6, wrap=True) and adjacent(7, 6, wrap=True)
    assert adjacent(1, 13, wrap=True) and adjacent(13, 1, wrap=True)
    assert not adjacent(1, 13, wrap=False) and not adjacent(5, 7, wrap=True)
    assert adjacent(9, None, wrap=True)  # an empty foundation takes any card


def test_a_tripeaks_hole_plays_by_the_rules() -> None:
    hole = TRIPEAKS.new_hole(24)
    top = hole.top
    assert top is not None
    playable = [m.slot for m in hole.legal_moves() if m.slot is not None]
    assert all(s >= 18 and adjacent(hole.cards[s].rank, top.rank, True) for s in playable)
    assert hole.legal_moves()[-1] == TURN
    with pytest.raises(SpreadError, match="covered"):
        hole.play(SpreadMove(0))
    turned = hole.play(TURN)
    assert turned.top == hole.stock[0] and len(turned.stock) == len(hole.stock) - 1
    slot = next(s for s in range(18, 28) if not adjacent(hole.cards[s].rank, top.rank, True))
    with pytest.raises(SpreadError, match="does not go on"):
        hole.play(SpreadMove(slot))
    with pytest.raises(SpreadError, match="no card 29"):
        hole.play(SpreadMove(28))


def test_the_score_is_golfs() -> None:
    hole = TRIPEAKS.new_hole(24)
    assert hole.score == 28
    cleared = Spread(hole.layout, hole.cards, (1 << 28) - 1, hole.foundation, hole.stock[:5])
    assert cleared.is_cleared and cleared.is_over and cleared.score == -5
    conceded = hole.play(CONCEDE)
    assert conceded.is_over and conceded.score == 28
    assert TRIPEAKS.outcome(conceded).ending is Ending.CONCEDED  # type: ignore[union-attr]


def test_black_hole_ends_blocked_when_nothing_goes() -> None:
    hole = BLACK_HOLE.new_hole(1)
    while not hole.is_over:
        hole = hole.play(hole.legal_moves()[0])
    outcome = BLACK_HOLE.outcome(hole)
    assert outcome is not None and outcome.scores == (hole.left,)
    assert outcome.ending is (Ending.CLEARED if hole.is_cleared else Ending.BLOCKED)


def test_actions_are_read_and_written_back() -> None:
    assert TRIPEAKS.parse_action("s") == TURN and TRIPEAKS.parse_action("concede") == CONCEDE
    assert TRIPEAKS.parse_action("19") == SpreadMove(18)
    assert TRIPEAKS.action_name(SpreadMove(18)) == "19" and TRIPEAKS.action_name(TURN) == "s"
    for bad in ("0", "29", "x", ""):
        with pytest.raises(SpreadError, match="not a move"):
            TRIPEAKS.parse_action(bad)


def pack_of(spread: Spread) -> Counter:
    """Every card of the position: the tableau's left, the foundation, the stock."""
    tableau = [c for s in range(spread.layout.size) if (c := spread.card(s)) is not None]
    return Counter(tableau) + Counter(spread.foundation) + Counter(spread.stock)


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    number=st.integers(1, 10**6),
    choices=st.lists(st.integers(0, 1000), max_size=80),
)
def test_play_keeps_the_rules(game: SpreadGame, number: int, choices: list[int]) -> None:
    hole = game.new_hole(number)
    pack = Counter(full_deck(decks=1, jokers=0))
    for choice in choices:
        assert pack_of(hole) == pack  # the pack is conserved
        view = game.view(hole, 0)
        for slot in range(hole.layout.size):
            card = hole.card(slot)
            if card is None:
                assert view.shown[slot] is None
            elif slot in hole.layout.face_down and not hole.is_shown(slot):
                assert view.shown[slot] is None  # a face-down card never reaches the player
            else:
                assert view.shown[slot] == card
            if card is not None and not hole.is_free(slot):
                assert SpreadMove(slot) not in hole.legal_moves()  # a covered card is never playable
                with pytest.raises(SpreadError):
                    hole.play(SpreadMove(slot))
        assert view.stock_size == len(hole.stock) and not hasattr(view, "stock")
        moves = game.legal_actions(hole, 0)
        if not moves:
            break
        hole = game.play(hole, 0, moves[choice % len(moves)])
        assert all(hole.is_shown(s) for s in hole.free())  # a free card is face up
