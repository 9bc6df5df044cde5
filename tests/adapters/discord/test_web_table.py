"""The web table on Discord (docs/web-table.md), against the loopback fake of Discord with the real discord.py
and ``run_discord`` in this process, on the real Clubhouse and SQLite: ``/golf web-table`` launches the app's
Activity where the bot serves the web table (one private line when Discord refuses, another where the web
table is not set up); the fake's OAuth2 code exchange and ``users/@me``, which the web table's sign-in
uses; and a move made on the page (the door pressed as the web table presses it, then ``BoardMoved``
through the Notifier the bot plugs in) redraws the channel's message of the session, posting nothing."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from adapters.cli.config import Settings
from adapters.clock import SystemClock
from adapters.discord.commands import NO_ACTIVITY, NO_WEB_TABLE
from adapters.discord.runner import run_discord
from adapters.sqlite import SqliteStorage
from benchmarks import fake_discord
from bot.announcements import announcement
from bot.clubhouse import Clubhouse
from bot.events import BoardMoved
from bot.models import Player
from bot.ports import Notifier

EPHEMERAL = 64
LAUNCH_ACTIVITY = 12
WAIT = 30.0


class NoSolver:
    async def best_score(self, hole: Any) -> None:
        return None

    async def hint(self, hole: Any) -> None:
        return None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return tuple(range(first, first + holes))


class Bot:
    """The bot as ``golfbot run`` runs it on the fake: its Clubhouse and the Notifier it plugged in."""

    def __init__(self, fake: fake_discord.FakeDiscord, club: Clubhouse) -> None:
        self.fake = fake
        self.club = club
        self.notifier: Notifier | None = None

    def plug(self, notifier: Notifier) -> contextlib.AbstractContextManager[object]:
        self.notifier = notifier
        return contextlib.nullcontext()

    async def moved(self, session: str) -> None:
        """What the web table publishes after a tap moved ``session`` (to its place)."""
        assert self.notifier is not None
        place = f"discord:{self.fake.guild_id}"
        await self.notifier.to_place(place, BoardMoved(place, session))


Start = Callable[..., Any]


@pytest.fixture
async def start(tmp_path: Path) -> AsyncIterator[Start]:
    """``await start(web=True)``: the bot on the fake, with or without the web table's settings."""
    stack = contextlib.AsyncExitStack()

    async def started(*, web: bool) -> Bot:
        storage = await SqliteStorage.open(tmp_path / "golf.sqlite3")
        stack.push_async_callback(storage.close)
        club = Clubhouse(storage, NoSolver(), SystemClock())
        stack.push_async_callback(club.close)
        fake = await stack.enter_async_context(fake_discord.FakeDiscord())
        fake.add_member("alice")
        fake.add_member("bob")
        web_settings: dict[str, Any] = {}
        if web:
            web_settings = {
                "web_url": "https://golf.example.org",
                "web_port": 0,
                "discord_client_id": str(fake.application_id),
                "discord_client_secret": fake.client_secret,
            }
        settings = Settings(
            tmp_path / "unused",
            discord_token=fake.token,
            discord_api_base_url=fake.base_url,
            **web_settings,
        )
        bot = Bot(fake, club)
        task = asyncio.create_task(run_discord(club, settings, plug=bot.plug))

        async def stop() -> None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

        stack.push_async_callback(stop)
        await fake.wait_for(
            lambda: (fake.connected and fake.commands.get(None) and bot.notifier) or task.done(), WAIT
        )
        assert not task.done(), task
        return bot

    try:
        yield started
    finally:
        await stack.aclose()


def answered(interaction: Any) -> dict[str, Any] | None:
    return interaction.callbacks[0] if interaction.callbacks else None


def keys(message: dict[str, Any]) -> list[str]:
    return [str(b["custom_id"]) for b in fake_discord.FakeDiscord.buttons(message) if not b.get("disabled")]


def labelled(message: dict[str, Any], label: str) -> str:
    return str(
        next(b for b in fake_discord.FakeDiscord.buttons(message) if b.get("label") == label)["custom_id"]
    )


def session_of(message: dict[str, Any]) -> str:
    return keys(message)[0].split(":")[1]


@contextlib.contextmanager
def nothing_posted(fake: fake_discord.FakeDiscord) -> Iterator[None]:
    posts, dms, messages = len(fake.posts), dict(fake.direct_messages), len(fake.messages)
    yield
    assert len(fake.posts) == posts and fake.direct_messages == dms and len(fake.messages) == messages


# ---- /golf web-table ---------------------------------------------------------------------------------------


async def test_golf_table_launches_the_activity_where_the_web_table_is_served(start: Start) -> None:
    bot = await start(web=True)
    fake = bot.fake
    alice = fake.members[0]
    used = fake.slash(alice, "golf web-table")
    callback = await fake.wait_for(lambda: answered(used), WAIT, what="the answer")
    assert callback == {"type": LAUNCH_ACTIVITY}
    assert fake.activities == [used.id] and len(used.callbacks) == 1


