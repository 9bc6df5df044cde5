"""Headless Chromium for the web table's tests: Debian's ``chromium`` driven through its ``chromedriver`` by
Selenium, and the real ``golfbot telegram`` process serving the table against the loopback fake of the Bot
API, as a player meets it.

Selenium is synchronous: every call on a browser runs in a thread (``Browser.run``), so that the fake Bot API,
which lives on the test's event loop, keeps answering the bot meanwhile. The page's WebSocket frames are read
from Chrome's DevTools log (``performance``), so a test can check what reached the browser, not only what it
drew.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement

from adapters.cli.bench_web import free_port, sign_init_data
from benchmarks.fake_bot_api import FakeBotApi
from benchmarks.fake_discord import FakeDiscord

T = TypeVar("T")

GOLFBOT = Path(sys.executable).with_name("golfbot")
WAIT = 60.0
"""A generous ceiling for a busy machine: every wait is for an event, never a pause."""
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or ""
CHROMEDRIVER = shutil.which("chromedriver") or ""
PUBLIC_URL = "https://golf.example.test"
"""The table's public address, as the bot tells Telegram (https, as Telegram requires); the browsers reach
it on loopback, as a reverse proxy would forward it."""
BROWSER_HINT = (
    "the web table's browser tests need Chromium and its driver: "
    "sudo apt-get install chromium chromium-driver"
)


def need_a_browser() -> None:
    """Fail, saying in one line what to install, where there is no browser (never skipped quietly)."""
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.fail(BROWSER_HINT, pytrace=False)


class Browser:
    """One headless Chromium window."""

    def __init__(self, width: int = 360, height: int = 740) -> None:
        need_a_browser()
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--font-render-hinting=none",
            f"--window-size={width},{height}",
        ):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        # the page's viewport exactly (a window's size includes what the browser draws around a page)
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        self.frames: list[tuple[str, dict[str, Any]]] = []
        """Every WebSocket frame seen so far: ("sent" | "received", its JSON)."""

    def as_telegram(self) -> None:
        """Be Telegram's app around the page: its ``postEvent`` bridge (``window.TelegramWebviewProxy``)
        keeps what the page posts in ``window.posted``, from the page's first script on."""
        self.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument",
            {
                "source": "window.posted = []; window.TelegramWebviewProxy = {postEvent(type, data) "
                "{ window.posted.push([type, data ? JSON.parse(data) : null]); }};"
            },
        )

    def posted(self) -> list[Any]:
        return list(self.driver.execute_script("return window.posted || []"))

    async def run(self, call: Callable[[], T]) -> T:
        return await asyncio.to_thread(call)

    async def open(self, url: str) -> None:
        """Load ``url`` anew (a URL that differs from the one shown only after its ``#`` would not reload the
        page: the way there is through a blank one)."""

        def load() -> None:
            self.driver.get("about:blank")
            self.driver.get(url)

        await self.run(load)

    async def until(self, check: Callable[[], T | None], what: str, within: float = WAIT) -> T:
        """Wait until ``check`` (run in the browser's thread) gives something."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            found = await self.run(check)
            if found:
                return found
            if loop.time() > deadline:
                raise AssertionError(f"the page never showed {what}; it shows: {await self.text()!r}")
            await asyncio.sleep(0.05)

    async def text(self) -> str:
        return await self.run(lambda: self.driver.find_element(By.TAG_NAME, "body").text)

    def attribute(self, selector: str, name: str) -> str:
        found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        return (found[0].get_attribute(name) or "") if found else ""

    def elements(self, selector: str) -> list[WebElement]:
        return list(self.driver.find_elements(By.CSS_SELECTOR, selector))

    async def version(self) -> int:
        text = await self.run(lambda: self.attribute("body", "data-version"))
        return int(text) if text.lstrip("-").isdigit() else -1

    async def click(self, selector: str) -> None:
        def click() -> None:
            [element] = self.driver.find_elements(By.CSS_SELECTOR, selector)[:1] or [None]
            if element is None:
                raise AssertionError(f"nothing on the page matches {selector}")
            element.click()

        await self.run(click)

    async def screenshot(self, path: Path) -> None:
        await self.run(lambda: self.driver.save_screenshot(str(path)))

    def read_frames(self) -> list[tuple[str, dict[str, Any]]]:
        """The WebSocket frames since the last call, added to ``frames``."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method = message.get("method", "")
            if method not in ("Network.webSocketFrameReceived", "Network.webSocketFrameSent"):
                continue
            payload = message["params"]["response"]["payloadData"]
            try:
                frame = json.loads(payload)
            except ValueError:
                frame = {"raw": payload}
            self.frames.append(("received" if method.endswith("Received") else "sent", frame))
        return self.frames

    async def frames_text(self) -> str:
        """Every frame the page received so far, as text (to look for what must never reach it)."""
        frames = await self.run(self.read_frames)
        return "\n".join(json.dumps(frame, ensure_ascii=False) for way, frame in frames if way == "received")

    def console_errors(self) -> list[str]:
        return [e["message"] for e in self.driver.get_log("browser") if e.get("level") == "SEVERE"]

    async def close(self) -> None:
        await self.run(self.driver.quit)


