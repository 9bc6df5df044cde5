"""The shared top's surface: the cards every game deals, and no game loaded by importing it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import engine


def test_all_names_exist() -> None:
    for name in engine.__all__:
        assert hasattr(engine, name), name
    assert sorted(engine.__all__) == ["Card", "CardError", "Suit", "card_name", "parse_card"]


def test_importing_the_shared_top_loads_no_game() -> None:
    """A fresh interpreter: the cards, the Game protocol and pairings come without Golf or Six-card."""
    script = (
        "import sys, engine, engine.cards, engine.game, engine.pairing\n"
        "print(sorted(m for m in sys.modules if m.startswith(('engine.golf', 'engine.sixcard'))))\n"
    )
    repo = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, cwd=repo, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
