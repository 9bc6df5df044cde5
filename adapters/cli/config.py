"""Settings from the environment or a ``.env`` file. Tokens are secrets: never printed, never logged."""

from __future__ import annotations

import logging
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from adapters.log_context import FIELDS, WhereFilter, suffix

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from adapters.postgres.url import DatabaseUrl

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""``adapters.postgres.url.SCHEMES``, spelled out so that a command on SQLite never imports the PostgreSQL
store (and asyncpg with it)."""
_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
"""A setting that starts like a URL (``mysql://``, ``postgresql+asyncpg://``) names a server, never a file."""


def database_setting(database: str) -> Path | DatabaseUrl:
    """``--db`` or ``GOLFBOT_DB`` as the store it names: a PostgreSQL URL, or else an SQLite file. Any other
    URL is refused (CommandFailed, one line, the password masked): taken as a file name it would create
    a folder ``mysql:``."""
    if database.lower().startswith(POSTGRES_SCHEMES):
        from adapters.postgres.url import DatabaseUrl

        return DatabaseUrl(database)
    scheme = _URL.match(database)
    if scheme is not None:
        from adapters.cli.failure import CommandFailed
        from adapters.postgres.url import redact

        advice = "give an SQLite file or a postgresql:// URL"
        if scheme[1].lower().startswith("postgres"):  # postgresql+asyncpg://: SQLAlchemy's spelling
            advice = "write postgresql:// (golfbot picks its driver)"
        raise CommandFailed(f"unknown database scheme {scheme[1]}:// in {redact(database)}: {advice}")
    return Path(database or default_db_path()).expanduser()


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
    log_format: str = "text"
    """``text`` (a line a record, for a terminal) or ``json`` (an object a line, for a log collector)."""
    start_retry_seconds: float = 30.0
    web_url: str = ""
    """The web table's public https address (``GOLFBOT_WEB_URL``); with ``web_port``, the bots serve it."""
    web_port: int | None = None
    """The local port the web table listens on (``GOLFBOT_WEB_PORT``; 0: any free one, for tests)."""
    web_host: str = "127.0.0.1"
    web_app: str = "table"
    """The Telegram Mini App's short name (BotFather's ``/newapp``), for the direct links groups get."""
    discord_client_id: str = ""
    discord_client_secret: str = field(default="", repr=False)
    """The Discord application's OAuth2 secret, for the Activity's sign-in; never sent to a page."""

    @property
    def web_on(self) -> bool:
        """Whether the bots serve the web table (its public address and its port are both set)."""
        return bool(self.web_url) and self.web_port is not None

    @classmethod
    def load(cls, *, db: str | None = None, env_file: str | Path | None = ".env") -> Settings:
        """Read settings; an existing environment variable wins over the same one in ``.env``."""
        if env_file is not None and Path(env_file).is_file():
            from dotenv import load_dotenv

            load_dotenv(env_file, override=False)
        env = os.environ
        guild = env.get("DISCORD_GUILD_ID", "").strip()
        database = (db or env.get("GOLFBOT_DB") or "").strip()
        return cls(
            db_path=database_setting(database),
            discord_token=env.get("DISCORD_TOKEN", "").strip(),
            discord_guild_id=int(guild) if guild.isdigit() else None,
            discord_api_base_url=env.get("DISCORD_API_BASE_URL", "").strip(),
            telegram_token=env.get("TELEGRAM_TOKEN", "").strip(),
            telegram_api_base_url=env.get("TELEGRAM_API_BASE_URL", "").strip(),
            telegram_webhook_url=env.get("TELEGRAM_WEBHOOK_URL", "").strip(),
            log_level=env.get("GOLFBOT_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            log_format=env.get("GOLFBOT_LOG_FORMAT", "text").strip().lower() or "text",
            start_retry_seconds=_seconds(env.get("GOLFBOT_START_RETRY_SECONDS", ""), default=30.0),
            web_url=env.get("GOLFBOT_WEB_URL", "").strip().rstrip("/"),
            web_port=_port(env.get("GOLFBOT_WEB_PORT", "")),
            web_host=env.get("GOLFBOT_WEB_HOST", "").strip() or "127.0.0.1",
            web_app=env.get("GOLFBOT_WEB_APP", "").strip() or "table",
            discord_client_id=env.get("DISCORD_CLIENT_ID", "").strip(),
            discord_client_secret=env.get("DISCORD_CLIENT_SECRET", "").strip(),
        )


def _port(text: str) -> int | None:
    """``GOLFBOT_WEB_PORT``: a port number (0: any free port), else None (no web table)."""
    text = text.strip()
    return int(text) if text.isdigit() and int(text) <= 65535 else None


def _seconds(text: str, *, default: float) -> float:
    try:
        value = float(text)
    except ValueError:
        return default
    return value if value >= 0 else default


LOG_FORMATS = ("text", "json")
LOG_HANDLER = "golfbot"
"""The name of the bots' log handler: the PostgreSQL store's reconnection warnings go to it alone, as one
line (``adapters.postgres.pool_log``), never over a terminal game's board."""
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
"""What ``GOLFBOT_LOG_LEVEL`` may be (any other is one line at start: a typo would hide what it meant)."""


class JsonFormatter(logging.Formatter):
    """A log record as one JSON object on one line: ``time`` (UTC, ISO 8601, milliseconds), ``level``,
    ``logger``, ``message``, and ``exception`` (the traceback's text) when there is one. The standard
    library's Formatter, subclassed: a dozen lines need no dependency. A traceback already redacted by a
    filter (``record.exc_text``, as the Telegram token filter leaves it) is used as it is."""

    def format(self, record: logging.LogRecord) -> str:
        import json
        from datetime import UTC, datetime

        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:  # who and where: a press's or a command's (adapters/log_context.py)
            if value := getattr(record, name, ""):
                entry[name] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """``TEXT_FORMAT``, and the platform, place and player of a press or command at the end of the line
    (``[discord place=discord:42 player=discord:7]``)."""

    def __init__(self) -> None:
        super().__init__(TEXT_FORMAT)

    def formatMessage(self, record: logging.LogRecord) -> str:
        return super().formatMessage(record) + suffix(record)


def configure_logging(settings: Settings) -> None:
    """Log to stderr at the configured level, as text lines or JSON objects (``GOLFBOT_LOG_FORMAT``).
    Tokens are never passed to a logger (and the Telegram token is filtered out of what libraries log)."""
    if settings.log_format not in LOG_FORMATS:
        from adapters.cli.failure import CommandFailed

        raise CommandFailed(f"GOLFBOT_LOG_FORMAT is text or json, not {settings.log_format!r}.")
    if settings.log_level not in LOG_LEVELS:
        from adapters.cli.failure import CommandFailed

        levels = f"{', '.join(LOG_LEVELS[:-1])} or {LOG_LEVELS[-1]}"
        raise CommandFailed(f"GOLFBOT_LOG_LEVEL is {levels}, not {settings.log_level!r}.")
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name(LOG_HANDLER)
    handler.setFormatter(JsonFormatter() if settings.log_format == "json" else TextFormatter())
    handler.addFilter(WhereFilter())
    logging.basicConfig(level=logging.getLevelName(settings.log_level), handlers=[handler])
