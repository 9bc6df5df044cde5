"""Telegram webhook mode with two worker processes behind a load balancer, on one PostgreSQL database.

Two real ``golfbot telegram`` processes serve the same webhook URL with the same secret; a round-robin
HTTP balancer on 127.0.0.1 (written here with aiohttp) hands Telegram's updates (the loopback fake Bot
API's) to one and then the other, so one player's presses reach both processes in turn, and twice the
same press reaches both at once. Every press is applied once, the double press once, and the message ends
showing the board as stored."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from aiohttp import ClientSession, web

from adapters.postgres import PostgresStorage
from benchmarks.fake_bot_api import FakeBotApi, FakeUser
from bot.actions import parse_action_id

SECRET = "shared-by-every-worker"


def _pg_server() -> ModuleType:
    if "pg_server" not in sys.modules:
        path = Path(__file__).parents[1] / "postgres" / "pg_server.py"
        spec = importlib.util.spec_from_file_location("pg_server", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["pg_server"] = module
        spec.loader.exec_module(module)
    return sys.modules["pg_server"]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RoundRobin:
    """An HTTP load balancer: each request goes to the next worker in turn; the body and the secret
    header are passed on as they came."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.sent_to: list[int] = []
        self.runner: web.AppRunner | None = None
        self.session: ClientSession | None = None

    async def forward(self, request: web.Request) -> web.Response:
        port = self.ports[len(self.sent_to) % len(self.ports)]
        self.sent_to.append(port)
        assert self.session is not None
        async with self.session.post(
            f"http://127.0.0.1:{port}{request.path}",
            data=await request.read(),
            headers={
                k: v
                for k, v in request.headers.items()
                if k.lower() in ("content-type", "x-telegram-bot-api-secret-token")
            },
        ) as answer:
            return web.Response(status=answer.status, body=await answer.read())

    async def start(self, port: int) -> None:
        self.session = ClientSession()
        app = web.Application()
        app.router.add_post("/{path:.*}", self.forward)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", port).start()

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
        if self.session is not None:
            await self.session.close()


@pytest.fixture
async def workers(fake_api: FakeBotApi, tmp_path: Path) -> AsyncIterator[dict[str, Any]]:
    url = await _pg_server().fresh_database()
    ports = [free_port(), free_port()]
    balancer = RoundRobin(ports)
    lb_port = free_port()
    await balancer.start(lb_port)
    env = {
        **os.environ,
        "GOLFBOT_DB": url,
        "TELEGRAM_TOKEN": fake_api.token,
        "TELEGRAM_API_BASE_URL": fake_api.base_url,
        "TELEGRAM_WEBHOOK_SECRET": SECRET,
        "GOLFBOT_LOG_LEVEL": "WARNING",
    }
    env.pop("DISCORD_TOKEN", None)
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "adapters.cli.main",
            "telegram",
            "--webhook-url",
            f"http://127.0.0.1:{lb_port}/golf/telegram",
            "--listen",
            "127.0.0.1",
            "--port",
            str(port),
            env=env,
            cwd=tmp_path,
        )
        for port in ports
    ]
    try:
        await fake_api.wait_for(lambda: len(fake_api.calls_to("setWebhook")) == 2, timeout=60)
        yield {"url": url, "balancer": balancer, "ports": ports}
    finally:
        for process in processes:
            if process.returncode is None:
                process.terminate()
        for process in processes:
            await asyncio.wait_for(process.wait(), 30)
        await balancer.stop()


def stock_button(fake_api: FakeBotApi, user: FakeUser) -> str:
    board = fake_api.chat_messages(user.id)[-1]
    [data] = [b.callback_data for b in board.buttons if b.text.startswith("Turn stock")]
    assert data is not None
    return data


async def test_presses_of_one_player_reaching_two_workers_by_turns_break_nothing(
    fake_api: FakeBotApi, alice: FakeUser, workers: dict[str, Any]
) -> None:
    fake_api.push_command(alice, None, "/play strict 1 #24")
    [board] = await fake_api.wait_for(lambda: fake_api.chat_messages(alice.id), timeout=30)
    round_id = parse_action_id(stock_button(fake_api, alice)).session

    async def answered(*updates: dict[str, Any]) -> None:
        await fake_api.wait_for(lambda: all(fake_api.answers_to(u) for u in updates), timeout=30)

    async def board_at(version: int) -> None:  # the message catches up with the stored version
        await fake_api.wait_for(
            lambda: parse_action_id(stock_button(fake_api, alice)).version == version, timeout=30
        )

    applied = 0
    for turn in range(8):
        data = stock_button(fake_api, alice)
        if turn in (3, 6):  # the same button pressed twice at once: the two reach two workers
            first = fake_api.push_callback(alice, None, board.message_id, data)
            second = fake_api.push_callback(alice, None, board.message_id, data)
            await answered(first, second)
            texts = sorted(str(fake_api.answers_to(u)[0].text or "") for u in (first, second))
            assert texts[0] == "" and "out of date" in texts[1]  # one applied, one refused
        else:
            await answered(fake_api.push_callback(alice, None, board.message_id, data))
        applied += 1
        await board_at(applied + 1)

    balancer = workers["balancer"]
    assert set(balancer.sent_to) == set(workers["ports"])  # both workers took presses
    storage = await PostgresStorage.open(workers["url"])
    try:
        stored = await storage.load_round(round_id)
    finally:
        await storage.close()
    assert stored is not None
    assert stored.moves == ("s",) * applied  # each press once; each double press once
    assert stored.version == applied + 1
    final = fake_api.chat_messages(alice.id)[-1]
    assert f"Turn stock ({16 - applied})" in [b.text for b in final.buttons]
