"""Games found by name: Golf patience first, then Six-card Golf; Golf patience's adapter over the engine."""

from __future__ import annotations

import pytest

from engine.game import Ending, GameError
from engine.golf.deal import deal
from engine.golf.game import GolfPatience, PatienceView
from engine.golf.moves import CONCEDE, TURN, Move, MoveError
from engine.golf.rules import WRAP
from engine.golf.solver import solve
from engine.registry import GAME_NAMES, find_game
from engine.sixcard import SeatView, SixCardGolf, deal_hand


def test_golf_patience_is_registered_first_and_six_card_golf_second() -> None:
    assert GAME_NAMES[:2] == ("golf-patience", "six-card-golf")
    assert isinstance(find_game("golf-patience"), GolfPatience)
    assert isinstance(find_game("six-card-golf"), SixCardGolf)


@pytest.mark.parametrize("name", ["golf", "Golf Patience", "patience", "golf_solitaire", " GOLF-patience "])
def test_golf_patience_by_its_names(name: str) -> None:
    assert find_game(name).name == "golf-patience"


@pytest.mark.parametrize("name", ["six-card", "Six Card Golf", "sixcard", "6-card", "six_card_golf"])
def test_six_card_golf_by_its_names(name: str) -> None:
    assert find_game(name).name == "six-card-golf"


def test_the_golf_family_follows() -> None:
    assert GAME_NAMES[2:] == ("tripeaks", "pyramid-golf", "elevator", "black-hole", "all-in-a-row")


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("TriPeaks", "tripeaks"),
        ("tri peaks", "tripeaks"),
        ("Three Peaks", "tripeaks"),
        ("pyramid", "pyramid-golf"),
        ("Escalator", "pyramid-golf"),
        ("elevator", "elevator"),
        ("Black Hole", "black-hole"),
        ("blackhole", "black-hole"),
        ("all_in_a_row", "all-in-a-row"),
        ("Quasar", "all-in-a-row"),
    ],
)
def test_the_golf_family_by_its_names(name: str, found: str) -> None:
    assert find_game(name).name == found


@pytest.mark.parametrize("name", ["", "klondike", "chess"])
def test_an_unknown_game_names_the_games_there_are(name: str) -> None:
    with pytest.raises(
        GameError, match=r"unknown game .*; try one of: golf-patience, six-card-golf, tripeaks"
    ):
        find_game(name)


def test_the_seats_of_each_game() -> None:
    assert find_game("golf").seats == range(1, 2)
    assert find_game("tripeaks").seats == range(1, 2)
    assert find_game("six-card").seats == range(2, 5)


# ---- Golf patience, a thin adapter ------------------------------------------------------------


def test_a_patience_hole_is_the_numbered_deal() -> None:
    game = find_game("golf")
    assert game.new_hole(24, players=1) == deal(24)
    assert GolfPatience(WRAP).new_hole(24) == deal(24, WRAP)
    with pytest.raises(GameError, match="played alone, not by 2"):
        game.new_hole(24, players=2)


def test_the_patience_view_hides_the_order_of_the_stock_only() -> None:
    game = GolfPatience()
    hole = game.new_hole(24)
    view = game.view(hole, 0)
    assert isinstance(view, PatienceView)
    assert view.tableau == hole.tableau and view.foundation == hole.foundation and view.top == hole.top
    assert view.stock_size == len(hole.stock) == 16
    assert "stock" not in view.__slots__  # only its size
    assert view.legal == (*hole.legal_moves(), CONCEDE) and not view.is_over
    with pytest.raises(GameError, match="one player"):
        game.view(hole, 1)


def test_patience_actions_and_seats() -> None:
    game = GolfPatience()
    hole = game.new_hole(24)
    assert game.to_act(hole) == (0,)
    assert game.legal_actions(hole, 1) == ()
    assert game.parse_action("s") == TURN and game.action_name(Move.play(2)) == "3"
    assert game.play(hole, 0, TURN) == hole.play(TURN)
    with pytest.raises(GameError, match="one player"):
        game.play(hole, 1, TURN)
    with pytest.raises(MoveError):
        game.play(hole, 0, Move.play(2))  # AD cannot go on JH
    assert game.outcome(hole) is None


def test_patience_outcomes() -> None:
    strict = GolfPatience()
    hole = strict.new_hole(24)
    conceded = strict.play(hole, 0, CONCEDE)
    assert strict.outcome(conceded) is not None
    assert strict.outcome(conceded).ending is Ending.CONCEDED and strict.to_act(conceded) == ()

    blocked = hole.play_all(solve(hole).moves)  # deal 24 cannot be cleared under strict rules: 4 left
    outcome = strict.outcome(blocked)
    assert outcome is not None and outcome.ending is Ending.BLOCKED and outcome.scores == (4,)

    wrap = GolfPatience(WRAP)
    start = wrap.new_hole(24)
    cleared = start.play_all(solve(start).moves)  # under wrap it is cleared with one card left in stock
    outcome = wrap.outcome(cleared)
    assert outcome is not None and outcome.ending is Ending.CLEARED and outcome.scores == (-1,)


def test_a_patience_layout_matches_the_deal() -> None:
    game = GolfPatience()
    hole = game.new_hole(24)
    layout = game.layout
    rows = hole.rules.rows
    assert layout.size == hole.cards_in_tableau == 35
    free = layout.free()
    assert free == tuple(column * rows + rows - 1 for column in range(hole.rules.columns))
    for slot in free:
        assert hole.tableau[slot // rows][slot % rows] == hole.available(slot // rows)


# ---- Six-card Golf ----------------------------------------------------------------------------


def test_six_card_golf_through_the_registry() -> None:
    game = find_game("six-card")
    hand = game.new_hole(99, players=3)
    assert hand == deal_hand(99, players=3)
    assert game.to_act(hand) == (0, 1, 2)
    assert isinstance(game.view(hand, 1), SeatView)
    assert game.outcome(hand) is None
