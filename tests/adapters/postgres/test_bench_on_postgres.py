"""``golfbot bench core`` on PostgreSQL, in one process and in two at once on one database (a short run:
the figures are the benchmark's job; this checks that every press of every process is counted)."""

from __future__ import annotations

import asyncio
import json

import pytest
from pg_server import fresh_database

from adapters.cli.main import main


@pytest.mark.parametrize("processes", [1, 2])
def test_bench_core_on_postgres(processes: int, capsys: pytest.CaptureFixture[str]) -> None:
    url = asyncio.run(fresh_database())
    options = ["--players", "6", "--actions", "4", "--think-ms", "0", "--no-solver", "--json"]
    assert main(["bench", "core", "--db", url, "--processes", str(processes), *options]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["actions"] == 24 and result["errors"] == 0
    assert result.get("processes", 1) == processes


def test_several_processes_need_postgres(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "core", "--processes", "2", "--players", "2", "--actions", "1"]) == 2
    shown = capsys.readouterr()
    assert "needs --db postgresql://" in shown.err and not shown.out  # an error: one line on stderr
