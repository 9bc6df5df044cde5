"""End to end: answers come in time however slow the core is, and a failure is a polite private reply."""

from __future__ import annotations

import logging

import pytest

from adapters.discord.replies import DEFER_AFTER, SORRY

# settle_timeout=1: SimCord then leaves the slow solver's sleep to virtual time, which only moves with
# advance_time, so these tests take milliseconds however slow the solver is made.
pytestmark = pytest.mark.simcord(settle_timeout=1.0)


def test_the_core_gets_half_of_discords_three_seconds_before_the_answer_is_deferred():
    assert 0 < DEFER_AFTER <= 2


async def test_a_slow_hint_is_deferred_in_time_and_then_shown(
    simcord_env, channel, alice, solver, callback_types, button
):
    play = await alice.slash(channel, "golf play", deal="1")
    solver.delay = 4.0  # longer than Discord's 3 seconds for a first answer

    click = await alice.click(play.response, label="Hint")

    assert not click.acknowledged  # the core is still waiting for the solver
    await simcord_env.advance_time(DEFER_AFTER)
    assert click.acknowledged and callback_types() == [4, 6]  # a deferred update: nothing visible yet
    await simcord_env.advance_time(4.0 - DEFER_AFTER)
    assert "💡 Hint: turn the stock." in play.response.content  # edited through the deferred response
    assert button(play.response, "Turn stock (16)")
    assert callback_types() == [4, 6]


async def test_a_fast_click_is_answered_at_once_with_one_call(simcord_env, channel, alice, callback_types):
    play = await alice.slash(channel, "golf play", deal="1")

    click = await alice.click(play.response, label="Hint")

    assert click.acknowledged and callback_types() == [4, 7]
    assert simcord_env.now().second == 0  # no virtual time passed


async def test_a_slow_command_thinks_first_and_then_posts_its_board(
    simcord_env, channel, alice, solver, callback_types
):
    solver.delay = 4.0  # a winnable-only course is chosen by the solver: here it takes 4 s

    play = await alice.slash(channel, "golf play", deal="1", rules="strict+winnable-only")

    assert not play.acknowledged
    await simcord_env.advance_time(DEFER_AFTER)
    assert callback_types() == [5]  # "golfbot is thinking…"
    await simcord_env.advance_time(4.0 - DEFER_AFTER)
    assert not play.ephemeral
    assert play.response.content.startswith("**⛳ Hole 1 of 9**")


async def test_a_hole_ends_at_once_while_its_best_score_is_still_worked_out(
    simcord_env, channel, alice, solver, golf, callback_types, button
):
    solver.delay = 4.0  # the best score of the hole, asked for when the round starts, comes late
    await alice.slash(channel, "golf play", deal="1")

    conceded = await alice.slash(channel, "golf concede")  # the hole ends without waiting for it

    assert conceded.acknowledged and callback_types() == [4, 4]
    content = conceded.response.content
    assert content.startswith("**⛳ Hole 1 of 9 — finished**\nHole 1 over with 35 cards")
    assert "The solver is still on this deal: its best score joins your scorecard when it is in." in content
    await simcord_env.advance_time(4.0)  # the best score is in
    next_hole = await alice.click(conceded.response, label="Next hole ▶")
    assert next_hole.acknowledged and "Hole 2 of 9" in conceded.response.content
    state = await golf.storage.active_round(f"discord:{alice.id}", f"discord:{alice.guild.id}")
    assert state is not None and state.best == (0,)  # it went in with the press


async def test_an_outage_gets_a_polite_private_reply_and_a_log_line(
    simcord_env, channel, alice, golf, caplog
):
    play = await alice.slash(channel, "golf play", deal="1")
    await golf.storage.close()  # the database goes away

    with caplog.at_level(logging.ERROR, logger="adapters.discord"):
        command = await alice.slash(channel, "golf resume")
        click = await alice.click(play.response, label="Turn stock (16)")

    assert command.ephemeral and command.response.content == SORRY
    assert click.ephemeral and click.response.content == SORRY
    failures = [r for r in caplog.records if r.name == "adapters.discord.replies"]
    assert len(failures) == 2 and all(r.exc_info for r in failures)
