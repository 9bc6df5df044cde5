"""End to end: the ``/golf`` commands, their options, and the friendly refusals."""

from __future__ import annotations

import discord
import pytest
import simcord

from adapters.discord.commands import NOT_AN_ADMIN, NOT_IN_DMS
from adapters.discord.render import MAX_CONTENT, discord_length
from bot import texts

NO_ROUND = "You have no round in progress here. Start one with /golf play."
ROUND_OVER = "This round is over. Start a new one with /golf play."

GOLF_COMMANDS = {
    "golf play",
    "golf resume",
    "golf concede",
    "golf abandon",
    "golf stats",
    "golf rules",
    "golf help",
    "golf settings",
}
DEV_GUILD = 1_300_000_000_000_000_000


@pytest.fixture
def admin(simcord_env, guild):
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(simcord_env.create_user("carol"), roles=[managers])


async def test_members_see_the_golf_commands(simcord_env, channel, alice):
    assert set(alice.available_commands(channel)) >= GOLF_COMMANDS


@pytest.mark.parametrize("client_options", [{"guild_id": DEV_GUILD, "sync_globally": False}], ids=["dev"])
async def test_a_development_server_gets_the_commands_at_once_and_only_it(simcord_env):
    dev = simcord_env.create_guild("Dev", id=DEV_GUILD)
    other = simcord_env.create_guild("Elsewhere")
    dev_member = dev.add_member(simcord_env.create_user("dev"))
    other_member = other.add_member(simcord_env.create_user("other"))

    assert set(dev_member.available_commands(dev.create_text_channel("test"))) >= GOLF_COMMANDS
    assert other_member.available_commands(other.create_text_channel("general")) == ()


def command_syncs(simcord_env):
    return [e.method for e in simcord_env.http_requests if e.path.endswith("/commands")]


