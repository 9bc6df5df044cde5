"""The server table and the ratings, checked against a hand computation and against the library."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from openskill.models import PlackettLuce

from bot.models.results import Finish, MatchResult, hole_tally, ranks
from bot.modes.competition.ratings import IDLE_SIGMA, START_MU, START_SIGMA, Rating, rate, replay
from bot.modes.competition.table import page, table

T0 = datetime(2026, 5, 1, 12, tzinfo=UTC)


def duel(
    match_id: str, a: str, b: str, *, halved: bool = False, holes: tuple[int, int] = (3, 1), at: datetime = T0
) -> MatchResult:
    won, lost = holes
    return MatchResult(
        match_id,
        "test:here",
        at,
        (Finish(a, 0, won, lost), Finish(b, 0 if halved else 1, lost, won)),
    )


def test_hole_tally_and_a_hole_lost_on_the_clock() -> None:
    tally = hole_tally({"a": [4, 3, None, 2], "b": [5, 3, 1, None]})
    assert tally == {"a": (2, 1), "b": (1, 2)}
    assert hole_tally({"a": [None], "b": [None]}) == {"a": (0, 0), "b": (0, 0)}


def test_ranks_share_equal_totals() -> None:
    assert ranks({"a": 40, "b": 38, "c": 40, "d": 45}) == {"b": 0, "a": 1, "c": 1, "d": 3}


def test_the_table_by_hand() -> None:
    results = [
        duel("m1", "ann", "bob", holes=(4, 1)),  # ann beats bob, +3
        duel("m2", "bob", "cy", holes=(2, 2), halved=True),  # halved
        duel("m3", "cy", "ann", holes=(3, 2)),  # cy beats ann, +1
    ]
    rows = {r.player: r for r in table(results)}
    ann, bob, cy = rows["ann"], rows["bob"], rows["cy"]
    assert (ann.played, ann.won, ann.halved, ann.lost, ann.points, ann.hole_difference) == (
        2,
        1,
        0,
        1,
        1.0,
        2,
    )
    assert (bob.played, bob.won, bob.halved, bob.lost, bob.points, bob.hole_difference) == (
        2,
        0,
        1,
        1,
        0.5,
        -3,
    )
    assert (cy.played, cy.won, cy.halved, cy.lost, cy.points, cy.hole_difference) == (2, 1, 1, 0, 1.5, 1)
    assert [r.player for r in table(results)] == ["cy", "ann", "bob"]


def test_the_table_pages() -> None:
    rows = table([duel(f"m{i}", f"p{i}", f"q{i}") for i in range(12)])
    first, pages = page(rows, 1, 10)
    assert (len(first), pages) == (10, 3)
    assert page(rows, 99, 10)[0] == rows[20:]


def test_a_first_win_by_hand() -> None:
    """Plackett-Luce for two new players (Weng & Lin, algorithm 4), worked out by hand."""
    new = rate({}, duel("m1", "ann", "bob"))
    beta = 25 / 6
    sigma2 = START_SIGMA**2 + (25 / 300) ** 2  # tau added before the game
    c = math.sqrt(2 * (sigma2 + beta**2))
    omega = sigma2 / c * 0.5  # winner's chance was a half
    delta = sigma2 / c**2 * 0.25 * (math.sqrt(sigma2) / c)
    assert math.isclose(new["ann"].mu, START_MU + omega)
    assert math.isclose(new["bob"].mu, START_MU - omega)
    assert math.isclose(new["ann"].sigma, math.sqrt(sigma2) * math.sqrt(1 - delta))
    assert new["ann"].mu - 25 == 25 - new["bob"].mu


def test_ratings_agree_with_the_library_run_by_itself() -> None:
    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    [[a], [b]] = model.rate([[a], [b]], ranks=[0, 1])
    [[b], [c]] = model.rate([[b], [c]], ranks=[0, 0])
    [[c], [a]] = model.rate([[c], [a]], ranks=[0, 1])
    ours = replay(
        [
            duel("m1", "a", "b"),
            duel("m2", "b", "c", halved=True, at=T0 + timedelta(hours=1)),
            duel("m3", "c", "a", at=T0 + timedelta(hours=2)),
        ]
    )
    for key, theirs in (("a", a), ("b", b), ("c", c)):
        assert math.isclose(ours[key].mu, theirs.mu) and math.isclose(ours[key].sigma, theirs.sigma)
        assert math.isclose(ours[key].display, theirs.ordinal())


def test_a_group_round_rates_every_player_at_once() -> None:
    result = MatchResult("g1", "test:here", T0, (Finish("a", 0), Finish("b", 1), Finish("c", 2)))
    new = rate({}, result)
    assert new["a"].mu > new["b"].mu > new["c"].mu


def test_an_inactive_player_grows_uncertain_and_drifts_down() -> None:
    rated = Rating(mu=30.0, sigma=3.0, games=10, last_played=T0)
    assert rated.idle_until(T0 + timedelta(days=6)) == rated  # less than a period: unchanged
    three_weeks = rated.idle_until(T0 + timedelta(days=21))
    assert math.isclose(three_weeks.sigma, math.sqrt(rated.sigma**2 + 3 * IDLE_SIGMA**2))
    assert three_weeks.display < rated.display and three_weeks.mu == rated.mu
    assert rated.idle_until(T0 + timedelta(days=3650)).sigma == START_SIGMA
    # a game after the break starts from the widened sigma
    back = rate({"ann": rated}, duel("m2", "ann", "cy", at=T0 + timedelta(days=21)))
    fresh = rate({"ann": rated}, duel("m2", "ann", "cy", at=T0 + timedelta(days=1)))
    assert back["ann"].mu - rated.mu > fresh["ann"].mu - rated.mu
    assert Rating().games == 0 and back["ann"].games == 11
