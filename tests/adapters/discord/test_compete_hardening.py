"""Competitions on Discord (SimCord, the real discord.py over the real core and SQLite).

A tournament called off (fewer than two players when sign-up closes): its sign-up message says so and
loses its buttons, without waiting for a press.

A long click: "Close now" on a 64-player knock-out starts 32
matches, each with a scoreboard message in the channel. With 100 ms per channel request (a slow link to
Discord), posting them before answering took 3.35 s: past Discord's 3 s, the click failed (10062) and the
sign-up message was never updated. The click is answered first (deferred if the work runs long) and the
channel posts follow it, paced within Discord's per-channel rate limit (the waits are on SimCord's virtual
clock: the test takes no wall-clock time for them)."""

from __future__ import annotations

import asyncio
import itertools
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import simcord

from adapters.discord.client import GolfClient
from adapters.discord.compete import install
from adapters.memory import MemoryNotifier
from adapters.pacing import POSTS_PER_WINDOW, WINDOW_SECONDS, ChannelPosts
from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.timers import Timers

PLAYERS = 64
LATENCY = 0.1
GAP = 0.05
"""The least time between two posts in a channel here (Discord's: WINDOW_SECONDS / POSTS_PER_WINDOW, a
second, which would make this test wait half a minute)."""
"""Seconds each channel request takes to reach Discord and come back."""


class Forward:
    def __init__(self) -> None:
        self.target: Any = MemoryNotifier()

    async def to_place(self, place: str, event: Any) -> None:
        await self.target.to_place(place, event)

    async def to_player(self, player: str, event: Any) -> None:
        await self.target.to_player(player, event)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(datetime.now(UTC))


@pytest.fixture
def timers_of() -> dict[str, Timers]:
    return {}


@pytest.fixture
async def simcord_bot(
    golf: Any, tmp_path: Path, clock: ManualClock, timers_of: dict[str, Timers]
) -> GolfClient:
    storage = await SqliteStorage.open(tmp_path / "compete.sqlite3")
    club = Clubhouse(storage, golf.solver, clock, rng=random.Random(7))
    golf.opened.append((storage, club))
    forward = Forward()
    timers = timers_of["timers"] = Timers(storage, clock, notifier=forward)
    matches = Matches(storage, club, golf.solver, clock, timers, notifier=forward, rng=random.Random(3))
    tournaments = Tournaments(storage, matches, clock, timers, notifier=forward)
    client = GolfClient(club, sync_globally=True)
    forward.target = install(client.golf, client, matches, tournaments)
    return client


def slow_channels(client: GolfClient, sent: list[tuple[str, float]]) -> None:
    """Every request about a channel's messages takes LATENCY seconds (the network edge: discord.py's HTTP
    client, which SimCord's transport stands in for); each is noted with the (virtual) time it arrived."""
    request = client.http.request
    loop = asyncio.get_running_loop()

    async def slow(route: Any, **options: Any) -> Any:
        if "/channels/" in route.path:
            await asyncio.sleep(LATENCY)
            sent.append((f"{route.method} {route.path}", loop.time()))
        return await request(route, **options)

    client.http.request = slow  # type: ignore[method-assign]


