"""Issue 45, item 18: output piped to a reader that leaves early (``golfbot daily --board today | head -1``)
ended in a BrokenPipeError traceback. The real console script with its standard output already closed by
its reader: no traceback, exit 0 (what the reader wanted was printed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]


@pytest.mark.parametrize(
    "command",
    [
        ["daily", "--board", "today"],
        ["play", "--holes", "1", "--deal", "24"],
        ["sixcard", "--seed", "3"],
        ["bench", "solver", "--deals", "1-2"],
    ],
)
def test_a_reader_that_has_gone_is_no_traceback(tmp_path: Path, command: list[str]) -> None:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "USER": "tester",
        "PYTHONPATH": str(REPO),
        "LANG": "C.UTF-8",
    }
    if command[0] != "bench":
        command = [*command, "--db", str(tmp_path / "g.sqlite3")]
    process = subprocess.Popen(
        [*GOLFBOT, *command],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=tmp_path,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # `| head -1` that has read its line and gone
    try:
        errors = process.stderr.read().decode()
        code = process.wait(timeout=60)
    finally:
        process.kill()
        process.stderr.close()
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
    assert code == 0, errors
