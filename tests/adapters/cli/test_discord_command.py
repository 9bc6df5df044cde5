"""``golfbot discord``: registered, its options, its settings, and a clear message (not a traceback) without a
token. As a real process against the loopback fake of Discord: test_run_command.py."""

from __future__ import annotations

import pytest

from adapters.cli.config import Settings
from adapters.cli.discord_command import EXIT_NO_TOKEN
from adapters.cli.main import build_parser, main
from adapters.discord.runner import run_discord


def test_the_discord_command_takes_sync_and_db():
    args = build_parser().parse_args(["discord", "--sync", "--db", "x.sqlite3"])

    assert args.sync is True and args.db == "x.sqlite3"
    assert build_parser().parse_args(["discord"]).sync is False


def test_without_a_token_it_says_what_to_do(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)

    assert main(["discord", "--db", str(tmp_path / "golf.sqlite3")]) == EXIT_NO_TOKEN
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err
    assert not (tmp_path / "golf.sqlite3").exists()


async def test_run_discord_wants_a_token(tmp_path):
    with pytest.raises(ValueError, match="DISCORD_TOKEN"):
        await run_discord(None, Settings(db_path=tmp_path / "golf.sqlite3"))  # type: ignore[arg-type]


def test_the_discord_api_and_the_retry_time_come_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_API_BASE_URL", " http://127.0.0.1:8080 ")
    monkeypatch.setenv("GOLFBOT_START_RETRY_SECONDS", "2.5")
    settings = Settings.load()
    assert (settings.discord_api_base_url, settings.start_retry_seconds) == ("http://127.0.0.1:8080", 2.5)

    monkeypatch.delenv("DISCORD_API_BASE_URL")
    monkeypatch.setenv("GOLFBOT_START_RETRY_SECONDS", "soon")
    settings = Settings.load()
    assert (settings.discord_api_base_url, settings.start_retry_seconds) == ("", 30.0)  # Discord's; default
