"""Against the loopback fake of Discord (fake_discord.py), the real discord.py and ``run_discord`` in this
process: a click whose id is not on the message it came on (a modified client) is refused privately and
changes nothing (bot/press_guard.py); after a storm of 429s on interaction callbacks has eaten a click's
answer, the board that is behind is brought up to date by its next click (issue 45, items 1 and 7)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from adapters.cli.config import Settings
from adapters.clock import SystemClock
from adapters.discord.runner import run_discord
from adapters.sqlite import SqliteStorage
from benchmarks import fake_discord
from bot import texts
from bot.clubhouse import Clubhouse
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.press_guard import NOT_ON_MESSAGE
from bot.timers import Timers

EPHEMERAL = 64
WAIT = 30.0


class NoSolver:
    async def best_score(self, hole: Any) -> None:
        return None

    async def hint(self, hole: Any) -> None:
        return None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return tuple(range(first, first + holes))


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[Any]:
    """The bot with matches and tournaments, as ``golfbot discord`` runs it."""
    storage = await SqliteStorage.open(tmp_path / "golf.sqlite3")
    clock = SystemClock()
    club = Clubhouse(storage, NoSolver(), clock)
    timers = Timers(storage, clock)
    matches = Matches(storage, club, NoSolver(), clock, timers)
    services = SimpleNamespace(services=(matches, Tournaments(storage, matches, clock, timers)))
    competition: Any = (services, lambda _notifier: contextlib.nullcontext())  # (Competition, Plug)
    async with fake_discord.FakeDiscord() as server:
        server.add_member("alice")
        server.add_member("bob")
        settings = Settings(
            tmp_path / "unused", discord_token=server.token, discord_api_base_url=server.base_url
        )
        task = asyncio.create_task(run_discord(club, settings, competition=competition))
        try:
            await server.wait_for(lambda: server.connected and server.commands.get(None), WAIT, what="bot up")
            yield server
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    await club.close()
    await storage.close()


async def board_of(fake: Any, member: Any) -> dict[str, Any]:
    play = fake.slash(member, "golf play", holes=1, deal="24")
    return dict(await fake.wait_for(lambda: fake.response(play), WAIT, what="a board"))


def ids(message: dict[str, Any]) -> list[str]:
    return [b["custom_id"] for b in fake_discord.FakeDiscord.buttons(message) if not b.get("disabled")]


def column_keys(message: dict[str, Any]) -> list[str]:
    return [i for i in ids(message) if i[-1].isdigit()]


def answered(fake: Any, interaction: Any) -> dict[str, Any] | None:
    """The interaction's first callback, once there is one."""
    return interaction.callbacks[0] if interaction.callbacks else None


async def test_a_key_of_ones_own_board_clicked_on_another_players_board_is_refused_privately(
    fake: Any,
) -> None:
    alice, bob = fake.members
    hers = await board_of(fake, alice)
    his = await board_of(fake, bob)
    before = {m["id"]: copy.deepcopy(fake.messages[int(m["id"])]) for m in (hers, his)}

    for custom_id in (column_keys(hers)[0], "c1:abcd1234:1:o", "not-a-key"):
        forged = fake.forge_click(alice, his, custom_id)
        callback = await fake.wait_for(lambda f=forged: answered(fake, f), WAIT, what="the refusal")
        assert callback["type"] == 4 and callback["data"]["flags"] & EPHEMERAL, callback
        if custom_id.startswith("g1:"):  # (the others are no buttons of this bot: "not one of mine")
            assert NOT_ON_MESSAGE in callback["data"]["content"]
    await asyncio.sleep(0.2)  # (nothing more is sent: checked below)
    for message in (hers, his):
        assert fake.messages[int(message["id"])] == before[message["id"]], "a forged click changed a message"


def labelled(fake: Any, message: dict[str, Any], label: str) -> str:
    return str(next(b for b in fake.buttons(message) if b.get("label") == label)["custom_id"])


