"""A PostgreSQL server that accepts the connection and never answers (a hung server, a port forwarded to
nothing): the command gives up within 10 seconds and says so in one line (asyncpg's own timeout is a
minute, and its TimeoutError has no message: it was ``cannot connect to ...: `` after 60 s)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A loopback port whose connections the kernel accepts (the listen backlog) and nobody answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield f"postgresql://golf:hunter2@127.0.0.1:{listener.getsockname()[1]}/golf"


@pytest.mark.parametrize("command", [("play",), ("daily", "--board", "today"), ("doctor", "--skip-tokens")])
def test_a_server_that_never_answers_is_given_up_within_ten_seconds(
    tmp_path: Path, silent_server: str, command: tuple[str, ...]
) -> None:
    env = {**os.environ, "GOLFBOT_DB": silent_server, "HOME": str(tmp_path)}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", *command],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    took = time.monotonic() - started
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "the server did not answer within 10 s" in output
    assert output.count("\n") == 1 and "hunter2" not in output and "Traceback" not in output
    assert took < 50  # asyncpg's own timeout: 60 s (10 s here, and a slow start on a busy machine)
