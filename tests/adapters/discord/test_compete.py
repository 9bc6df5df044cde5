"""Competition on Discord through SimCord (the real discord.py): a challenge accepted, a full match played
on ephemeral boards with the channel's scoreboard checked hole by hole, a third member kept out, nothing of
a board in the channel, the table and a member's card."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from prometheus_client import REGISTRY

from adapters.clock import SystemClock
from adapters.discord.client import GolfClient
from adapters.discord.compete import install
from adapters.discord.render import BLANK
from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.clubhouse import Clubhouse
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.timers import Timers

CARD = re.compile(r"[AKQJT2-9][♠♥♦♣]")


class Forward:
    """The Notifier the services are built with, pointed at the Discord adapter once it exists."""

    def __init__(self) -> None:
        self.target: Any = MemoryNotifier()

    async def to_place(self, place: str, event: Any) -> None:
        await self.target.to_place(place, event)

    async def to_player(self, player: str, event: Any) -> None:
        await self.target.to_player(player, event)


@pytest.fixture
async def simcord_bot(golf: Any, tmp_path: Path) -> GolfClient:
    storage = await SqliteStorage.open(tmp_path / "compete.sqlite3")
    clock = SystemClock()
    club = Clubhouse(storage, golf.solver, clock, rng=random.Random(7))
    golf.opened.append((storage, club))
    forward = Forward()
    timers = Timers(storage, clock, notifier=forward)
    matches = Matches(storage, club, golf.solver, clock, timers, notifier=forward, rng=random.Random(3))
    tournaments = Tournaments(storage, matches, clock, timers, notifier=forward)
    client = GolfClient(club, sync_globally=True)
    forward.target = install(client.golf, client, matches, tournaments)
    return client


@pytest.fixture
def carol(simcord_env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    return guild.add_member(simcord_env.create_user("carol"))


async def play_hole(member: simcord.MemberActor, board: Any, buttons: Any, *, good: bool) -> Any:
    """Click through a hole on an ephemeral board: good plays columns, then the stock; poor concedes."""
    while True:
        enabled = [b for b in buttons(board) if not b["disabled"]]
        columns = [b for b in enabled if b["custom_id"][-1].isdigit()]
        turns = [b for b in enabled if b["custom_id"].endswith(":s")]
        concede = [b for b in enabled if b["custom_id"].endswith(":q")]
        choice = ((columns or turns or concede) if good else concede) or [None]
        if choice[0] is None:
            return board
        click = await member.click(board, custom_id=choice[0]["custom_id"])
        assert click.response.ephemeral, "a board never leaves its player's eyes"
        board = click.response


def channel_text(channel: simcord.ChannelHandle, viewer: simcord.MemberActor) -> str:
    return "\n".join(m.content for m in channel.history(viewer=viewer))


async def test_a_full_match_on_private_boards_with_a_live_scoreboard(
    simcord_env, channel, alice, bob, carol, buttons, button
) -> None:
    offer = await alice.slash(channel, "golf challenge", member=bob, holes=3, format="match")
    assert not offer.ephemeral and "alice challenges bob" in offer.response.content
    refused = await carol.click(offer.response, label="Accept")
    assert refused.ephemeral and "Only the player challenged" in refused.response.content
    accepted = await bob.click(offer.response, label="Accept")
    scoreboard_id = offer.response.id
    assert "alice v bob" in accepted.response.content

    boards = {}
    for member in (alice, bob):
        opened = await member.click(offer.response, label="Open my board")
        assert opened.ephemeral
        boards[member.id] = opened.response
    # the third member sees no board, and opening one is refused
    peek = await carol.click(offer.response, label="Open my board")
    assert peek.ephemeral and "not yours" in peek.response.content
    assert all(not CARD.search(m.content) for m in channel.history(viewer=carol))
    with pytest.raises(Exception):  # noqa: B017 - SimCord refuses a click on a message carol cannot see
        await carol.click(boards[alice.id], custom_id=buttons(boards[alice.id])[0]["custom_id"])

    for hole in range(1, 4):
        boards[alice.id] = await play_hole(alice, boards[alice.id], buttons, good=True)
        # while Bob's hole is in play nothing of his (or Alice's) board is in the channel
        assert not CARD.search(channel_text(channel, carol))
        boards[bob.id] = await play_hole(bob, boards[bob.id], buttons, good=False)
        scoreboard = next(m for m in channel.history() if m.id == scoreboard_id)
        rows = scoreboard.content
        assert not CARD.search(rows)
        if hole < 2:
            assert f"alice {hole} up after {hole}." in rows
            for member in (alice, bob):
                nxt = [b for b in buttons(boards[member.id]) if b["custom_id"].endswith(":n")]
                boards[member.id] = (
                    await member.click(boards[member.id], custom_id=nxt[0]["custom_id"])
                ).response
        else:
            assert "Result: alice won 2 & 1" in rows
            break

    # one scoreboard message, edited all along (no second one posted)
    assert [m.id for m in channel.history() if "alice v bob" in m.content] == [scoreboard_id]
    table = await alice.slash(channel, "golf table")
    assert table.ephemeral and " 1. alice — P1 W1 H0 L0 · 1 pts · holes +2" in table.response.content
    card = await carol.slash(channel, "golf stats", member=bob)
    assert "Matches: 1 played, 0 won, 0 halved, 1 lost" in card.response.content
    assert "Rating:" in card.response.content


async def test_a_tournament_signs_up_by_button_and_posts_its_matches(
    simcord_env, channel, alice, bob, carol, buttons
) -> None:
    opened = await alice.slash(channel, "golf tournament", holes=1)
    assert not opened.ephemeral and "Tournament by alice" in opened.response.content
    for member in (alice, bob, carol):
        await member.click(opened.response, label="Join")
    assert "Signed up (3): alice, bob, carol." in opened.response.message.content
    refused = await bob.click(opened.response, label="Close now (organiser)")
    assert refused.ephemeral and "Only the organiser" in refused.response.content
    await alice.click(opened.response, label="Close now (organiser)")
    # three players: the top seed has a bye, the other two play; their match gets a scoreboard message
    scoreboards = [m for m in channel.history() if "bob v carol" in m.content]
    assert len(scoreboards) == 1
    assert [b["label"] for b in buttons(scoreboards[0])] == ["Open my board"]
    peek = await alice.click(scoreboards[0], label="Open my board")
    assert peek.ephemeral and "not yours" in peek.response.content


async def test_a_challenge_to_someone_not_on_the_server_says_so(simcord_env, channel, alice) -> None:
    dave = simcord_env.create_user("dave")  # a user, not a member of this server
    offer = await alice.slash(channel, "golf challenge", member=dave)
    assert offer.ephemeral
    assert offer.response.content.endswith(
        "That member is not on this server (any more): pick one from Discord's list of members."
    )
    # discord.py hands the error to the tree's handler (ours, which answered above); SimCord notes it too
    assert [type(e).__name__ for e in simcord_env.errors] == ["TransformerError"]


def presses(name: str = "golfbot_presses_total", **labels: str) -> float:
    """A press metric of Discord's now (adapters/metrics.py, as ``/metrics`` serves it)."""
    return REGISTRY.get_sample_value(name, {"platform": "discord", **labels}) or 0.0


