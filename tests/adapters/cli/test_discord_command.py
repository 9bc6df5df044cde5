"""``golfbot discord``: registered, its options, and a clear message (not a traceback) without a token."""

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
