"""The checks of ``golfbot doctor`` (its command line is ``adapters.cli.doctor``): what a deployment
needs before starting it, one line per check.

- the database (``GOLFBOT_DB``/``--db``): it can be reached, its schema is up to date (or can be brought
  up to date), and the bot's user may read and write every table (PostgreSQL: table privileges, and the
  right to create tables while migrations are pending; SQLite: the file and its folder);
- each token that is set: Discord's (``GET /users/@me`` at ``DISCORD_API_BASE_URL``, default Discord's
  own) and Telegram's (``getMe`` at ``TELEGRAM_API_BASE_URL``, default Telegram's own).

It changes nothing (no migration, no webhook). A token is sent to its own API only and never printed.
Exit status 0 when every check passed, 1 when one failed; a check that does not apply (no token set) is
``skip``. Each failure is one line that says what is wrong.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg

from adapters.cli.config import Settings
from adapters.postgres import DatabaseUrl, available_migrations
from adapters.postgres.migrate import ELSEWHERE as PG_ELSEWHERE
from adapters.postgres.migrate import SCHEMA_TABLES
from adapters.schema_guard import refusal

DISCORD_API = "https://discord.com/api/v10"
TIMEOUT = 10.0
TABLES = (
    "players",
    "places",
    "rounds",
    "holes",
    "timers",
    "schema_migrations",
    "installation",
    "daily_settings",
    "daily_days",
    "daily_results",
    "daily_totals",
    "daily_weeks",
    "competitions",
    "match_results",
)


@dataclass(frozen=True, slots=True)
class Check:
    status: str
    """``ok``, ``FAIL`` or ``skip``."""
    name: str
    detail: str

    def line(self) -> str:
        return f"{self.status:<4} {self.name}: {self.detail}"


async def run_checks(settings: Settings, *, tokens: bool = True) -> list[Check]:
    checks = [await check_database(settings.db_path)]
    if tokens:
        checks.append(await check_discord(settings.discord_token, settings.discord_api_base_url))
        checks.append(await check_telegram(settings.telegram_token, settings.telegram_api_base_url))
        web = check_web_table(settings)
        if web is not None:
            checks.append(web)
    return checks


def check_web_table(settings: Settings) -> Check | None:
    """The web table's settings (README, "The web table"): both or neither, an https address, and what
    the Discord Activity needs besides. None where neither is set (no web table: nothing to say)."""
    name = "web table"
    url, port = settings.web_url, settings.web_port
    if not url and port is None:
        return None
    if not url or port is None:
        missing = "GOLFBOT_WEB_PORT" if url else "GOLFBOT_WEB_URL"
        return Check("FAIL", name, f"{missing} is not set: the web table needs both it and the other")
    if not url.startswith("https://"):
        return Check("FAIL", name, f"{url} is not an https address: Telegram and Discord open only those")
    activity = (
        "the Discord Activity can sign players in"
        if settings.discord_client_id and settings.discord_client_secret
        else "no Discord Activity (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are not both set)"
    )
    return Check("ok", name, f"{url} served on {settings.web_host}:{port}; {activity}")


# ---- the database ----------------------------------------------------------------------------------


async def check_database(db: Path | DatabaseUrl) -> Check:
    if isinstance(db, DatabaseUrl):
        return await _check_postgres(db)
    return await asyncio.to_thread(_check_sqlite, db)


def _schema_note(applied: set[int]) -> tuple[str, bool]:
    """What the schema's state is, and whether migrations are pending."""
    latest = len(available_migrations())
    done = max(applied, default=0)
    if done > latest:
        return f"schema {done} is newer than this golfbot ({latest}): upgrade golfbot", False
    if done < latest:
        return f"schema {done} of {latest} (`golfbot migrate` or the next start brings it up to date)", True
    return f"schema {latest} of {latest}", False


