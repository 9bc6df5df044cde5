"""Issue 45, item 20: the terminal's screens, in a pseudo-terminal (pexpect) where the terminal matters and
piped where it does not: the key line of ``golfbot play`` never leaves a lone ``·`` on a line of its own;
``golfbot sixcard``'s key line fits 80 columns and breaks between keys; a table in progress says that the
options given wait for a new table, and can be abandoned; ``golfbot daily`` asks before conceding and says
there are no hints; a round resumed after a restart knows its hole's best score when the hole ends."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pexpect
import pytest

GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]
REPO = Path(__file__).resolve().parents[3]
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
HOME = "\x1b[H"
TIMEOUT = 30


def _as_a_shell_starts_it() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL")}
    return {
        **keep,
        "HOME": str(tmp_path),
        "USER": "tester",
        "TERM": "xterm",
        "PYTHONPATH": str(REPO),
        "PYTHONIOENCODING": "utf-8",
    }


def width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def spawn(env: dict[str, str], cwd: Path, *args: str, columns: int = 80) -> pexpect.spawn:
    return pexpect.spawn(
        GOLFBOT[0],
        [*GOLFBOT[1:], *args],
        env=env,
        cwd=str(cwd),
        encoding="utf-8",
        dimensions=(50, columns),
        timeout=TIMEOUT,
        preexec_fn=_as_a_shell_starts_it,
    )


def screen(child: pexpect.spawn) -> str:
    """The next screen of ``golfbot play``, up to its prompt, without the escape codes."""
    child.expect_exact("> ")
    text = child.before.replace("\r\n", "\n")
    return ESCAPE.sub("", text.rsplit(HOME, 1)[-1]).strip("\n")


def piped(env: dict[str, str], cwd: Path, *args: str, keys: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GOLFBOT, *args],
        input=keys,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def _keys(legend: str) -> list[str]:
    """The keys of a legend (the text after ``Keys: `` up to its first blank line), in order."""
    return [item.strip() for item in re.split(r"·|\n", legend.split("\n\n")[0]) if item.strip()]


def test_the_key_line_of_play_leaves_no_lone_separator(env: dict[str, str], tmp_path: Path) -> None:
    """A key line that filled its line to one column short of the terminal had its closing ``·`` wrapped
    onto a line of its own. The width where that happens is worked out from the keys of deal 24."""
    args = ["play", "--deal", "24", "--holes", "1"]
    first = piped(env, tmp_path, *args, "--db", str(tmp_path / "piped.sqlite3"), keys="x")
    items = _keys(first.stdout.split("Keys: ", 1)[1].split("\n>", 1)[0])
    assert items[-1] == "x Save & quit"
    widths = [width("Keys: " + " · ".join(items[:k])) + 1 for k in range(2, len(items))]
    columns = next(w for w in widths if 40 <= w <= 80)  # the first line one column short of the edge
    child = spawn(env, tmp_path, *args, "--db", str(tmp_path / "pty.sqlite3"), columns=columns)
    shown = screen(child)
    child.send("x")
    child.expect(pexpect.EOF)
    legend = "Keys: " + shown.split("Keys: ", 1)[1]
    assert not [line for line in legend.split("\n") if line.strip() == "·"], shown
    assert all(width(line) <= columns for line in legend.split("\n")), shown
    assert _keys(legend.removeprefix("Keys: ")) == items  # every key, in order


def test_the_sixcard_key_line_fits_80_columns_between_keys(env: dict[str, str], tmp_path: Path) -> None:
    shown = piped(env, tmp_path, "sixcard", "--db", str(tmp_path / "g.sqlite3"), "--seed", "3", keys="q\n")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("Keys: "))
    legend = lines[at : at + 2]
    assert legend == [
        "Keys: 1-6 turn a card / put your card there · s stock · p discard pile ·",
        "      x discard · n next hand · a abandon the table · q save and quit",
    ]
    assert all(width(line) <= 80 for line in lines if not line.startswith("tester>")), shown.stdout


def test_a_table_in_progress_says_the_options_wait_and_can_be_abandoned(
    env: dict[str, str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "g.sqlite3"))
    opened = piped(env, tmp_path, "sixcard", *db, "--seed", "3", keys="1 2\nq\n")  # me and Computer 1 (easy)
    assert opened.returncode == 0 and "Computer 1 (easy)" in opened.stdout, opened.stderr
    options = ("--players", "2", "--computers", "hard")
    again = piped(env, tmp_path, "sixcard", *db, *options, keys="a\nno\nq\n")
    assert again.stdout.startswith(
        "You have a table in progress: resuming it, so these options wait for a new table"
        " (a abandons this one)."
    )
    assert "Abandon this table? The game will count for nothing." in again.stdout
    assert "Playing on." in again.stdout and "Player 2>" not in again.stdout
    gone = piped(env, tmp_path, "sixcard", *db, *options, keys="a\ny\n")
    assert gone.returncode == 0, gone.stderr
    assert gone.stdout.rstrip().endswith("Table abandoned — run golfbot sixcard for a new one.")
    new = piped(env, tmp_path, "sixcard", *db, *options, keys="q\n")
    assert "Resuming" not in new.stdout and "in progress" not in new.stdout
    assert "Computer 1 (hard)" in new.stdout and "Computer 1 (easy)" not in new.stdout
    plain = piped(env, tmp_path, "sixcard", *db, keys="q\n")  # no options: resumed as before
    assert plain.stdout.startswith("Resuming your table.")


def test_the_daily_asks_before_conceding_and_has_no_hints(env: dict[str, str], tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    prompt = "Type a key, then Enter (x saves and quits): "
    child = spawn(env, tmp_path, "daily", "--db", db)
    child.expect_exact(prompt)
    child.sendline("h")
    child.expect_exact(prompt)
    assert "There are no hints and no undo in the daily challenge" in child.before
    assert "is not a key here" not in child.before
    child.sendline("q")
    child.expect_exact(prompt)
    assert "Concede this hole? Every card left in the tableau counts." in child.before
    assert "Hole 1 over" not in child.before  # not conceded yet
    child.sendline("n")
    child.expect_exact(prompt)
    assert "Playing on." in child.before
    child.sendline("q")
    child.expect_exact(prompt)
    child.sendline("y")
    child.expect_exact(prompt)
    assert "Hole 1 over" in child.before  # conceded once asked
    child.sendline("x")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _workers(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))) is not None and int(fields[1]) == parent:
            try:
                if b"spawn_main" in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.append(int(entry))
            except OSError:
                pass
    return found


def _cpu(pid: int) -> int:
    fields = _stat(pid)
    return int(fields[11]) + int(fields[12]) if fields else -1  # utime + stime


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_resumed_round_knows_its_best_score_when_the_hole_ends(env: dict[str, str], tmp_path: Path) -> None:
    """The hole in play of a round resumed by a new process had its best score asked only when it ended,
    of a solver pool that started then: "not known yet" for a deal that solves in a millisecond. Now the
    resumed hole asks at once: the solver's worker starts with the board, is let finish (its CPU time
    stops moving), and the hole conceded then shows its best score."""
    args = ["play", "--db", str(tmp_path / "g.sqlite3"), "--deal", "24", "--holes", "2"]
    first = spawn(env, tmp_path, *args)
    screen(first)
    first.send("x")
    first.expect(pexpect.EOF)
    again = spawn(env, tmp_path, *args)
    assert "Stock: 16 left" in screen(again)
    deadline = time.monotonic() + 60
    while not (workers := _workers(again.pid)):
        assert time.monotonic() < deadline, "the resumed hole asked the solver nothing"
        time.sleep(0.1)
    before = -2
    while (now := sum(_cpu(w) for w in workers)) != before:  # the search is over once it stops
        assert time.monotonic() < deadline, "the solver worker never went idle"
        before = now
        time.sleep(1.0)
    again.send("q")
    screen(again)  # asked first
    ended = "\n".join(screen(again) for _ in range(1)) if again.send("y") else ""
    assert "Hole 1 over" in ended, ended
    assert "not known yet" not in ended and "still on this deal" not in ended, ended
    assert "Best possible: " in ended or "the best possible score for this deal" in ended, ended
    again.send("x")
    again.expect(pexpect.EOF)
