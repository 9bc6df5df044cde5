"""Found 6: after ``kill -9`` of ``golfbot play`` its solver worker and multiprocessing's resource tracker
stayed alive for good. A real ``golfbot play`` in a pseudo-terminal, started by a shell as from a terminal
(the shell leads the session: were the game the leader, its death would hang up the terminal and SIGHUP
would end the workers anyway), its children looked up in /proc, the game killed with SIGKILL: every child
is gone within a few seconds."""

from __future__ import annotations

import os
import shlex
import signal
import sys
import time
from pathlib import Path

import pexpect
import pytest

REPO = Path(__file__).resolve().parents[3]
GONE_WITHIN = 30.0
"""A ceiling for a busy machine: the children go in a moment (the kernel kills the worker with its parent)."""

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, None when it no longer exists."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None and stat[1] == parent:
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_solver_workers_do_not_outlive_a_killed_bot(tmp_path):
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "USER": "tester",
        "TERM": "xterm",
        "PYTHONPATH": str(REPO),
    }
    play = [sys.executable, "-m", "adapters.cli.main", "play", "--db", str(tmp_path / "g.sqlite3")]
    shell = pexpect.spawn(
        "/bin/sh",
        ["-c", " ".join(shlex.quote(word) for word in play) + "; echo game-over; sleep 60"],
        env=env,
        cwd=str(tmp_path),
        encoding="utf-8",
        dimensions=(50, 80),
        timeout=30,
    )
    try:
        shell.expect_exact("> ")  # the round has started, and with it the search for its best score
        (game,) = children(shell.pid)
        deadline = time.monotonic() + 20
        while not any("spawn_main" in command_line(p) for p in children(game)):
            assert time.monotonic() < deadline, "no solver worker started"
            time.sleep(0.1)
        started = children(game)  # the worker, and the resource tracker when multiprocessing has one

        os.kill(game, signal.SIGKILL)
        shell.expect_exact("game-over")
        deadline = time.monotonic() + GONE_WITHIN
        while any(alive(p) for p in started) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = {p: command_line(p) for p in started if alive(p)}
        assert not left, f"still running {GONE_WITHIN} s after kill -9 of the bot: {left}"
    finally:
        shell.close(force=True)
