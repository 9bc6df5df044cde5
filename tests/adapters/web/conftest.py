"""Fixtures of the web table's tests: the real app on an SQLite file (the bench's NoSolver: no solver pool),
the web table served on a free loopback port, Telegram ``initData`` signed as Telegram signs it, and pages:
an HTTP client signed in with its WebSocket open, every frame it receives kept as text.

* ``club``  - the app (``adapters.cli.wiring.open_app``).
* ``told``  - the Notifier the site tells of boards moved (``BoardMoved``), recording them.
* ``site``  - the web table of ``club`` on 127.0.0.1, with ``TOKEN`` as the Telegram bot token.
* ``sign``  - ``sign(user, auth_date=None, **fields)``: initData for ``user`` (a dict), signed with ``TOKEN``.
* ``pages`` - ``await pages(user)``: a ``Page`` signed in as ``user``, its hello answered.

The browser tests' helpers (``browsers.py``: headless Chromium, the real ``golfbot telegram`` serving the
table) are loaded here as the module ``browsers``: pytest runs with ``--import-mode=importlib`` and the tests
folders are not packages.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import importlib.util
import json
import random
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest

from adapters.cli.bench_core import NoSolver
from adapters.cli.wiring import App, open_app
from adapters.web.runner import Site, WebSettings, open_site
from bot.events import Event


def _load_helper(name: str) -> None:
    """Import ``<this folder>/<name>.py`` as the top-level module ``name`` (once per session)."""
    if name in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


_load_helper("browsers")

TOKEN = "424242:TEST-token-of-the-web-table"
WAIT = 30.0
"""A generous ceiling for a busy machine: every wait is for a frame, never a pause."""

ANN = {"id": 5001, "first_name": "Ann", "last_name": "Lee", "language_code": "en"}
BOB = {"id": 5002, "first_name": "Bob", "username": "bob", "language_code": "en"}
CAROL = {"id": 5003, "first_name": "Carol", "language_code": "en"}


def signed_init_data(
    user: dict[str, Any], token: str = TOKEN, auth_date: int | None = None, **fields: str
) -> str:
    """``initData`` as Telegram hands it to a Mini App for ``user``, signed for the bot ``token``."""
    values = {
        "user": json.dumps(user, separators=(",", ":")),
        "auth_date": str(int(time.time()) if auth_date is None else auth_date),
        "query_id": "AAF-test",
        **fields,
    }
    check = "\n".join(f"{key}={value}" for key, value in sorted(values.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    values["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(values)


class Told:
    """A Notifier that keeps what it is told."""

    def __init__(self) -> None:
        self.places: list[tuple[str, Event]] = []

    async def to_place(self, place: str, event: Event) -> None:
        self.places.append((place, event))

    async def to_player(self, player: str, event: Event) -> None:
        pass


class Page:
    """A signed-in page: its WebSocket, and every frame it got (``texts``, as sent; ``frames``, parsed)."""

    def __init__(self, http: aiohttp.ClientSession, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.http = http
        self.socket = socket
        self.texts: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self._unread: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type is aiohttp.WSMsgType.TEXT:
                self.texts.append(message.data)
                frame = json.loads(message.data)
                self.frames.append(frame)
                await self._unread.put(frame)

    async def send(self, **frame: Any) -> None:
        await self.socket.send_str(json.dumps(frame))

    async def next(self) -> dict[str, Any]:
        return await asyncio.wait_for(self._unread.get(), WAIT)

    async def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first unread frame that is ``wanted`` (those before it are read past)."""
        while not wanted(frame := await self.next()):
            pass
        return frame

    async def ask(self, **frame: Any) -> dict[str, Any]:
        """Send ``frame``; the answer (the next screen, refusal or error: a private line is read past)."""
        await self.send(**frame)
        return await self.until(lambda f: f["type"] in ("screen", "refused", "error"))

    async def close(self) -> None:
        await self.socket.close()
        self._reader.cancel()
        await asyncio.gather(self._reader, return_exceptions=True)
        await self.http.close()


def url_of(site: Site) -> str:
    return f"http://{site.host}:{site.port}"


@pytest.fixture
async def club(tmp_path: Path) -> AsyncIterator[App]:
    async with open_app(tmp_path / "golf.sqlite3", solver=NoSolver(), rng=random.Random(3)) as app:
        yield app


@pytest.fixture
def told() -> Told:
    return Told()


@pytest.fixture
async def site(club: App, told: Told) -> AsyncIterator[Site]:
    settings = WebSettings(telegram_token=TOKEN, discord_client_id="777", web_app="table")
    matches = club.competition.matches if club.competition is not None else None
    async with open_site(club.clubhouse, club.daily, settings, notifier=told, matches=matches) as running:
        yield running


@pytest.fixture
def sign() -> Callable[..., str]:
    return signed_init_data


@pytest.fixture
async def pages(site: Site) -> AsyncIterator[Callable[[dict[str, Any]], Awaitable[Page]]]:
    opened: list[Page] = []

    async def open_page(user: dict[str, Any]) -> Page:
        http = aiohttp.ClientSession()
        try:
            async with http.post(
                f"{url_of(site)}/api/auth/telegram", json={"init_data": signed_init_data(user)}
            ) as answer:
                assert answer.status == 200, await answer.text()
                token = (await answer.json())["token"]
            socket = await http.ws_connect(f"{url_of(site)}/ws")
        except BaseException:
            await http.close()
            raise
        page = Page(http, socket)
        opened.append(page)
        await page.send(op="hello", token=token)
        welcome = await page.next()
        assert welcome["type"] == "welcome", welcome
        return page

    yield open_page
    for page in opened:
        await page.close()


@pytest.fixture
def base_url(site: Site) -> str:
    """Where ``site`` answers: ``http://127.0.0.1:<port>``."""
    return url_of(site)