@pytest.mark.parametrize("client_options", [{"sync_globally": False}], ids=["plain-start"])
async def test_a_plain_start_syncs_the_commands_only_when_discord_lacks_them(
    simcord_env, guild, channel, alice, golf
):
    assert command_syncs(simcord_env) == ["GET", "PUT"]  # the first start: Discord had none
    assert set(alice.available_commands(channel)) >= GOLF_COMMANDS

    await simcord_env.restart_bot(await golf.open(sync_globally=False))

    assert command_syncs(simcord_env) == ["GET", "PUT", "GET"]  # unchanged: nothing to sync

    newer = await golf.open(sync_globally=False)  # a later version with one more command in the group

    @newer.golf.command(name="daily", description="Today's deal")
    async def daily(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Soon.", ephemeral=True)

    await simcord_env.restart_bot(newer)

    assert command_syncs(simcord_env) == ["GET", "PUT", "GET", "GET", "PUT"]
    assert "golf daily" in alice.available_commands(channel)


# ---- play ------------------------------------------------------------------------------------------


async def test_rules_are_suggested_as_you_type(simcord_env, channel, alice):
    choices = await alice.autocomplete(channel, "golf play", "rules", "wrap+jo")

    assert [c["value"] for c in choices] == ["wrap+jokers=1", "wrap+jokers=2"]
    first = await alice.autocomplete(channel, "golf play", "rules", "")
    assert [c["value"] for c in first[:3]] == ["strict", "queens-on-kings", "wrap"]
    assert first[0]["name"] == "strict — nothing goes on a King"


async def test_play_reads_any_spelling_of_the_rules(simcord_env, channel, alice, buttons):
    result = await alice.slash(channel, "golf play", rules="Putt-Putt + joker", holes=18, deal="#7")

    assert "Hole 1 of 18 · deal #7 · wrap+jokers=1 · total 0 · par 90" in result.response.content


@pytest.mark.parametrize(
    ("options", "reply"),
    [
        ({"rules": "snooker"}, "Unknown rules 'snooker'; try one of: strict, queens-on-kings, wrap"),
        ({"rules": "wrap+turbo"}, "Unknown rule option 'turbo'; try one of: jokers=1"),
        ({"deal": "abc"}, "'abc' is not a deal number"),
        ({"deal": "0"}, "Deal 0 does not exist"),
    ],
    ids=["rules", "modifier", "deal", "deal-0"],
)
async def test_bad_options_get_a_private_friendly_reply(simcord_env, channel, alice, options, reply):
    result = await alice.slash(channel, "golf play", **options)

    assert result.ephemeral and result.response.content.startswith(reply)
    assert channel.history() == []  # nothing public


async def test_discord_itself_keeps_holes_between_1_and_18(simcord_env, channel, alice):
    with pytest.raises(simcord.OptionError):
        await alice.slash(channel, "golf play", holes=19)


async def test_a_double_deck_board_has_nine_column_buttons_within_the_limits(
    simcord_env, channel, alice, buttons
):
    result = await alice.slash(channel, "golf play", rules="strict+double+jokers=2", deal="5")

    board = result.response
    assert [len(row["components"]) for row in board.components] == [5, 4, 3]
    assert [b["label"] for b in buttons(board)][-3:] == ["Turn stock (42)", "Hint", "Concede hole"]
    assert discord_length(board.content) <= MAX_CONTENT
    assert "   9\n" in board.content  # nine columns in the monospace block


async def test_play_with_a_round_in_progress_brings_that_round_back_privately(
    simcord_env, channel, alice, buttons
):
    first = await alice.slash(channel, "golf play", deal="1")

    again = await alice.slash(channel, "golf play", deal="2")

    assert again.ephemeral
    assert again.response.content.startswith(f"*{texts.ROUND_IN_PROGRESS}*\n**⛳ Hole 1 of 9**")
    assert "deal #1" in again.response.content
    assert buttons(again.response) == buttons(first.response)
    click = await alice.click(again.response, label="Turn stock (16)")  # playable right there
    assert click.response.id == again.response.id
    assert "Stock: 15 left" in again.response.content


# ---- resume, concede, abandon --------------------------------------------------------------------


@pytest.mark.parametrize("command", ["golf resume", "golf concede", "golf abandon"])
async def test_without_a_round_the_round_commands_say_so(simcord_env, channel, alice, command):
    result = await alice.slash(channel, command)

    assert result.ephemeral and result.response.content == NO_ROUND


async def test_resume_posts_the_current_board_again(simcord_env, channel, alice):
    play = await alice.slash(channel, "golf play", deal="1")
    await alice.click(play.response, label="Turn stock (16)")

    resumed = await alice.slash(channel, "golf resume")

    assert not resumed.ephemeral and resumed.response.id != play.response.id
    assert resumed.response.content == play.response.content


async def test_concede_ends_the_hole_and_posts_its_summary(simcord_env, channel, alice, buttons):
    await alice.slash(channel, "golf play", deal="1", holes=3)

    conceded = await alice.slash(channel, "golf concede")

    assert not conceded.ephemeral
    assert conceded.response.content.startswith(
        "**⛳ Hole 1 of 3 — finished**\nHole 1 over with 35 cards left: score 35."
    )
    assert [b["label"] for b in buttons(conceded.response) if not b["disabled"]] == ["Next hole ▶"]


async def test_abandon_ends_the_round_and_its_old_board_says_so(simcord_env, channel, alice):
    play = await alice.slash(channel, "golf play", deal="1")

    abandoned = await alice.slash(channel, "golf abandon")

    assert abandoned.ephemeral and "Your round was abandoned." in abandoned.response.content
    click = await alice.click(play.response, label="Turn stock (16)")
    assert click.ephemeral and click.response.content == ROUND_OVER
    assert (await alice.slash(channel, "golf resume")).response.content == NO_ROUND


async def test_a_round_in_direct_messages_is_apart_from_the_servers(simcord_env, channel, alice):
    await alice.slash(channel, "golf play", deal="1")

    in_dm = await alice.user.slash("golf play", deal="2")

    assert not in_dm.ephemeral and "deal #2" in in_dm.response.content
    click = await alice.user.click(in_dm.response, label="Turn stock (16)")
    assert "Stock: 15 left" in click.response.content
    assert "deal #1" in (await alice.slash(channel, "golf resume")).response.content


# ---- stats, rules, help ------------------------------------------------------------------------


async def test_stats_show_a_members_holes_on_this_server(simcord_env, channel, alice, bob):
    await alice.slash(channel, "golf play", deal="1")
    await alice.slash(channel, "golf concede")

    mine = await alice.slash(channel, "golf stats")
    theirs = await alice.slash(channel, "golf stats", member=bob)

    assert mine.ephemeral
    assert mine.response.content.startswith("**📊 alice's Golf — Golf Club**\n")
    assert "Holes played: 1" in mine.response.content and "Best hole: 35" in mine.response.content
    assert theirs.response.content.startswith("**📊 bob's Golf — Golf Club**\nNo holes played yet.")


async def test_names_cannot_format_or_ping(simcord_env, guild, channel):
    sneaky = guild.add_member(simcord_env.create_user("**@everyone**"))

    result = await sneaky.slash(channel, "golf stats")

    assert result.response.content.startswith(r"**📊 \*\*@everyone\*\*'s Golf")
    assert result.response.message.mention_everyone is False


async def test_rules_explain_a_rule_set(simcord_env, channel, alice):
    plain = await alice.slash(channel, "golf rules")
    wrap = await alice.slash(channel, "golf rules", name="relaxed+double")
    bad = await alice.slash(channel, "golf rules", name="poker")

    assert plain.ephemeral and plain.response.content.startswith("**📖 Golf — strict**\nDeal: 7 columns of 5")
    assert wrap.response.content.startswith("**📖 Golf — wrap+double**\nDeal: 9 columns of 7")
    assert "Double Golf: two decks" in wrap.response.content
    assert bad.ephemeral and bad.response.content.startswith("Unknown rules 'poker'")


async def test_help_lists_every_command_with_its_options(simcord_env, channel, alice):
    result = await alice.slash(channel, "golf help")

    assert result.ephemeral and result.response.content.startswith("**⛳ Golf — help**\n")
    assert "/golf play [rules] [holes] [deal] [game]  " in result.response.content
    assert "/golf stats [member]  " in result.response.content
    for command in GOLF_COMMANDS:
        assert f"/{command}" in result.response.content


# ---- settings ---------------------------------------------------------------------------------------


async def test_only_a_server_manager_may_change_the_settings(simcord_env, channel, alice):
    result = await alice.slash(channel, "golf settings", look="emoji")

    assert result.ephemeral and result.response.content == NOT_AN_ADMIN
    shown = await alice.slash(channel, "golf settings")  # any member may see them

    assert shown.ephemeral and "Par: 45 for nine holes" in shown.response.content
    assert "Boards: image" in shown.response.content and "Saved" not in shown.response.content


async def test_settings_do_not_exist_in_direct_messages(simcord_env, alice):
    result = await alice.user.slash("golf settings", look="emoji")

    assert result.ephemeral and result.response.content == NOT_IN_DMS


async def test_a_manager_sets_par_default_rules_and_the_emoji_board(simcord_env, channel, admin, alice):
    shown = await admin.slash(channel, "golf settings")
    assert "Par: 45 for nine holes (5 a hole)\nDefault rules: strict\nBoards: image" in shown.response.content

    changed = await admin.slash(channel, "golf settings", par=36, rules="qok", look="emoji", clock=120)

    assert changed.ephemeral
    assert "Par: 36 for nine holes (4 a hole)\nDefault rules: queens-on-kings\nBoards: emoji" in (
        changed.response.content
    )
    assert "Match clock: 120 seconds a hole" in changed.response.content
    assert changed.response.content.endswith("Saved. New rounds use these settings.")
    board = (await alice.slash(channel, "golf play", deal="1")).response.content
    assert "deal #1 · queens-on-kings · total 0 · par 36" in board
    assert "```" not in board and "Foundation: 🔟♥️ · Stock: 16 left" in board
    assert discord_length(board) <= MAX_CONTENT


async def test_a_bad_default_rules_setting_is_refused(simcord_env, channel, admin):
    result = await admin.slash(channel, "golf settings", rules="chess")

    assert result.ephemeral and result.response.content.startswith("Unknown rules 'chess'")
    assert "Default rules: strict" in (await admin.slash(channel, "golf settings")).response.content
