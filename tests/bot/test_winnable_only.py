"""Winnable-only rounds in the Clubhouse: the course skips the deals the solver proves impossible, the
first screen and the scorecard name them, and the rules keep their name everywhere."""

from __future__ import annotations

import pytest

from bot.errors import BadOptionError
from engine.golf.deal import MAX_DEAL, deal
from engine.golf.rules import find_rules
from engine.golf.solver import solve


async def test_a_winnable_only_round_skips_the_impossible_deals(club, play_hole, click, alice, here) -> None:
    screen = await club.start_round(alice, here, rules="strict+winnable_only", holes=3, deal_code="1")
    # Deals 1, 3, 4 cannot be cleared under strict rules (tests/data); 2, 5 and 12 can.
    # the first screen names every deal passed over to choose the course; the scorecard, the gaps in it
    assert screen.notes == (
        "Skipped as impossible to clear (winnable-only): #1 for hole 1; #3, #4 for hole 2;"
        " #6, #7, #8, #9, #10, #11 for hole 3.",
    )
    assert (
        screen.board is not None and screen.board.deal == 2 and screen.board.rules == "strict+winnable-only"
    )
    assert screen.board.columns == deal(2).tableau
    summary, _ = await play_hole(club, alice, screen)
    skipped = (
        "Skipped as impossible to clear (winnable-only): #3, #4 for hole 2;"
        " #6, #7, #8, #9, #10, #11 for hole 3."
    )
    assert skipped in summary.blocks
    after = await click(club, alice, summary, "n")
    assert after.board is not None and after.board.deal == 5


async def test_every_deal_of_the_course_can_be_cleared(club, alice, here) -> None:
    screen = await club.start_round(
        alice, here, rules="queens-on-kings+winnable-only", holes=1, deal_code="4"
    )
    assert screen.board is not None
    assert solve(deal(screen.board.deal, find_rules("queens-on-kings"))).winnable


async def test_a_plain_round_skips_nothing(club, alice, here) -> None:
    screen = await club.start_round(alice, here, rules="strict", holes=3, deal_code="1")
    assert screen.notes == () and screen.board is not None and screen.board.deal == 1


async def test_a_course_past_the_last_deal_is_a_bad_option(club, alice, here) -> None:
    # the last four deals cannot be cleared under strict rules: the course would run past the last deal
    with pytest.raises(BadOptionError, match="last deal"):
        await club.start_round(
            alice, here, rules="strict+winnable-only", holes=2, deal_code=str(MAX_DEAL - 1)
        )
