"""``golfbot discord`` as a REAL process with picture boards, on the loopback fake of Discord
(``benchmarks/fake_discord.py``, which checks the Components V2 payloads and takes multipart uploads as
Discord does): a whole hole played on pictures, a player switching to text, and an upload Discord refuses
as too large shown as the text board with one WARNING line, the next press a picture again."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks import fake_discord

GOLFBOT = Path(sys.executable).with_name("golfbot")
START = 30.0
V2 = 1 << 15


@pytest.fixture
async def discord() -> AsyncIterator[Any]:
    async with fake_discord.FakeDiscord() as fake:
        fake.add_member("alice")
        yield fake


@pytest.fixture
async def bot(discord: Any, tmp_path: Path) -> AsyncIterator[Any]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_"))}
    environment.update(
        GOLFBOT_DB=str(tmp_path / "golf.sqlite3"),
        DISCORD_TOKEN=discord.token,
        DISCORD_API_BASE_URL=discord.base_url,
    )
    log = tmp_path / "golfbot.stderr"
    with log.open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            str(GOLFBOT), "discord", cwd=tmp_path, env=environment, stderr=stderr
        )
    process.log = log  # type: ignore[attr-defined]
    try:
        await discord.wait_for(
            lambda: process.returncode is None and discord.connected and discord.commands.get(None),
            timeout=START,
            what="the bot up",
        )
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), START)
            except TimeoutError:
                process.kill()
                await process.wait()


def is_picture_board(message: dict[str, Any]) -> bool:
    urls = [
        item["media"]["url"] for c in fake_discord._walk(message["components"]) for item in c.get("items", [])
    ]
    attached = message["attachments"]
    return bool(
        message["flags"] & V2
        and not message["content"]
        and len(attached) == 1
        and attached[0]["filename"] == "board.png"
        and attached[0]["size"] > 0
        and len(urls) == 1
    )


def choice(discord: Any, board: dict[str, Any]) -> str | None:
    enabled = [b for b in discord.buttons(board) if not b.get("disabled")]
    columns = [b for b in enabled if b.get("style") == 1]
    stock = [b for b in enabled if b.get("label", "").startswith("Turn stock")]
    chosen = (columns or stock or [None])[0]
    return None if chosen is None else str(chosen["custom_id"])


async def press(discord: Any, board: dict[str, Any], custom_id: str) -> dict[str, Any]:
    pressed = discord.click(discord.members[0], board, custom_id)
    answer: dict[str, Any] = await discord.answer(pressed, START)
    assert answer["id"] == board["id"], answer  # edited in place
    return answer


async def test_a_hole_on_picture_boards_then_text_then_a_refused_upload(discord: Any, bot: Any) -> None:
    alice = discord.members[0]
    play = discord.slash(alice, "golf play", holes=1, deal="24")
    board = await discord.answer(play, START)
    assert is_picture_board(board), board
    assert "Hole 1 of 1" in discord.text(board)

    presses = 0
    while (button := choice(discord, board)) is not None and presses < 12:
        board = await press(discord, board, button)
        assert is_picture_board(board), board
        presses += 1
    assert presses and len(discord.uploaded) == presses + 1  # one picture a board, none twice

    look = discord.slash(alice, "golf look", board="text")
    said = await discord.answer(look, START)
    assert said["flags"] & 64 and "Your boards: text" in said["content"]
    button = choice(discord, board)
    if button is not None:  # (a hole played out has nothing to press)
        board = await press(discord, board, button)
        assert board["flags"] & V2 and board["attachments"] == [] and "```" in discord.text(board)

    await discord.answer(discord.slash(alice, "golf look", board="image"), START)
    again = discord.slash(alice, "golf play", holes=1, deal="25")
    board = await discord.answer(again, START)
    if not is_picture_board(board):  # the first round is still on: a new one after it is abandoned
        await discord.answer(discord.slash(alice, "golf abandon"), START)
        board = await discord.answer(discord.slash(alice, "golf play", holes=1, deal="25"), START)
    assert is_picture_board(board), board

    discord.upload_limit = 100  # every picture is larger: Discord answers 413
    board = await press(discord, board, str(choice(discord, board)))
    assert board["flags"] & V2 and board["attachments"] == [] and "Hole 1 of 1" in discord.text(board)
    discord.upload_limit = None
    board = await press(discord, board, str(choice(discord, board)))
    assert is_picture_board(board), board

    bot.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(bot.wait(), START) == 0
    log = bot.log.read_text(errors="replace")
    warned = [line for line in log.splitlines() if "could not be uploaded" in line]
    assert len(warned) == 1 and "413" in warned[0], log
    assert "Traceback" not in log, log
    assert not discord.unhandled, discord.unhandled


async def test_a_picture_that_takes_too_long_is_shown_as_text_never_late(discord: Any, bot: Any) -> None:
    """An upload still on its way after 2 s: the text board is sent instead, and the picture, when it
    arrives, is refused as already answered (40060): the board never turns into a stale picture."""
    alice = discord.members[0]
    board = await discord.answer(discord.slash(alice, "golf play", holes=1, deal="24"), START)
    assert is_picture_board(board), board
    discord.upload_delay = 3.0
    board = await press(discord, board, str(choice(discord, board)))
    assert board["flags"] & V2 and board["attachments"] == [], board
    await asyncio.sleep(1.5)  # the late picture arrives, and is refused
    shown = discord.messages[int(board["id"])]
    assert shown["attachments"] == [] and "Hole 1 of 1" in discord.text(shown)
    discord.upload_delay = 0.0
    board = await press(discord, shown, str(choice(discord, shown)))
    assert is_picture_board(board), board

    bot.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(bot.wait(), START) == 0
    log = bot.log.read_text(errors="replace")
    warned = [line for line in log.splitlines() if "could not be uploaded" in line]
    assert len(warned) == 1 and "no answer within 2 s" in warned[0], log
    assert "Traceback" not in log, log
