"""Settings from environment variables or a .env file: the environment wins, --db wins over both, the
default database lives in the user data folder (platformdirs), and tokens never show in a repr."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.cli.config import Settings, default_db_path

NAMES = (
    "GOLFBOT_DB",
    "GOLFBOT_LOG_LEVEL",
    "DISCORD_TOKEN",
    "DISCORD_GUILD_ID",
    "TELEGRAM_TOKEN",
    "TELEGRAM_API_BASE_URL",
    "TELEGRAM_WEBHOOK_URL",
)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No setting from outside, data folders under tmp_path; and whatever a .env put into os.environ
    (python-dotenv writes there) is taken out again afterwards."""
    saved = dict(os.environ)
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    yield
    os.environ.clear()
    os.environ.update(saved)


def test_defaults(tmp_path):
    settings = Settings.load()
    assert settings.db_path == tmp_path / "data" / "golfbot" / "golfbot.sqlite3" == default_db_path()
    assert (settings.discord_token, settings.telegram_token) == ("", "")
    assert settings.discord_guild_id is None
    assert settings.log_level == "INFO"


def test_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("GOLFBOT_DB", "~/golf/bot.sqlite3")
    monkeypatch.setenv("DISCORD_TOKEN", "  discord-secret  ")
    monkeypatch.setenv("DISCORD_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("TELEGRAM_TOKEN", "123:telegram-secret")
    monkeypatch.setenv("TELEGRAM_API_BASE_URL", "http://127.0.0.1:8081/bot")
    monkeypatch.setenv("TELEGRAM_WEBHOOK_URL", "https://golf.example/hook")
    monkeypatch.setenv("GOLFBOT_LOG_LEVEL", "debug")
    settings = Settings.load()
    assert settings.db_path == tmp_path / "home" / "golf" / "bot.sqlite3"  # ~ expanded
    assert settings.discord_token == "discord-secret"
    assert settings.discord_guild_id == 123456789012345678
    assert settings.telegram_token == "123:telegram-secret"
    assert settings.telegram_api_base_url == "http://127.0.0.1:8081/bot"
    assert settings.telegram_webhook_url == "https://golf.example/hook"
    assert settings.log_level == "DEBUG"


def test_from_a_dotenv_file_where_the_environment_wins(monkeypatch, tmp_path):
    (tmp_path / ".env").write_text(
        "# settings of this checkout\n"
        "DISCORD_TOKEN=from-dotenv\n"
        "TELEGRAM_TOKEN='quoted-telegram'\n"
        f"GOLFBOT_DB={tmp_path / 'dotenv.sqlite3'}\n"
        "DISCORD_GUILD_ID=not-a-number\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("DISCORD_TOKEN", "from-environment")
    settings = Settings.load()
    assert settings.discord_token == "from-environment"
    assert settings.telegram_token == "quoted-telegram"
    assert settings.db_path == tmp_path / "dotenv.sqlite3"
    assert settings.discord_guild_id is None


def test_the_db_option_wins(monkeypatch, tmp_path):
    (tmp_path / ".env").write_text(f"GOLFBOT_DB={tmp_path / 'dotenv.sqlite3'}\n", encoding="utf-8")
    assert Settings.load(db=str(tmp_path / "option.sqlite3")).db_path == tmp_path / "option.sqlite3"
    monkeypatch.setenv("GOLFBOT_DB", str(tmp_path / "env.sqlite3"))
    assert Settings.load(db=str(tmp_path / "option.sqlite3")).db_path == tmp_path / "option.sqlite3"
    assert Settings.load().db_path == tmp_path / "env.sqlite3"


def test_another_env_file_or_none(tmp_path):
    other = tmp_path / "production.env"
    other.write_text("TELEGRAM_TOKEN=prod\n", encoding="utf-8")
    (tmp_path / ".env").write_text("TELEGRAM_TOKEN=dev\n", encoding="utf-8")
    assert Settings.load(env_file=None).telegram_token == ""
    assert Settings.load(env_file=tmp_path / "missing.env").telegram_token == ""
    assert Settings.load(env_file=other).telegram_token == "prod"


def test_tokens_never_show(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "discord-secret-value")
    monkeypatch.setenv("TELEGRAM_TOKEN", "123:telegram-secret-value")
    settings = Settings.load()
    for text in (repr(settings), str(settings), f"{settings}", f"{settings!r}"):
        assert "secret-value" not in text
        assert "db_path=" in text
