"""The real terminal program, ``golfbot play``, in a pseudo-terminal (pexpect) and through a pipe: a hole
played to its score, a round killed with SIGKILL mid-hole that resumes exactly as last shown, the keys,
an 80-column terminal, and ``golfbot stats`` / ``golfbot migrate`` on the same database."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import unicodedata
from pathlib import Path

import pexpect
import pytest

from engine import solver
from engine.deal import deal
from engine.moves import parse_moves

GOLFBOT = [sys.executable, "-m", "adapters.cli.main"]
REPO = Path(__file__).resolve().parents[3]
CLEAR = "\x1b[2J\x1b[H"
TIMEOUT = 30


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A clean environment: no bot tokens, no GOLFBOT_DB, a home of its own; the repository importable."""
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "SYSTEMROOT")}
    return {
        **keep,
        "HOME": str(tmp_path),
        "USER": "tester",
        "LOGNAME": "tester",
        "TERM": "xterm",
        "PYTHONPATH": str(REPO),
        "PYTHONIOENCODING": "utf-8",
    }


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "terminal.sqlite3")


def width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


class Terminal:
    """``golfbot`` in a pseudo-terminal of 80 columns, read one screen at a time."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path) -> None:
        self.child = pexpect.spawn(
            GOLFBOT[0],
            [*GOLFBOT[1:], *args],
            env=env,
            cwd=str(cwd),
            encoding="utf-8",
            dimensions=(50, 80),
            timeout=TIMEOUT,
        )
        self.output = ""

    def screen(self) -> str:
        """The next screen drawn, up to its prompt (what the player sees), without the escape codes."""
        self.child.expect_exact("> ")
        text = self.child.before.replace("\r\n", "\n")
        self.output += text
        return text.rsplit(CLEAR, 1)[-1].strip("\n")

    def press(self, key: str) -> str:
        self.child.send(key)
        return self.screen()

    def finish(self) -> int:
        self.child.expect(pexpect.EOF)
        self.output += self.child.before.replace("\r\n", "\n")
        self.child.close()
        return self.child.exitstatus


def keys_shown(screen: str) -> list[str]:
    """The keys of the legend, e.g. ``Keys: 1 10♣ · 2 10♠ · d Turn stock (16) · q Concede hole``."""
    legend = screen[screen.index("Keys: ") + 6 :] if "Keys: " in screen else ""
    return [item.split()[0] for item in re.split(r" · |\n", legend) if item.strip()]


def greedy_key(screen: str) -> str:
    """The first playable column, else turn the stock (d), else the next hole (n)."""
    keys = keys_shown(screen)
    for key in (*[k for k in keys if k.isdigit()], "d", "n"):
        if key in keys:
            return key
    raise AssertionError(f"nothing to press on:\n{screen}")


def greedy_score(number: int) -> int:
    hole = deal(number)
    while not hole.is_over:
        hole = hole.play(hole.legal_moves()[0])
    return hole.score


def test_play_a_hole_to_its_score_in_a_terminal(env, db, tmp_path):
    term = Terminal(["play", "--db", db, "--holes", "1", "--deal", "24"], env, tmp_path)
    screen = term.screen()
    assert screen.startswith("⛳ Hole 1 of 1")
    assert "Foundation: J♥   Stock: 16 left" in screen
    assert "Hole 1 of 1 · deal #24 · strict · total 0 · par 5" in screen
    assert keys_shown(screen) == ["1", "2", "5", "d", "h", "q"]

    while "Round over" not in screen:
        screen = term.press(greedy_key(screen))

    score = greedy_score(24)
    assert screen.startswith(f"🏁 Round over: {score} ({score - 5:+d}) · par 5")
    result = next(line for line in screen.splitlines() if line.startswith("Hole 1 over"))
    assert result.startswith(f"Hole 1 over with {score} cards left: score {score}.")
    best = solver.best_score(deal(24))
    assert result.endswith((f"Best possible: {best}.", f"no line can beat {solver.lower_bound(deal(24))}."))
    assert term.finish() == 0
    assert "Thanks for playing!" in term.output
    assert max(width(line) for line in term.output.replace(CLEAR, "").splitlines()) <= 80


def test_a_cut_short_search_shows_the_best_found_and_the_proven_bound(env, db, tmp_path):
    env["GOLFBOT_SOLVER_STATES"] = "10"  # the bot's solver gives up after ten positions
    term = Terminal(["play", "--db", db, "--holes", "1", "--deal", "24"], env, tmp_path)
    screen = term.screen()
    while "Round over" not in screen:
        screen = term.press(greedy_key(screen))
    score = greedy_score(24)
    cut = solver.solve(deal(24), max_states=10)
    assert not cut.proven
    result = " ".join(screen[screen.index("Hole 1 over") :].split())
    found = min(score, cut.score)
    assert result.startswith(
        f"Hole 1 over with {score} cards left: score {score}. Best found {found}; "
        f"no line can beat {cut.lower_bound} (the search was cut short)."
    )
    assert term.finish() == 0


def test_a_killed_round_resumes_exactly_as_last_shown(env, db, tmp_path):
    args = ["play", "--db", db, "--holes", "2", "--deal", "24"]
    term = Terminal(args, env, tmp_path)
    screen = term.screen()
    for _ in range(6):
        screen = term.press(greedy_key(screen))
    shown = screen
    assert "Stock: 16 left" not in shown  # the stock was turned at least once
    term.child.kill(signal.SIGKILL)
    term.child.close()
    assert term.child.signalstatus == signal.SIGKILL

    again = Terminal(args, env, tmp_path)
    resumed = again.screen()
    assert "You have a round in progress; resuming it" in again.output
    assert resumed == shown

    # and it plays on from there: the same key gives the same board in both worlds
    key = greedy_key(resumed)
    after = again.press(key)
    assert after != resumed
    again.child.send("x")  # leave; the round is saved
    assert again.finish() == 0
    assert "Saved. Run golfbot play to go on." in again.output

    third = Terminal(args, env, tmp_path)
    assert third.screen() == after
    third.child.send("a")
    assert third.finish() == 0
    assert "Round abandoned" in third.output and "Bye!" in third.output


def test_the_other_keys(env, db, tmp_path):
    term = Terminal(["play", "--db", db, "--holes", "2", "--deal", "24"], env, tmp_path)
    first = term.screen()

    assert term.press("?").startswith("Keys: 1-7 play that column")
    assert term.press("z").startswith("'z' is not a key here.")
    assert term.press("n").startswith("The hole is still in play.")
    refused = term.press("4")  # 4♦ cannot go on J♥: the board again, with the engine's reason
    assert refused == first + "\n\n4♦ cannot go on J♥."

    hinted = term.press("h")
    assert "💡 Hint: play" in hinted
    turned = term.press(" ")  # space turns the stock, like d
    assert "Stock: 15 left" in turned
    over = term.press("q")
    assert "Hole 1 of 2 — finished" in over and "Hole 1 over with 35 cards left: score 35." in over
    assert keys_shown(over) == ["n"]
    second = term.press("\r")  # Enter goes on to the next hole
    assert second.startswith("⛳ Hole 2 of 2") and "deal #25" in second
    assert "Round total 35 (+30) · par 10" in second
    assert first != second
    term.child.sendeof()
    assert term.finish() == 0


def test_a_piped_game(env, db, tmp_path):
    """Not a terminal: white space only separates keys, and the program ends with its input."""
    run = subprocess.run(
        [*GOLFBOT, "play", "--db", db, "--holes", "1", "--deal", "24"],
        input="1\n d\td  q\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=TIMEOUT,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert CLEAR not in run.stdout
    left = deal(24).play_all(parse_moves("1 s s q")).score
    assert f"Hole 1 over with {left} cards left: score {left}." in run.stdout
    assert "Thanks for playing!" in run.stdout
    assert run.stderr == ""


def test_a_piped_game_that_stops_early_resumes_next_time(env, db, tmp_path):
    def play(keys: str) -> str:
        run = subprocess.run(
            [*GOLFBOT, "play", "--db", db, "--holes", "1", "--deal", "24"],
            input=keys,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=TIMEOUT,
            check=True,
        )
        return run.stdout

    first = play("1 d")
    assert "Round over" not in first
    last_board = first.rsplit("⛳", 1)[1].split("\n> ")[0]
    second = play("q")
    assert "You have a round in progress; resuming it" in second
    assert second.split("⛳", 1)[1].split("\n> ")[0] == last_board
    assert "Hole 1 over with 34 cards left: score 34." in second


def test_stats_and_migrate_on_the_same_database(env, db, tmp_path):
    def golfbot(*args: str, keys: str = "") -> str:
        run = subprocess.run(
            [*GOLFBOT, *args],
            input=keys,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=TIMEOUT,
            check=True,
        )
        return run.stdout

    assert f"Database is up to date: {db}" in golfbot("migrate", "--db", db)
    assert "No holes played yet." in golfbot("stats", "--db", db)
    golfbot("play", "--db", db, "--holes", "1", "--deal", "24", keys="q")
    golfbot("play", "--db", db, "--holes", "1", "--deal", "25", keys="d q")
    stats = golfbot("stats", "--db", db)
    assert "📊 tester's Golf — terminal" in stats
    assert "Rounds played: 2" in stats
    assert "Holes played: 2" in stats
    assert "Average hole score: 35.00" in stats
    assert "Holes cleared: 0%" in stats
    assert "Best hole: 35" in stats
    assert f"Database is up to date: {db}" in golfbot("migrate", "--db", db)


def test_the_database_path_comes_from_the_environment(env, tmp_path):
    """GOLFBOT_DB names the database when --db is not given (a .env file may set it too)."""
    path = tmp_path / "from-env.sqlite3"
    env = {**env, "GOLFBOT_DB": str(path)}
    run = subprocess.run(
        [*GOLFBOT, "migrate"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=TIMEOUT,
        check=True,
    )
    assert str(path) in run.stdout and path.is_file()

    (tmp_path / ".env").write_text(f"GOLFBOT_DB={tmp_path / 'from-dotenv.sqlite3'}\n")
    del env["GOLFBOT_DB"]
    subprocess.run(
        [*GOLFBOT, "migrate"], capture_output=True, env=env, cwd=tmp_path, timeout=TIMEOUT, check=True
    )
    assert (tmp_path / "from-dotenv.sqlite3").is_file()
