"""``--db``/``GOLFBOT_DB`` that names a database golfbot cannot use (``mysql://``, SQLAlchemy's
``postgresql+asyncpg://``) is one line and exit status 2, for every command, doctor too; nothing is created
(taken as a file name, ``mysql://x@y/z`` made the folders ``./mysql:/x@y``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]


@pytest.mark.parametrize(
    ("setting", "told"),
    [
        ("mysql://golf:hunter2@db.example/golf", "unknown database scheme mysql:// in mysql://golf:***@"),
        ("postgresql+asyncpg://golf@db.example/golf", "write postgresql://"),
        ("sqlite:///golf.sqlite3", "unknown database scheme sqlite://"),
    ],
)
@pytest.mark.parametrize("command", [("play",), ("daily", "--board", "today"), ("migrate",), ("doctor",)])
def test_an_unknown_scheme_is_one_line_and_creates_nothing(
    tmp_path: Path, setting: str, told: str, command: tuple[str, ...]
) -> None:
    env = {**os.environ, "GOLFBOT_DB": setting, "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", *command],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.startswith(f"golfbot {command[0]}: ") and told in done.stderr
    assert done.stderr.count("\n") == 1 and "hunter2" not in done.stderr
    assert list(tmp_path.iterdir()) == []
