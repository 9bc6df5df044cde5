"""``golfbot bench solver --game G --versus PATH`` (adapters/cli/versus.py), run as a player runs it, against
stand-ins for black-hole-solver's multi-bhs-solver (small scripts that answer in its output format: this
machine's CI has no black-hole-solver; the real one's verdicts are tests/engine/test_black_hole_solver.py's
recorded outputs): its figures beside ours, verdicts that differ named, and one line for what cannot run."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

GOLFBOT = Path(sys.executable).with_name("golfbot")

SAYS_SOLVED = """#!{python}
import sys
for name in sys.argv[1:]:
    if name.endswith(".board"):
        print(f"[= Starting file {{name}} =]")
        print("Solved!")
        print("Total number of states checked is 10.")
        print(f"[= END of file {{name}} =]")
"""
SAYS_NOTHING = "#!/bin/sh\nexit 0\n"


def stand_in(tmp_path: Path, text: str) -> str:
    path = tmp_path / "multi-bhs-solver"
    path.write_text(text.format(python=sys.executable), encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def golfbot(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL")}
    return subprocess.run(
        [str(GOLFBOT), *args], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300, check=False
    )


def test_its_figures_beside_ours_and_the_verdicts_that_differ(tmp_path: Path) -> None:
    other = stand_in(tmp_path, SAYS_SOLVED)
    run = golfbot(
        tmp_path, "bench", "solver", "--game", "black-hole", "--deals", "1-3", "--versus", other, "--json"
    )
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    versus = figures["versus"]
    assert versus["deals"] == 3 and versus["won"] == 3
    assert versus["verdicts_differ"] == [1]  # deal 1 cannot be won (black-hole-solver says so too)
    assert versus["within_1s"] == 3 or "median_ms" not in versus
    text = golfbot(tmp_path, "bench", "solver", "--game", "black-hole", "--deals", "2-3", "--versus", other)
    assert "black-hole-solver on the same 2 deals, one process" in text.stdout
    assert "verdicts the same on every deal" in text.stdout


def test_what_cannot_run_is_one_line(tmp_path: Path) -> None:
    silent = stand_in(tmp_path, SAYS_NOTHING)
    cases = [
        (["--game", "black-hole", "--versus", silent], "answered for 0 of 2 boards"),
        (["--game", "tripeaks", "--versus", silent], "plays Black Hole and All in a Row, not TriPeaks"),
        (["--game", "black-hole", "--versus", str(tmp_path / "nowhere")], "is not a program"),
        (["--versus", silent], "--versus compares the solver of Black Hole or All in a Row"),
    ]
    for extra, says in cases:
        run = golfbot(tmp_path, "bench", "solver", "--deals", "2-3", *extra)
        assert run.returncode == 2, run.stdout
        assert says in run.stderr and run.stderr.count("\n") == 1
        assert "Traceback" not in run.stderr
