"""Issue 45, item 19: ``golfbot bench core --holes 0`` was a traceback; ``bench core``, ``sixcard`` and
``tournament`` printed their refusals on standard output; ``bench daily --db`` filled a real database with
made-up ``bench:N`` players. The real console script: one line on stderr, exit 2, nothing written."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]


def golfbot(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "USER": "tester",
        "PYTHONPATH": str(REPO),
        "LANG": "C.UTF-8",
    }
    return subprocess.run(
        [*GOLFBOT, *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120, check=False
    )


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["core", "--holes", "0", "--no-solver"],
            "golfbot bench core: --players and --actions must be at least 1, --think-ms at least 0,"
            " --holes 1 to 18",
        ),
        (["core", "--players", "0"], "golfbot bench core: --players and --actions must be at least 1"),
        (["core", "--processes", "2"], "golfbot bench core: --processes needs --db postgresql://..."),
        (["sixcard", "--hands", "0"], "golfbot bench sixcard: --hands must be at least 1"),
        (["tournament", "--players", "1"], "golfbot bench tournament: --players at least 2"),
        (["tournament", "--style", "ladder"], "golfbot bench tournament: --style elimination"),
    ],
)
def test_a_wrong_figure_is_one_line_on_stderr(tmp_path: Path, args: list[str], line: str) -> None:
    done = golfbot(tmp_path, "bench", *args)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith(line) and done.stderr.count("\n") == 1, done.stderr


def test_bench_daily_refuses_a_database_that_holds_anything(tmp_path: Path) -> None:
    real = tmp_path / "golf.sqlite3"
    assert golfbot(tmp_path, "daily", "--db", str(real), "--board", "today").returncode == 0
    before = real.read_bytes()
    done = golfbot(tmp_path, "bench", "daily", "--db", str(real), "--players", "3", "--days", "1")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"golfbot bench daily: {real} holds data already"), done.stderr
    assert "give a new file (or no --db, for a temporary one)" in done.stderr
    assert done.stderr.count("\n") == 1
    assert real.read_bytes() == before
    with sqlite3.connect(real) as db:
        assert db.execute("SELECT COUNT(*) FROM players WHERE key LIKE 'bench:%'").fetchone() == (0,)


def test_bench_daily_fills_a_new_file_or_an_empty_database(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite3"
    assert golfbot(tmp_path, "migrate", "--db", str(empty)).returncode == 0  # the schema, no rows
    done = golfbot(tmp_path, "bench", "daily", "--db", str(empty), "--players", "3", "--days", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("3 players, 2 days")


def test_a_file_that_is_no_database_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(3000))
    for args in (["daily", "--db", str(junk)], ["tournament", "--players", "2", "--db", str(junk)]):
        done = golfbot(tmp_path, "bench", *args)
        assert done.returncode in (1, 2) and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1 and str(junk.name) in done.stderr, done.stderr
