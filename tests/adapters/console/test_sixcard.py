"""``golfbot sixcard`` as a real process, keys piped in: a hot-seat table of two people and a computer,
saved on quit and resumed by the next run where it stood; a wrong option is one line and exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def golfbot(tmp_path: Path, keys: str, *options: str) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "USER": "tester",
        "PYTHONPATH": str(REPO),
    }
    db = str(tmp_path / "g.sqlite3")
    command = [sys.executable, "-m", "adapters.cli.main", "sixcard", "--db", db, *options]
    return subprocess.run(
        command, input=keys, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60, check=False
    )


def test_a_hot_seat_table_is_saved_on_quit_and_resumed(tmp_path):
    first = golfbot(tmp_path, "1\n2\n1\n2\nq\n", "--players", "2", "--computers", "hard", "--seed", "5")
    assert first.returncode == 0, first.stderr
    assert "tester>" in first.stdout and "Player 2>" in first.stdout
    assert "Computer 1 (hard)" in first.stdout
    assert "Saved — run golfbot sixcard to go on." in first.stdout
    last_screen = first.stdout.rsplit("Six-card Golf · hole 1/9", 1)[1].split("Keys:")[0]
    again = golfbot(tmp_path, "1\nq\n")  # with other options: the table stands as it was opened
    assert again.returncode == 0, again.stderr
    assert "Resuming your table." in again.stdout
    assert last_screen in again.stdout  # exactly where it stood
    assert "to play." in last_screen  # the opening is over: turns go round
    assert again.stdout.count("Six-card Golf · hole 1/9") == 2  # a move, then the table after it


def test_end_of_input_saves_too_and_a_wrong_option_is_one_line(tmp_path):
    quiet = golfbot(tmp_path, "")
    assert quiet.returncode == 0 and "Saved" in quiet.stdout and quiet.stderr == ""
    wrong = golfbot(tmp_path, "", "--players", "4", "--computers", "easy")
    assert wrong.returncode == 2
    assert wrong.stderr.strip().count("\n") == 0 and "2 to 4 seats" in wrong.stderr
    unknown = golfbot(tmp_path, "", "--computers", "genius")
    assert unknown.returncode == 2 and "no computer player 'genius'" in unknown.stderr


def test_a_table_resumed_with_other_options_is_played_as_it_was_opened(tmp_path):
    first = golfbot(tmp_path, "1\n2\nq\n", "--players", "2", "--computers", "easy")
    assert first.returncode == 0, first.stderr
    again = golfbot(tmp_path, "3\nq\n")  # no options: one person and a computer, were it a new table
    assert again.returncode == 0, again.stderr
    assert "Resuming your table." in again.stdout and again.stdout.count("Player 2>") == 2


def test_keys_on_one_line_are_played_in_turn_while_the_same_seat_acts(tmp_path):
    for folder in ("alone", "wrong", "seats"):
        (tmp_path / folder).mkdir()
    alone = golfbot(tmp_path / "alone", "1 2\n  \nq\n", "--seed", "3")  # the opening's two cards at once
    assert alone.returncode == 0, alone.stderr
    assert "to play." in alone.stdout.rsplit("Six-card Golf · hole 1/9", 1)[1]  # the opening is over
    assert "is not a key here" not in alone.stdout  # nor is a blank line
    wrong = golfbot(tmp_path / "wrong", "1 zz 2\nq\n", "--seed", "3")
    assert "'zz' is not a key here." in wrong.stdout and "to play." not in wrong.stdout  # the rest dropped
    # hot-seat: what one person typed past their turn is not played for the next
    two = ("--players", "2", "--computers", "easy", "--seed", "5")
    seats = golfbot(tmp_path / "seats", "1 2 1 2\nq\n", *two)
    assert seats.returncode == 0, seats.stderr
    assert seats.stdout.count("Player 2>") == 1 and "Saved" in seats.stdout
