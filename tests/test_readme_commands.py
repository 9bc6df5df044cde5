"""The README's quick start, as a new user types it: ``make run`` with no token starts the terminal game
on the embedded SQLite database. (The chat bots' side of ``golfbot run`` is in
tests/adapters/cli/test_run_command.py; ``make test`` is what CI runs.)"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _readme_commands() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = text[text.index("## Quick start") :]
    block = block[block.index("```sh") + 5 : block.index("```", block.index("```sh") + 5)]
    return [line.split("#")[0].strip() for line in block.strip().splitlines()]


def test_the_quick_start_is_two_commands() -> None:
    assert _readme_commands() == ["make run", "make test"]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_run_without_a_token_plays_golf_in_the_terminal(tmp_path: Path) -> None:
    db = tmp_path / "golf.sqlite3"
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL")}
    env = {**keep, "HOME": str(tmp_path), "GOLFBOT_DB": str(db), "PYTHONIOENCODING": "utf-8"}
    run = subprocess.run(
        ["make", "-s", "run"],
        input="d q x",  # turn the stock, concede the hole, save and quit
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "Hole 1 of 9" in run.stdout
    assert "Saved — run golfbot play to go on." in run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    with sqlite3.connect(db) as con:  # the round was kept in the embedded database
        assert con.execute("SELECT count(*) FROM rounds").fetchone() == (1,)
