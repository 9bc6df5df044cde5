"""Issue 45, item 13: Ctrl-C in ``golfbot sixcard`` did nothing twice and ended in a threading traceback the
third time; in ``golfbot daily`` it did nothing until Enter, and the key typed after it was lost. The real
programs in a pseudo-terminal, started as a shell starts them: one Ctrl-C at the prompt leaves at once
(exit 130, no traceback), with the game saved where it stood."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pexpect
import pytest

GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]
REPO = Path(__file__).resolve().parents[3]
TIMEOUT = 30


def _as_a_shell_starts_it() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # the tests may run with SIGINT ignored (nohup)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL")}
    return {**keep, "HOME": str(tmp_path), "USER": "tester", "TERM": "xterm", "PYTHONPATH": str(REPO)}


def spawn(env: dict[str, str], cwd: Path, *args: str) -> pexpect.spawn:
    return pexpect.spawn(
        GOLFBOT[0],
        [*GOLFBOT[1:], *args],
        env=env,
        cwd=str(cwd),
        encoding="utf-8",
        dimensions=(50, 100),
        timeout=TIMEOUT,
        preexec_fn=_as_a_shell_starts_it,
    )


def interrupted(child: pexpect.spawn) -> str:
    """Ctrl-C, and everything printed until the program has ended by itself (no key after it)."""
    child.sendintr()
    child.expect(pexpect.EOF, timeout=TIMEOUT)
    child.close()
    output: str = child.before
    assert child.exitstatus == 130, output
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert "Exception ignored" not in output, output
    return output


def test_ctrl_c_leaves_golfbot_sixcard_at_once(env: dict[str, str], tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    child = spawn(env, tmp_path, "sixcard", "--db", db, "--seed", "3")
    child.expect_exact("tester> ")
    child.sendline("1 2")  # the opening's two cards
    child.expect_exact("tester> ")
    assert "Saved — run golfbot sixcard to go on." in interrupted(child)
    again = spawn(env, tmp_path, "sixcard", "--db", db)
    again.expect_exact("tester> ")
    assert "Resuming your table." in again.before and "to play." in again.before  # where it stood
    interrupted(again)


def test_ctrl_c_leaves_golfbot_daily_at_once(env: dict[str, str], tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    prompt = "Type a key, then Enter (x saves and quits): "
    child = spawn(env, tmp_path, "daily", "--db", db)
    child.expect_exact(prompt)
    child.sendline("d")
    child.expect_exact(prompt)
    stock = child.before.split("Stock: ")[1].split()[0]
    assert "Saved — run golfbot daily to go on." in interrupted(child)
    again = spawn(env, tmp_path, "daily", "--db", db)
    again.expect_exact(prompt)
    assert f"Stock: {stock} left" in again.before  # the turn was kept
    again.sendline("d")  # the first key after a restart counts
    again.expect_exact(prompt)
    assert f"Stock: {int(stock) - 1} left" in again.before
    interrupted(again)
