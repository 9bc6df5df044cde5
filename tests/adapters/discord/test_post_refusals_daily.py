"""The daily challenge's posts refused by Discord (issue 45, item 8) through SimCord: the chosen channel
denies the bot Send Messages; the rollover logs one WARNING line, no traceback, and the server's owner (the
daily runs by itself: nobody else started it) is told once, in a direct message, what is missing."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from adapters.clock import SystemClock
from adapters.discord.client import GolfClient
from adapters.discord.daily import DailyAnnouncer
from adapters.discord.notifier import DiscordNotifier
from adapters.discord.permissions import PostRefusals
from adapters.sqlite import SqliteStorage
from bot.clubhouse import Clubhouse
from bot.models import Place
from bot.modes.daily.challenge import DailyChallenge
from bot.timers import Timers
from tests.adapters.discord.test_daily import SECRET, DailyGolf


class RefusedDailyGolf(DailyGolf):
    """As ``golfbot run`` wires the daily's posts (adapters/discord/runner.py): behind PostRefusals."""

    async def open(self) -> GolfClient:
        storage = await SqliteStorage.open(self.db_path)
        clubhouse = Clubhouse(storage, self.solver, SystemClock(), rng=random.Random(7))
        self.daily = DailyChallenge(storage, storage, self.solver, self.clock, new_secret=lambda: SECRET)
        self.daily.open_door(clubhouse.door, clubhouse.sessions)
        self.opened.append((storage, clubhouse))
        client = GolfClient(clubhouse, sync_globally=True, daily=self.daily)
        announcer = DailyAnnouncer(client, self.daily, DiscordNotifier(client))
        self.timers = Timers(storage, self.clock, notifier=PostRefusals(client, announcer, daily=self.daily))
        self.daily.attach(self.timers)
        return client


@pytest.fixture
async def daily_golf(tmp_path: Path, solver: Any) -> AsyncIterator[RefusedDailyGolf]:
    opened = RefusedDailyGolf(tmp_path / "golf.sqlite3", solver)
    yield opened
    await opened.close()


@pytest.fixture
async def simcord_bot(daily_golf: RefusedDailyGolf) -> GolfClient:
    return await daily_golf.open()


@pytest.fixture
def owner(simcord_env: simcord.Env) -> Any:
    return simcord_env.create_user("olive")


@pytest.fixture
def guild(simcord_env: simcord.Env, owner: Any) -> simcord.GuildHandle:
    return simcord_env.create_guild("Golf Club", owner=owner)


async def test_a_refused_daily_post_is_one_warning_and_the_owner_is_told_once(
    simcord_env: simcord.Env,
    simcord_bot: GolfClient,
    daily_golf: RefusedDailyGolf,
    guild: simcord.GuildHandle,
    channel: simcord.ChannelHandle,
    alice: simcord.MemberActor,
    owner: Any,
    buttons: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    muted = guild.create_text_channel(
        "daily-results", overwrites={simcord_bot.user: discord.PermissionOverwrite(send_messages=False)}
    )
    place = Place("discord", str(guild.id))
    await daily_golf.daily.change_settings(place, channel=str(muted.id))
    board = await alice.slash(channel, "golf daily")  # somebody played: the day has a final table
    concede = next(x for x in buttons(board.response) if x["label"] == "Concede hole")
    await alice.click(board.response, custom_id=concede["custom_id"])
    day = await daily_golf.daily.today(place)
    daily_golf.clock.advance((day.closes_at - daily_golf.clock.now()).total_seconds() + 1)
    with caplog.at_level(logging.INFO):
        assert await daily_golf.timers.fire_due() == 1
        await simcord_env.settle()
    assert muted.history() == []
    assert [m.content for m in owner.dm_channel.history()] == [
        f"⚠️ I may not post in <#{muted.id}>: Discord says Missing Permissions. Please give me the Send"
        " Messages permission there (the channel's settings → Permissions), or choose another channel with"
        " /golf daily-settings. Until then I cannot post the daily challenge's final table, reveal and"
        " commitment there."
    ]
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.levelname for r in warnings] == ["WARNING"], [r.getMessage() for r in warnings]
    assert f"in channel {muted.id} of discord:{guild.id}" in warnings[0].getMessage()
    assert not [r for r in caplog.records if r.exc_info]
