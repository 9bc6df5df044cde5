"""A real PostgreSQL server for the tests, started from the ``pgserver`` wheel (it ships the server's
binaries: ``make test`` installs it with pip, no system package needed), once per test session, on a Unix
socket in a temporary folder (it listens on no TCP port at all), and deleted when the session ends.

Each test gets a database of its own (``fresh_database``), so tests never see each other's rows.
Loaded by path from the conftests (the tests folders are not packages), under the name ``pg_server``.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg
import pgserver

_server: Any = None
_numbers = itertools.count()


def server() -> Any:
    """The session's server, started on first use."""
    global _server
    if _server is None:
        root = Path(tempfile.mkdtemp(prefix="golfpg"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)  # runs last: after the server stopped
        atexit.register(_stop_if_running, root / "data")  # in case pgserver's own clean-up left it running
        _server = pgserver.get_server(root / "data", cleanup_mode="delete")
        atexit.register(_server.cleanup)
    return _server


def _stop_if_running(data: Path) -> None:
    """Stop the server of ``data`` (a fast shutdown, by the pid in its postmaster.pid) if it still runs."""
    pid_file = data / "postmaster.pid"
    if not pid_file.exists():
        return
    pid = int(pid_file.read_text().split()[0])
    cmdline = Path(f"/proc/{pid}/cmdline")
    if cmdline.exists() and str(data) not in cmdline.read_text(errors="replace"):
        return  # a stale file after a crash, and the pid is another process's now
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGINT)
        for _ in range(100):
            os.kill(pid, 0)  # ProcessLookupError once it is gone
            time.sleep(0.1)


async def fresh_database() -> str:
    """The URL of a new, empty database on the session's server."""
    name = f"golf_{os.getpid()}_{next(_numbers)}"
    conn = await asyncpg.connect(server().get_uri())
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return str(server().get_uri(name))
