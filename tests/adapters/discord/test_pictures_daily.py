"""The daily challenge with picture boards (SimCord, the real GolfClient, DailyChallenge and Pictures): the
board is an ephemeral V2 message whose presses edit it in place with a new picture, and ``/golf
daily-share`` posts the share text with its picture card beside it (or the text alone in the text look)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from adapters.clock import SystemClock
from adapters.discord.client import GolfClient
from adapters.pictures import Pictures
from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.modes.daily.challenge import DailyChallenge

V2 = 1 << 15


@pytest.fixture
def pictures() -> Iterator[Pictures]:
    drawn = Pictures(workers=1)
    yield drawn
    drawn.close()


@pytest.fixture
async def simcord_bot(tmp_path: Path, solver: Any, pictures: Pictures) -> AsyncIterator[GolfClient]:
    storage = await SqliteStorage.open(tmp_path / "golf.sqlite3")
    clubhouse = Clubhouse(storage, solver, SystemClock(), rng=random.Random(7))
    daily = DailyChallenge(
        storage, storage, solver, ManualClock(datetime.now(UTC)), new_secret=lambda: bytes(32)
    )
    daily.open_door(clubhouse.door, clubhouse.sessions)
    yield GolfClient(clubhouse, sync_globally=True, daily=daily, pictures=pictures)
    await clubhouse.close()
    await storage.close()


@pytest.fixture
def admin(simcord_env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(simcord_env.create_user("carol"), roles=[managers])


def texts(message: discord.Message) -> str:
    return "\n".join(c.content for c in message.components if isinstance(c, discord.TextDisplay))


async def test_an_ephemeral_daily_board_is_a_picture_edited_in_place(
    simcord_env: simcord.Env, channel: simcord.ChannelHandle, alice: simcord.MemberActor, buttons: Any
) -> None:
    started = await alice.slash(channel, "golf daily")
    assert started.ephemeral and started.response is not None
    board = started.response.message
    assert board.flags.components_v2 and board.flags.ephemeral
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert "📅 Daily " in texts(board) and "deal #" not in texts(board)  # its deal stays hidden
    first = board.attachments[0].id
    turn = next(x for x in buttons(started.response) if x["label"].startswith("Turn stock"))
    click = await alice.click(started.response, custom_id=turn["custom_id"])
    assert click.acknowledged and click.response is not None and click.response.id == board.id
    edited = started.response.message
    assert edited.flags.components_v2 and edited.flags.ephemeral
    assert [a.filename for a in edited.attachments] == ["board.png"]  # one attachment: the new picture
    assert edited.attachments[0].id != first
    assert list(channel.history()) == []  # nothing of it in the channel


async def finish_the_course(alice: simcord.MemberActor, channel: Any, buttons: Any) -> None:
    board = await alice.slash(channel, "golf daily")
    assert board.response is not None
    for _ in range(9):
        concede = next(x for x in buttons(board.response) if x["label"] == "Concede hole")
        await alice.click(board.response, custom_id=concede["custom_id"])
        following = [x for x in buttons(board.response) if x["label"] == "Next hole ▶"]
        if following:
            await alice.click(board.response, custom_id=following[0]["custom_id"])
    assert "Round over" in texts(board.response.message)


async def test_the_share_posts_the_text_and_its_picture_card(
    simcord_env: simcord.Env,
    channel: simcord.ChannelHandle,
    alice: simcord.MemberActor,
    admin: simcord.MemberActor,
    buttons: Any,
) -> None:
    await finish_the_course(alice, channel, buttons)
    share = await alice.slash(channel, "golf daily-share")
    assert not share.ephemeral and share.response is not None
    posted = share.response.message
    assert posted.flags.components_v2
    assert [a.filename for a in posted.attachments] == ["share.png"]
    said = texts(posted)
    assert "alice's daily round:" in said and "Golf daily #" in said
    assert not any(suit in said for suit in "♠♥♦♣")
    gallery = next(c for c in posted.components if isinstance(c, discord.MediaGalleryComponent))
    assert gallery.items[0].media.url == posted.attachments[0].url  # the gallery shows the attachment

    await admin.slash(channel, "golf settings", look="text")  # posted for everyone: the server's look
    text_only = await alice.slash(channel, "golf daily-share")
    assert text_only.response is not None
    assert not text_only.response.message.flags.components_v2
    assert not text_only.response.message.attachments
    assert text_only.response.content.startswith("alice's daily round:\nGolf daily #")
