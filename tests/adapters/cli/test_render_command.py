"""``golfbot render`` as a user runs it, in a real subprocess: a deal, a saved board and a Six-card hand
written as PNG files that open, and bad input told in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parents[3]


def golfbot(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("golfbot")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "adapters.cli.main"]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [*command, *args], input=stdin, capture_output=True, text=True, cwd=REPO, env=env, timeout=120
    )


def opened(path: Path) -> tuple[str, tuple[int, int]]:
    with Image.open(path) as image:
        image.load()
        return str(image.format), image.size


def test_a_deal_is_written_as_a_png(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    run = golfbot("render", "--deal", "24", "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"{out}: ") and "foundation J♥, 16 in the stock" in run.stdout
    kind, (width, height) = opened(out)
    assert kind == "PNG" and 600 <= width <= 800 and height < width
    assert out.stat().st_size <= 60_000


def test_a_golf_family_deal_some_moves_in(tmp_path: Path) -> None:
    for game in ("tripeaks", "pyramid-golf", "elevator", "black-hole", "all-in-a-row"):
        out = tmp_path / f"{game}.png"
        run = golfbot("render", "--game", game, "--deal", "5", "--moves", "3", "--out", str(out))
        assert run.returncode == 0, run.stderr
        assert run.stdout.startswith(f"{out}: ") and "Hole 1 of 9" in run.stdout
        kind, (width, _height) = opened(out)
        assert kind == "PNG" and 500 <= width <= 1200
        assert out.stat().st_size <= 60_000


def test_the_four_colour_deck_and_other_rules(tmp_path: Path) -> None:
    two, four = tmp_path / "two.png", tmp_path / "four.png"
    assert golfbot("render", "--deal", "24", "--rules", "wrap", "--out", str(two)).returncode == 0
    run = golfbot("render", "--deal", "24", "--rules", "wrap", "--four-colour", "--out", str(four))
    assert run.returncode == 0, run.stderr
    assert opened(two)[1] == opened(four)[1] and two.read_bytes() != four.read_bytes()


def test_a_saved_board(tmp_path: Path) -> None:
    board = golfbot("deal", "30").stdout
    out = tmp_path / "saved.png"
    run = golfbot("render", "--board", "-", "--out", str(out), stdin=board)
    assert run.returncode == 0, run.stderr
    assert opened(out)[0] == "PNG"


def test_a_sixcard_hand_as_the_place_and_as_a_seat_sees_it(tmp_path: Path) -> None:
    place, seat = tmp_path / "place.png", tmp_path / "seat.png"
    run = golfbot("render", "--game", "six-card", "--deal", "7", "--players", "3", "--out", str(place))
    assert run.returncode == 0, run.stderr
    assert "Six-card Golf, hole 1 of 9" in run.stdout
    run = golfbot(
        "render", "--game", "six-card", "--deal", "7", "--players", "3", "--seat", "1", "--out", str(seat)
    )
    assert run.returncode == 0, run.stderr
    assert opened(place)[1][1] < opened(seat)[1][1]  # the seat's own grid, larger, at the front


def test_bad_input_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "no.png"
    for args in (
        ("--deal", "x"),
        ("--deal", "3", "--rules", "nonsense"),
        ("--game", "six-card", "--players", "9"),
        ("--board", str(tmp_path / "missing.txt")),
    ):
        run = golfbot("render", *args, "--out", str(out))
        assert run.returncode != 0
        assert run.stderr.startswith("golfbot render: ") and len(run.stderr.strip().splitlines()) == 1
        assert "Traceback" not in run.stderr
    assert not out.exists()
