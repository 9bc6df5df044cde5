"""A match's scoreboard message as kept on Discord (bot/modes/competition/room.py): the door's
``<channel>/<message>`` from the challenge's post and the press that accepted, and a row kept before it, as
the message id alone, still names the message that is edited as the match goes (SimCord, the real
discord.py over the real core and SQLite)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import simcord

from adapters.clock import SystemClock
from adapters.discord.client import GolfClient
from adapters.discord.compete import install
from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.clubhouse import Clubhouse
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.timers import Timers


class Forward:
    def __init__(self) -> None:
        self.target: Any = MemoryNotifier()

    async def to_place(self, place: str, event: Any) -> None:
        await self.target.to_place(place, event)

    async def to_player(self, player: str, event: Any) -> None:
        await self.target.to_player(player, event)


@pytest.fixture
def services() -> dict[str, Matches]:
    return {}


@pytest.fixture
async def simcord_bot(golf: Any, tmp_path: Path, services: dict[str, Matches]) -> GolfClient:
    storage = await SqliteStorage.open(tmp_path / "kept.sqlite3")
    clock = SystemClock()
    club = Clubhouse(storage, golf.solver, clock, rng=random.Random(7))
    golf.opened.append((storage, club))
    forward = Forward()
    timers = Timers(storage, clock, notifier=forward)
    matches = services["matches"] = Matches(
        storage, club, golf.solver, clock, timers, notifier=forward, rng=random.Random(3)
    )
    tournaments = Tournaments(storage, matches, clock, timers, notifier=forward)
    client = GolfClient(club, sync_globally=True)
    forward.target = install(client.golf, client, matches, tournaments)
    return client


@pytest.mark.parametrize("old_row", [False, True])
async def test_the_scoreboard_kept_by_the_accepting_press_or_in_the_old_form_is_the_one_edited(
    simcord_env: simcord.Env,
    channel: simcord.ChannelHandle,
    alice: Any,
    bob: Any,
    buttons: Any,
    services: dict[str, Matches],
    old_row: bool,
) -> None:
    matches = services["matches"]
    offer = await alice.slash(channel, "golf challenge", member=bob, holes=1)
    await bob.click(offer.response, label="Accept")
    scoreboard_id = offer.response.id
    [opener] = [b["custom_id"] for b in buttons(offer.response) if b["custom_id"].endswith(":o")]
    match_id = opener.split(":")[1]
    assert await matches.scoreboard_message(match_id) == f"{channel.id}/{scoreboard_id}"
    if old_row:  # as a bot before the door kept it
        await matches.keep_scoreboard_message(match_id, str(scoreboard_id))

    for member in (alice, bob):  # each concedes the one hole: the match is decided
        board = (await member.click(offer.response, label="Open my board")).response
        [concede] = [b["custom_id"] for b in buttons(board) if b["custom_id"].endswith(":q")]
        await member.click(board, custom_id=concede)
    await simcord_env.bot.compete.posts.drain()  # type: ignore[attr-defined]
    shown = next(m for m in channel.history() if m.id == scoreboard_id)
    assert "Result:" in shown.content
    assert [m.id for m in channel.history() if "alice v bob" in m.content] == [scoreboard_id]