async def test_competition_and_board_buttons_come_to_one_handler_counted_and_answered_before_the_posts(
    simcord_env, channel, alice, bob, buttons
) -> None:
    """Every button is pressed the one way (``GolfClient.take_press``): a challenge's Accept and "Open my
    board" are counted and timed as a board's buttons are, and a board press that ends the match has its
    answer sent before the scoreboard it changes is edited in the channel."""
    offer = await alice.slash(channel, "golf challenge", member=bob, holes=1)
    played, timed = presses(outcome="played"), presses("golfbot_press_seconds_count")
    await bob.click(offer.response, label="Accept")  # a competition's button
    boards = [(await m.click(offer.response, label="Open my board")).response for m in (alice, bob)]
    assert presses(outcome="played") - played == 3
    assert presses("golfbot_press_seconds_count") - timed == 3
    for member, board in zip((alice, bob), boards, strict=True):  # a board's buttons
        concede = next(b for b in buttons(board) if b["custom_id"].endswith(":q"))
        await member.click(board, custom_id=concede["custom_id"])
    assert presses(outcome="played") - played == 5
    assert presses("golfbot_press_seconds_count") - timed == 5
    await simcord_env.bot.compete.posts.drain()  # type: ignore[attr-defined]
    requests = simcord_env.http_requests
    answers = [i for i, r in enumerate(requests) if r.path.endswith("/callback")]
    edits = [
        (i, str(dict(r.json or {}).get("content", "")))
        for i, r in enumerate(requests)
        if r.method == "PATCH" and r.path == f"/channels/{channel.id}/messages/{offer.response.id}"
    ]
    alices_hole, bobs_hole = answers[-2:]  # the answers to the two concessions
    assert edits and all(i > alices_hole for i, _ in edits)  # her hole on the scoreboard after her answer
    decided = [i for i, content in edits if "Result:" in content]
    assert decided and all(i > bobs_hole for i in decided)  # the match decided: after his answer
    assert "Result:" in offer.response.message.content


