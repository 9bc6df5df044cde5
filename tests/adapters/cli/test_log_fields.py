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


# ------------------------------------------------------------------------- lines outside a press or a command


def _free_port() -> int:
    """A loopback port nobody listens on (bound for a moment, then let go)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


async def test_a_network_retry_line_names_its_platform(discord: Any, telegram: Any, golfbot: Any) -> None:
    """At start, before any press: the bots cannot reach their platforms (a port nobody listens on), and
    each retry line says which platform it is about; it is about no place and no player."""
    env = bots_env(discord, telegram)
    env["DISCORD_API_BASE_URL"] = f"http://127.0.0.1:{_free_port()}"
    env["TELEGRAM_API_BASE_URL"] = f"http://127.0.0.1:{_free_port()}/bot"
    bot = await golfbot("run", **env, GOLFBOT_LOG_FORMAT="json")
    await discord.wait_for(
        lambda: sum("(try 1)" in line for line in bot.lines) == 2, timeout=run_command.START
    )
    assert await bot.stop() == 0, bot.stderr
    retries = [json.loads(line) for line in bot.lines if "(try 1)" in line]
    assert {(e["level"], e["platform"]) for e in retries} == {("WARNING", "discord"), ("WARNING", "telegram")}
    assert not [e for e in retries if "place" in e or "player" in e]


def _logged(line: Any, **extra: str) -> dict[str, Any]:
    """What the bots' handler writes for one WARNING line of ``line`` (a callable that logs it)."""
    import io
    import logging

    from adapters.cli.config import JsonFormatter
    from adapters.log_context import WhereFilter

    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(WhereFilter())
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("tests.log_fields")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        line(logger)
    finally:
        logger.removeHandler(handler)
    entry: dict[str, Any] = json.loads(out.getvalue())
    return entry


def test_a_line_about_a_place_names_its_platform_from_the_key() -> None:
    """A timer's, an event delivery's or a queued post's line names the place or player it is about
    (``extra=``); the platform is the key's."""
    entry = _logged(lambda log: log.warning("could not deliver", extra={"place": "telegram:-100123"}))
    assert (entry["platform"], entry["place"], entry.get("player")) == ("telegram", "telegram:-100123", None)
    entry = _logged(lambda log: log.warning("dropped", extra={"player": "discord:7"}))
    assert (entry["platform"], entry.get("place"), entry["player"]) == ("discord", None, "discord:7")


def test_a_line_about_another_place_during_a_press_names_that_place() -> None:
    """During a press in one chat, a post to another chat fails: the line names the chat it was about,
    and the player whose press it was."""
    from adapters.log_context import about

    def line(log: Any) -> None:
        with about("telegram", "telegram:5", "telegram:5"):
            log.warning("could not update a scoreboard", extra={"place": "telegram:-100123"})

    entry = _logged(line)
    assert (entry["platform"], entry["place"], entry["player"]) == (
        "telegram",
        "telegram:-100123",
        "telegram:5",
    )