@pytest.mark.simcord(settle_timeout=60)  # a busy machine: starting 32 matches may take seconds
async def test_close_now_on_a_big_knockout_is_answered_in_time_and_the_scoreboards_follow_paced(
    simcord_env: simcord.Env, channel: simcord.ChannelHandle, alice: Any, guild: simcord.GuildHandle
) -> None:
    opened = await alice.slash(channel, "golf tournament", holes=1)
    for number in range(PLAYERS):
        member = guild.add_member(simcord_env.create_user(f"p{number:02}"))
        await member.click(opened.response, label="Join")
    assert f"Signed up ({PLAYERS})" in opened.response.message.content
    compete = simcord_env.bot.compete  # type: ignore[attr-defined]
    assert compete.posts.gap * POSTS_PER_WINDOW >= WINDOW_SECONDS  # within Discord's limit
    simcord_env.bot.posts = ChannelPosts(gap=GAP)  # type: ignore[attr-defined]  # (the client's: every press's)
    sent: list[tuple[str, float]] = []
    slow_channels(simcord_env.bot, sent)  # type: ignore[arg-type]
    closed = await alice.click(opened.response, label="Close now (organiser)")
    assert closed.acknowledged  # within Discord's 3 s: not "This interaction failed"
    assert not [e for e in simcord_env.errors if "10062" in str(e)]
    await compete.posts.drain()
    signup = opened.response.message.content
    assert "Sign-up is closed" in signup and not opened.response.message.components
    posts = [t for what, t in sent if what.startswith("POST")]
    assert len(posts) == PLAYERS // 2  # one scoreboard a match, all posted in the end
    scoreboards = [m for m in channel.history() if " v " in m.content and "1 hole" in m.content]
    assert len(scoreboards) == PLAYERS // 2
    # the answer first, then the posts, one every GAP seconds at most
    requests = [f"{r.method} {r.path}" for r in simcord_env.http_requests]
    answered = max(i for i, r in enumerate(requests) if r.endswith("/callback"))
    first_post = min(i for i, r in enumerate(requests) if r.startswith("POST /channels/"))
    assert answered < first_post
    assert all(later - earlier >= GAP * 0.99 for earlier, later in itertools.pairwise(posts))


async def test_a_tournament_called_off_says_so_on_its_sign_up_message_which_loses_its_buttons(
    simcord_env: simcord.Env,
    channel: simcord.ChannelHandle,
    alice: Any,
    clock: ManualClock,
    timers_of: dict[str, Timers],
) -> None:
    opened = await alice.slash(channel, "golf tournament", holes=1, signup=1)
    await alice.click(opened.response, label="Join")
    clock.advance(61)
    assert await timers_of["timers"].fire_due() == 1  # sign-up closes with one player: called off
    await simcord_env.bot.compete.posts.drain()  # type: ignore[attr-defined]  # (the timer ran here, not in the bot)
    assert any("Tournament called off: fewer than two players" in m.content for m in channel.history())
    signup = opened.response.message
    assert "Tournament called off: fewer than two players." in signup.content
    assert not signup.components  # nothing left to press


async def test_sign_up_closed_by_its_clock_takes_the_buttons_off_the_sign_up_message(
    simcord_env: simcord.Env,
    channel: simcord.ChannelHandle,
    alice: Any,
    bob: Any,
    clock: ManualClock,
    timers_of: dict[str, Timers],
) -> None:
    opened = await alice.slash(channel, "golf tournament", holes=1, signup=1)
    for member in (alice, bob):
        await member.click(opened.response, label="Join")
    clock.advance(61)
    assert await timers_of["timers"].fire_due() == 1  # sign-up closes: the final starts
    await simcord_env.bot.compete.posts.drain()  # type: ignore[attr-defined]
    assert any("alice v bob" in m.content for m in channel.history())  # its scoreboard
    signup = opened.response.message
    assert "Sign-up is closed" in signup.content and not signup.components


async def test_a_challenge_nobody_answers_says_so_on_its_message_which_loses_its_buttons(
    simcord_env: simcord.Env,
    channel: simcord.ChannelHandle,
    alice: Any,
    bob: Any,
    clock: ManualClock,
    timers_of: dict[str, Timers],
) -> None:
    offer = await alice.slash(channel, "golf challenge", member=bob, holes=1)
    clock.advance(601)  # ten minutes to answer
    assert await timers_of["timers"].fire_due() == 1
    await simcord_env.bot.compete.posts.drain()  # type: ignore[attr-defined]
    message = offer.response.message
    assert "Called off." in message.content and not message.components
    said = [m.content for m in channel.history()]
    assert "⏱ bob did not answer in time: the challenge has expired." in said
    assert len(said) == 2  # the challenge (called off) and the notice: no second scoreboard
