"""End to end: the real GolfClient in SimCord, over the real Clubhouse and SQLite on a temporary file.

Boards, clicks to the end of a hole, a restart, foreign, stale, doubled and unknown clicks, intents.
"""

from __future__ import annotations

import discord
import pytest

from adapters.discord.client import UNKNOWN_BUTTON, GolfClient, intents
from adapters.discord.render import MAX_CONTENT
from bot import texts

NOT_YOUR_ROUND = "This is another player's round. Start your own with /golf play."
UNKNOWN_ROUND = "That round no longer exists. Start a new one with /golf play."

PRIMARY, SECONDARY = discord.ButtonStyle.primary, discord.ButtonStyle.secondary
SUCCESS, DANGER = discord.ButtonStyle.success, discord.ButtonStyle.danger


def labels(found):
    return [b["label"] for b in found]


async def active(golf, member):
    return await golf.storage.active_round(f"discord:{member.id}", f"discord:{member.guild.id}")


async def test_play_posts_a_public_board_with_a_button_per_column(
    simcord_env, channel, alice, buttons, callback_types
):
    result = await alice.slash(channel, "golf play", deal="1")

    assert result.acknowledged and not result.ephemeral
    assert callback_types() == [4]
    board = result.response
    assert channel.last_message.id == board.id
    assert board.content.startswith("**⛳ Hole 1 of 9**\n```\n")
    assert "Foundation: 10♥" in board.content and "deal #1 · strict" in board.content
    assert len(board.content) <= MAX_CONTENT
    # Deal 1 (strict): the available cards, none playable on the 10♥, so only the stock can be turned.
    shown = buttons(board)
    assert labels(shown) == [
        "4♥",
        "A♣",
        "4♦",
        "7♠",
        "3♠",
        "10♦",
        "4♠",
        "Turn stock (16)",
        "Hint",
        "Concede hole",
    ]
    assert [b["disabled"] for b in shown[:7]] == [True] * 7
    assert [b["style"] for b in shown[7:]] == [SECONDARY, SECONDARY, DANGER]
    assert not any(b["disabled"] for b in shown[7:])
    assert all(b["custom_id"].startswith("g1:") and len(b["custom_id"]) <= 100 for b in shown)
    assert len({b["custom_id"] for b in shown}) == len(shown)
    assert [len(row["components"]) for row in board.components] == [5, 2, 3]


async def test_clicks_play_a_hole_to_its_end_and_the_summary_leaves_only_next_hole(
    simcord_env, channel, alice, buttons, button, play_out, callback_types, golf
):
    play = await alice.slash(channel, "golf play", deal="1", holes=2)
    board = play.response

    clicks = await play_out(alice, board)

    assert len(clicks) > 10
    assert all(click.response.id == board.id for click in clicks)  # the board is edited in place
    assert callback_types() == [4] + [7] * len(clicks)
    assert [m.id for m in channel.history()] == [board.id]
    content = board.content
    assert content.startswith(
        "**⛳ Hole 1 of 2 — finished**\nHole 1 over with 18 cards left: score 18. Best possible: 0.\n```\n"
    )  # 0 is the fake solver's best score
    assert "Foundation: 3♥   Stock: 0 left" in content
    assert "total 18 · par 10" in content
    assert content.endswith(
        "```\nHole     1   2   Tot\nPar      5   5    10\nScore   18        18\nBest     0         0\n```"
    )
    shown = buttons(board)
    assert [b["label"] for b in shown if not b["disabled"]] == ["Next hole ▶"]
    assert button(board, "Next hole ▶")["style"] == SUCCESS
    state = await active(golf, alice)
    assert len(state.scores) == 1

    await alice.click(board, label="Next hole ▶")

    assert board.content.startswith("**⛳ Hole 2 of 2**") and "deal #2" in board.content
    assert "Round total" in board.content
    conceded = await alice.click(board, label="Concede hole")

    assert conceded.response.id == board.id
    assert board.content.startswith("**🏁 Round over: 53 (+43) · par 10**\nHole 2 over with 35 cards left")
    assert "Score   18  35    53" in board.content
    assert board.content.endswith("Best possible round on these deals: 0.")
    assert all(b["disabled"] for b in buttons(board))  # a finished round: every button off
    assert await active(golf, alice) is None


async def test_after_a_restart_a_click_on_an_old_board_still_works(
    simcord_env, channel, alice, buttons, button, golf
):
    play = await alice.slash(channel, "golf play", deal="1")
    await alice.click(play.response, label="Turn stock (16)")
    old_board = play.response.message  # a snapshot taken before the restart
    first = simcord_env.bot

    await simcord_env.restart_bot(await golf.open())  # new process: new SqliteStorage, Clubhouse, client

    assert simcord_env.bot is not first
    click = await alice.click(old_board, label="Turn stock (15)")
    assert click.acknowledged and not click.ephemeral and click.response.id == play.response.id
    assert button(play.response, "Turn stock (14)")
    assert (await active(golf, alice)).moves == ("s", "s")


