"""``run_telegram`` as ``golfbot run``/``golfbot telegram`` use it: long polling or a webhook, against the
fake Bot API; and ``golfbot telegram`` as a real process. The token must never reach the logs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from golf_table import FakeSolver

from adapters.cli.config import Settings
from adapters.clock import SystemClock
from adapters.sqlite import SqliteStorage
from adapters.telegram.runner import TokenRejectedError, Webhook, run_telegram
from benchmarks.fake_bot_api import PATIENCE, FakeBotApi, FakeUser
from bot.clubhouse import Clubhouse

Run = Callable[..., Awaitable[asyncio.Task[None]]]


@pytest.fixture
async def clubhouse(tmp_path: Path) -> AsyncIterator[Clubhouse]:
    storage = await SqliteStorage.open(tmp_path / "golf.sqlite3")
    club = Clubhouse(storage, FakeSolver(), SystemClock())
    yield club
    await club.close()
    await storage.close()


@pytest.fixture
async def run(fake_api: FakeBotApi, clubhouse: Clubhouse, tmp_path: Path) -> AsyncIterator[Run]:
    """``await run(webhook=..., webhook_url=...)`` starts run_telegram in a task aimed at the fake and
    waits until it is up; every task is cancelled (the bot's way to stop) before the store closes."""
    tasks: list[asyncio.Task[None]] = []

    async def start(*, webhook: Webhook | None = None, webhook_url: str = "") -> asyncio.Task[None]:
        settings = Settings(
            db_path=tmp_path / "golf.sqlite3",
            telegram_token=fake_api.token,
            telegram_api_base_url=fake_api.base_url,
            telegram_webhook_url=webhook_url,
        )
        task = asyncio.create_task(run_telegram(clubhouse, settings, webhook=webhook))
        tasks.append(task)
        await fake_api.wait_for(lambda: fake_api.is_polling or fake_api.webhook_url or task.done())
        return task

    yield start
    for task in tasks:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_polling_plays_and_stops_cleanly_without_logging_the_token(
    fake_api: FakeBotApi, run: Run, alice: FakeUser, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    task = await run()
    assert [name for name, _ in fake_api.commands()][:2] == ["play", "resume"]

    fake_api.push_command(alice, None, "/play strict 1 #24")
    [board] = await fake_api.wait_for(lambda: fake_api.chat_messages(alice.id))
    pressed = fake_api.press(alice, None, board.message_id, text="10♣")
    await fake_api.wait_for(lambda: fake_api.answers_to(pressed))

    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert fake_api.pending_updates == []  # what was fetched was confirmed on the way out
    assert "Telegram: @golfbot_test_bot is up (long polling)" in caplog.messages
    assert any(r.name.startswith("telegram") and r.levelno == logging.DEBUG for r in caplog.records)
    assert fake_api.token not in caplog.text
    assert fake_api.token.split(":")[1] not in caplog.text
    assert "bot<TELEGRAM_TOKEN>" in caplog.text  # PTB tried (its API URL, at DEBUG)


async def test_webhook_mode_receives_updates_with_its_secret(
    fake_api: FakeBotApi, run: Run, alice: FakeUser, unused_port: int
) -> None:
    port = unused_port
    url = f"http://127.0.0.1:{port}/golf/telegram"
    await run(webhook=Webhook(url, listen="127.0.0.1", port=port, secret_token="s3cret"))
    assert fake_api.webhook_url == url
    [set_webhook] = fake_api.calls_to("setWebhook")
    assert set_webhook.params["secret_token"] == "s3cret"

    fake_api.push_command(alice, None, "/play strict 1 #24")
    [board] = await fake_api.wait_for(lambda: fake_api.chat_messages(alice.id))
    assert board.text.startswith("⛳ Hole 1 of 1")
    assert [d.status for d in fake_api.webhook_deliveries] == [200]


async def test_a_webhook_url_in_the_settings_means_webhook_mode_with_a_random_secret(
    fake_api: FakeBotApi, run: Run, alice: FakeUser
) -> None:
    # The default port (8443) may be taken on a test machine: the URL's port is not the bot's port.
    await run(webhook_url="https://golf.example/telegram")
    assert fake_api.webhook_url == "https://golf.example/telegram"
    [set_webhook] = fake_api.calls_to("setWebhook")
    assert len(set_webhook.params["secret_token"]) >= 32


async def test_golfbot_telegram_runs_as_a_process_and_stops_on_sigterm(
    fake_api: FakeBotApi, alice: FakeUser, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "TELEGRAM_TOKEN": fake_api.token,
        "TELEGRAM_API_BASE_URL": fake_api.base_url,
        "GOLFBOT_LOG_LEVEL": "DEBUG",
    }
    env.pop("TELEGRAM_WEBHOOK_URL", None)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "adapters.cli.main",
        "telegram",
        "--db",
        str(tmp_path / "golf.sqlite3"),
        cwd=tmp_path,  # no .env here
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake_api.wait_for(lambda: fake_api.is_polling, what="the bot polling")
        fake_api.push_command(alice, None, "/play strict 1 #24")
        [board] = await fake_api.wait_for(lambda: fake_api.chat_messages(alice.id))
        assert board.text.startswith("⛳ Hole 1 of 1")
        process.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(process.communicate(), PATIENCE)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    log = stderr.decode()
    assert process.returncode == 0, log
    assert "is up (long polling)" in log and "DEBUG" in log
    assert fake_api.token not in log
    assert fake_api.pending_updates == []


async def test_a_rejected_token_is_a_clear_error_that_does_not_quote_it(
    fake_api: FakeBotApi, clubhouse: Clubhouse, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    token = "987654321:REVOKED-token"
    settings = Settings(tmp_path / "db", telegram_token=token, telegram_api_base_url=fake_api.base_url)
    with pytest.raises(TokenRejectedError) as error:
        await run_telegram(clubhouse, settings)
    assert str(error.value).startswith("Telegram rejected TELEGRAM_TOKEN")
    assert error.value.__suppress_context__  # PTB's InvalidToken, which quotes the token, is not shown
    assert token not in "".join(traceback.format_exception(error.value))
    assert token not in caplog.text
