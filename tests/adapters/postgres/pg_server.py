"""A real PostgreSQL server for the tests, started from the ``pgserver`` wheel (it ships the server's
binaries: ``make test`` installs it with pip, no system package needed), once per test session, on a Unix
socket in a temporary folder (it listens on no TCP port at all), and deleted when the session ends.

It asks for a password, as a production server does: ``pgserver`` sets the server up to trust every local
connection, so once it runs the superuser gets PASSWORD and ``pg_hba.conf`` is replaced by one that wants
SCRAM-SHA-256 for every connection (a URL whose password was lost or masked on its way, ``***``, fails
here as it would in production). Every URL handed out carries the password.

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
from urllib.parse import quote

import asyncpg
import pgserver

_server: Any = None
_numbers = itertools.count()

PASSWORD = "s3cret golf/pw"
"""The superuser's password (a space and a slash: it must be quoted in a URL, as real ones often are)."""
PG_HBA = "".join(
    f"{line} scram-sha-256\n"
    for line in ("local all all", "host all all 127.0.0.1/32", "host all all ::1/128")
)


def with_password(uri: str, password: str = PASSWORD) -> str:
    """``pgserver``'s URL (``postgresql://postgres:@/...``) with ``password`` in it, quoted."""
    user, rest = uri.removeprefix("postgresql://").split(":@", 1)
    return f"postgresql://{user}:{quote(password, safe='')}@{rest}"


def server() -> Any:
    """The session's server, started on first use."""
    global _server
    if _server is None:
        root = Path(tempfile.mkdtemp(prefix="golfpg"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)  # runs last: after the server stopped
        atexit.register(_stop_if_running, root / "data")  # in case pgserver's own clean-up left it running
        _server = pgserver.get_server(root / "data", cleanup_mode="delete")
        atexit.register(_server.cleanup)
        _require_password(_server, root / "data")
    return _server


def _require_password(pg: Any, data: Path) -> None:
    """Give the superuser PASSWORD, then make the server ask every connection for it."""
    (data / "pg_hba.conf").write_text(PG_HBA)  # read again by the reload, after the password is set
    pg.psql(
        "SET password_encryption = 'scram-sha-256';"
        f"ALTER ROLE postgres PASSWORD '{PASSWORD}';"
        "SELECT pg_reload_conf();"
    )


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
    conn = await asyncpg.connect(admin_url())
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return with_password(server().get_uri(name))


def admin_url() -> str:
    """The superuser's URL to the server's ``postgres`` database, with the password."""
    return with_password(server().get_uri())
