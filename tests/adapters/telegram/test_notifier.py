"""Domain events delivered on Telegram: the real runner plugs its Notifier into the app's Notifiers while
it is up, and events published after a commit arrive as chat messages at the loopback fake Bot API."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from pathlib import Path

from golf_table import FakeSolver

from adapters.cli.config import Settings
from adapters.cli.notifiers import Notifiers
from adapters.clock import SystemClock
from adapters.memory import MemoryStorage
from adapters.telegram.runner import run_telegram
from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser
from bot.announcements import words_of
from bot.clubhouse import Clubhouse
from bot.events import HoleFinished, Outbox, YourTurn
from bot.models import Player

ANN = FakeUser(42, "Ann")
GROUP = FakeChat.group(-1001, "Golf club")


async def test_events_arrive_as_chat_messages_while_the_bot_runs(
    fake_api: FakeBotApi, tmp_path: Path, caplog
):
    fake_api.add_chat(FakeChat.private(ANN))
    fake_api.add_chat(GROUP)
    fake_api.block(FakeUser(7, "Bob"))
    fake_api.add_chat(FakeChat.private(FakeUser(7, "Bob")))
    names = MemoryStorage()
    await names.ensure_player(Player("telegram", "42", "Ann"))
    notifiers = Notifiers()
    settings = Settings(
        db_path=tmp_path / "unused", telegram_token=fake_api.token, telegram_api_base_url=fake_api.base_url
    )
    club = Clubhouse(names, FakeSolver(), SystemClock())
    task = asyncio.create_task(
        run_telegram(
            club, settings, plug=functools.partial(notifiers.plugged, "telegram"), words=words_of(names)
        )
    )
    try:
        await fake_api.wait_for(lambda: "telegram" in notifiers.platforms or task.done())
        outbox = Outbox()
        outbox.to_place(
            f"telegram:{GROUP.id}", HoleFinished(f"telegram:{GROUP.id}", "telegram:42", "r1", 3, -2)
        )
        outbox.to_player("telegram:7", YourTurn(f"telegram:{GROUP.id}", "telegram:7", "r2"))  # blocked: fails
        outbox.to_player("telegram:42", YourTurn(f"telegram:{GROUP.id}", "telegram:42", "r2"))
        with caplog.at_level(logging.INFO):
            delivered = await outbox.publish(notifiers)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await club.close()

    assert delivered == 2
    assert [m.text for m in fake_api.chat_messages(GROUP.id)] == ["⛳ Ann cleared hole 3: score -2."]
    assert [m.text for m in fake_api.chat_messages(ANN.id)] == ["⏰ Your turn, Ann."]
    failures = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(failures) == 1 and "telegram:7" in failures[0].getMessage()
    assert failures[0].exc_info is None and "\n" not in failures[0].getMessage()
    assert notifiers.platforms == ()  # unplugged on the way out
