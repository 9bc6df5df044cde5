"""``golfbot doctor`` as a real subprocess: the database (reachable, schema, permissions) and the tokens,
checked against loopback fakes of Discord's and Telegram's APIs; one line per check, nothing secret."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from aiohttp import web
from pg_server import PASSWORD

from adapters.postgres import PostgresStorage, available_migrations
from benchmarks import fake_bot_api

DISCORD_TOKEN = "discord-token-that-is-a-secret"

LATEST = len(available_migrations())


@pytest.fixture
async def telegram_api() -> AsyncIterator[Any]:
    async with fake_bot_api.FakeBotApi() as api:
        yield api


@pytest.fixture
async def discord_api() -> AsyncIterator[str]:
    """Discord's ``GET /users/@me`` on 127.0.0.1: 200 for DISCORD_TOKEN, 401 for any other."""

    async def me(request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {DISCORD_TOKEN}":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response({"id": "4242", "username": "golfbot", "bot": True})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield f"http://127.0.0.1:{port}/api/v10"
    await runner.cleanup()


async def doctor(tmp_path: Path, *options: str, **env: str) -> tuple[int, list[str]]:
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "adapters.cli.main",
        "doctor",
        *options,
        env={**environment, **env},
        cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 60)
    assert err == b"", err.decode()  # no traceback, no warning
    assert process.returncode is not None
    return process.returncode, out.decode().splitlines()


async def test_everything_ok(tmp_path: Path, pg_url: str, telegram_api: Any, discord_api: str) -> None:
    await (await PostgresStorage.open(pg_url)).close()  # migrated
    code, lines = await doctor(
        tmp_path,
        GOLFBOT_DB=pg_url,
        DISCORD_TOKEN=DISCORD_TOKEN,
        DISCORD_API_BASE_URL=discord_api,
        TELEGRAM_TOKEN=telegram_api.token,
        TELEGRAM_API_BASE_URL=telegram_api.base_url,
    )
    assert code == 0, lines
    assert [line.split()[0] for line in lines] == ["ok", "ok", "ok"]
    assert "may read and write every table" in lines[0] and f"schema {LATEST} of {LATEST}" in lines[0]
    assert "bot golfbot (id 4242)" in lines[1]
    assert lines[2].startswith("ok   telegram token: @")


async def test_what_is_wrong_is_one_line_each(
    tmp_path: Path, pg_url: str, telegram_api: Any, discord_api: str
) -> None:
    await (await PostgresStorage.open(pg_url)).close()
    reader = f"reader_{pg_url.split('/')[3].split('?')[0]}"  # roles are the server's: one per database
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute(f"CREATE ROLE {reader} LOGIN PASSWORD '{PASSWORD}'")
        await conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {reader}")
    finally:
        await conn.close()
    reader_url = pg_url.replace("postgresql://postgres:", f"postgresql://{reader}:")
    code, lines = await doctor(
        tmp_path,
        GOLFBOT_DB=reader_url,
        DISCORD_TOKEN="wrong-discord-token",
        DISCORD_API_BASE_URL=discord_api,
        TELEGRAM_TOKEN="123456:wrong-telegram-token",
        TELEGRAM_API_BASE_URL=telegram_api.base_url,
    )
    assert code == 1
    assert len(lines) == 3 and all(line.startswith("FAIL") for line in lines), lines
    assert f"user {reader} may not read and write players, places" in lines[0] and "GRANT" in lines[0]
    assert "Discord rejected DISCORD_TOKEN" in lines[1]
    assert "Telegram rejected TELEGRAM_TOKEN" in lines[2]
    assert not any("wrong-" in line for line in lines)


async def test_an_unreachable_database_and_no_tokens(tmp_path: Path) -> None:
    code, lines = await doctor(tmp_path, GOLFBOT_DB="postgresql://golf:hunter2@127.0.0.1:1/golf")
    assert code == 1
    assert lines[0].startswith("FAIL database postgresql://golf:***@127.0.0.1:1/golf: cannot connect")
    assert lines[1:] == [
        "skip discord token: DISCORD_TOKEN is not set",
        "skip telegram token: TELEGRAM_TOKEN is not set",
    ]
    assert "hunter2" not in "".join(lines)


async def test_skip_tokens_checks_the_database_only(tmp_path: Path, pg_url: str) -> None:
    await (await PostgresStorage.open(pg_url)).close()
    code, lines = await doctor(
        tmp_path,
        "--skip-tokens",
        GOLFBOT_DB=pg_url,
        TELEGRAM_TOKEN="123:never-sent",
        TELEGRAM_API_BASE_URL="http://127.0.0.1:1",
    )
    assert code == 0 and len(lines) == 1 and lines[0].startswith("ok   database")


async def test_an_sqlite_database_that_is_not_created_yet(tmp_path: Path) -> None:
    code, lines = await doctor(tmp_path, GOLFBOT_DB=str(tmp_path / "golf.sqlite3"))
    assert code == 0
    assert (
        lines[0] == f"ok   database {tmp_path / 'golf.sqlite3'}: no database yet: the first start creates it"
    )
