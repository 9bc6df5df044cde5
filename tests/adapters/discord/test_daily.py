"""The daily challenge through the real discord.py, driven by SimCord: boards only ever ephemeral (and their
clicks too), the same deals for two members of a server and others in another server, a second attempt
refused with the result, the share text posted without a card, the leaderboard, and the settings refused
to members without Manage Server."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from adapters.clock import SystemClock
from adapters.discord.client import GolfClient
from adapters.discord.daily import NOT_AN_ADMIN, DailyAnnouncer
from adapters.discord.notifier import DiscordNotifier
from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.models import Place
from bot.modes.daily.challenge import DailyChallenge
from bot.timers import Timers
from engine.daily import verify

SECRET = bytes(32)


class DailyGolf:
    """golfbot 'processes' with the daily challenge, on one database file."""

    def __init__(self, db_path: Path, solver: Any) -> None:
        self.db_path, self.solver = db_path, solver
        self.opened: list[tuple[SqliteStorage, Clubhouse]] = []
        self.clock = ManualClock(datetime.now(UTC))
        """The daily challenge's clock (the Clubhouse keeps the system's), kept across a restart."""

    async def open(self) -> GolfClient:
        storage = await SqliteStorage.open(self.db_path)
        clubhouse = Clubhouse(storage, self.solver, SystemClock(), rng=random.Random(7))
        self.daily = DailyChallenge(storage, storage, self.solver, self.clock, new_secret=lambda: SECRET)
        self.daily.open_door(clubhouse.door, clubhouse.sessions)
        self.opened.append((storage, clubhouse))
        client = GolfClient(clubhouse, sync_globally=True, daily=self.daily)
        self.timers = Timers(
            storage, self.clock, notifier=DailyAnnouncer(client, self.daily, DiscordNotifier(client))
        )
        self.daily.attach(self.timers)
        return client

    @property
    def storage(self) -> SqliteStorage:
        return self.opened[-1][0]

    async def close(self) -> None:
        for storage, clubhouse in reversed(self.opened):
            await clubhouse.close()
            await storage.close()


@pytest.fixture
async def daily_golf(tmp_path: Path, solver: Any) -> AsyncIterator[DailyGolf]:
    opened = DailyGolf(tmp_path / "golf.sqlite3", solver)
    yield opened
    await opened.close()


@pytest.fixture
async def simcord_bot(daily_golf: DailyGolf) -> GolfClient:
    return await daily_golf.open()


@pytest.fixture
def admin(simcord_env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(simcord_env.create_user("carol"), roles=[managers])


def board_text(result: simcord.InteractionResult) -> str:
    assert result.response is not None
    return result.response.content


def tableau(content: str) -> str:
    """The part of a board message with the cards (between the title and the status line)."""
    return content.split("Foundation")[0].split("\n", 1)[1]


async def test_the_daily_commands_are_there(
    channel: simcord.ChannelHandle, alice: simcord.MemberActor
) -> None:
    assert {"golf daily", "golf daily-share", "golf leaderboard", "golf daily-settings"} <= set(
        alice.available_commands(channel)
    )


async def test_a_daily_board_is_only_ever_ephemeral_and_the_same_for_two_members(
    simcord_env: simcord.Env,
    guild: simcord.GuildHandle,
    channel: simcord.ChannelHandle,
    alice: simcord.MemberActor,
    bob: simcord.MemberActor,
    buttons: Any,
) -> None:
    a = await alice.slash(channel, "golf daily")
    b = await bob.slash(channel, "golf daily")
    assert a.ephemeral and b.ephemeral
    assert "📅 Daily " in board_text(a) and tableau(board_text(a)) == tableau(board_text(b))
    assert not any(x["label"] == "Hint" for x in buttons(a.response))
    turn = next(x for x in buttons(a.response) if x["label"].startswith("Turn stock"))
    click = await alice.click(a.response, custom_id=turn["custom_id"])
    assert click.acknowledged and click.response is not None and click.response.id == a.response.id
    assert a.response.ephemeral
    # nothing of it reaches the channel: its public history is empty, and Bob cannot see Alice's board
    assert list(channel.history()) == []
    assert [m.id for m in channel.history(viewer=bob)] == [b.response.id]
    # another server plays other deals
    other = simcord_env.create_guild("Other Club")
    dave = other.add_member(simcord_env.create_user("dave"))
    d = await dave.slash(other.create_text_channel("golf"), "golf daily")
    assert d.ephemeral and tableau(board_text(d)) != tableau(board_text(b))


async def test_a_second_attempt_is_refused_with_the_result_and_the_share_text_has_no_card(
    channel: simcord.ChannelHandle, alice: simcord.MemberActor, buttons: Any
) -> None:
    board = await alice.slash(channel, "golf daily")
    assert board.response is not None
    for _ in range(9):
        concede = next(x for x in buttons(board.response) if x["label"] == "Concede hole")
        await alice.click(board.response, custom_id=concede["custom_id"])
        following = [x for x in buttons(board.response) if x["label"] == "Next hole ▶"]
        if following:
            await alice.click(board.response, custom_id=following[0]["custom_id"])
    assert "Round over" in board.response.content and board.response.ephemeral
    again = await alice.slash(channel, "golf daily")
    assert again.ephemeral and "You have played today's course already" in board_text(again)
    share = await alice.slash(channel, "golf daily-share")
    assert not share.ephemeral
    text = board_text(share)
    assert "Golf daily #" in text and not any(suit in text for suit in "♠♥♦♣")
    table = await alice.slash(channel, "golf leaderboard", period="today")
    assert table.ephemeral and "1. alice" in board_text(table)


async def test_daily_settings_are_for_managers_only(
    channel: simcord.ChannelHandle, alice: simcord.MemberActor, admin: simcord.MemberActor
) -> None:
    refused = await alice.slash(channel, "golf daily-settings", zone="Asia/Tokyo")
    assert refused.ephemeral and board_text(refused) == NOT_AN_ADMIN
    done = await admin.slash(channel, "golf daily-settings", zone="Asia/Tokyo", holes=3)
    assert done.ephemeral and "Time zone: Asia/Tokyo" in board_text(done) and "Holes: 3" in board_text(done)
    wrong = await admin.slash(channel, "golf daily-settings", zone="Mars/Olympus")
    assert wrong.ephemeral and "is not a time zone" in board_text(wrong)
    shown = await alice.slash(channel, "golf daily-settings")  # any member may see them
    assert shown.ephemeral and "Time zone: Asia/Tokyo" in board_text(shown)
    assert "Saved" not in board_text(shown)


async def test_a_restart_mid_daily_resumes_the_board(
    simcord_env: simcord.Env,
    daily_golf: DailyGolf,
    channel: simcord.ChannelHandle,
    alice: simcord.MemberActor,
    buttons: Any,
) -> None:
    first = await alice.slash(channel, "golf daily")
    turn = next(x for x in buttons(first.response) if x["label"].startswith("Turn stock"))
    await alice.click(first.response, custom_id=turn["custom_id"])
    shown = first.response.content
    await simcord_env.restart_bot(await daily_golf.open())
    again = await alice.slash(channel, "golf daily")
    assert again.ephemeral and board_text(again) == shown


async def test_the_rollover_posts_the_table_and_the_reveal_in_the_chosen_channel(
    simcord_env: simcord.Env,
    daily_golf: DailyGolf,
    guild: simcord.GuildHandle,
    channel: simcord.ChannelHandle,
    alice: simcord.MemberActor,
    buttons: Any,
) -> None:
    results = guild.create_text_channel("daily-results")
    place = Place("discord", str(guild.id))
    await daily_golf.daily.change_settings(place, channel=str(results.id))
    board = await alice.slash(channel, "golf daily")
    concede = next(x for x in buttons(board.response) if x["label"] == "Concede hole")
    await alice.click(board.response, custom_id=concede["custom_id"])
    day = await daily_golf.daily.today(place)
    daily_golf.clock.advance((day.closes_at - daily_golf.clock.now()).total_seconds() + 1)
    assert await daily_golf.timers.fire_due() == 1
    await simcord_env.settle()
    closed, opened = (m.content for m in results.history())  # oldest first
    assert f"The daily course of {day.day.isoformat()} is closed. Final table:" in closed
    assert "1. alice — " in closed
    reveal = closed.split("The deals, revealed: `")[1].split("`")[0]
    assert verify(reveal, day.commitment)
    assert "is open: 9 holes" in opened
    assert list(channel.history()) == []  # nothing in the channel where the game was played


async def test_no_daily_message_names_a_deal_while_the_day_runs_and_the_reveal_does(
    simcord_env: simcord.Env,
    daily_golf: DailyGolf,
    guild: simcord.GuildHandle,
    channel: simcord.ChannelHandle,
    alice: simcord.MemberActor,
    buttons: Any,
) -> None:
    place = Place("discord", str(guild.id))
    day = await daily_golf.daily.today(place)
    board = await alice.slash(channel, "golf daily")
    assert board.response is not None
    shown = [board_text(board)]
    for _ in range(9):  # a turn of the stock, a concession and the next hole, every hole
        turn = next(x for x in buttons(board.response) if x["label"].startswith("Turn stock"))
        await alice.click(board.response, custom_id=turn["custom_id"])
        shown.append(board.response.content)
        concede = next(x for x in buttons(board.response) if x["label"] == "Concede hole")
        await alice.click(board.response, custom_id=concede["custom_id"])
        shown.append(board.response.content)
        following = [x for x in buttons(board.response) if x["label"] == "Next hole ▶"]
        if following:
            await alice.click(board.response, custom_id=following[0]["custom_id"])
            shown.append(board.response.content)
    assert "Round over" in shown[-1] and "📅 Daily #" in shown[0]
    shown.append(board_text(await alice.slash(channel, "golf daily")))
    shown.append(board_text(await alice.slash(channel, "golf daily-share")))
    shown.append(board_text(await alice.slash(channel, "golf leaderboard", period="today")))
    for text in shown:
        assert "deal #" not in text.lower()
        assert not any(str(number) in text for number in day.deals), text
    daily_golf.clock.advance((day.closes_at - daily_golf.clock.now()).total_seconds() + 1)
    assert await daily_golf.timers.fire_due() == 1
    await simcord_env.settle()
    closed = next(m.content for m in channel.history() if "is closed" in m.content)
    reveal = closed.split("The deals, revealed: ")[1].split("\n")[0].strip("`")
    assert reveal.endswith(" ".join(str(number) for number in day.deals))
    assert verify(reveal, day.commitment)
