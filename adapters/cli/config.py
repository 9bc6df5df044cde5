"""Settings from the environment or a ``.env`` file. Tokens are secrets: never printed, never logged."""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from adapters.postgres.url import DatabaseUrl

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""``adapters.postgres.url.SCHEMES``, spelled out so that a command on SQLite never imports the PostgreSQL
store (and asyncpg with it)."""


def default_db_path() -> Path:
    from platformdirs import user_data_dir  # imported when needed: every command imports this module

    return Path(user_data_dir("golfbot", appauthor=False)) / "golfbot.sqlite3"


@dataclass(frozen=True, slots=True)
class Settings:
    db_path: Path | DatabaseUrl
    """An SQLite file, or a PostgreSQL server's URL (``GOLFBOT_DB=postgresql://...``)."""
    discord_token: str = field(default="", repr=False)
    discord_guild_id: int | None = None
    discord_api_base_url: str = ""
    telegram_token: str = field(default="", repr=False)
    telegram_api_base_url: str = ""
    telegram_webhook_url: str = ""
    log_level: str = "INFO"
    start_retry_seconds: float = 30.0

    @classmethod
    def load(cls, *, db: str | None = None, env_file: str | Path | None = ".env") -> Settings:
        """Read settings; an existing environment variable wins over the same one in ``.env``."""
        if env_file is not None and Path(env_file).is_file():
            from dotenv import load_dotenv

            load_dotenv(env_file, override=False)
        env = os.environ
        guild = env.get("DISCORD_GUILD_ID", "").strip()
        database = (db or env.get("GOLFBOT_DB") or "").strip()
        db_path: Path | DatabaseUrl
        if database.lower().startswith(POSTGRES_SCHEMES):
            from adapters.postgres.url import DatabaseUrl

            db_path = DatabaseUrl(database)
        else:
            db_path = Path(database or default_db_path()).expanduser()
        return cls(
            db_path=db_path,
            discord_token=env.get("DISCORD_TOKEN", "").strip(),
            discord_guild_id=int(guild) if guild.isdigit() else None,
            discord_api_base_url=env.get("DISCORD_API_BASE_URL", "").strip(),
            telegram_token=env.get("TELEGRAM_TOKEN", "").strip(),
            telegram_api_base_url=env.get("TELEGRAM_API_BASE_URL", "").strip(),
            telegram_webhook_url=env.get("TELEGRAM_WEBHOOK_URL", "").strip(),
            log_level=env.get("GOLFBOT_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            start_retry_seconds=_seconds(env.get("GOLFBOT_START_RETRY_SECONDS", ""), default=30.0),
        )


def _seconds(text: str, *, default: float) -> float:
    try:
        value = float(text)
    except ValueError:
        return default
    return value if value >= 0 else default


def configure_logging(settings: Settings) -> None:
    """Log lines to stderr at the configured level. Tokens are never passed to a logger."""
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
