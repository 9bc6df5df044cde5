"""The Game protocol (engine/game.py): an Outcome, a Golf-family Layout, and any registered game played to
its end through the protocol alone."""

from __future__ import annotations

import random
from typing import TypeVar

import pytest

from engine.game import Ending, Game, GameError, Layout, Outcome
from engine.registry import GAME_NAMES, find_game

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")


def test_an_outcome_names_its_winners() -> None:
    assert Outcome((5,), Ending.BLOCKED).winners == (0,)
    assert Outcome((7, -2, 3), Ending.WENT_OUT, by=2).winners == (1,)
    assert Outcome((4, 9, 4, 4), Ending.WENT_OUT, by=0).winners == (0, 2, 3)
    assert Outcome((0,), Ending.CONCEDED, by=0).by == 0


def test_game_errors_are_value_errors() -> None:
    assert issubclass(GameError, ValueError)


def test_a_golf_layout_frees_a_column_from_the_bottom() -> None:
    layout = Layout.columns((3, 3))  # slots 0 1 2 in column 1, 3 4 5 in column 2; the last dealt is free
    assert layout.size == 6
    assert layout.covered_by == ((1,), (2,), (), (4,), (5,), ())
    assert layout.free() == (2, 5)
    assert layout.free(frozenset({2})) == (1, 5)
    assert layout.free(frozenset({2, 1, 0})) == (5,)
    assert Layout.columns((0, 2)).free() == (1,)  # an empty column frees nothing


def test_a_layout_where_two_cards_cover_one() -> None:
    # a small peak, as TriPeaks deals them: slot 0 lies under slots 1 and 2
    peak = Layout(((1, 2), (), ()))
    assert peak.free() == (1, 2)
    assert peak.free(frozenset({1})) == (2,)
    assert peak.free(frozenset({1, 2})) == (0,)


def play_out(game: Game[S, A, V], seed: int, players: int, rng: random.Random) -> tuple[S, int]:
    """Random legal actions by whichever seat may act, through the protocol only."""
    state = game.new_hole(seed, players=players)
    actions = 0
    while not game.is_over(state):
        assert game.outcome(state) is None
        seat = rng.choice(game.to_act(state))
        game.view(state, seat)
        legal = game.legal_actions(state, seat)
        assert legal
        action = rng.choice(legal)
        assert game.parse_action(game.action_name(action)) == action
        state = game.play(state, seat, action)
        actions += 1
        assert actions < 10_000
    assert game.to_act(state) == ()
    return state, actions


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", [1, 24, 617])
def test_every_game_plays_to_an_outcome_through_the_protocol(name: str, seed: int) -> None:
    game = find_game(name)
    for players in (game.seats.start, game.seats.stop - 1):
        state, actions = play_out(game, seed, players, random.Random(seed))
        outcome = game.outcome(state)
        assert outcome is not None and len(outcome.scores) == players
        assert actions > 0
        assert game.new_hole(seed, players=players) == game.new_hole(seed, players=players)
