"""Nine hands make a game; the first turn goes round the table; the lowest total wins."""

from __future__ import annotations

import random

import pytest

from engine.sixcard.course import HOLES, Course
from engine.sixcard.hand import TableError
from engine.sixcard.players import find_player, play_hand


def test_nine_hands_make_a_game() -> None:
    course = Course(seed=5, players=3)
    rng = random.Random(5)
    players = [find_player("hard"), find_player("easy"), find_player("random")]
    firsts, seeds = [], set()
    while not course.is_complete:
        hand = course.deal()
        firsts.append(hand.first)
        seeds.add(hand.seed)
        course = course.record(play_hand(hand, players, rng))
    assert course.holes == HOLES == 9 and len(course.scores) == 9 and course.hole == 9
    assert firsts == [0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert len(seeds) == 9  # a different deal each hand...
    assert Course(seed=5, players=3).deal() == Course(seed=5, players=3).deal()  # ... the same each game
    assert course.totals == tuple(sum(s[seat] for s in course.scores) for seat in range(3))
    assert course.leaders == tuple(s for s in range(3) if course.totals[s] == min(course.totals))
    with pytest.raises(TableError, match="the game is over"):
        course.deal()


def test_ties_share_the_lead() -> None:
    course = Course(seed=1, players=3, holes=2, scores=((3, 5, 3), (4, 2, 4)))
    assert course.totals == (7, 7, 7) and course.leaders == (0, 1, 2)
    assert Course(seed=1, players=2, holes=1, scores=((9, -2),)).leaders == (1,)


def test_only_finished_hands_of_the_same_table_are_recorded() -> None:
    course = Course(seed=1, players=2)
    with pytest.raises(TableError, match="the hand is not over yet"):
        course.record(course.deal())
    other = play_hand(Course(seed=1, players=3).deal(), [find_player("easy")] * 3, random.Random(1))
    with pytest.raises(TableError, match="a hand of 3 players does not belong to a game of 2"):
        course.record(other)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "2 to 4 players, not 1"),
        ({"players": 5}, "2 to 4 players, not 5"),
        ({"players": 2, "holes": 0}, "1 to 18 hands"),
        ({"players": 2, "holes": 1, "scores": ((1, 2), (3, 4))}, "do not fit"),
        ({"players": 2, "scores": ((1, 2, 3),)}, "do not fit"),
    ],
)
def test_impossible_games_are_refused(kwargs, message) -> None:
    with pytest.raises(TableError, match=message):
        Course(seed=1, **kwargs)
