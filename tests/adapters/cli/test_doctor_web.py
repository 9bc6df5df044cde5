"""``golfbot doctor`` on the web table's settings, as a real process: both or neither, an https address,
and whether the Discord Activity can sign players in. Without them it says nothing of a web table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

GOLFBOT = Path(sys.executable).with_name("golfbot")


def doctor(tmp_path: Path, **settings: str) -> tuple[int, list[str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))}
    env.update(GOLFBOT_DB=str(tmp_path / "golf.sqlite3"), **settings)
    done = subprocess.run(
        [str(GOLFBOT), "doctor"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.stderr == "", done.stderr
    return done.returncode, [line for line in done.stdout.splitlines() if "web table" in line]


def test_no_web_settings_no_word_of_a_web_table(tmp_path: Path) -> None:
    assert doctor(tmp_path) == (0, [])


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        ({"GOLFBOT_WEB_PORT": "8080"}, "FAIL web table: GOLFBOT_WEB_URL is not set"),
        ({"GOLFBOT_WEB_URL": "https://golf.example.org"}, "FAIL web table: GOLFBOT_WEB_PORT is not set"),
        (
            {"GOLFBOT_WEB_URL": "http://golf.example.org", "GOLFBOT_WEB_PORT": "8080"},
            "FAIL web table: http://golf.example.org is not an https address",
        ),
    ],
)
def test_a_web_table_that_cannot_work_fails(tmp_path: Path, settings: dict[str, str], said: str) -> None:
    code, [line] = doctor(tmp_path, **settings)
    assert code == 1 and line.startswith(said), line


def test_a_web_table_set_up_whole(tmp_path: Path) -> None:
    code, [line] = doctor(
        tmp_path,
        GOLFBOT_WEB_URL="https://golf.example.org",
        GOLFBOT_WEB_PORT="8080",
        DISCORD_CLIENT_ID="1234",
        DISCORD_CLIENT_SECRET="not-for-your-eyes",
    )
    assert code == 0 and line == (
        "ok   web table: https://golf.example.org served on 127.0.0.1:8080; "
        "the Discord Activity can sign players in"
    )
