"""``golfbot bench render``: run as a real subprocess, briefly; the shape of its figures (not their speed:
the machine is shared), in JSON and as text; bad figures refused in one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from adapters.cli.bench_render import KINDS

REPO = Path(__file__).resolve().parents[3]


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", "bench", "render", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=300,
    )


def test_the_figures_of_every_screen_kind_in_json() -> None:
    run = bench("--renders", "3", "--burst", "8", "--workers", "2", "--json")
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert figures["renders"] == 3 and figures["pillow"] and figures["prepare_ms"] > 0
    assert list(figures["kinds"]) == list(KINDS)
    for kind in figures["kinds"].values():
        assert kind["renders_per_second"] > 0 and 0 < kind["median_ms"] <= kind["p99_ms"]
        assert kind["cpu_median_ms"] > 0
        assert 0 < kind["bytes"] <= kind["max_bytes"] <= 60_000  # every picture within the size target
    loop = figures["event_loop"]
    assert loop["renders"] == 8 and loop["workers"] == 2 and loop["pool"] == "processes"  # as the bots draw
    assert 0 <= loop["p99_ms"] <= loop["max_ms"] and loop["idle_max_ms"] >= 0


def test_the_text_table() -> None:
    run = bench("--renders", "2", "--burst", "4", "--four-colour", "--workers", "1")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("render bench: 2 renders a kind, four-colour deck, Pillow ")
    assert "; the card art drawn ahead in " in lines[0]
    heads = ["screen", "renders/s", "median", "ms", "p99", "ms", "cpu", "ms", "bytes", "max", "bytes"]
    assert lines[1].split() == heads
    assert [line[2:20].strip() for line in lines[2 : 2 + len(KINDS)]] == list(KINDS)
    assert "renders through Pictures (1 process" in lines[-2] and "held at most" in lines[-2]
    assert lines[-1].startswith("  event loop idle: late at most ")


def test_bad_figures_are_refused() -> None:
    run = bench("--renders", "0")
    assert run.returncode == 2
    assert run.stderr.strip() == "golfbot bench render: --renders, --burst and --workers must be at least 1"
