"""Pairings: a seeded bracket with byes, the circle method, Swiss without rematches."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.pairing import (
    PairingError,
    elimination_first_round,
    elimination_next_round,
    elimination_rounds,
    round_robin,
    seed_order,
    swiss_pairs,
    swiss_rounds,
)


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def test_seed_order_keeps_the_top_seeds_apart() -> None:
    assert seed_order(2) == (1, 2)
    assert seed_order(4) == (1, 4, 2, 3)
    assert seed_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)


def test_five_players_three_byes_to_the_top_seeds() -> None:
    pairs = elimination_first_round(names(5))
    assert pairs == (("p1", None), ("p4", "p5"), ("p2", None), ("p3", None))
    assert elimination_rounds(5) == 3


def test_the_next_round_pairs_winners_in_bracket_order() -> None:
    assert elimination_next_round(["p1", "p4", "p2", "p3"]) == (("p1", "p4"), ("p2", "p3"))
    with pytest.raises(PairingError):
        elimination_next_round(["p1", "p2", "p3"])


@given(st.integers(min_value=2, max_value=300))
def test_every_bracket_seats_everyone_once_and_no_bye_meets_a_bye(n: int) -> None:
    pairs = elimination_first_round(names(n))
    seated = [p for pair in pairs for p in pair if p is not None]
    assert sorted(seated) == sorted(names(n))
    byes = [a for a, b in pairs if b is None]
    assert len(byes) == len(pairs) * 2 - n
    # byes go to the best seeds
    assert sorted(byes, key=lambda p: int(p[1:])) == names(n)[: len(byes)]


def test_too_few_or_repeated_players_are_refused() -> None:
    with pytest.raises(PairingError):
        elimination_first_round(["p1"])
    with pytest.raises(PairingError):
        round_robin(["p1", "p1"])


def test_a_round_robin_of_four() -> None:
    rounds = round_robin(names(4))
    assert len(rounds) == 3
    met = [frozenset(p) for r in rounds for p in r]
    assert sorted(met, key=sorted) == sorted((frozenset(c) for c in combinations(names(4), 2)), key=sorted)


@given(st.integers(min_value=2, max_value=40))
def test_round_robin_every_pair_once_and_each_sits_out_once_when_odd(n: int) -> None:
    rounds = round_robin(names(n))
    games = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert len(games) == len(set(games)) == n * (n - 1) // 2
    for r in rounds:
        seated = [p for pair in r for p in pair if p is not None]
        assert sorted(seated) == sorted(names(n))
    sitting = [a for r in rounds for a, b in r if b is None]
    assert sorted(sitting) == (sorted(names(n)) if n % 2 else [])


def test_swiss_pairs_score_groups_top_down() -> None:
    points = {"p1": 1, "p2": 1, "p3": 0, "p4": 0}
    played = {frozenset(("p1", "p3")), frozenset(("p2", "p4"))}
    assert swiss_pairs(names(4), points, played) == (("p1", "p2"), ("p3", "p4"))


def test_swiss_avoids_a_rematch_by_looking_further_down() -> None:
    points = {"p1": 2, "p2": 2, "p3": 1, "p4": 1}
    played = {frozenset(("p1", "p2")), frozenset(("p3", "p4"))}
    assert swiss_pairs(names(4), points, played) == (("p1", "p3"), ("p2", "p4"))


def test_swiss_bye_goes_to_the_lowest_without_one() -> None:
    pairs = swiss_pairs(names(5), {}, set(), had_bye={"p5"})
    assert pairs[-1] == ("p4", None)


@given(st.integers(min_value=2, max_value=64), st.randoms(use_true_random=False))
def test_a_whole_swiss_never_repeats_a_pairing(n: int, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    field = names(n)
    points = dict.fromkeys(field, 0.0)
    played: set[frozenset[str]] = set()
    byes: set[str] = set()
    for _ in range(min(swiss_rounds(n), n - 1)):
        for a, b in swiss_pairs(field, points, played, byes):
            if b is None:
                byes.add(a)
                points[a] += 1
                continue
            assert frozenset((a, b)) not in played
            played.add(frozenset((a, b)))
            points[rng.choice((a, b))] += 1
