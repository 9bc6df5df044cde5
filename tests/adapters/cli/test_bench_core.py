"""``golfbot bench core``, small: simulated players through the real core and SQLite store, figures as
JSON or text, and one ``golfbot bench`` command holding both targets (solver and core)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.main import build_parser, main

REPO = Path(__file__).resolve().parents[3]


def test_bench_core_json_without_the_solver(capsys, tmp_path):
    db = tmp_path / "bench.sqlite3"
    small = ["--players", "5", "--actions", "30", "--think-ms", "1", "--holes", "1"]
    code = main(["bench", "core", *small, "--no-solver", "--json", "--db", str(db)])
    assert code == 0
    figures = json.loads(capsys.readouterr().out)
    assert {"actions_per_s", "p50_ms", "p99_ms"} <= figures.keys()
    assert figures["actions"] == 150 and figures["players"] == 5 and figures["errors"] == 0
    assert figures["actions_per_s"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["end_p99_ms"] <= figures["max_ms"]  # the presses that ended a hole, apart
    assert (figures["end_p99_ms"] > 0) == (figures["holes_finished"] > 0)
    assert figures["solver"] == "none" and figures["best_known"] == 0

    with sqlite3.connect(db) as conn:  # the real store was used, and kept where --db said
        players = conn.execute("SELECT COUNT(*) FROM players WHERE platform = 'bench'").fetchone()[0]
        versions = conn.execute("SELECT SUM(version - 1) FROM rounds").fetchone()[0]
        holes = conn.execute("SELECT COUNT(*) FROM holes").fetchone()[0]
    assert players == 5
    assert versions == 150  # every press is one stored version
    assert holes == figures["holes_finished"]


def test_bench_core_with_the_solver_pool_from_the_command_line(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    small = ["--players", "5", "--actions", "60", "--think-ms", "1", "--holes", "1"]
    run = subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", "bench", "core", *small, "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=True,
    )
    figures = json.loads(run.stdout)
    assert figures["solver"] == "pool of 1"
    assert figures["actions"] == 300 and figures["errors"] == 0
    assert figures["holes_finished"] >= 5 and figures["rounds_finished"] >= 5  # one-hole rounds, replayed
    assert 0 <= figures["best_known"] <= figures["holes_finished"]


def test_bench_core_text(capsys):
    assert main(["bench", "core", "--players", "2", "--actions", "5", "--think-ms", "0", "--no-solver"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("core bench: 2 players, 10 presses in ")
    assert "actions/s" in out and "p99" in out and "the presses that ended them p99" in out


def test_bad_figures_are_refused(capsys):
    assert main(["bench", "core", "--players", "0", "--no-solver"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_one_bench_command_with_both_targets(capsys):
    parser = build_parser()
    args = parser.parse_args(["bench", "core", "--players", "3"])
    assert args.bench_target == "core" and args.players == 3
    args = parser.parse_args(["bench", "solver", "--deals", "1-3"])
    assert args.bench_target == "solver"
    with pytest.raises(SystemExit):
        parser.parse_args(["bench"])
    with pytest.raises(SystemExit):
        parser.parse_args(["bench", "--help"])
    help_text = capsys.readouterr().out
    assert "solver" in help_text and "core" in help_text


def test_the_steady_rate_counts_only_while_every_player_plays():
    from adapters.cli.bench_core import Tally, steady_rate

    tally = Tally()
    tally.all_in, tally.first_out = 10.0, 14.0  # all in at 10 s, the first done at 14 s
    tally.done_at = [9.0, 9.5, *(10 + i / 100 for i in range(400)), 14.5, 15.0, 30.0]  # a long tail
    assert steady_rate(tally) == 100.0  # 400 presses in those 4 s; the tail (to 30 s) does not count
    tally.first_out = 10.5
    assert steady_rate(tally) is None  # under a second: no steady rate


def test_a_long_enough_run_reports_its_steady_rate(capsys):
    small = ["--players", "3", "--actions", "200", "--think-ms", "10", "--holes", "1", "--no-solver"]
    assert main(["bench", "core", *small, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["steady_actions_per_s"] > 0
