"""``golfbot bench discord`` and ``golfbot bench telegram``, small, as real processes: the console script
starts its loopback fake, the real bot as a child process, three players pressing through it, and stops
the bot. Correctness only (every press counted and answered, the figures consistent), never speed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

GOLFBOT = Path(sys.executable).with_name("golfbot")  # the console script, as the README runs it


def bench(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))}
    return subprocess.run(
        [str(GOLFBOT), "bench", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=600,  # a ceiling for a busy machine; the run takes seconds
        check=False,
    )


@pytest.mark.parametrize("platform", ["discord", "telegram"])
def test_three_players_press_four_times_through_the_real_bot(tmp_path: Path, platform: str) -> None:
    done = bench(tmp_path, platform, "--players", "3", "--presses", "4", "--json")

    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["platform"] == platform.title()
    assert figures["players"] == 3 and figures["presses"] == 3 * 4
    assert figures["errors"] == 0 and figures["refused"] == 0 and figures["refusals"] == {}
    assert figures["unhandled"] == []  # every request of the bot's was one the fake serves
    assert figures["presses_per_s"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["start_p99_ms"] > 0  # each player's round was started, and timed apart
    assert figures["bot_cpu_s"] is not None and figures["bot_cpu_s"] > 0  # read from /proc
    assert figures["solver_cpu_s"] is not None and figures["solver_cpu_s"] >= 0
    assert done.stderr == ""  # no bar (stderr is no terminal), no warning
    assert list(tmp_path.iterdir()) == []  # its database and the bot's log were temporary


@pytest.mark.parametrize("platform", ["discord", "telegram"])
def test_a_wrong_figure_is_one_line_and_starts_nothing(tmp_path: Path, platform: str) -> None:
    done = bench(tmp_path, platform, "--players", "0")

    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr == (
        f"golfbot bench {platform}: --players and --presses must be at least 1, --think-ms at least 0, "
        "--holes 1 to 18\n"
    )