async def test_the_restart_works_because_the_buttons_are_registered_at_setup(
    simcord_env, channel, alice, golf, button
):
    """The control for the test above: a client that skips add_dynamic_items leaves the click unanswered."""

    class Forgetful(GolfClient):
        async def setup_hook(self) -> None:
            await self.sync_commands()

    play = await alice.slash(channel, "golf play", deal="1")
    fresh = await golf.open()
    forgetful = Forgetful(fresh.clubhouse, sync_globally=True)

    await simcord_env.restart_bot(forgetful)

    click = await alice.click(play.response, label="Turn stock (16)")
    assert not click.acknowledged
    assert button(play.response, "Turn stock (16)")


async def test_another_members_click_is_refused_privately_and_changes_nothing(
    simcord_env, channel, alice, bob, buttons, golf
):
    play = await alice.slash(channel, "golf play", deal="1")
    before = (play.response.content, buttons(play.response))

    refused = await bob.click(play.response, label="Turn stock (16)")

    assert refused.acknowledged and refused.ephemeral
    assert refused.response.content == NOT_YOUR_ROUND
    assert (play.response.content, buttons(play.response)) == before
    assert (await active(golf, alice)).moves == ()
    assert [m.id for m in channel.history(viewer=alice)] == [play.response.id]


async def test_a_stale_click_is_refused_and_the_board_it_was_on_shows_the_current_round(
    simcord_env, channel, alice, button, golf
):
    old = await alice.slash(channel, "golf play", deal="1")
    new = await alice.slash(channel, "golf resume")  # a second board of the same round
    await alice.click(new.response, label="Turn stock (16)")

    stale = await alice.click(old.response, label="Turn stock (16)")  # pressed on the out-of-date board

    assert stale.acknowledged and stale.response.id == old.response.id
    assert [(m.content, m.ephemeral) for m in stale.followups] == [(texts.STALE, True)]
    assert old.response.content == new.response.content  # brought up to date: the current board
    assert button(old.response, "Turn stock (15)")
    assert (await active(golf, alice)).moves == ("s",)  # the game moved once


async def test_two_fast_clicks_change_the_game_once(
    simcord_env, channel, alice, click_concurrently, button, golf, callback_types
):
    play = await alice.slash(channel, "golf play", deal="1")
    turn = button(play.response, "Turn stock (16)")["custom_id"]

    first, second = await click_concurrently([(alice, play.response, turn), (alice, play.response, turn)])

    assert first.acknowledged and second.acknowledged
    assert first.response.id == play.response.id and not first.followups
    assert not second.followups  # a double click: acknowledged without a word, no "out of date" clutter
    assert [m.id for m in channel.history(viewer=alice)] == [play.response.id]
    assert callback_types() == [4, 7, 6]  # the board once; the repeat a silent deferred update
    assert button(play.response, "Turn stock (15)")
    assert (await active(golf, alice)).moves == ("s",)


@pytest.mark.parametrize(
    "custom_id",
    ["g0:legacy", "g1:ABC:x:inc", "g1:abcd:1:z", "g1:abcd:1:s:extra", "g1:abcd:01234567890:s", "nonsense"],
)
async def test_an_unknown_or_malformed_button_is_refused_privately(
    simcord_env, channel, alice, post_as_bot, callback_types, custom_id
):
    old = await post_as_bot(channel, "A message from another bot version", custom_ids=[custom_id])

    click = await alice.click(old, custom_id=custom_id)

    assert click.acknowledged and click.ephemeral
    assert click.response.content == UNKNOWN_BUTTON
    assert callback_types() == [4]
    assert simcord_env.errors == []


async def test_a_well_formed_button_of_a_round_that_does_not_exist_is_refused_by_the_core(
    simcord_env, channel, alice, post_as_bot
):
    old = await post_as_bot(channel, "A board of a lost database", custom_ids=["g1:zzzzzzzz:3:s"])

    click = await alice.click(old, custom_id="g1:zzzzzzzz:3:s")

    assert click.ephemeral and click.response.content == UNKNOWN_ROUND


async def test_the_client_asks_for_no_privileged_intent(simcord_env):
    chosen = intents()
    assert chosen.guilds
    assert not (chosen.members or chosen.presences or chosen.message_content)
    assert simcord_env.bot.intents == chosen
