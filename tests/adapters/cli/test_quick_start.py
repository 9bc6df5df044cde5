"""Item 7 of issue 8: every command paid ~150 ms importing the core benchmark, asyncio and the solver pool.
A command imports what it needs when it runs: checked by what is imported, never by a clock (the
figures are in the README, measured with ``python -X importtime`` and wall time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
HEAVY = (
    "asyncio",
    "aiosqlite",
    "sqlite3",
    "concurrent.futures",
    "multiprocessing",
    "discord",
    "telegram",
    "dotenv",
    "platformdirs",
    "bot",
    "json",
)

PROBE = """
import contextlib, io, json, sys
before = set(sys.modules)
from adapters.cli.main import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    main(sys.argv[1:])
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def imported(*args: str) -> set[str]:
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={"PYTHONPATH": str(REPO), "PATH": ""},
        timeout=60,
        check=True,
    )
    return {
        name.split(".")[0] if not name.startswith("concurrent") else name
        for name in json.loads(run.stdout.splitlines()[-1])
    }


def test_help_imports_no_engine_no_asyncio_no_typing():
    modules = imported("--help")
    assert not modules & {*HEAVY, "engine", "typing", "dataclasses", "shutil"}, modules


def test_deal_and_solve_import_the_engine_only(tmp_path):
    assert not imported("deal", "1") & set(HEAVY)
    board = tmp_path / "deal24.board"
    board.write_text(
        subprocess.run(
            [sys.executable, "-m", "adapters.cli.main", "deal", "24"],
            capture_output=True,
            text=True,
            cwd=REPO,
            env={"PYTHONPATH": str(REPO), "PATH": ""},
            timeout=60,
            check=True,
        ).stdout
    )
    assert not imported("solve", str(board)) & set(HEAVY)