@dataclass
class Table:
    """The real bot serving the web table, and its fake Bot API."""

    fake: FakeBotApi
    base: str
    process: asyncio.subprocess.Process
    log: Path

    def mini_app_url(
        self,
        user_id: int,
        name: str,
        *,
        start_param: str = "",
        language: str = "en",
        auth_date: int | None = None,
        init_data: str | None = None,
        theme: dict[str, str] | None = None,
    ) -> str:
        """The page as Telegram opens a Mini App: its launch parameters in the URL's fragment."""
        user = {"id": user_id, "first_name": name, "language_code": language}
        data = init_data or sign_init_data(
            self.fake.token, user, auth_date=auth_date, start_param=start_param
        )
        colours = theme or {"bg_color": "#ffffff", "text_color": "#000000", "button_color": "#2481cc"}
        fragment = (
            f"tgWebAppData={quote(data, safe='')}&tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop"
            f"&tgWebAppThemeParams={quote(json.dumps(colours), safe='')}"
        )
        if start_param:
            fragment += f"&tgWebAppStartParam={quote(start_param, safe='')}"
        return f"{self.base}/#{fragment}"

    def stderr(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def golfbot_environment(folder: Path, port: int, **settings: str) -> dict[str, str]:
    """The environment of a bot process serving the web table on ``port``: this one's, without any setting
    of golfbot's or the platforms', with a database in ``folder`` and ``settings`` (the platform's)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))}
    env.update(
        GOLFBOT_DB=str(folder / "golf.sqlite3"), GOLFBOT_WEB_URL=PUBLIC_URL, GOLFBOT_WEB_PORT=str(port)
    )
    env.update(settings)
    return env


@asynccontextmanager
async def serving_table(folder: Path, **environment: str) -> AsyncIterator[Table]:
    """``golfbot telegram`` as a player's bot runs it, with the web table on a free loopback port; stopped
    with SIGTERM at the end, which must end it cleanly (exit 0, no traceback)."""
    fake = await FakeBotApi().start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = golfbot_environment(
        folder,
        port,
        TELEGRAM_TOKEN=fake.token,
        TELEGRAM_API_BASE_URL=fake.base_url,
        **environment,
    )
    try:
        async with running_bot("telegram", folder, env) as (process, log):
            table = Table(fake, base, process, log)
            await _until_up(table)
            yield table
    finally:
        await fake.close()


@asynccontextmanager
async def serving_discord_table(folder: Path, discord: FakeDiscord) -> AsyncIterator[tuple[str, Path]]:
    """``golfbot discord`` against the loopback fake ``discord``, with the web table on a free loopback port
    and the application's OAuth2 id and secret set (the Activity's sign-in): the table's address and the
    bot's log, once the bot is up. Stopped cleanly at the end (``running_bot``)."""
    port = free_port()
    env = golfbot_environment(
        folder,
        port,
        DISCORD_TOKEN=discord.token,
        DISCORD_API_BASE_URL=discord.base_url,
        DISCORD_CLIENT_ID=str(discord.application_id),
        DISCORD_CLIENT_SECRET=discord.client_secret,
    )
    async with running_bot("discord", folder, env) as (process, log):
        await discord.wait_for(
            lambda: process.returncode is None and discord.connected and discord.commands.get(None),
            timeout=WAIT,
            what="the bot up",
        )
        yield f"http://127.0.0.1:{port}", log


@asynccontextmanager
async def running_bot(
    command: str, folder: Path, env: dict[str, str]
) -> AsyncIterator[tuple[asyncio.subprocess.Process, Path]]:
    """``golfbot COMMAND`` as a real process in ``folder``, its stderr in a file (the process and the file).
    On the way out it is sent SIGTERM if it still runs, and must have stopped cleanly: exit 0, no traceback,
    no ERROR line."""
    log = folder / "golfbot.stderr"
    with log.open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            str(GOLFBOT), command, cwd=folder, env=env, stderr=stderr
        )
    try:
        yield process, log
    finally:
        if process.returncode is None:
            process.terminate()
        code = await asyncio.wait_for(process.wait(), WAIT)
    text = log.read_text(encoding="utf-8", errors="replace")
    assert code == 0, text
    assert "Traceback" not in text and "ERROR" not in text, text


async def _until_up(table: Table) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    port = int(table.base.rpartition(":")[2])
    while True:
        if table.process.returncode is not None:
            raise AssertionError(f"golfbot telegram exited ({table.process.returncode}):\n{table.stderr()}")
        if table.fake.is_polling:
            try:
                _reader, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                pass
            else:
                writer.close()
                return
        if loop.time() > deadline:
            raise AssertionError(f"the web table was not up within {WAIT:g} s:\n{table.stderr()}")
        await asyncio.sleep(0.05)


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()
