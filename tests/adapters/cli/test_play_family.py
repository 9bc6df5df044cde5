"""``golfbot play --game G`` as a player runs it: the real console script in a subprocess, a whole TriPeaks
hole typed key by key on the solver's best line, and the refusals a wrong game or rules meet."""

from __future__ import annotations

from pathlib import Path

from bot.family_board import KEYS, free_order
from engine.patience import find_patience
from tests.adapters.cli.test_console_commands import golfbot


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