async def test_a_board_opened_from_the_scoreboard_is_drawn_in_the_servers_look(
    simcord_env, guild, channel, alice, bob, buttons
) -> None:
    """ "Open my board" is a press like any other: its board is drawn as the server chose (emoji here),
    as its next press draws it."""
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("carol"), roles=[managers])
    await admin.slash(channel, "golf settings", look="emoji")
    offer = await alice.slash(channel, "golf challenge", member=bob, holes=1)
    await bob.click(offer.response, label="Accept")
    opened = await bob.click(offer.response, label="Open my board")
    assert opened.ephemeral and BLANK in opened.response.content and "```" not in opened.response.content
    turn = next(b for b in buttons(opened.response) if b["custom_id"].endswith(":s"))
    moved = await bob.click(opened.response, custom_id=turn["custom_id"])
    assert BLANK in moved.response.content


async def test_an_old_key_of_an_answered_challenge_is_refused_and_its_message_brought_up_to_date(
    simcord_env, channel, alice, bob, buttons, click_key, callback_types
) -> None:
    """A client that had not caught up presses Decline after the challenge was accepted: the message shows
    that challenge (its key is one of the match's), so it is edited into the match as it stands, and the
    presser is told why privately."""
    offer = await alice.slash(channel, "golf challenge", member=bob, holes=1)
    decline = next(b["custom_id"] for b in buttons(offer.response) if b["label"] == "Decline")
    await bob.click(offer.response, label="Accept")
    shown = offer.response.message.content

    late = await click_key(bob, offer.response, decline)

    assert callback_types()[-1] == 7  # the pressed message edited: the match as it stands
    assert [m.content for m in late.followups] == ["That has been answered already."]
    assert late.followups[0].ephemeral
    assert offer.response.message.content == shown and "alice v bob" in shown
    assert [b["label"] for b in buttons(offer.response)] == ["Open my board"]


async def test_a_match_of_pyramid_golf_has_its_own_table(
    simcord_env, channel, alice, bob, carol, buttons
) -> None:
    offer = await alice.slash(channel, "golf challenge", member=bob, holes=1, game="pyramid-golf")
    assert not offer.ephemeral, offer.response.content
    await bob.click(offer.response, label="Accept")
    boards = {}
    for member in (alice, bob):
        opened = await member.click(offer.response, label="Open my board")
        assert "Pyramid Golf" in opened.response.content
        boards[member.id] = opened.response
    boards[alice.id] = await play_hole(alice, boards[alice.id], buttons, good=True)
    boards[bob.id] = await play_hole(bob, boards[bob.id], buttons, good=False)
    assert not CARD.search(channel_text(channel, carol))
    pyramid = await alice.slash(channel, "golf table", game="pyramid-golf")
    assert "Table · Pyramid Golf" in pyramid.response.content
    assert " 1. alice — P1 W1 H0 L0" in pyramid.response.content
    golf = await alice.slash(channel, "golf table")
    assert "No Golf match finished here yet." in golf.response.content
