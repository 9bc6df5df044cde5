"""``GOLFBOT_LOG_FORMAT=json`` (or ``golfbot --log-format json``): the bots log one JSON object a line on
stderr (time, level, logger, message, and the exception's text if any); text lines stay the default. Tested
through a real ``golfbot run`` process against the loopback fakes of Discord and Telegram, at DEBUG (where
python-telegram-bot logs its API URLs, token and all): the tokens appear in neither format."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.cli.config import JsonFormatter
from adapters.telegram.logs import REDACTED, RedactToken
from benchmarks import fake_bot_api, fake_discord

TESTS = Path(__file__).resolve().parents[1]
GOLFBOT = Path(sys.executable).with_name("golfbot")
START = 30.0


def test_a_record_is_one_json_object_with_its_exception_and_no_token() -> None:
    token = "123456:SECRET-token"
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RedactToken(token))
    log = logging.getLogger("golf.test.json")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("a move of %s: %d", "Alice", 3)
        try:
            raise RuntimeError(f"failed: https://x/bot{token}/getMe\nsecond line")
        except RuntimeError:
            log.exception("request failed")
    finally:
        log.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2  # a traceback of several lines is still one line of JSON
    first, second = (json.loads(line) for line in lines)
    assert set(first) == {"time", "level", "logger", "message"}
    assert (first["level"], first["logger"], first["message"]) == (
        "WARNING",
        "golf.test.json",
        "a move of Alice: 3",
    )
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", first["time"])
    assert second["message"] == "request failed"
    assert second["exception"].startswith("Traceback") and "RuntimeError: failed" in second["exception"]
    assert f"bot{REDACTED}" in second["exception"] and token not in stream.getvalue()


@pytest.fixture
async def telegram() -> AsyncIterator[Any]:
    async with fake_bot_api.FakeBotApi() as fake:
        yield fake


@pytest.fixture
async def discord() -> AsyncIterator[Any]:
    async with fake_discord.FakeDiscord() as fake:
        fake.add_member("alice")
        yield fake


async def golfbot(tmp_path: Path, *args: str, **env: str) -> asyncio.subprocess.Process:
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))
    }
    environment.update(GOLFBOT_DB=str(tmp_path / "golf.sqlite3"), **env)
    return await asyncio.create_subprocess_exec(
        str(GOLFBOT), *args, cwd=tmp_path, env=environment, stderr=asyncio.subprocess.PIPE
    )


@pytest.mark.parametrize("how", ["text", "json", "--log-format json"])
async def test_golfbot_run_logs_in_the_format_asked_and_never_a_token(
    discord: Any, telegram: Any, tmp_path: Path, how: str
) -> None:
    env = {
        "DISCORD_TOKEN": discord.token,
        "DISCORD_API_BASE_URL": discord.base_url,
        "TELEGRAM_TOKEN": telegram.token,
        "TELEGRAM_API_BASE_URL": telegram.base_url,
        "GOLFBOT_LOG_LEVEL": "DEBUG",
    }
    if how.startswith("--"):
        process = await golfbot(tmp_path, *how.split(), "run", **env)
    else:
        process = await golfbot(tmp_path, "run", GOLFBOT_LOG_FORMAT=how, **env)
    try:
        await telegram.wait_for(
            lambda: (discord.connected and telegram.is_polling) or process.returncode is not None,
            timeout=START,
            what="both bots up",
        )
        user = fake_bot_api.FakeUser(id=111001, first_name="Alice", username="alice")
        telegram.push_command(user, None, "/play strict 1 #24")
        await telegram.wait_for(lambda: telegram.chat_messages(user.id), timeout=START)
        process.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(process.communicate(), START)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    text = stderr.decode()
    assert process.returncode == 0, text
    assert discord.token not in text and telegram.token not in text
    assert telegram.token.split(":")[1] not in text
    lines = text.splitlines()
    if how == "text":
        assert all(not line.startswith("{") for line in lines)
        assert any(re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} DEBUG telegram", line) for line in lines)
        return
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
    assert any(r["message"] == "Telegram: @golfbot_test_bot is up (long polling)" for r in records)
    assert any(r["level"] == "DEBUG" and r["logger"].startswith("telegram") for r in records)
    assert any(f"bot{REDACTED}" in r["message"] for r in records)  # PTB logged its API URL: redacted


async def test_an_unknown_log_format_is_one_line(tmp_path: Path) -> None:
    process = await golfbot(tmp_path, "telegram", TELEGRAM_TOKEN="123:abc", GOLFBOT_LOG_FORMAT="xml")
    _, stderr = await asyncio.wait_for(process.communicate(), START)
    assert process.returncode == 2
    assert stderr.decode() == "golfbot telegram: GOLFBOT_LOG_FORMAT is text or json, not 'xml'.\n"


async def test_an_unknown_log_level_is_one_line(tmp_path: Path) -> None:
    """A typo (``LOUD``, ``VERBOSE``) is refused at start, not taken as INFO without a word."""
    process = await golfbot(tmp_path, "telegram", TELEGRAM_TOKEN="123:abc", GOLFBOT_LOG_LEVEL="loud")
    _, stderr = await asyncio.wait_for(process.communicate(), START)
    assert process.returncode == 2
    assert stderr.decode() == (
        "golfbot telegram: GOLFBOT_LOG_LEVEL is DEBUG, INFO, WARNING or ERROR, not 'LOUD'.\n"
    )
