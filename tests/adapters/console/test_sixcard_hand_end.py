"""``golfbot sixcard`` as a real process (issue 45, item 9): when a hand ends, the terminal shows every
seat's grid face up with its score and pairs, and the next hand is dealt only when the player presses n."""

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
    command = [
        sys.executable,
        "-m",
        "adapters.cli.main",
        "sixcard",
        "--db",
        str(tmp_path / "g.sqlite3"),
        *options,
    ]
    return subprocess.run(
        command, input=keys, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60, check=False
    )


def test_a_finished_hand_is_shown_face_up_until_n_deals_the_next(tmp_path):
    # the opening, then every face-down card replaced by a card from the stock: the hand ends (keys typed
    # past its end, were the computer first to go out, are refused and change nothing)
    run = golfbot(tmp_path, "1 2\ns 3\ns 4\ns 5\ns 6\nn\nq\n", "--seed", "3")
    assert run.returncode == 0, run.stderr
    over = run.stdout.split("Six-card Golf · hole 1/9 is over", 1)[1].split("Six-card Golf · hole 2/9", 1)[0]
    assert "tester: " in over and "Computer 1 (easy): " in over  # every seat, with its score
    assert "##" not in over  # every card face up
    assert "Next hand (n) deals hole 2." in over and "Totals: tester " in over
    assert "Saved" in run.stdout.rsplit("Six-card Golf · hole 2/9", 1)[1]  # dealt on n, then quit
