"""A channel post Discord refuses (issue 45, item 8), through SimCord (the real discord.py, whose backend
checks the bot's permissions like Discord): a tournament in a channel where the bot may not write gets its
answers (interaction answers need no permission), the refused scoreboard posts are one WARNING line and no
traceback, and the organiser is told once, in a direct message, which permission is missing."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from adapters.clock import SystemClock
from adapters.discord.client import GolfClient
from adapters.discord.compete import install
from adapters.discord.permissions import PostRefusals
from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.clubhouse import Clubhouse
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.timers import Timers


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
    """As ``golfbot run`` wires it (adapters/discord/runner.py): the scoreboards behind PostRefusals."""
    storage = await SqliteStorage.open(tmp_path / "refusals.sqlite3")
    clock = SystemClock()
    club = Clubhouse(storage, golf.solver, clock, rng=random.Random(7))
    golf.opened.append((storage, club))
    forward = Forward()
    timers = Timers(storage, clock, notifier=forward)
    matches = Matches(storage, club, golf.solver, clock, timers, notifier=forward, rng=random.Random(3))
    tournaments = Tournaments(storage, matches, clock, timers, notifier=forward)
    client = GolfClient(club, sync_globally=True)
    compete = install(client.golf, client, matches, tournaments)
    compete.poster = PostRefusals(client, compete.poster, matches=matches, tournaments=tournaments)
    forward.target = compete
    return client


def members(env: simcord.Env, guild: simcord.GuildHandle, *names: str) -> list[simcord.MemberActor]:
    return [guild.add_member(env.create_user(name)) for name in names]


async def run_a_tournament(channel: simcord.ChannelHandle, players: list[simcord.MemberActor]) -> None:
    organiser = players[0]
    opened = await organiser.slash(channel, "golf tournament", holes=1)
    assert not opened.ephemeral and "Tournament by alice" in opened.response.content
    for member in players:
        await member.click(opened.response, label="Join")
    closed = await organiser.click(opened.response, label="Close now (organiser)")
    assert not closed.ephemeral  # the sign-up message, edited by the answer: no permission needed


@pytest.mark.parametrize(
    ("denied", "said", "missing"),
    [
        (discord.PermissionOverwrite(send_messages=False), "Missing Permissions", "Send Messages permission"),
        (
            discord.PermissionOverwrite(view_channel=False),
            "Missing Access",
            "View Channel and Send Messages permissions",
        ),
    ],
)
async def test_refused_scoreboards_are_one_warning_and_the_organiser_is_told_once(
    simcord_env: simcord.Env,
    simcord_bot: GolfClient,
    guild: simcord.GuildHandle,
    caplog: pytest.LogCaptureFixture,
    denied: discord.PermissionOverwrite,
    said: str,
    missing: str,
) -> None:
    muted = guild.create_text_channel("muted", overwrites={simcord_bot.user: denied})
    players = members(simcord_env, guild, "alice", "bob", "carol", "dave")
    with caplog.at_level(logging.INFO):
        await run_a_tournament(muted, players)  # four players: two matches, two scoreboards refused
        await simcord_bot.compete.posts.drain()  # type: ignore[attr-defined]  # the queued posts go out
    told = [m.content for m in players[0].user.dm_channel.history()]
    assert told == [
        f"⚠️ I may not post in <#{muted.id}>: Discord says {said}. Please give me the {missing} there"
        " (the channel's settings → Permissions), or start it in a channel where I may"
        " write. Until then I cannot post the scoreboards there."
    ]
    for member in players[1:]:
        assert member.user.dm_channel is None or member.user.dm_channel.history() == []
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.levelname for r in warnings] == ["WARNING"], [r.getMessage() for r in warnings]
    assert f"in channel {muted.id} of discord:{guild.id}" in warnings[0].getMessage()
    assert (
        f"the bot needs {missing.rsplit(' ', 1)[0]} there; telling discord:{players[0].id}"
        in warnings[0].getMessage()
    )
    assert not [r for r in caplog.records if r.exc_info]
