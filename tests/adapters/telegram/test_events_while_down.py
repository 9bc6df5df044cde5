"""What falls due while the bot is down is told when it is back: a challenge that expired while no bot
ran fires as ``golfbot telegram`` starts, before it is connected, and its line reaches the group once
the bot is up (adapters/cli/notifiers.py keeps it meanwhile)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from datetime import timedelta
from pathlib import Path

from adapters.cli.wiring import open_app
from benchmarks.fake_bot_api import PATIENCE, FakeBotApi, FakeChat, FakeUser
from bot.models import Place, Player
from bot.modes.competition.match import CHALLENGE_TIMER


class NoSolver:
    async def best_score(self, hole):  # type: ignore[no-untyped-def]
        return None

    async def hint(self, hole):  # type: ignore[no-untyped-def]
        return None

    async def course(self, first, holes, rules):  # type: ignore[no-untyped-def]
        return tuple(range(first, first + holes))


async def test_a_challenge_that_expired_while_the_bot_was_down_is_told_when_it_is_back(
    fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat, tmp_path: Path
) -> None:
    db = tmp_path / "golf.sqlite3"
    ann = Player("telegram", str(alice.id), "Alice")
    bo = Player("telegram", str(bob.id), "Bob")
    club = Place("telegram", str(group.id), "Golf club")
    async with open_app(db, solver=NoSolver()) as app:
        assert app.competition is not None
        await app.competition.matches.challenge(ann, bo, club, channel=str(group.id))
        [timer] = await app.storage.due_timers(app.clock.now() + timedelta(hours=1), {CHALLENGE_TIMER})
        # the bot is down when the ten minutes run out
        await app.timers.schedule(type(timer)(timer.id, timer.kind, app.clock.now() - timedelta(minutes=5)))

    fake_api.add_chat(group)  # the bot is a member of the group
    env = {**os.environ, "TELEGRAM_TOKEN": fake_api.token, "TELEGRAM_API_BASE_URL": fake_api.base_url}
    env.pop("TELEGRAM_WEBHOOK_URL", None)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli.main", "telegram", "--db", str(db),
        cwd=tmp_path, env=env, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        [told] = await fake_api.wait_for(
            lambda: fake_api.chat_messages(group.id), what="the expiry in the group"
        )
        process.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(process.communicate(), PATIENCE)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert "Bob" in told.text, told.text
    assert process.returncode == 0
    assert "could not deliver" not in stderr.decode()
