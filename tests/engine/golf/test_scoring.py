"""Rounds and match play (docs/rules.md, "Scoring")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.golf.scoring import PAR_PER_HOLE, MatchPlay, Round, ScoringError, par_per_hole, to_par_text

# ---- rounds ----------------------------------------------------------------------------------------


def test_round_defaults_to_nine_holes_par_45() -> None:
    card = Round()
    assert card.holes == 9
    assert card.par_for_nine == 45
    assert card.par == 45
    assert card.scores == ()
    assert card.total == 0
    assert card.current_hole == 1
    assert not card.is_complete
    assert card.to_par == 0
    assert card.to_par_text() == "E"


@pytest.mark.parametrize(
    ("holes", "par_for_nine", "par"),
    [(9, 45, 45), (9, 36, 36), (18, 45, 90), (18, 36, 72), (1, 45, 5), (1, 36, 4), (3, 36, 12)],
)
def test_par(holes: int, par_for_nine: int, par: int) -> None:
    assert Round(holes, par_for_nine).par == par


def test_par_per_hole() -> None:
    assert PAR_PER_HOLE == {45: 5, 36: 4}
    assert par_per_hole(45) == 5
    assert par_per_hole(36) == 4
    with pytest.raises(ScoringError, match="par must be 45 or 36"):
        par_per_hole(40)


@pytest.mark.parametrize("holes", [0, -1, 19, 27])
def test_rounds_have_1_to_18_holes(holes: int) -> None:
    with pytest.raises(ScoringError, match=f"1 to 18 holes, not {holes}"):
        Round(holes)


@pytest.mark.parametrize("holes", range(1, 19))
def test_every_round_length_from_1_to_18(holes: int) -> None:
    card = Round(holes)
    for _ in range(holes):
        card = card.record(4)
    assert card.is_complete
    assert card.total == 4 * holes
    assert card.to_par == -holes
    with pytest.raises(ScoringError, match="already complete"):
        card.record(0)


@pytest.mark.parametrize("par_for_nine", [0, 40, 54, 72])
def test_unknown_par(par_for_nine: int) -> None:
    with pytest.raises(ScoringError, match="45 or 36"):
        Round(par_for_nine=par_for_nine)


def test_too_many_scores() -> None:
    with pytest.raises(ScoringError, match="a 2-hole round cannot have 3 scores"):
        Round(2, scores=(1, 2, 3))


def test_recording_a_round() -> None:
    card = Round()
    scores = [7, -3, 0, 12, 5]  # a cleared hole scores minus the stock left
    for score in scores:
        before = card
        card = card.record(score)
        assert before.scores == card.scores[:-1]  # immutable: recording makes a new card
    assert card.scores == tuple(scores)
    assert card.total == 21
    assert card.current_hole == 6
    assert card.par_so_far == 25
    assert card.to_par == -4
    assert card.to_par_text() == "-4"


def test_current_hole_stays_on_the_last_once_complete() -> None:
    card = Round(2).record(3)
    assert card.current_hole == 2
    card = card.record(3)
    assert card.is_complete
    assert card.current_hole == 2


def test_to_par_against_36() -> None:
    card = Round(par_for_nine=36).record(6).record(4)
    assert card.to_par == 2
    assert card.to_par_text() == "+2"


@pytest.mark.parametrize(("diff", "text"), [(0, "E"), (2, "+2"), (-3, "-3"), (15, "+15"), (-1, "-1")])
def test_to_par_text(diff: int, text: str) -> None:
    assert to_par_text(diff) == text


def test_scoring_error_is_value_error() -> None:
    assert issubclass(ScoringError, ValueError)


# ---- match play ------------------------------------------------------------------------------------


def _match(*holes: tuple[int, int], length: int = 9) -> MatchPlay:
    match = MatchPlay(length)
    for first, second in holes:
        match = match.record(first, second)
    return match


def test_match_starts_all_square() -> None:
    match = MatchPlay()
    assert match.holes == 9
    assert (match.played, match.remaining, match.lead) == (0, 9, 0)
    assert match.status() == match.status(1) == "all square"
    assert match.result() == "all square"
    assert not match.is_over and match.winner is None


def test_lower_score_wins_the_hole_tie_halves_it() -> None:
    assert _match((3, 5)).lead == 1
    assert _match((5, 3)).lead == -1
    assert _match((4, 4)).lead == 0
    assert _match((-2, 0)).lead == 1  # a cleared hole beats one with cards left


def test_status_texts_from_both_sides() -> None:
    match = _match((3, 5), (2, 6))
    assert match.status() == match.status(0) == "2 up"
    assert match.status(1) == "2 down"
    match = match.record(7, 1)
    assert match.status() == "1 up"
    assert match.status(1) == "1 down"
    match = match.record(7, 1)
    assert match.status() == match.status(1) == "all square"
    assert match.result() == "all square"


def test_dormie() -> None:
    # 9 holes: 2 up with 2 to play is dormie.
    match = _match((1, 2), (1, 2), (3, 3), (3, 3), (3, 3), (3, 3), (3, 3))
    assert match.remaining == 2
    assert match.status() == "dormie 2 up"
    assert match.status(1) == "dormie 2 down"
    assert not match.is_over
    # ... and 1 up with one to play.
    match = match.record(5, 1)
    assert match.status() == "dormie 1 up"
    # Losing the last hole halves the match.
    halved = match.record(5, 1)
    assert halved.is_over
    assert halved.status() == halved.status(1) == halved.result() == "halved"
    assert halved.winner is None


def test_won_early_three_and_two() -> None:
    match = _match((1, 2), (1, 2), (3, 3), (3, 3), (1, 2), length=9)
    assert match.status() == "3 up" and match.remaining == 4
    match = match.record(3, 3)
    assert match.status() == "dormie 3 up" and match.remaining == 3
    assert not match.is_over
    match = match.record(4, 4)  # 3 up with 2 to play: decided
    assert match.is_over
    assert match.status() == "won 3 & 2"
    assert match.status(1) == "lost 3 & 2"
    assert match.result() == "3 & 2"
    assert match.winner == 0
    with pytest.raises(ScoringError, match="already decided"):
        match.record(1, 2)


def test_won_on_the_last_hole() -> None:
    match = _match(*[(3, 3)] * 8, (5, 4))
    assert match.is_over
    assert match.status() == "lost 1 up"
    assert match.status(1) == "won 1 up"
    assert match.result() == "1 up"
    assert match.winner == 1


def test_won_by_two_on_the_last_hole() -> None:
    match = _match(*[(3, 3)] * 7, (1, 4), (1, 4))
    assert match.status() == "won 2 up"
    assert match.result() == "2 up"


def test_eighteen_hole_match_ten_and_eight() -> None:
    match = _match(*[(1, 2)] * 10, length=18)
    assert match.is_over
    assert match.result() == "10 & 8"


def test_one_hole_match() -> None:
    assert _match((2, 3), length=1).result() == "1 up"
    assert _match((3, 3), length=1).result() == "halved"


@pytest.mark.parametrize("holes", [0, 19])
def test_match_length(holes: int) -> None:
    with pytest.raises(ScoringError):
        MatchPlay(holes)


def _reference_status(lead: int, remaining: int) -> str:
    """docs/rules.md "Scoring", told by the side whose lead this is."""
    over = abs(lead) > remaining or remaining == 0
    if over:
        if lead == 0:
            return "halved"
        word = "won" if lead > 0 else "lost"
        return f"{word} {abs(lead)} & {remaining}" if remaining else f"{word} {abs(lead)} up"
    if lead == 0:
        return "all square"
    text = f"{abs(lead)} {'up' if lead > 0 else 'down'}"
    return "dormie " + text if abs(lead) == remaining else text


@settings(max_examples=200, deadline=None)
@given(
    holes=st.integers(1, 18),
    scores=st.lists(st.tuples(st.integers(-20, 30), st.integers(-20, 30)), max_size=18),
)
def test_match_play_matches_the_rule_book(holes: int, scores: list[tuple[int, int]]) -> None:
    match = MatchPlay(holes)
    lead = 0
    for played, (first, second) in enumerate(scores, 1):
        if match.is_over:
            with pytest.raises(ScoringError):
                match.record(first, second)
            break
        match = match.record(first, second)
        lead += (first < second) - (first > second)
        remaining = holes - played
        assert match.played == played and match.remaining == remaining
        assert match.lead == lead
        assert match.status(0) == _reference_status(lead, remaining)
        assert match.status(1) == _reference_status(-lead, remaining)
        assert match.is_over == (abs(lead) > remaining or remaining == 0)
        # Once over, nobody can catch up; before that, the trailing side still can.
        if match.is_over:
            assert match.winner == (None if lead == 0 else 0 if lead > 0 else 1)
            assert match.result() == match.status(0).removeprefix("won ").removeprefix("lost ")
        else:
            assert match.winner is None
            assert match.result() == match.status(0)
    assert match.played <= holes


@settings(max_examples=100, deadline=None)
@given(
    holes=st.integers(1, 18),
    par=st.sampled_from([45, 36]),
    scores=st.lists(st.integers(-40, 63), max_size=18),
)
def test_round_totals(holes: int, par: int, scores: list[int]) -> None:
    card = Round(holes, par)
    for score in scores[:holes]:
        card = card.record(score)
    kept = scores[:holes]
    assert card.total == sum(kept)
    assert card.is_complete == (len(kept) == holes)
    assert card.to_par == sum(kept) - len(kept) * (5 if par == 45 else 4)
    assert card.par == holes * (5 if par == 45 else 4)


def test_cleared_is_a_score_of_zero_or_less():
    from engine.golf.scoring import cleared

    assert cleared(0) and cleared(-5)
    assert not cleared(1)


def test_hole_par_and_the_last_hole():
    card = Round(3, 36, (4, 2))
    assert card.hole_par == 4 and card.par == 12 and card.par_so_far == 8
    assert card.on_last_hole
    assert not card.record(1).on_last_hole and card.record(1).is_complete
    assert not Round(3, 45).on_last_hole
