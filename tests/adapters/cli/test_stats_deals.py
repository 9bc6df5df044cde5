"""``golfbot stats-deals`` (adapters/cli/stats_deals.py): the published optimal scores summed up, the
progress on stderr, and bad input in one line."""

from __future__ import annotations

import io
import json
import statistics

import pytest

from adapters.cli.main import main
from adapters.cli.stats_deals import Progress
from tests.engine.golf.conftest import DEALS_TSV


def _published(column: int, count: int) -> list[int]:
    rows = [line.split("\t") for line in DEALS_TSV.read_text(encoding="utf-8").splitlines()]
    rows = [row for row in rows if row[0].strip() and not row[0].startswith("#")]
    return [int(row[column]) for row in rows[:count]]


@pytest.mark.parametrize(("rules", "column"), [("strict", 4), ("wrap", 6)])
def test_figures_are_the_published_scores(
    rules: str, column: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats-deals", "--rules", rules, "--deals", "1-120", "--workers", "2", "--json"]) == 0
    captured = capsys.readouterr()
    figures = json.loads(captured.out)
    published = _published(column, 120)
    assert figures["deals"] == 120 and figures["workers"] == 2 and figures["unproven"] == 0
    assert figures["winnable"] == sum(1 for v in published if v <= 0)
    assert figures["mean"] == round(statistics.fmean(published), 3)
    assert figures["quartiles"] == statistics.quantiles(published, n=4, method="inclusive")
    assert (figures["min"], figures["max"]) == (min(published), max(published))
    assert captured.err.splitlines()[-1].startswith("120/120 deals")  # not a tty: plain progress lines


@pytest.mark.parametrize("game", ["black-hole", "pyramid-golf"])
def test_a_family_game_is_summed_up_from_its_solver(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.patience import find_patience

    assert main(["stats-deals", "--game", game, "--deals", "1-24", "--workers", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    patience = find_patience(game)
    scores = [patience.solve(patience.deal(n)).score for n in range(1, 25)]
    assert figures["game"] == patience.title and figures["unproven"] == 0
    assert figures["winnable"] == sum(1 for v in scores if v <= 0)
    assert figures["quartiles"] == statistics.quantiles(scores, n=4, method="inclusive")
    assert (figures["min"], figures["max"]) == (min(scores), max(scores))


def test_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats-deals", "--deals", "1-10", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    for words in ("winnable", "optimal score", "quartiles", "most common"):
        assert words in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--deals", "5-1"],
        ["--rules", "snooker"],
        ["--workers", "0"],
        ["--max-states", "0"],
        ["--game", "snap"],
        ["--game", "tripeaks", "--rules", "wrap"],
    ],
)
def test_bad_input_is_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats-deals", *argv]) == 2
    assert capsys.readouterr().err.count("\n") == 1


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_redrawn_in_place() -> None:
    stream = _Tty()
    progress = Progress(4, stream)
    for done in range(1, 5):
        progress.update(done)
    progress.close()
    text = stream.getvalue()
    assert text.count("\r") == 4 and "4/4 deals" in text and text.endswith("\n")
    assert "[" + "#" * 30 + "]" in text
