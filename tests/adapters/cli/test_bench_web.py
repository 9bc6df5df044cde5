"""``golfbot bench web``, small, as a real process: the console script starts the loopback fake of the Bot
API, the real ``golfbot telegram`` with the web table on, and players pressing over the table's WebSocket,
each table open on two pages (the second is pushed every move); then it stops the bot. Correctness only
(every press answered, every push arrived, the figures consistent), never speed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

GOLFBOT = Path(sys.executable).with_name("golfbot")  # the console script, as the README runs it


def test_three_players_press_five_times_at_the_web_table(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))}
    done = subprocess.run(
        [str(GOLFBOT), "bench", "web", "--players", "3", "--presses", "5", "--think-ms", "50", "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=600,  # a ceiling for a busy machine; the run takes seconds
        check=False,
    )

    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["platform"] == "web table" and figures["players"] == 3
    assert figures["presses"] == 15 and figures["errors"] == 0 and figures["refusals"] == {}
    assert figures["pushes"] == 15 and figures["pushes_lost"] == 0 and figures["open_pages"] == 6
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert 0 < figures["push_p50_ms"] <= figures["push_p99_ms"]
    assert figures["bot_cpu_s"] is not None and figures["bot_cpu_s"] > 0
    assert figures["unhandled"] == []
    assert done.stderr == ""
    assert list(tmp_path.iterdir()) == []
