"""The web table served by a real ``golfbot telegram`` process (against the loopback fake of the Bot API):
GOLFBOT_WEB_URL and GOLFBOT_WEB_PORT turn it on, a player signs in with Telegram's initData over HTTP and
presses a card over the WebSocket, and SIGTERM stops everything cleanly."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import sys
from pathlib import Path

import aiohttp
from browsers import PUBLIC_URL, free_port, golfbot_environment, running_bot

from benchmarks.fake_bot_api import FakeBotApi

GOLFBOT = Path(sys.executable).with_name("golfbot")
WAIT = 60.0  # a generous ceiling for a busy machine: every wait below is for an event


def _read(log: Path) -> str:
    return log.read_text()


async def _until_logged(log: Path, text: str, process: asyncio.subprocess.Process) -> None:
    """Until the process's stderr says ``text`` (a log line at start)."""
    async with asyncio.timeout(WAIT):
        while text not in _read(log):
            assert process.returncode is None, _read(log)
            await asyncio.sleep(0.05)


async def test_the_web_table_beside_the_telegram_bot(tmp_path: Path, sign) -> None:
    port = free_port()
    async with FakeBotApi() as fake_api:
        env = golfbot_environment(
            tmp_path, port, TELEGRAM_TOKEN=fake_api.token, TELEGRAM_API_BASE_URL=fake_api.base_url
        )
        async with running_bot("telegram", tmp_path, env) as (process, log):
            await _until_logged(log, "web table on http://127.0.0.1:", process)
            base = f"http://127.0.0.1:{port}"
            init_data = sign({"id": 61001, "first_name": "Wren"}, token=fake_api.token)
            async with aiohttp.ClientSession() as http:
                async with http.post(f"{base}/api/auth/telegram", json={"init_data": init_data}) as answer:
                    assert answer.status == 200, await answer.text()
                    token = (await answer.json())["token"]
                async with http.ws_connect(f"{base}/ws") as ws:
                    await ws.send_str(json.dumps({"op": "hello", "token": token}))
                    assert (await ws.receive_json(timeout=WAIT))["type"] == "welcome"
                    await ws.send_str(json.dumps({"op": "play"}))
                    shown = await ws.receive_json(timeout=WAIT)
                    assert shown["type"] == "screen", shown
                    stock = next(
                        b["id"] for row in shown["screen"]["buttons"] for b in row if b["role"] == "stock"
                    )
                    await ws.send_str(json.dumps({"op": "press", "id": stock}))
                    pressed = await ws.receive_json(timeout=WAIT)
                    assert pressed["type"] == "screen", pressed
                    assert pressed["screen"]["version"] == shown["screen"]["version"] + 1
                    assert (
                        pressed["screen"]["board"]["stock_left"] == shown["screen"]["board"]["stock_left"] - 1
                    )
                    process.send_signal(signal.SIGTERM)  # the page still open: the server closes its socket
                    closing = await ws.receive(timeout=WAIT)
                    assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), closing
                    assert await asyncio.wait_for(process.wait(), WAIT) == 0, _read(log)
    text = log.read_text()
    assert "Traceback" not in text and 'File "' not in text and "ERROR" not in text, text
    [line] = [line for line in text.splitlines() if "web table on" in line]
    assert f"web table on http://127.0.0.1:{port} (public URL {PUBLIC_URL})" in line
    assert fake_api.token not in text


async def test_a_port_taken_already_stops_the_bot_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with FakeBotApi() as fake_api:
            env = golfbot_environment(
                tmp_path, port, TELEGRAM_TOKEN=fake_api.token, TELEGRAM_API_BASE_URL=fake_api.base_url
            )
            done = await asyncio.create_subprocess_exec(
                str(GOLFBOT), "telegram", cwd=tmp_path, env=env, stderr=asyncio.subprocess.PIPE
            )
            _out, err = await asyncio.wait_for(done.communicate(), WAIT)
    text = err.decode()
    assert done.returncode == 1, text
    last = text.strip().splitlines()[-1]
    assert (
        last.startswith(f"The web table could not listen on 127.0.0.1:{port}: ")
        and "GOLFBOT_WEB_PORT" in last
    )
    assert "Traceback" not in text


async def test_half_the_web_settings_is_one_warning_and_the_bot_runs(tmp_path: Path) -> None:
    async with FakeBotApi() as fake_api:
        env = golfbot_environment(
            tmp_path, free_port(), TELEGRAM_TOKEN=fake_api.token, TELEGRAM_API_BASE_URL=fake_api.base_url
        )
        del env["GOLFBOT_WEB_URL"]
        async with running_bot("telegram", tmp_path, env) as (process, log):
            await _until_logged(log, "the web table is off", process)
            await fake_api.wait_for(lambda: fake_api.is_polling, timeout=WAIT)
    text = _read(log)
    assert "only GOLFBOT_WEB_PORT is set" in text and "web table on" not in text
    assert not fake_api.calls_to("setChatMenuButton")
