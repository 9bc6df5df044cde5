"""The web table as a Discord Activity, in headless Chromium: the page runs in an iframe of a parent page that
plays Discord's client (the Embedded App SDK's RPC over ``postMessage``: the handshake, READY, AUTHORIZE,
AUTHENTICATE), against the real ``golfbot discord`` serving the table and the loopback fake of Discord,
which exchanges the authorisation code. Every request the page makes goes through Discord's proxy path
(``/.proxy/...``), and none leaves the bot's own origin."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from browsers import Browser, free_port, serving_discord_table
from selenium.webdriver.common.by import By

from benchmarks.fake_discord import FakeDiscord

CODE = "code-of-the-activity"

PARENT = """<!doctype html><html><body style="margin:0">
<iframe id="activity" src="{src}" style="width:360px;height:740px;border:0"></iframe>
<script>
window.rpc = [];
addEventListener('message', (event) => {{
  const [op, payload] = event.data;
  window.rpc.push([op, payload]);
  const page = document.getElementById('activity').contentWindow;
  if (op === 0) page.postMessage([1, {{cmd: 'DISPATCH', evt: 'READY', data: {{v: 1}}}}], '*');
  if (op === 1 && payload.cmd === 'AUTHORIZE')
    page.postMessage([1, {{cmd: 'AUTHORIZE', nonce: payload.nonce, data: {{code: '{code}'}}}}], '*');
  if (op === 1 && payload.cmd === 'AUTHENTICATE') {{
    const user = {{id: '{user}'}};
    page.postMessage([1, {{cmd: 'AUTHENTICATE', nonce: payload.nonce, data: {{user}}}}], '*');
  }}
}});
</script></body></html>"""


@dataclass
class Client:
    runner: web.AppRunner
    url: str


async def discords_client(html: str) -> Client:
    """A page on a loopback port of its own (another origin than the table's), as Discord's client is."""

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=html, content_type="text/html")

    app = web.Application()
    app.router.add_get("/", page)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return Client(runner, f"http://127.0.0.1:{port}/")


def requests_of(browser: Browser) -> list[str]:
    """Every URL the browser asked for so far (documents, files, the WebSocket)."""
    urls = []
    for entry in browser.driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
        elif message.get("method") == "Network.webSocketCreated":
            urls.append(message["params"]["url"])
    return urls


async def test_the_activity_signs_in_by_discords_rpc_and_plays_through_the_proxy(tmp_path: Path) -> None:
    async with FakeDiscord() as discord:
        alice = discord.add_member("alice")
        discord.authorize_code(CODE, alice)
        async with serving_discord_table(tmp_path, discord) as (origin, log):
            await in_the_activity(origin, discord, alice.id)
        text = log.read_text()
        assert "Traceback" not in text and "ERROR" not in text and discord.client_secret not in text, text


async def in_the_activity(origin: str, discord: FakeDiscord, user: int) -> None:
    """Discord's client opens the Activity at ``origin``; the player plays a move there."""
    browser = Browser(400, 760)
    client = None
    try:
        src = f"{origin}/?frame_id=F1&instance_id=I1&guild_id={discord.guild_id}&platform=desktop"
        parent = PARENT.format(src=src, code=CODE, user=user)
        client = await discords_client(parent)  # Discord's client page, on an origin of its own
        await browser.open(client.url)
        await browser.run(
            lambda: browser.driver.switch_to.frame(browser.driver.find_element(By.ID, "activity"))
        )
        await browser.until(lambda: browser.attribute("body", "data-state") == "lobby", "the lobby")
        assert await browser.run(lambda: browser.attribute("body", "data-platform")) == "discord"
        await browser.click("#play")
        await browser.until(lambda: browser.attribute("body", "data-state") == "screen", "a table")
        version = await browser.version()
        await browser.click('#buttons button[data-role="stock"]')
        await browser.until(lambda: browser.attribute("body", "data-version") > str(version), "a move")

        await browser.run(browser.driver.switch_to.default_content)
        rpc: list[Any] = await browser.run(lambda: browser.driver.execute_script("return window.rpc"))
        handshake = next(payload for op, payload in rpc if op == 0)
        assert handshake["client_id"] == str(discord.application_id) and handshake["frame_id"] == "F1"
        authorize = next(p for op, p in rpc if op == 1 and p.get("cmd") == "AUTHORIZE")
        assert authorize["args"]["scope"] == ["identify"] and authorize["args"]["response_type"] == "code"
        assert any(op == 1 and p.get("cmd") == "AUTHENTICATE" for op, p in rpc)

        asked = [
            url
            for url in await browser.run(lambda: requests_of(browser))
            if not url.startswith(client.url)  # Discord's own page (and its icon)
        ]
        page, *after = asked
        assert page == src and after
        assert all(url.startswith((origin, origin.replace("http", "ws"))) for url in after), after
        paths = [url.split(origin.rpartition(":")[2], 1)[1] for url in after]
        assert all(path.startswith("/.proxy/") for path in paths), paths
        assert "/.proxy/ws" in paths and "/.proxy/api/auth/discord" in paths
        assert any(path.startswith("/.proxy/cards/") for path in paths)
    finally:
        await browser.close()
        if client is not None:
            await client.runner.cleanup()
