"""Found 3 and 4: a wrong option or a database file that cannot be used ended in a 30-80 line traceback,
and a file of random bytes hung the process for good. The real ``golfbot`` console script, as a
subprocess: one line on stderr saying what is wrong and what to do, exit code 2 (the command line) or 1
(the environment), no traceback, and no hang (every run has a timeout)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
SCRIPT = Path(sys.executable).parent / "golfbot"
GOLFBOT = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "adapters.cli.main"]
TIMEOUT = 30
OTHER = "choose another file with --db or GOLFBOT_DB"
NOBODY = 65534


@pytest.fixture
def home() -> Iterator[Path]:
    """A folder every user can reach (when the tests run as root, some run as nobody: root may write
    anywhere, so a read-only file is read-only only for someone else)."""
    folder = Path(tempfile.mkdtemp(prefix="golfbot-failures-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for path in folder.rglob("*"):
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(folder)


def golfbot(*args: str, cwd: Path, as_someone_else: bool = False) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(cwd),
        "USER": "tester",
        "PYTHONPATH": str(REPO),
        "LANG": "C.UTF-8",
    }
    prefix: list[str] = []
    if as_someone_else and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: root may write a read-only file")
        prefix = [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    return subprocess.run(
        [*prefix, *GOLFBOT, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        timeout=TIMEOUT,  # a hang fails the test
        check=False,
    )


def one_line(run: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in run.stderr, run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("option", "line"),
    [
        (["--holes", "0"], "golfbot play: A round has 1 to 18 holes, not 0."),
        (["--holes", "99"], "golfbot play: A round has 1 to 18 holes, not 99."),
        (
            ["--deal", "-5"],
            "golfbot play: '-5' is not a deal number (use a whole number from 1 to 99999999999999999999).",
        ),
        (
            ["--deal", "abc"],
            "golfbot play: 'abc' is not a deal number (use a whole number from 1 to 99999999999999999999).",
        ),
        (
            ["--rules", "nosuch"],
            "golfbot play: Unknown rules 'nosuch'; try one of: strict, queens-on-kings, wrap, dead-king, "
            "dead-king-golf, golf, putt-putt, qok, relaxed, relaxed-golf; or a game of the Golf family: "
            "tripeaks, pyramid-golf, elevator, black-hole, all-in-a-row.",
        ),
        (
            ["--rules", "wrap+jokers=3"],
            "golfbot play: Unknown rule option 'jokers=3'; try one of: jokers=1, jokers=2, head-start, "
            "double, stuck-draw, winnable-only.",
        ),
        (
            ["--holes", "abc"],
            "golfbot play: argument --holes: invalid int value: 'abc' (see golfbot play --help)",
        ),
    ],
)
def test_a_wrong_option_is_one_line_and_exit_2(home, option, line):
    run = golfbot("play", "--db", str(home / "g.sqlite3"), *option, cwd=home)
    assert run.returncode == 2
    assert one_line(run) == line
    assert run.stdout == ""
    assert not (home / "g.sqlite3").exists()  # refused before anything was opened


COMMANDS = ["play", "stats", "migrate", "run"]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_of_random_bytes(home, command):
    db = home / "noise.sqlite3"
    db.write_bytes(bytes(range(256)) * 16)
    run = golfbot(command, "--db", str(db), cwd=home)
    assert run.returncode == 1
    assert one_line(run) == (
        f"golfbot {command}: {db} is not a golfbot database (not an SQLite file): move it away or {OTHER}"
    )
    assert db.read_bytes() == bytes(range(256)) * 16  # left as it was


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder(home, command):
    run = golfbot(command, "--db", str(home), cwd=home)
    assert run.returncode == 1
    assert one_line(run) == (
        f"golfbot {command}: {home} is a folder, not a database file: give a file name, "
        f"e.g. --db {home / 'golfbot.sqlite3'}"
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_that_cannot_be_written(home, command):
    locked = home / "locked"
    locked.mkdir(mode=0o555)
    locked.chmod(0o555)
    db = locked / "g.sqlite3"
    run = golfbot(command, "--db", str(db), cwd=home, as_someone_else=True)
    assert run.returncode == 1
    assert (
        one_line(run)
        == f"golfbot {command}: cannot create {db}: the folder {locked} is not writable; {OTHER}"
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_read_only_file(home, command):
    db = home / "g.sqlite3"
    made = golfbot("migrate", "--db", str(db), cwd=home)
    assert made.returncode == 0, made.stderr
    db.chmod(0o444)
    run = golfbot(command, "--db", str(db), cwd=home, as_someone_else=True)
    assert run.returncode == 1
    assert one_line(run) == (f"golfbot {command}: {db} is read-only: make it writable (chmod u+w) or {OTHER}")


def test_a_file_where_the_folder_should_be(home):
    (home / "plain").write_text("not a folder")
    db = home / "plain" / "g.sqlite3"
    run = golfbot("migrate", "--db", str(db), cwd=home)
    assert run.returncode == 1
    assert (
        one_line(run)
        == f"golfbot migrate: cannot create {db}: {home / 'plain'} is a file, not a folder; {OTHER}"
    )


def test_debug_adds_the_traceback(home):
    db = home / "noise.sqlite3"
    db.write_bytes(b"\xff" * 4096)
    env_run = subprocess.run(
        [*GOLFBOT, "migrate", "--db", str(db)],
        capture_output=True,
        text=True,
        env={
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(home),
            "PYTHONPATH": str(REPO),
            "GOLFBOT_LOG_LEVEL": "DEBUG",
        },
        cwd=home,
        timeout=TIMEOUT,
        check=False,
    )
    assert env_run.returncode == 1
    assert "Traceback" in env_run.stderr
    assert env_run.stderr.rstrip().splitlines()[-1].startswith("golfbot migrate: ")


def test_run_with_a_token_and_a_bad_database(home):
    """The database is opened before any bot connects: the same line, and no network is touched."""
    db = home / "noise.sqlite3"
    db.write_bytes(b"\x00\xff" * 2048)
    run = subprocess.run(
        [*GOLFBOT, "run", "--db", str(db)],
        capture_output=True,
        text=True,
        env={
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(home),
            "PYTHONPATH": str(REPO),
            "DISCORD_TOKEN": "x",
        },
        cwd=home,
        stdin=subprocess.DEVNULL,
        timeout=TIMEOUT,
        check=False,
    )
    assert run.returncode == 1
    assert one_line(run) == (
        f"golfbot run: {db} is not a golfbot database (not an SQLite file): move it away or {OTHER}"
    )
