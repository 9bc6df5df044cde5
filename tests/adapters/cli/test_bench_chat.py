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


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (from /proc), children first."""
    found, todo = [], [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            found += children
            todo += children
    return found


def _bot_of(pid: int) -> int | None:
    for child in _descendants(pid):
        try:
            line = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"adapters.cli.main\0discord" in line:
            return child
    return None


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the process tree from /proc")
def test_a_bench_stopped_by_sigterm_stops_its_bot_too(tmp_path: Path) -> None:
    import signal
    import time

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))}
    running = subprocess.Popen(
        [str(GOLFBOT), "bench", "discord", "--players", "2", "--presses", "1000"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        bot = None
        while bot is None and time.monotonic() < deadline and running.poll() is None:
            time.sleep(0.2)
            bot = _bot_of(running.pid)
        assert bot is not None, "the bench started no bot"
        time.sleep(2)  # the players are pressing
        running.send_signal(signal.SIGTERM)
        _, stderr = running.communicate(timeout=120)
    finally:
        if running.poll() is None:
            running.kill()
    assert running.returncode == 143, stderr
    assert stderr.strip().splitlines()[-1] == (
        "golfbot bench discord: stopped by SIGTERM; the bot was stopped too"
    ), stderr
    assert not Path(f"/proc/{bot}").exists()  # the bot is gone, and so are its workers (checked by the bench)