async def test_golf_table_says_in_one_line_when_discord_will_not_launch_it(start: Start) -> None:
    bot = await start(web=True)
    fake = bot.fake
    fake.activity = False  # the app has no Activity set up in the developer portal
    used = fake.slash(fake.members[0], "golf web-table")
    callback = await fake.wait_for(lambda: answered(used), WAIT, what="the answer")
    assert callback["type"] == 4 and callback["data"]["flags"] & EPHEMERAL
    assert callback["data"]["content"] == NO_ACTIVITY and fake.activities == []


async def test_golf_table_without_the_web_settings_says_it_is_not_set_up(start: Start) -> None:
    bot = await start(web=False)
    fake = bot.fake
    used = fake.slash(fake.members[0], "golf web-table")
    callback = await fake.wait_for(lambda: answered(used), WAIT, what="the answer")
    assert callback["type"] == 4 and callback["data"]["flags"] & EPHEMERAL
    assert callback["data"]["content"] == NO_WEB_TABLE and fake.activities == []


# ---- the fake's OAuth2 (the web table's sign-in) -----------------------------------------------------------


async def test_the_fake_exchanges_a_registered_code_for_a_token_that_names_the_member() -> None:
    async with fake_discord.FakeDiscord() as fake, aiohttp.ClientSession() as http:
        alice = fake.add_member("alice")
        fake.authorize_code("the-code", alice)
        form = {
            "client_id": str(fake.application_id),
            "client_secret": fake.client_secret,
            "grant_type": "authorization_code",
            "code": "the-code",
        }
        token_url = f"{fake.base_url}/api/v10/oauth2/token"
        async with http.post(token_url, data=form) as response:
            assert response.status == 200
            token = await response.json()
        assert token["token_type"] == "Bearer" and token["scope"] == "identify" and token["expires_in"] > 0
        me = f"{fake.base_url}/api/v10/users/@me"
        async with http.get(me, headers={"Authorization": f"Bearer {token['access_token']}"}) as response:
            assert response.status == 200
            user = await response.json()
        assert user["id"] == str(alice.id) and user["username"] == "alice"

        async with http.post(token_url, data=form) as again:  # a code is good once
            assert again.status == 400 and (await again.json())["error"] == "invalid_grant"
        fake.authorize_code("another", alice)
        async with http.post(token_url, data=form | {"code": "another", "client_secret": "wrong"}) as wrong:
            assert wrong.status == 400 and (await wrong.json())["error"] == "invalid_grant"
        async with http.post(token_url, data=form | {"code": "never-given"}) as unknown:
            assert unknown.status == 400 and (await unknown.json())["error"] == "invalid_grant"
        async with http.get(me, headers={"Authorization": "Bearer not-a-token"}) as response:
            assert response.status == 401
        assert not any("wrong" in str(body) for _m, _p, body in fake.sent)  # (no secret kept)


# ---- BoardMoved ------------------------------------------------------------------------------------------


async def test_a_move_made_on_the_page_redraws_the_channels_board(start: Start) -> None:
    bot = await start(web=True)
    fake, alice = bot.fake, bot.fake.members[0]
    play = fake.slash(alice, "golf play", holes=1, deal="24")
    board = dict(await fake.wait_for(lambda: fake.response(play), WAIT, what="a board"))
    before = fake.text(board)
    stock = next(k for k in keys(board) if k.endswith(":s"))
    player = Player("discord", str(alice.id), "alice")
    reply = await bot.club.door.press(player, stock, "")  # as the web table presses
    with nothing_posted(fake):
        await bot.moved(session_of(board))
    moved = fake.messages[int(board["id"])]
    assert moved["edited_timestamp"] is not None and fake.text(moved) != before
    assert keys(moved)[0].split(":")[2] == str(reply.screen.version)  # the board after the move
    click = fake.click(alice, moved, next(k for k in keys(moved) if k.endswith(":s")))  # its keys are current
    callback = await fake.wait_for(lambda: answered(click), WAIT, what="the answer")
    assert callback["type"] in (6, 7)


async def test_a_move_made_on_the_page_redraws_the_table(start: Start) -> None:
    bot = await start(web=True)
    fake = bot.fake
    alice, bob = fake.members
    opened = fake.slash(alice, "golf sixcard", clock=60)
    table = dict(await fake.wait_for(lambda: fake.response(opened), WAIT, what="the table"))
    for member, label in ((bob, "Join"), (alice, "Deal")):
        click = fake.click(
            member, fake.messages[int(table["id"])], labelled(fake.messages[int(table["id"])], label)
        )
        await fake.answer(click, WAIT)
    dealt = dict(fake.messages[int(table["id"])])
    before = fake.text(dealt)
    player = Player("discord", str(alice.id), "alice")
    await bot.club.door.press(player, labelled(dealt, "1"), "")  # alice turns a card on the page
    with nothing_posted(fake):
        await bot.moved(session_of(dealt))
    assert fake.text(fake.messages[int(table["id"])]) != before


async def test_a_board_moved_with_no_message_kept_does_nothing(start: Start) -> None:
    bot = await start(web=True)
    requests = len(bot.fake.requests)
    with nothing_posted(bot.fake):
        await bot.moved("no-such-session")
    assert len(bot.fake.requests) == requests


async def test_board_moved_is_never_worded() -> None:
    assert await announcement(BoardMoved("discord:1", "s")) == ""
