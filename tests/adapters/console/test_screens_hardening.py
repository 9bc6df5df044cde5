"""Issue 45, the terminal's screens as a player reads them, from the real ``golfbot`` process (keys piped
in): which hole a winnable-only course skipped a deal for (item 24), and the screens of item 20."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "USER": "tester",
        "PYTHONPATH": str(REPO),
        "PYTHONIOENCODING": "utf-8",
        "LANG": "C.UTF-8",
    }


def golfbot(env: dict[str, str], cwd: Path, *args: str, keys: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GOLFBOT, *args],
        input=keys,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def test_a_skipped_deal_names_the_hole_it_was_skipped_for(env: dict[str, str], tmp_path: Path) -> None:
    """Deal 2 can be cleared under strict rules, 3 and 4 cannot, 5 can: hole 1 is #2, hole 2 is #5. The
    note said "#3, #4" above a board of deal #2, as if the board's deal had been skipped."""
    db = str(tmp_path / "g.sqlite3")
    played = golfbot(
        env,
        tmp_path,
        "play",
        "--db",
        db,
        "--rules",
        "strict+winnable-only",
        "--deal",
        "2",
        "--holes",
        "2",
        keys="x",
    )
    assert played.returncode == 0, played.stderr
    first = " ".join(played.stdout.split("Keys:")[0].split())  # the first screen, its lines joined
    assert "Skipped as impossible to clear (winnable-only): #3, #4 for hole 2." in first
    assert "Hole 1 of 2 · deal #2 · strict+winnable-only" in first


def test_one_is_singular(env: dict[str, str], tmp_path: Path) -> None:
    """ "1 days played", "not 1 people"."""
    db = str(tmp_path / "g.sqlite3")
    alone = golfbot(env, tmp_path, "sixcard", "--db", db, "--players", "1", "--computers", "")
    assert alone.returncode == 2
    assert alone.stderr == "golfbot sixcard: a table has 2 to 4 seats, not 1 person and 0 computers\n"
    crowd = golfbot(env, tmp_path, "sixcard", "--db", db, "--players", "3", "--computers", "easy,easy")
    assert "not 3 people and 2 computers" in crowd.stderr
    played = golfbot(env, tmp_path, "daily", "--db", db, keys="q n " * 9)
    assert played.returncode == 0 and "Round over" in played.stdout, played.stderr
    again = golfbot(env, tmp_path, "daily", "--db", db)
    assert "Streak: 1 day played (longest 1)." in again.stdout, again.stdout


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["play", "--colour"], "golfbot play: unrecognized arguments: --colour (see golfbot play --help)\n"),
        (
            ["bench", "core", "--fast"],
            "golfbot bench core: unrecognized arguments: --fast (see golfbot bench core --help)\n",
        ),
        (["daily", "today"], "golfbot daily: unrecognized arguments: today (see golfbot daily --help)\n"),
    ],
)
def test_an_unknown_argument_names_its_command(
    env: dict[str, str], tmp_path: Path, args: list[str], line: str
) -> None:
    done = golfbot(env, tmp_path, *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == line
