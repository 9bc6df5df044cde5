"""Issue 45, item 22: the long commands (``bench daily`` 103 s, ``bench core`` 21 s, ``bench sixcard``
~90 s, ``bench tournament`` 12 s) said nothing until they were done (``bench discord``, issue 46, has its
bar too). The real console script: in a
pseudo-terminal a bar (rich) on stderr tells how far each has come, and is wiped before the figures; piped,
stderr stays empty and stdout holds the figures alone."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

REPO = Path(__file__).resolve().parents[3]
GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

BENCHES = [
    (["sixcard", "--hands", "20"], "bench sixcard", "/80 hands", "six-card bench: 20 hands a table"),
    (
        ["core", "--players", "4", "--actions", "10", "--think-ms", "5", "--no-solver"],
        "bench core",
        "/40 presses",
        "core bench: 4 players, 40 presses",
    ),
    (
        ["daily", "--players", "20", "--days", "3", "--reads", "5"],
        "bench daily",
        "/22 steps",
        "20 players, 4 days",
    ),
    (["tournament", "--players", "4", "--holes", "1"], "bench tournament", "matches", "tournament of 4"),
    (
        ["discord", "--players", "3", "--presses", "4"],
        "bench discord",
        "/12 presses",
        "discord bench: 3 players, 12 presses",
    ),
]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "USER": "tester",
        "TERM": "xterm",
        "PYTHONPATH": str(REPO),
        "LANG": "C.UTF-8",
    }


@pytest.mark.parametrize(("args", "bar", "count", "figures"), BENCHES)
def test_a_bar_on_a_terminal(
    env: dict[str, str], tmp_path: Path, args: list[str], bar: str, count: str, figures: str
) -> None:
    child = pexpect.spawn(
        GOLFBOT[0],
        [*GOLFBOT[1:], "bench", *args],
        env=env,
        cwd=str(tmp_path),
        encoding="utf-8",
        dimensions=(40, 120),
        timeout=120,
    )
    child.expect(pexpect.EOF)
    child.close()
    shown = child.before
    assert child.exitstatus == 0, shown
    assert bar in shown and count in ESCAPE.sub("", shown), shown
    assert ESCAPE.sub("", shown).rindex(figures) > ESCAPE.sub("", shown).rindex(bar)  # the figures last


@pytest.mark.parametrize(("args", "bar", "count", "figures"), BENCHES)
def test_nothing_but_the_figures_when_piped(
    env: dict[str, str], tmp_path: Path, args: list[str], bar: str, count: str, figures: str
) -> None:
    done = subprocess.run(
        [*GOLFBOT, "bench", *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith(figures) and "\x1b" not in done.stdout
