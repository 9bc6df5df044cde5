"""``golfbot deal``, ``golfbot solve`` and ``golfbot bench solver`` (adapters/cli/engine_commands.py)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.engine_commands import parse_deal_range
from adapters.cli.main import main
from engine.golf.board import format_board, parse_board
from engine.golf.deal import DealError, deal
from engine.golf.moves import parse_move, parse_moves
from engine.golf.rules import find_rules
from engine.golf.solver import FINISH_SHARE, best_score, winnable

REPO = Path(__file__).resolve().parents[3]

DEAL_24 = """\
Talon: TD KC 8H 8S 4S 4H KS 6D 8D 7C JD 9D 2H QD 3D AS
Foundations: JH
4C 7S 5S KH TC
5H 2C 6C 6S TS
QC QH 9C 7D AD
5D 9S 3C 8C 4D
2D 2S 6H AC QS
7H KD JC 9H 3H
AH JS TH 5C 3S
"""
"""PySolFC deal 24, as the rule book prints it. Optimal: 4 strict, 3 queens-on-kings, -1 wrap."""


@pytest.fixture
def board_24(tmp_path: Path) -> Path:
    path = tmp_path / "deal24.board"
    path.write_text(DEAL_24, encoding="utf-8")
    return path


def _replay(text: str, moves: list[str], rules: str = "strict") -> int:
    hole = parse_board(text, find_rules(rules))
    for move in moves:
        assert not hole.is_over
        hole = hole.play(parse_move(move))
    assert hole.is_over
    return hole.score


class TestDeal:
    def test_prints_the_board(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["deal", "24"]) == 0
        assert capsys.readouterr().out == DEAL_24

    def test_rules_and_big_numbers(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["deal", "#40000", "--rules", "wrap+double"]) == 0
        out = capsys.readouterr().out
        assert out == format_board(deal(40000, find_rules("wrap+double")))
        assert len(out.splitlines()) == 2 + 9

    @pytest.mark.parametrize(
        "argv",
        [
            ["deal", "0"],
            ["deal", "x"],
            ["deal", "5", "--rules", "golfish"],
            ["deal", "5", "--rules", "wrap+x"],
        ],
    )
    def test_bad_input_is_one_line(self, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert len(captured.err.strip().splitlines()) == 1
        assert "Traceback" not in captured.err


class TestSolve:
    def test_json_line(self, board_24: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["solve", "--json", str(board_24)]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == 1
        result = json.loads(lines[0])
        assert set(result) == {
            "board",
            "score",
            "winnable",
            "proven",
            "lower_bound",
            "moves",
            "states",
            "seconds",
        }
        assert result["board"] == str(board_24)
        assert result["score"] == 4 and result["winnable"] is False
        assert isinstance(result["states"], int) and result["states"] > 0
        assert isinstance(result["seconds"], float) and result["seconds"] >= 0
        assert all(m == "s" or m in "1234567" for m in result["moves"])
        assert _replay(DEAL_24, result["moves"]) == 4

    @pytest.mark.parametrize(("rules", "score"), [("queens-on-kings", 3), ("wrap", -1), ("putt-putt", -1)])
    def test_rules(self, rules: str, score: int, board_24: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["solve", "--rules", rules, "--json", str(board_24)]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["score"] == score and result["winnable"] == (score <= 0)
        assert _replay(DEAL_24, result["moves"], rules) == score

    def test_several_boards_in_order_with_stdin(
        self,
        board_24: Path,
        tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        other = tmp_path / "deal2.board"
        other.write_text(format_board(deal(2)), encoding="utf-8")
        monkeypatch.setattr(sys, "stdin", io.StringIO(format_board(deal(1))))
        assert main(["solve", "--json", str(other), "-", str(board_24)]) == 0
        results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [r["board"] for r in results] == [str(other), "-", str(board_24)]
        assert [r["score"] for r in results] == [0, 6, 4]  # the published optimal scores

    def test_readable_line(self, board_24: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["solve", str(board_24)]) == 0
        out = capsys.readouterr().out
        assert len(out.splitlines()) == 1
        assert "score 4" in out and "not winnable" in out and "states" in out

    def test_mid_game_board(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        hole = deal(24).play_all(parse_moves("1 s s s s s 6 4 7"))
        path = tmp_path / "mid.board"
        path.write_text(format_board(hole), encoding="utf-8")
        assert main(["solve", "--json", str(path)]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["score"] == best_score(hole)
        assert _replay(format_board(hole), result["moves"]) == result["score"]

    def test_python_backend_by_environment(
        self, board_24: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert main(["solve", "--json", str(board_24)]) == 0
        kernel = json.loads(capsys.readouterr().out)
        monkeypatch.setenv("GOLFBOT_PURE_SOLVER", "1")
        assert main(["solve", "--json", str(board_24)]) == 0
        pure = json.loads(capsys.readouterr().out)
        assert {k: v for k, v in pure.items() if k != "seconds"} == {
            k: v for k, v in kernel.items() if k != "seconds"
        }

    def test_missing_file(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["solve", str(tmp_path / "nope.board")]) == 2
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and "nope.board" in captured.err
        assert "Traceback" not in captured.err

    @pytest.mark.parametrize(
        "text",
        [
            "",
            "Talon: TD\n",
            DEAL_24.replace("TC\n", "TX\n"),
            DEAL_24.replace("AH JS", "AH AH"),
            DEAL_24 + "2C\n",
            b"\xff\xfe".decode("latin-1"),
        ],
    )
    def test_bad_board(self, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "bad.board"
        path.write_text(text, encoding="latin-1")
        assert main(["solve", "--json", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.count("\n") == 1 and "bad.board" in captured.err

    def test_a_bad_board_does_not_stop_the_others(
        self, board_24: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        bad = tmp_path / "bad.board"
        bad.write_text("Talon:\n", encoding="utf-8")
        assert main(["solve", "--json", str(bad), str(board_24)]) == 2
        captured = capsys.readouterr()
        assert [json.loads(line)["board"] for line in captured.out.splitlines()] == [str(board_24)]
        assert captured.err.count("\n") == 1

    def test_cut_short_says_what_is_proven(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Double Golf deal 35 needs some 14 million positions: within 4 million the best line found
        clears, and the bound is below it; the line replays to the score it claims."""
        text = format_board(deal(35, find_rules("strict+double")))
        path = tmp_path / "double35.board"
        path.write_text(text, encoding="utf-8")
        argv = ["solve", "--rules", "strict+double", "--max-states", "4000000"]
        assert main([*argv, "--json", str(path)]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["proven"] is False and result["lower_bound"] < result["score"] <= 0
        assert result["winnable"] is True and result["states"] <= 4_000_000 + 4_000_000 // FINISH_SHARE + 1
        assert _replay(text, result["moves"], "strict+double") == result["score"]
        assert result["lower_bound"] <= -10  # the optimum, proven in some 14 million positions
        assert main([*argv, str(path)]) == 0
        out = capsys.readouterr().out
        assert f"best found {result['score']}, no line can beat {result['lower_bound']} (cut short)" in out
        assert "winnable" in out and "not winnable" not in out

    def test_cut_short_before_any_line(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Within one position no line of Double Golf deal 1 is found: conceding at once is the line,
        and whether the deal is winnable is not known (it is not claimed either way)."""
        path = tmp_path / "double1.board"
        path.write_text(format_board(deal(1, find_rules("strict+double"))), encoding="utf-8")
        argv = ["solve", "--rules", "strict+double", "--max-states", "1"]
        assert main([*argv, "--json", str(path)]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["moves"] == ["q"] and result["score"] == 63 and result["winnable"] is None
        assert result["proven"] is False and result["lower_bound"] <= -16  # the optimum
        assert main([*argv, str(path)]) == 0
        assert "not known whether winnable" in capsys.readouterr().out

    def test_cut_short_early_plays_on_from_the_best_position_reached(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Within 5,000 positions the search reaches positions with few cards left but no line clearing
        Double Golf deal 1: the best of them, played on, is the line (before: conceding at once, 63)."""
        text = format_board(deal(1, find_rules("strict+double")))
        path = tmp_path / "double1.board"
        path.write_text(text, encoding="utf-8")
        assert main(["solve", "--rules", "strict+double", "--max-states", "5000", "--json", str(path)]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["proven"] is False and result["lower_bound"] <= -16 < result["score"] < 63
        assert _replay(text, result["moves"], "strict+double") == result["score"]

    def test_max_states_must_be_positive(self, board_24: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["solve", "--max-states", "0", str(board_24)]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1 and "--max-states" in captured.err

    def test_unknown_rules(self, board_24: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["solve", "--rules", "crazy-eights", str(board_24)]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1 and "crazy-eights" in captured.err


class TestBench:
    def test_json_figures(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["bench", "solver", "--deals", "1-3,32001", "--json"]) == 0
        figures = json.loads(capsys.readouterr().out)
        assert figures["deals"] == 4 and figures["first"] == 1 and figures["last"] == 32001
        for key in ("deals_per_second", "states_per_second", "median_seconds", "worst_seconds"):
            assert figures[key] > 0
        assert figures["peak_memory_mb"] > 0 and figures["winnable_median_ms"] >= 0
        assert figures["rules"] == "strict" and figures["states"] > 0
        assert figures["winnable_deals"] == sum(winnable(deal(n)) for n in (1, 2, 3, 32001))

    def test_text(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["bench", "solver", "--rules", "wrap", "--deals", "5"]) == 0
        out = capsys.readouterr().out
        for word in ("deals/s", "states/s", "median", "worst", "peak memory", "winnable"):
            assert word in out

    def test_bad_range(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["bench", "solver", "--deals", "9-3"]) == 2
        assert capsys.readouterr().err.count("\n") == 1
        assert main(["bench", "solver", "--max-states", "0"]) == 2
        assert capsys.readouterr().err.count("\n") == 1

    def test_proven_within_and_the_deals_cut_short(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Deal 8 of Double Golf needs some 900,000 positions: bounded to 5,000 it is cut short."""
        argv = [
            "bench",
            "solver",
            "--rules",
            "strict+double",
            "--deals",
            "8",
            "--max-states",
            "5000",
            "--json",
        ]
        assert main(argv) == 0
        figures = json.loads(capsys.readouterr().out)
        assert figures["rules"] == "strict+double" and figures["max_states"] == 5000
        assert figures["cut_short"] == [8] and figures["proven"] == 0
        # deal 8 is winnable, but not within 5,000 positions: not counted either way
        assert figures["winnable_deals"] == 0 and figures["winnable_unknown"] == 1
        assert main(argv[:-1]) == 0
        assert "0 of 1 deals winnable (1 not told within the bound)" in capsys.readouterr().out
        assert figures["proven_within_1s"] == figures["proven_within_60s"] == 0
        assert figures["p99_seconds"] == figures["worst_seconds"] > 0
        assert main(["bench", "solver", "--deals", "1-3"]) == 0
        out = capsys.readouterr().out
        assert "p99 / deal" in out and "3 within 1 s, 3 within 3 s, 3 within 60 s; 3 of 3 in all" in out

    def test_several_rule_sets(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["bench", "solver", "--rules", "wrap+jokers=2,strict", "--deals", "2", "--json"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert [json.loads(line)["rules"] for line in lines] == ["wrap+jokers=2", "strict"]
        assert main(["bench", "solver", "--rules", "strict,snooker", "--deals", "2"]) == 2
        assert capsys.readouterr().err.count("\n") == 1

    def test_course_choice(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["bench", "course", "--firsts", "1-3", "--holes", "3", "--json"]) == 0
        figures = json.loads(capsys.readouterr().out)
        assert figures["rules"] == "strict+winnable-only" and figures["courses"] == 3
        assert 0 < figures["median_ms"] <= figures["p99_ms"] <= figures["worst_ms"]
        assert figures["skipped_per_course"] > 0  # deals 1, 3, 4, ... cannot be cleared under strict rules
        assert main(["bench", "course", "--firsts", "1-2", "--holes", "2"]) == 0
        assert "median / course" in capsys.readouterr().out
        assert main(["bench", "course", "--holes", "19"]) == 2
        assert capsys.readouterr().err.count("\n") == 1


def test_parse_deal_range() -> None:
    assert parse_deal_range("1-3,7, 40000-40001") == [1, 2, 3, 7, 40000, 40001]
    assert parse_deal_range("#24") == [24]
    with pytest.raises(DealError):
        parse_deal_range("0-5")
    with pytest.raises(DealError):
        parse_deal_range("5-2")
    for broken in ("-5", "1--3", "1-", "1-3-5"):  # said as a range, not as the deal number '' or '-3'
        with pytest.raises(DealError, match=f"{broken!r} is not a range of deals"):
            parse_deal_range(broken)


def _run(command: list[str], board: str) -> subprocess.CompletedProcess[str]:
    """The command as a real process, the board on its standard input."""
    return subprocess.run(command, input=board, capture_output=True, text=True, cwd=REPO, timeout=120)


def test_console_script_in_a_subprocess(board_24: Path) -> None:
    script = Path(sys.executable).with_name("golfbot")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "adapters.cli.main"]
    done = _run([*command, "solve", "--json", "-"], DEAL_24)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["score"] == 4
    bad = _run([sys.executable, "-m", "adapters.cli.main", "solve", "-"], "Talon: 2C\n")
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.splitlines()) == 1 and "Traceback" not in bad.stderr
    double = format_board(deal(1, find_rules("strict+double")))
    cut = _run([*command, "solve", "--rules", "strict+double", "--max-states", "5000", "-"], double)
    assert cut.returncode == 0, cut.stderr
    assert "(cut short)" in cut.stdout and "not known whether winnable" in cut.stdout
