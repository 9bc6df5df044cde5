"""``golfbot play --game G`` as a player runs it: the real console script in a subprocess, a whole TriPeaks
hole typed key by key on the solver's best line, and the refusals a wrong game or rules meet."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.family_board import KEYS, free_order
from engine.patience import find_patience

GOLFBOT = Path(sys.executable).with_name("golfbot")


def golfbot(tmp_path: Path, *args: str, keys: str = "") -> subprocess.CompletedProcess[str]:
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL")}
    env = {**keep, "HOME": str(tmp_path), "GOLFBOT_DB": str(tmp_path / "golf.sqlite3")}
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


def test_a_whole_tripeaks_hole_typed_on_the_best_line(tmp_path: Path) -> None:
    game = find_patience("tripeaks")
    position = game.deal(5)
    keys = []
    for move in game.solve(position).moves:
        keys.append("d" if move.slot is None else KEYS[free_order(position).index(move.slot)])
        position = position.play(move)
    run = golfbot(tmp_path, "play", "--game", "tripeaks", "--holes", "1", "--deal", "5", keys="".join(keys))
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "Traceback" not in run.stderr
    assert "TriPeaks" in run.stdout
    assert f"Hole 1 cleared with {-position.score} left in the stock" in run.stdout
    assert "(the tableau is clear)" in run.stdout


def test_six_card_golf_is_sent_to_its_table(tmp_path: Path) -> None:
    run = golfbot(tmp_path, "play", "--game", "six-card")
    assert run.returncode == 2
    assert "Six-card Golf is played at a table" in run.stderr
    assert "Traceback" not in run.stderr


def test_golf_rules_with_a_family_game_are_refused(tmp_path: Path) -> None:
    run = golfbot(tmp_path, "play", "--game", "black-hole", "--rules", "wrap")
    assert run.returncode == 2
    assert "Black Hole has rules of its own" in run.stderr