async def _check_postgres(db: DatabaseUrl) -> Check:
    name = f"database {db}"
    try:
        conn = await asyncpg.connect(db.url, timeout=TIMEOUT)
    except TimeoutError:
        return Check("FAIL", name, f"cannot connect: the server did not answer within {TIMEOUT:g} s")
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
        return Check("FAIL", name, f"cannot connect: {type(error).__name__}: {error}".strip())
    try:
        if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
            applied: set[int] = set()
        else:
            applied = {r[0] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        tables = {r[0] for r in await conn.fetch(SCHEMA_TABLES)}
        why = refusal(tables, applied, len(available_migrations()), elsewhere=PG_ELSEWHERE)
        if why is not None:
            return Check("FAIL", name, why)
        note, pending = _schema_note(applied)
        missing = []
        for table in TABLES:
            if await conn.fetchval("SELECT to_regclass($1)", table) is None:
                continue  # created by a pending migration
            for privilege in ("SELECT", "INSERT", "UPDATE", "DELETE"):  # several at once: true if any
                if not await conn.fetchval(
                    "SELECT has_table_privilege(current_user, $1, $2)", table, privilege
                ):
                    missing.append(table)
                    break
        if missing:
            user = await conn.fetchval("SELECT current_user")
            return Check(
                "FAIL",
                name,
                f"user {user} may not read and write {', '.join(missing)}"
                f" (GRANT SELECT, INSERT, UPDATE, DELETE ON {', '.join(missing)} TO {user})",
            )
        if pending and not await conn.fetchval(
            "SELECT has_schema_privilege(current_user, current_schema(), 'CREATE')"
        ):
            user = await conn.fetchval("SELECT current_user")
            return Check("FAIL", name, f"{note}, but user {user} may not create tables in the schema")
        server = await conn.fetchval("SHOW server_version")
        return Check("ok", name, f"PostgreSQL {server}, {note}, may read and write every table")
    finally:
        await conn.close()


def _check_sqlite(path: Path) -> Check:
    name = f"database {path}"
    folder = path.parent
    if not path.exists():
        if folder.exists() and not os.access(folder, os.W_OK):
            return Check("FAIL", name, f"no database yet, and the folder {folder} is not writable")
        return Check("ok", name, "no database yet: the first start creates it")
    if not os.access(path, os.R_OK | os.W_OK):
        return Check("FAIL", name, "the file is not readable and writable by this user")
    if not os.access(folder, os.W_OK):
        return Check("FAIL", name, f"the folder {folder} is not writable (SQLite writes its journal there)")
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            has = "schema_migrations" in tables
            applied = {r[0] for r in db.execute("SELECT version FROM schema_migrations")} if has else set()
    except sqlite3.DatabaseError as error:
        return Check("FAIL", name, f"not a golfbot database: {error}")
    why = refusal(tables, applied, len(available_migrations()), elsewhere="choose another file")
    if why is not None:
        return Check("FAIL", name, why)
    note, _ = _schema_note(applied)
    return Check("FAIL" if "newer" in note else "ok", name, f"SQLite, {note}")


# ---- the tokens ------------------------------------------------------------------------------------


async def _get(url: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    async with (
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=TIMEOUT)) as session,
        session.get(url, headers=headers) as response,
    ):
        try:
            body = await response.json(content_type=None)
        except ValueError:
            body = None
        return response.status, body


async def check_discord(token: str, base_url: str = "") -> Check:
    name = "discord token"
    if not token:
        return Check("skip", name, "DISCORD_TOKEN is not set")
    base = (base_url.strip() or DISCORD_API).rstrip("/")
    if "/api/v" not in base:  # as the bot reads DISCORD_API_BASE_URL (adapters/discord/runner.py)
        base += "/api/v10"
    try:
        status, body = await _get(f"{base}/users/@me", {"Authorization": f"Bot {token}"})
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        return Check("FAIL", name, f"cannot reach {base}: {type(error).__name__}")
    if status == 401:
        return Check("FAIL", name, "Discord rejected DISCORD_TOKEN: copy it again from the Developer Portal")
    if status != 200 or not isinstance(body, dict):
        return Check("FAIL", name, f"{base} answered HTTP {status}")
    found = f"bot {body.get('username', '?')} (id {body.get('id', '?')})"
    if str(body.get("id", "")).isdigit():  # a bot's user id is its application's id
        from adapters.discord.permissions import invite_url

        found += f"; invite link: {invite_url(int(body['id']))}"
    return Check("ok", name, found)


async def check_telegram(token: str, base_url: str) -> Check:
    from adapters.telegram.app import api_urls

    name = "telegram token"
    if not token:
        return Check("skip", name, "TELEGRAM_TOKEN is not set")
    api, _ = api_urls(base_url)
    try:
        status, body = await _get(f"{api}{token}/getMe")
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        return Check("FAIL", name, f"cannot reach {api.removesuffix('/bot')}: {type(error).__name__}")
    if status in (401, 404):
        return Check("FAIL", name, "Telegram rejected TELEGRAM_TOKEN: check it with @BotFather")
    if status != 200 or not isinstance(body, dict) or not body.get("ok"):
        return Check("FAIL", name, f"the Bot API answered HTTP {status}")
    return Check("ok", name, f"@{body['result'].get('username', '?')}")
