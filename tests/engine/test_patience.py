"""engine/patience.py: one name for what a round plays (a Golf rule set or a Golf-family game), and the
deal, moves, solver and winnable-only course behind it, the same for both kinds."""

from __future__ import annotations

import pickle

import pytest

from engine.golf.hole import Hole
from engine.golf.rules import RulesError
from engine.patience import (
    FAMILY,
    FamilyGame,
    GolfRules,
    PatienceError,
    SearchLimitError,
    find_patience,
    game_of,
    game_title,
    is_family,
    patience_of,
)
from engine.spread.position import Spread


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("strict", "strict"),
        ("putt-putt+jokers=1", "wrap+jokers=1"),
        ("tripeaks", "tripeaks"),
        ("Tri Peaks", "tripeaks"),
        ("escalator", "pyramid-golf"),
        ("black_hole+winnable", "black-hole+winnable-only"),
        ("quasar+redeal", "all-in-a-row+winnable-only"),
    ],
)
def test_a_name_is_read_back_as_its_canonical_name(name: str, canonical: str) -> None:
    found = find_patience(name)
    assert found.name == canonical
    assert find_patience(found.name) == found


def test_every_family_game_is_found_and_golf_is_golf() -> None:
    assert [find_patience(g.name).title for g in FAMILY] == [g.layout.title for g in FAMILY]
    assert isinstance(find_patience("golf"), GolfRules)  # "golf" is Golf's Queens-on-Kings rule set
    assert is_family("elevator") and not is_family("wrap") and not is_family("snap")


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("snap", "or a game of the Golf family: tripeaks, pyramid-golf, elevator, black-hole, all-in-a-row"),
        ("tripeaks+double", "TriPeaks has no option +double"),
        ("black-hole+jokers=1", "Black Hole has no option +jokers=1"),
    ],
)
def test_a_wrong_name_says_what_would_do(name: str, says: str) -> None:
    with pytest.raises(PatienceError, match=says.replace("+", r"\+")) as caught:
        find_patience(name)
    assert isinstance(caught.value, RulesError)  # what every caller catches already


def test_positions_know_their_game_and_travel_to_the_solvers_workers() -> None:
    for name in ("wrap", "tripeaks", "black-hole"):
        game = find_patience(name)
        opening = game.deal(7)
        assert patience_of(opening).name == name
        assert pickle.loads(pickle.dumps(opening)) == opening  # the pool hands positions to processes
        assert hash(pickle.loads(pickle.dumps(opening))) == hash(opening)
    assert isinstance(find_patience("strict").deal(1), Hole)
    assert isinstance(find_patience("tripeaks").deal(1), Spread)


def test_a_line_from_the_solver_replays_through_the_moves_text() -> None:
    for game in (find_patience(g.name) for g in FAMILY):
        position = game.deal(11)
        answer = game.solve(position)
        assert answer.proven and answer.lower_bound == answer.score
        for move in answer.moves:
            position = position.play(game.parse_move(game.move_text(move)))
        assert position.is_over and position.score == answer.score
        assert game.lower_bound(game.deal(11)) <= answer.score


def test_a_family_search_past_its_bound_says_so() -> None:
    game = find_patience("black-hole")
    with pytest.raises(SearchLimitError):
        game.solve(game.deal(1), max_states=2)


def test_black_hole_deal_1_is_lost_after_three_cards_as_black_hole_solver_says() -> None:
    """black-hole-solver's own test (t/01-run.t of shlomif/black-hole-solitaire, commit 0d5bbb7): its board
    1.bh.board.txt, PySolFC's Black Hole deal 1, is not solved, and at most 3 cards can be played."""
    game = find_patience("black-hole")
    assert game.solve(game.deal(1)).score == 51 - 3


def test_winnable_only_skips_the_deals_proven_lost() -> None:
    plain, redeal = find_patience("black-hole"), find_patience("black-hole+winnable-only")
    assert isinstance(redeal, FamilyGame) and redeal.winnable_only and not plain.winnable_only
    lost = [n for n in range(1, 30) if plain.solve(plain.deal(n)).score > 0]
    assert lost and 1 in lost
    course = redeal.course(1, 5)
    assert not set(course) & set(lost)
    assert course == tuple(n for n in range(1, 40) if n not in lost)[:5]
    assert plain.course(1, 5) == (1, 2, 3, 4, 5)


def test_the_game_a_match_is_played_at() -> None:
    assert game_of("strict+double") == "golf" and game_of("tri-peaks+winnable") == "tripeaks"
    assert game_title("golf") == "Golf" and game_title("black-hole") == "Black Hole"


def test_hints_are_said_in_words() -> None:
    game = find_patience("tripeaks")
    position = game.deal(5)
    move = game.solve(position).first_move
    assert game.hint_text(position, move).startswith(("play ", "turn the stock"))
    golf = find_patience("strict")
    hole = golf.deal(1)
    card = hole.available(0)
    assert card is not None
    assert golf.hint_text(hole, golf.parse_move("1")) == f"play {card.pretty()} from column 1"
    assert golf.hint_text(hole, golf.parse_move("s")) == "turn the stock"
