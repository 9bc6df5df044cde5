"""Logs an operator can use: a WARNING line logged while a press or a command is handled names the
platform, the place key and the player key (never a token, never a message's text), at the end of a text
line and as fields of a JSON one. Tested through a real ``golfbot run`` against the loopback fakes, with
the database locked by another program so that a press and a command on each platform are warned about."""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

_spec = importlib.util.spec_from_file_location(
    "run_command_for_log_fields", Path(__file__).with_name("test_run_command.py")
)
assert _spec is not None and _spec.loader is not None
run_command = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = run_command
_spec.loader.exec_module(run_command)

discord, telegram, golfbot = run_command.discord, run_command.telegram, run_command.golfbot  # the fixtures
fake_bot_api, bots_env, both_up = run_command.fake_bot_api, run_command.bots_env, run_command.both_up
discord_answers, telegram_answers = run_command.discord_answers, run_command.telegram_answers
no_traceback = run_command.no_traceback
UNUSABLE = "the database cannot be used"


async def warned_while_locked(discord: Any, telegram: Any, golfbot: Any, db: Path, **env: str) -> Any:
    """A bot whose Discord press, Telegram press and Telegram command met a locked database; stopped."""
    bot = await golfbot("run", **bots_env(discord, telegram), **env)
    await both_up(discord, telegram, bot)
    board = await discord_answers(discord)
    board = await discord.wait_for(lambda: discord.messages.get(int(board["id"])), what="the board")
    ann = fake_bot_api.FakeUser(id=111001, first_name="Ann")
    await telegram_answers(telegram, ann)
    shown = telegram.chat_messages(ann.id)[-1]
    holder = sqlite3.connect(db, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        turn = next(b for b in discord.buttons(board) if "Turn" in b.get("label", ""))
        press = discord.click(discord.members[0], board, turn["custom_id"])
        query = telegram.press(ann, None, shown.message_id, text=shown.buttons[0].text)
        telegram.push_command(ann, None, "/abandon")
        await discord.wait_for(lambda: press.followup_ids, timeout=30, what="the Discord press answered")
        await telegram.wait_for(lambda: telegram.answers_to(query), timeout=30)
        await telegram.wait_for(lambda: len(telegram.chat_messages(ann.id)) > 1, timeout=30)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert await bot.stop() == 0, bot.stderr
    no_traceback(bot.stderr)
    assert discord.token not in bot.stderr and telegram.token not in bot.stderr
    assert "Hole 1 of 1" not in bot.stderr  # no message's text
    return bot


async def test_json_warnings_carry_platform_place_and_player(
    discord: Any, telegram: Any, golfbot: Any, tmp_path: Path
) -> None:
    bot = await warned_while_locked(
        discord, telegram, golfbot, tmp_path / "golf.sqlite3", GOLFBOT_LOG_FORMAT="json"
    )
    entries = [json.loads(line) for line in bot.lines]
    warnings = [e for e in entries if UNUSABLE in e["message"]]
    alice = discord.members[0]
    assert {(e["level"], e["platform"], e["place"], e["player"]) for e in warnings} == {
        ("WARNING", "discord", f"discord:{discord.guild_id}", f"discord:{alice.id}"),
        ("WARNING", "telegram", "telegram:111001", "telegram:111001"),  # a private chat: the user's id
    }
    assert len(warnings) == 3  # the Discord press; the Telegram press and its command
    assert all("platform" not in e for e in entries if e["level"] == "INFO" and "running" in e["message"])


async def test_text_warnings_end_with_platform_place_and_player(
    discord: Any, telegram: Any, golfbot: Any, tmp_path: Path
) -> None:
    bot = await warned_while_locked(discord, telegram, golfbot, tmp_path / "golf.sqlite3")
    warnings = [line for line in bot.lines if UNUSABLE in line]
    alice = discord.members[0]
    assert len(warnings) == 3, bot.stderr
    assert (
        sum(
            line.endswith(f" [discord place=discord:{discord.guild_id} player=discord:{alice.id}]")
            for line in warnings
        )
        == 1
    )
    assert (
        sum(line.endswith(" [telegram place=telegram:111001 player=telegram:111001]") for line in warnings)
        == 2
    )
