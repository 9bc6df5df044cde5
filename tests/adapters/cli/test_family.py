"""adapters/cli/family.py: ``golfbot deal N --game G`` and ``golfbot bench solver --game G`` for the Golf
family's games, through the CLI's own entry point, and once as the real console command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.main import main
from engine.blackhole.game import BLACK_HOLE
from engine.spread.board import format_board
from engine.spread.solver import kernel_available
from engine.tripeaks.game import TRIPEAKS

REPO = Path(__file__).resolve().parents[3]


def test_a_tripeaks_deal_is_printed_in_its_board_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "24", "--game", "tripeaks"]) == 0
    assert capsys.readouterr().out == format_board(TRIPEAKS.new_hole(24))


def test_black_hole_by_another_of_its_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "#617", "--game", "Black Hole"]) == 0
    out = capsys.readouterr().out
    assert out == format_board(BLACK_HOLE.new_hole(617)) and out.startswith("Foundations: AS\n")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["deal", "24", "--game", "chess"], "unknown game 'chess'; try one of: golf-patience"),
        (["deal", "24", "--game", "six-card"], "six-card-golf has no numbered deal"),
        (["deal", "0", "--game", "tripeaks"], "deal 0 does not exist"),
        (["bench", "solver", "--game", "chess", "--deals", "1"], "unknown game"),
    ],
)
def test_a_wrong_game_or_deal_is_one_line(args: list[str], said: str, capsys) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_the_solver_bench_of_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "solver", "--game", "pyramid-golf", "--deals", "1-3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["game"] == "pyramid-golf" and figures["deals"] == 3
    assert figures["backend"] == ("c" if kernel_available() else "python")
    assert figures["proven_within"]["60s"] == 3 and figures["cut_short"] == 0
    assert main(["bench", "solver", "--game", "tripeaks", "--deals", "24", "--max-states", "50"]) == 0
    out = capsys.readouterr().out
    assert "TriPeaks: 1 deals" in out and "1 cut short" in out
    assert (
        main(["bench", "solver", "--game", "elevator", "--deals", "2", "--backend", "python", "--json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["backend"] == "python"


def test_boards_are_solved_in_their_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.spread.solver import solve

    board = tmp_path / "tripeaks-24.txt"
    board.write_text(format_board(TRIPEAKS.new_hole(24)))
    assert main(["solve", "--game", "tripeaks", "--json", str(board)]) == 0
    answer = json.loads(capsys.readouterr().out)
    solution = solve(TRIPEAKS.new_hole(24))
    assert answer["score"] == solution.score and answer["winnable"] is (solution.score <= 0)
    assert answer["moves"] == [TRIPEAKS.action_name(m) for m in solution.line]
    assert main(["solve", "--game", "tripeaks", str(board)]) == 0
    assert f"score {solution.score}, winnable" in capsys.readouterr().out
    assert main(["solve", "--game", "tripeaks", "--max-states", "10", str(board)]) == 0
    assert "not proven within 10 positions" in capsys.readouterr().out


def test_a_board_of_another_game_is_refused_and_the_rest_solved(tmp_path: Path, capsys) -> None:
    other = tmp_path / "black-hole.txt"
    other.write_text(format_board(BLACK_HOLE.new_hole(5)))
    mine = tmp_path / "tripeaks.txt"
    mine.write_text(format_board(TRIPEAKS.new_hole(1)))
    assert main(["solve", "--game", "tripeaks", str(other), str(mine)]) == 2
    out, err = capsys.readouterr()
    assert "TriPeaks has 4 lines of cards, not 17" in err and err.count("\n") == 1
    assert out.startswith(f"{mine}: score ")


def test_the_console_command_prints_a_deal_and_solves_it() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", "deal", "5", "--game", "all-in-a-row"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Foundations: -" and len(lines) == 14
    solved = subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", "solve", "--game", "all-in-a-row", "--json", "-"],
        input=done.stdout,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["board"] == "-"