async def test_a_key_of_ones_own_match_board_clicked_on_the_channels_scoreboard_is_refused_privately(
    fake: Any,
) -> None:
    alice, bob = fake.members
    offer = fake.slash(alice, "golf challenge", member=str(bob.id), holes=1)
    offered = await fake.wait_for(lambda: fake.response(offer), WAIT, what="the challenge")
    accept = fake.click(bob, offered, labelled(fake, offered, "Accept"))
    scoreboard = await fake.wait_for(lambda: fake.response(accept), WAIT, what="the match on")
    opened = fake.click(alice, scoreboard, labelled(fake, scoreboard, "Open my board"))
    board = await fake.wait_for(lambda: fake.response(opened), WAIT, what="her board")
    # the match's deal is drawn at random: its columns may all be unplayable (disabled) at the start, and a
    # forged click may carry a disabled button's id as well as any other
    keys = [b["custom_id"] for b in fake_discord.FakeDiscord.buttons(board)]
    column, stock = next(k for k in keys if k[-1].isdigit()), next(k for k in keys if k.endswith(":s"))
    assert board["flags"] & EPHEMERAL and column.startswith("b1:")
    before = copy.deepcopy(fake.messages[int(scoreboard["id"])])

    for custom_id in (column, stock):
        forged = fake.forge_click(alice, scoreboard, custom_id)
        callback = await fake.wait_for(lambda f=forged: answered(fake, f), WAIT, what="the refusal")
        assert callback["type"] == 4 and callback["data"]["flags"] & EPHEMERAL, callback
        assert NOT_ON_MESSAGE in callback["data"]["content"]
    await asyncio.sleep(0.2)  # (nothing more is sent: checked below)
    assert fake.messages[int(scoreboard["id"])] == before  # no tableau, no keys in the channel
    assert ids(fake.messages[int(board["id"])]) == ids(board)  # and nothing was played


async def test_a_board_left_behind_by_a_429_storm_is_brought_up_to_date_by_its_next_click(
    fake: Any, caplog: pytest.LogCaptureFixture
) -> None:
    alice = fake.members[0]
    board = await board_of(fake, alice)
    key = column_keys(board)[0]
    fake.callback_storm = True
    with caplog.at_level(logging.WARNING):
        lost = fake.click(alice, board, key)
        callback_path = f"/interactions/{lost.id}/{lost.token}/callback"
        await fake.wait_for(
            lambda: (
                any("rate limiting (429)" in r.getMessage() for r in caplog.records)
                or sum(p == callback_path and s == 429 for _, p, s in fake.requests) >= 10
            ),
            WAIT,
            what="the bot gives up answering",
        )
    fake.callback_storm = False
    behind = fake.messages[int(board["id"])]
    assert ids(behind) == ids(board)  # the move was applied, but the board never heard of it

    again = fake.click(alice, behind, key)  # the same key again: a repeat of the applied click
    await fake.wait_for(lambda: answered(fake, again), WAIT, what="the next click answered")
    now = await fake.wait_for(
        lambda: ids(m := fake.messages[int(board["id"])]) != ids(board) and m, WAIT, what="the board redrawn"
    )
    assert again.callbacks[0]["type"] == 7  # the board edited in place, as any click's answer
    [notice] = await fake.wait_for(lambda: again.followup_ids, WAIT, what="the notice")
    assert fake.messages[notice]["content"].endswith(texts.STALE)  # privately: it was out of date
    assert column_keys(now) != column_keys(board)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # one WARNING, no traceback


async def test_an_older_key_of_the_same_board_is_answered_with_the_board_as_it_stands(fake: Any) -> None:
    """discord.py drops a click whose id is not on the message; an older key of the message's own board
    (a client that had not caught up) is the core's to answer, not a forgery."""
    alice = fake.members[0]
    board = await board_of(fake, alice)
    key = column_keys(board)[0]
    moved = fake.click(alice, board, key)
    await fake.wait_for(lambda: fake.response(moved), WAIT, what="the move")
    now = copy.deepcopy(fake.messages[int(board["id"])])
    assert key not in ids(now)

    old_stock = next(i for i in ids(board) if i.endswith(":s"))
    late = fake.forge_click(alice, now, old_stock)  # a key of version 1 on the board of version 2
    callback = await fake.wait_for(lambda: answered(fake, late), WAIT, what="the late click answered")
    assert NOT_ON_MESSAGE not in str(callback)
    [notice] = await fake.wait_for(lambda: late.followup_ids, WAIT, what="the notice")
    assert fake.messages[notice]["content"].endswith(texts.STALE)
    assert ids(fake.messages[int(board["id"])]) == ids(now)  # still the current board: the game did not move
