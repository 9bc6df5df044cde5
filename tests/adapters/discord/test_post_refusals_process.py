"""The Discord bot's own channel posts, with a real ``golfbot discord`` process against the loopback fake of
Discord (issue 45, item 8): the invite link it logs asks for the permissions those posts need, and when
Discord refuses the posts (403, Missing Permissions or Missing Access) the log has one WARNING line and no
traceback, and the member who started the thing is told once, in a direct message, what is missing."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.discord.permissions import INVITE_PERMISSIONS
from benchmarks import fake_discord

GOLFBOT = Path(sys.executable).with_name("golfbot")
README = Path(__file__).parents[3] / "README.md"
WAIT = 60.0  # a generous ceiling for a busy machine: every wait below is for an event


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[tuple[Any, asyncio.subprocess.Process, Path]]:
    """A ``golfbot discord`` process on the fake, with four members; its stderr in a file."""
    async with fake_discord.FakeDiscord() as fake:
        for name in ("alice", "bob", "carol", "dave"):
            fake.add_member(name)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_"))}
        env.update(
            GOLFBOT_DB=str(tmp_path / "golf.sqlite3"),
            DISCORD_TOKEN=fake.token,
            DISCORD_API_BASE_URL=fake.base_url,
        )
        log = tmp_path / "golfbot.stderr"
        with log.open("wb") as stderr:
            process = await asyncio.create_subprocess_exec(
                str(GOLFBOT), "discord", cwd=tmp_path, env=env, stderr=stderr
            )
        try:
            await fake.wait_for(
                lambda: fake.connected and fake.commands.get(None), what="the bot up", timeout=WAIT
            )
            yield fake, process, log
        finally:
            if process.returncode is None:
                process.terminate()
            await asyncio.wait_for(process.wait(), WAIT)


def button(fake: Any, message: dict[str, Any], label: str) -> str:
    return str(next(b for b in fake.buttons(message) if b.get("label") == label)["custom_id"])


async def test_the_invite_link_asks_for_what_the_channel_posts_need(bot: Any) -> None:
    fake, _process, log = bot
    expected = f"client_id={fake.application_id}&scope=bot+applications.commands&permissions=274877910016"
    assert INVITE_PERMISSIONS.value == 274877910016
    assert expected in log.read_text()  # logged at start
    assert "&scope=bot+applications.commands&permissions=274877910016" in README.read_text()


@pytest.mark.parametrize(("code", "said"), [(50013, "Missing Permissions"), (50001, "Missing Access")])
async def test_refused_scoreboards_are_one_warning_and_the_organiser_is_told_once(
    bot: Any, code: int, said: str
) -> None:
    fake, process, log = bot
    fake.refuse_posts(code, said)
    alice, *others = fake.members
    opened = fake.slash(alice, "golf tournament", holes=1)
    signup = await fake.wait_for(lambda: fake.response(opened), what="the tournament", timeout=WAIT)
    for member in (alice, *others):
        joined = fake.click(member, signup, button(fake, signup, "Join"))
        signup = await fake.wait_for(lambda j=joined: fake.response(j), what="a sign-up", timeout=WAIT)
    closed = fake.click(alice, signup, button(fake, signup, "Close now (organiser)"))
    await fake.wait_for(lambda: fake.response(closed), what="the tournament closed", timeout=WAIT)
    # four players: two matches, each with a scoreboard post that Discord refuses
    await fake.wait_for(
        lambda: fake.requests.count(("POST", f"/channels/{fake.channel_id}/messages", 403)) >= 2,
        what="both scoreboards refused",
        timeout=WAIT,
    )
    await fake.wait_for(lambda: fake.direct_messages.get(alice.id), what="the organiser told", timeout=WAIT)
    process.terminate()
    assert await asyncio.wait_for(process.wait(), WAIT) == 0
    text = log.read_text()
    assert fake.direct_messages == {
        alice.id: [
            f"⚠️ I may not post in <#{fake.channel_id}>: Discord says {said}. Please give me the View Channel"
            " and Send Messages permissions there (the channel's settings → Permissions), or start it in a"
            " channel where I may write. Until then I cannot post the scoreboards there."
        ]
    }
    warnings = [line for line in text.splitlines() if "WARNING" in line or "ERROR" in line]
    assert len(warnings) == 1, text
    assert f"Discord refused a post (MatchStarted) in channel {fake.channel_id}" in warnings[0]
    assert "Traceback" not in text and 'File "' not in text, text


async def test_doctor_gives_the_invite_link(tmp_path: Path) -> None:
    async with fake_discord.FakeDiscord() as fake:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_"))}
        env.update(
            GOLFBOT_DB=str(tmp_path / "golf.sqlite3"),
            DISCORD_TOKEN=fake.token,
            DISCORD_API_BASE_URL=fake.base_url,
        )
        process = await asyncio.create_subprocess_exec(
            str(GOLFBOT), "doctor", cwd=tmp_path, env=env, stdout=asyncio.subprocess.PIPE
        )
        out, _ = await asyncio.wait_for(process.communicate(), WAIT)
    line = next(line for line in out.decode().splitlines() if "discord token" in line)
    assert line.endswith(
        f"; invite link: https://discord.com/oauth2/authorize?client_id={fake.application_id}"
        "&scope=bot+applications.commands&permissions=274877910016"
    ), line
