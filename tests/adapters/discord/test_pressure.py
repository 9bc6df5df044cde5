"""The Discord bot under pressure (issue 9): a missed 3-second window, double clicks, old boards."""

from __future__ import annotations

import logging

from bot import texts


async def active(golf, member):
    return await golf.storage.active_round(f"discord:{member.id}", f"discord:{member.guild.id}")


async def test_a_missed_three_second_window_is_one_warning_and_the_move_is_saved(
    simcord_env, channel, alice, golf, caplog
):
    play = await alice.slash(channel, "golf play", deal="1")
    # Discord has forgotten the interaction: a kill right after the click, or 429s past its 3 seconds.
    simcord_env.inject_error(
        "POST",
        "/interactions/*/*/callback",
        status=404,
        code=10062,
        message="Unknown Interaction",
        times=None,
    )

    with caplog.at_level(logging.INFO):
        click = await alice.click(play.response, label="Turn stock (16)")

    assert not click.acknowledged
    assert (await active(golf, alice)).moves == ("s",)  # the move is saved all the same
    mine = [r for r in caplog.records if r.name.startswith("adapters.discord")]
    assert [r.levelname for r in mine] == ["WARNING"]
    assert "10062" in mine[0].getMessage() and mine[0].exc_info is None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_click_on_a_genuinely_old_board_still_gets_the_notice_and_the_current_board(
    simcord_env, channel, alice, button, golf
):
    old = await alice.slash(channel, "golf play", deal="1")
    await alice.click(old.response, label="Turn stock (16)")
    new = await alice.slash(channel, "golf resume")
    await alice.click(new.response, label="Turn stock (15)")
    await alice.click(new.response, label="Turn stock (14)")

    stale = await alice.click(old.response, label="Turn stock (15)")  # two moves behind

    assert [(m.content, m.ephemeral) for m in stale.followups] == [(texts.STALE, True)]
    assert old.response.content == new.response.content
    assert button(old.response, "Turn stock (13)")
    assert (await active(golf, alice)).moves == ("s", "s", "s")


async def test_a_repeat_from_another_board_of_the_round_is_not_silent(
    simcord_env, channel, alice, button, golf
):
    """The same key at the same version, but on a board that was never brought up to date."""
    old = await alice.slash(channel, "golf play", deal="1")
    new = await alice.slash(channel, "golf resume")
    await alice.click(new.response, label="Turn stock (16)")

    again = await alice.click(old.response, label="Turn stock (16)")

    assert [(m.content, m.ephemeral) for m in again.followups] == [(texts.STALE, True)]
    assert button(old.response, "Turn stock (15)")
    assert (await active(golf, alice)).moves == ("s",)
