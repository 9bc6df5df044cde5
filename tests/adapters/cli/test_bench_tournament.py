"""``golfbot bench tournament``, small: a whole tournament through the core and the SQLite store."""

from __future__ import annotations

import json
import sqlite3

from adapters.cli.main import main


def test_a_small_knockout_to_the_end(capsys, tmp_path):
    db = tmp_path / "bench.sqlite3"
    assert main(["bench", "tournament", "--players", "5", "--holes", "1", "--json", "--db", str(db)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["finished"] and figures["matches"] == 4 and figures["moves"] > 0
    assert 0 < figures["move_p50_ms"] <= figures["move_p99_ms"] <= figures["move_max_ms"]
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT COUNT(DISTINCT match_id) FROM match_results").fetchone() == (4,)


def test_a_round_robin_in_match_play_as_text(capsys):
    args = [
        "bench",
        "tournament",
        "--players",
        "4",
        "--holes",
        "2",
        "--style",
        "round-robin",
        "--format",
        "match",
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("tournament of 4 (round-robin, 2 holes, match play): 6 matches")
    assert "wins the tournament" in out


def test_bad_figures_are_refused(capsys):
    assert main(["bench", "tournament", "--players", "1"]) == 2
    assert "--players at least 2" in capsys.readouterr().err
