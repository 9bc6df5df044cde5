"""A PostgreSQL server that asks for a password (the tests' server does: ``pg_server.py``): every command
that opens the database passes the real URL on, never the masked one it shows (``postgres:***@``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from pg_server import PASSWORD

from adapters.postgres import redact

ROOT = Path(__file__).parents[3]


async def test_the_tests_server_refuses_a_wrong_password(pg_url: str) -> None:
    with pytest.raises(asyncpg.InvalidPasswordError):
        await asyncpg.connect(redact(pg_url))  # the password shown: ***
    conn = await asyncpg.connect(pg_url)
    await conn.close()


def golfbot(tmp_path: Path, url: str, *args: str, keys: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GOLFBOT_DB": url, "HOME": str(tmp_path), "COLUMNS": "80"}
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", *args],
        input=keys,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("migrate",),
        ("stats",),
        ("daily", "--board", "today"),
        ("daily", "--share"),
        ("play", "--holes", "1"),
        ("sixcard",),
        ("doctor", "--skip-tokens"),
    ],
    ids=" ".join,
)
def test_every_command_connects_with_the_password(tmp_path: Path, pg_url: str, args: tuple[str, ...]) -> None:
    done = golfbot(tmp_path, pg_url, *args)
    assert "password authentication failed" not in done.stderr + done.stdout
    assert done.returncode == 0, done.stderr
    assert PASSWORD not in done.stderr + done.stdout
