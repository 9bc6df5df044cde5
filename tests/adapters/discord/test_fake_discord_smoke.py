"""The loopback fake of Discord (fake_discord.py) against the real discord.py, in this process: a tiny demo
bot logs in, connects to the gateway, syncs a command, answers it, and edits its message on a button press.
(The golfbot process against the same fake: tests/adapters/cli/test_run_command.py.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from adapters.cli.config import Settings
from adapters.discord.runner import TokenRejectedError, discord_api, run_discord
from benchmarks import fake_discord


class Demo(discord.Client):
    """/count posts "Count: 0" with a +1 button; the button edits the message; /slow thinks first."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(description="count")
        async def count(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Count: 0", view=Counter(0))

        @self.tree.command(description="slow")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("Done, slowly.")

    async def setup_hook(self) -> None:
        await self.tree.sync()


class Counter(discord.ui.View):
    def __init__(self, value: int) -> None:
        super().__init__(timeout=None)
        self.value = value

    @discord.ui.button(label="+1", custom_id="demo:inc")
    async def inc(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]) -> None:
        self.value += 1
        await interaction.response.edit_message(content=f"Count: {self.value}", view=self)


@pytest.fixture
async def fake() -> AsyncIterator[Any]:
    async with fake_discord.FakeDiscord() as server:
        server.add_member("alice")
        yield server


@pytest.fixture
async def demo(fake: Any) -> AsyncIterator[Demo]:
    bot = Demo()
    with discord_api(fake.base_url):
        async with bot:
            await bot.login(fake.token)
            _, url, _ = await bot.http.get_bot_gateway()
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
            task = asyncio.create_task(bot.connect())
            await fake.wait_for(lambda: bot.is_ready(), what="READY")
            yield bot
            await bot.close()
            await task


async def test_a_bot_logs_in_connects_and_sees_the_guild(fake: Any, demo: Demo) -> None:
    assert demo.user is not None and demo.user.name == "Golf"
    [guild] = demo.guilds
    assert guild.name == "Golf Club" and [c.name for c in guild.text_channels] == ["golf"]
    assert [c["name"] for c in fake.commands[None]] == ["count", "slow"]
    assert fake.identifies == 1 and fake.connected


async def test_a_command_is_answered_and_a_button_edits_the_message(fake: Any, demo: Demo) -> None:
    alice = fake.members[0]
    used = fake.slash(alice, "count")
    message = await fake.wait_for(lambda: fake.response(used))
    assert message["content"] == "Count: 0"
    assert [b["custom_id"] for b in fake.buttons(message)] == ["demo:inc"]

    pressed = fake.click(alice, message, "demo:inc")
    edited = await fake.wait_for(lambda: fake.response(pressed))
    assert edited["id"] == message["id"] and edited["content"] == "Count: 1"
    assert [c["type"] for c in pressed.callbacks] == [7]


async def test_a_deferred_command_is_completed_by_its_first_followup(fake: Any, demo: Demo) -> None:
    used = fake.slash(fake.members[0], "slow")
    message = await fake.wait_for(lambda: fake.response(used))
    assert message["content"] == "Done, slowly." and message["id"] == str(used.original_id)
    assert [c["type"] for c in used.callbacks] == [5]


async def test_a_second_answer_is_refused_as_on_discord(fake: Any, demo: Demo) -> None:
    used = fake.slash(fake.members[0], "count")
    await fake.wait_for(lambda: fake.response(used))
    url = f"{fake.base_url}/api/v10/interactions/{used.id}/{used.token}/callback"
    async with aiohttp.ClientSession() as session, session.post(url, json={"type": 4, "data": {}}) as again:
        assert again.status == 400
        assert (await again.json())["code"] == 40060


async def test_an_unknown_token_is_refused_and_the_urls_are_put_back(fake: Any, tmp_path: Path) -> None:
    rest, gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    settings = Settings(tmp_path / "golf.sqlite3", discord_token="wrong", discord_api_base_url=fake.base_url)
    with pytest.raises(TokenRejectedError, match="Discord rejected DISCORD_TOKEN"):
        await run_discord(None, settings)  # type: ignore[arg-type]  # refused before the core is used
    assert (rest, gateway) == (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)  # put back
    assert fake.requests == [("GET", "/users/@me", 401)]
