"""``golfbot telegram``: registered, its options, and clear messages (not tracebacks) for what is missing.

The command run as a real process against the fake Bot API is in tests/adapters/telegram/test_runner.py
(it needs that folder's fixtures)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.cli.main import build_parser, main
from adapters.cli.telegram_command import EXIT_BAD_OPTIONS, EXIT_NO_TOKEN


def test_the_telegram_command_takes_db_and_webhook_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TELEGRAM_WEBHOOK_SECRET", raising=False)
    polling = build_parser().parse_args(["telegram"])
    assert (polling.db, polling.webhook_url, polling.listen, polling.port, polling.secret_token) == (
        None,
        None,
        "0.0.0.0",
        8443,
        "",
    )
    line = "telegram --db x.sqlite3 --webhook-url https://golf.example/tg --listen 127.0.0.1 --port 8080"
    args = build_parser().parse_args([*line.split(), "--secret-token", "s3cret"])
    assert (args.db, args.webhook_url, args.listen, args.port, args.secret_token) == (
        "x.sqlite3",
        "https://golf.example/tg",
        "127.0.0.1",
        8080,
        "s3cret",
    )


def test_the_secret_may_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_WEBHOOK_SECRET", "from-env")
    assert build_parser().parse_args(["telegram"]).secret_token == "from-env"


def test_without_a_token_it_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("TELEGRAM_TOKEN", raising=False)

    assert main(["telegram", "--db", str(tmp_path / "golf.sqlite3")]) == EXIT_NO_TOKEN
    assert "TELEGRAM_TOKEN is not set" in capsys.readouterr().err
    assert not (tmp_path / "golf.sqlite3").exists()


def test_a_webhook_url_must_be_a_url(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TELEGRAM_TOKEN", "123:abc")
    db = str(tmp_path / "golf.sqlite3")
    assert main(["telegram", "--db", db, "--webhook-url", "golf.example"]) == EXIT_BAD_OPTIONS
    err = capsys.readouterr().err
    assert "--webhook-url must be an http(s) URL" in err and "123:abc" not in err
