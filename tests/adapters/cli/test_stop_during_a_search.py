"""A chat bot (``golfbot telegram``, a real process against the loopback fake of the Bot API) told to stop
while a solver worker is still searching leaves at once: it kills the worker, as ``golfbot play`` does.

Found on a busy machine (issue 45): after SIGTERM the bot logged "stopping" and then did not exit, because
Python waits at exit for the pool's running search, and a worker (at a lower priority) that shares two
cores with a dozen other processes takes long over a double-deck search. Here the worker is stopped with
SIGSTOP, so its search never ends however fast the machine. The picture worker is stopped with it: a
board whose picture does not come within ``DRAW_SECONDS`` goes out as text (a stuck renderer never holds a
board back), and the stop kills that worker too.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

import pytest

from benchmarks import fake_bot_api

TESTS = Path(__file__).resolve().parents[1]
GOLFBOT = Path(sys.executable).with_name("golfbot")
PATIENCE = 30.0
"""Seconds for the bot to start, answer and leave: a ceiling for a busy machine (it leaves in a moment)."""

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def solver_workers(parent: int) -> list[int]:
    """The worker processes of ``parent`` (multiprocessing's spawned children: the solver's and the
    pictures'), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == parent and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


async def test_a_stop_does_not_wait_for_a_search_that_does_not_end(tmp_path: Path) -> None:
    async with fake_bot_api.FakeBotApi() as telegram:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_"))}
        env |= {"TELEGRAM_TOKEN": telegram.token, "TELEGRAM_API_BASE_URL": telegram.base_url}
        log = tmp_path / "golfbot.stderr"
        with log.open("wb") as stderr:
            bot = await asyncio.create_subprocess_exec(
                str(GOLFBOT), "telegram", "--db", str(tmp_path / "golf.sqlite3"),
                cwd=tmp_path, env=env, stderr=stderr,
            )  # fmt: skip
        stopped: list[int] = []
        try:
            await telegram.wait_for(lambda: telegram.is_polling, timeout=PATIENCE, what="the bot polling")
            alice = fake_bot_api.FakeUser(id=111001, first_name="Alice")
            telegram.push_command(alice, None, "/play strict 1 #24")  # the pool's worker starts
            await telegram.wait_for(lambda: telegram.chat_messages(alice.id), timeout=PATIENCE)
            stopped = await telegram.wait_for(lambda: solver_workers(bot.pid), timeout=PATIENCE)
            for pid in stopped:
                os.kill(pid, signal.SIGSTOP)  # its next search never ends
            bob = fake_bot_api.FakeUser(id=222002, first_name="Bob")
            telegram.push_command(bob, None, "/play strict 1 #25")  # a hole begins: its best score is asked
            await telegram.wait_for(lambda: telegram.chat_messages(bob.id), timeout=PATIENCE)  # as text

            bot.send_signal(signal.SIGTERM)
            try:
                code = await asyncio.wait_for(bot.wait(), PATIENCE)
            except TimeoutError:
                raise AssertionError(f"golfbot did not leave:\n{log.read_text()}") from None
        finally:
            if bot.returncode is None:
                bot.kill()
                await bot.wait()
            for pid in stopped:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
    stderr_text = log.read_text()
    assert code == 0, stderr_text
    assert "Traceback" not in stderr_text and "pool broke" not in stderr_text, stderr_text
