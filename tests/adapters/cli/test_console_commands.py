"""Every command the README names, started as a new user starts it: the real ``golfbot`` console script in a
subprocess, with a small workload (the behaviour of each is tested in its own module; this shows the
installed entry point runs it, ends with exit code 0 and prints no traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.i18n import _, speaking

GOLFBOT = Path(sys.executable).with_name("golfbot")
BOARD_24 = """Talon: TD KC 8H 8S 4S 4H KS 6D 8D 7C JD 9D 2H QD 3D AS
Foundations: JH
4C 7S 5S KH TC
5H 2C 6C 6S TS
QC QH 9C 7D AD
5D 9S 3C 8C 4D
2D 2S 6H AC QS
7H KD JC 9H 3H
AH JS TH 5C 3S
"""


def golfbot(
    tmp_path: Path, *args: str, keys: str = "", language: str = ""
) -> subprocess.CompletedProcess[str]:
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL")}
    env = {**keep, "HOME": str(tmp_path), "GOLFBOT_DB": str(tmp_path / "golf.sqlite3")}
    if language:
        env["LANGUAGE"] = language
    return subprocess.run(
        [str(GOLFBOT), *args],
        input=keys,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
        check=False,
    )


COMMANDS = {
    "help": ["--help"],
    "deal": ["deal", "24"],
    "solve": ["solve", "-"],
    "play": ["play", "--holes", "1", "--deal", "24"],
    "stats": ["stats"],
    "migrate": ["migrate"],
    "daily": ["daily"],
    "daily-share": ["daily", "--share"],
    "sixcard": ["sixcard", "--players", "2", "--computers", "easy"],
    "stats-deals": ["stats-deals", "--deals", "1-20", "--workers", "1"],
    "stats-deals --game": ["stats-deals", "--game", "black-hole", "--deals", "1-5", "--workers", "1"],
    "play --game": ["play", "--game", "pyramid-golf", "--holes", "1", "--deal", "24"],
    "bench solver": ["bench", "solver", "--deals", "1-5"],
    "bench course": ["bench", "course", "--firsts", "1-3", "--holes", "3"],
    "bench core": ["bench", "core", "--players", "3", "--actions", "5", "--think-ms", "0", "--no-solver"],
    "bench sixcard": ["bench", "sixcard", "--hands", "10"],
    "bench daily": ["bench", "daily", "--players", "20", "--days", "3", "--reads", "2"],
    "bench tournament": ["bench", "tournament", "--players", "4", "--holes", "1"],
}
KEYS = {"solve": BOARD_24, "play": "d q", "play --game": "d q", "daily": "d x", "sixcard": "q"}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_console_script_runs_it(tmp_path: Path, name: str) -> None:
    if name == "daily-share":
        golfbot(tmp_path, "daily", keys="q n " * 9)  # a finished day has a share text
    run = golfbot(tmp_path, *COMMANDS[name], keys=KEYS.get(name, ""))
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "Traceback" not in run.stderr
    assert run.stdout.strip()


@pytest.mark.parametrize("language", ["de", "ru"])
def test_the_terminal_game_speaks_the_environments_language(tmp_path: Path, language: str) -> None:
    run = golfbot(tmp_path, "play", "--holes", "1", "--deal", "24", keys="d q", language=language)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    with speaking(language):
        hole = _("Hole {hole} of {holes}", hole=1, holes=1)
    assert hole != "Hole 1 of 1" and hole in run.stdout  # (from the compiled catalogue, not English)
    assert "Hole 1 of 1" not in run.stdout
