"""``golfbot bench sixcard``: run as a real subprocess with few hands; text output; bad figures refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from adapters.cli.main import build_parser, main

REPO = Path(__file__).resolve().parents[3]


def test_bench_sixcard_as_a_subprocess(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", "bench", "sixcard", "--hands", "40", "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=True,
    )
    figures = json.loads(run.stdout)
    assert figures["hands"] == 40 and figures["seed"] == 1 and figures["seconds"] >= 0
    assert [t["players"] for t in figures["two_seats"]] == [
        ["easy", "random"],
        ["hard", "random"],
        ["hard", "easy"],
    ]
    for table in (*figures["two_seats"], figures["four_seats"]):
        assert abs(sum(table["won"]) - 1) < 1e-3  # every hand is won by someone (ties shared)
        assert all(-12 <= a <= 60 for a in table["average"])
    assert figures["four_seats"]["players"] == ["hard", "easy", "random", "random"]
    easy_v_random, hard_v_random, _ = figures["two_seats"]
    assert easy_v_random["average"][0] < easy_v_random["average"][1]
    assert hard_v_random["average"][0] < hard_v_random["average"][1]
    assert run.stderr == ""


def test_the_same_seed_gives_the_same_figures(capsys) -> None:
    assert main(["bench", "sixcard", "--hands", "8", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["bench", "sixcard", "--hands", "8", "--seed", "3", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    first.pop("seconds"), again.pop("seconds")
    assert first == again


def test_bench_sixcard_text(capsys) -> None:
    assert main(["bench", "sixcard", "--hands", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("six-card bench: 4 hands a table, seed 1, ")
    assert "hard v easy" in out and "four seats" in out and out.count("won") >= 5


def test_bad_figures_are_refused(capsys) -> None:
    assert main(["bench", "sixcard", "--hands", "0"]) == 2
    assert capsys.readouterr().err.strip() == "golfbot bench sixcard: --hands must be at least 1"


def test_sixcard_is_a_bench_target() -> None:
    args = build_parser().parse_args(["bench", "sixcard"])
    assert args.bench_target == "sixcard" and args.hands == 10_000 and not args.json
