"""``golfbot bench web``: players at the web table (``adapters/web/``), each with the page's WebSocket open,
pressing through the real ``golfbot telegram`` process that serves it (see ``bench_chat``).

The bot runs against the loopback fake of Telegram's Bot API (``benchmarks/fake_bot_api.py``) with the web
table on (``GOLFBOT_WEB_URL``, ``GOLFBOT_WEB_PORT`` on a free loopback port). Each player signs in as the
Mini App does, with an ``initData`` signed here as Telegram signs it (HMAC-SHA256 under the key
``HMAC-SHA256("WebAppData", bot token)``), opens the WebSocket, and plays its own solo round (``play``),
pressing what a person would, read from the screen it was sent: a playable column's card, else the stock,
else "Next hole". A press is timed from the frame sent to the first screen of a newer version received (the
table's round trip); a refusal is an error. Every player's table stays open for the whole run.

Each table is open twice: the player's page, and a second page of the same player showing the same session
(another tab, as a seat that watches). The second is pushed each new screen (``Sessions.follow``); a push
is timed from the press sent on the first page to that screen arriving on the second (``push_p50_ms``,
``push_p99_ms``).
"""

from __future__ import annotations

import argparse
import json
import time

from adapters.cli.bench_chat import PATIENCE, ChatTable, Refused, add_chat_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    import asyncio
    import random
    from typing import Any

    import aiohttp

    from benchmarks.fake_bot_api import FakeBotApi

    Subparsers = Any  # argparse's _SubParsersAction is private

FIRST_USER = 200_001
PUSH_PATIENCE = 10.0
"""Seconds a second page waits for a push before it counts as lost (the player goes on meanwhile)."""


def add_commands(subparsers: Subparsers) -> None:
    add_chat_target(subparsers, "web", platform="web table", handler=cmd_bench_web)


def sign_init_data(
    bot_token: str,
    user: dict[str, object],
    *,
    auth_date: int | None = None,
    start_param: str = "",
    query_id: str = "AAHbench",
) -> str:
    """An ``initData`` string as Telegram hands a Mini App: the fields, and their ``hash`` signed with the
    bot's token (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app)."""
    import hashlib
    import hmac
    from urllib.parse import urlencode

    fields = {
        "query_id": query_id,
        "user": json.dumps(user, separators=(",", ":"), ensure_ascii=False),
        "auth_date": str(int(time.time()) if auth_date is None else auth_date),
    }
    if start_param:
        fields["start_param"] = start_param
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Seat:
    """One player's open table: its WebSocket, and the frames it was sent, in order."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse, *, queued: bool = True) -> None:
        """``queued``: keep the frames for ``next_screen`` (a player's page); a page that only watches
        notes when its screens arrive."""
        import asyncio

        self.socket = socket
        self.queued = queued
        self.frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.screen: dict[str, Any] = {}
        self.arrived: dict[str, list[tuple[int, float]]] = {}
        """Session -> the versions of its screens that arrived, and when (``time.perf_counter``)."""
        self.waiting: list[tuple[str, int, asyncio.Future[float]]] = []
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        import aiohttp

        async for message in self.socket:
            if message.type is aiohttp.WSMsgType.TEXT:
                frame = json.loads(message.data)
                if frame.get("type") == "screen":
                    self._arrived(str(frame["screen"].get("session")), int(frame["screen"].get("version", 0)))
                if self.queued:
                    self.frames.put_nowait(frame)
        self.frames.put_nowait({"type": "closed"})

    def _arrived(self, session: str, version: int) -> None:
        now = time.perf_counter()
        self.arrived.setdefault(session, []).append((version, now))
        for waiter in [w for w in self.waiting if w[0] == session and version >= w[1]]:
            self.waiting.remove(waiter)
            if not waiter[2].done():
                waiter[2].set_result(now)

    async def arrival(self, session: str, version: int, patience: float) -> float:
        """When a screen of ``session`` at ``version`` or later arrived (a push may skip a version that a
        burst of commits passed over), waiting for it up to ``patience`` seconds."""
        import asyncio

        done = [at for v, at in self.arrived.get(session, ()) if v >= version]
        if done:
            return done[0]
        waiter = asyncio.get_running_loop().create_future()
        self.waiting.append((session, version, waiter))
        return await asyncio.wait_for(waiter, patience)

    async def send(self, frame: dict[str, Any]) -> None:
        await self.socket.send_str(json.dumps(frame))

    async def next_screen(self, newer_than: int, patience: float) -> dict[str, Any]:
        """The first screen of a version above ``newer_than`` (earlier ones, pushes of what was already
        shown, are passed over); a refusal or an error raises ``Refused``."""
        import asyncio

        async with asyncio.timeout(patience):
            while True:
                frame = await self.frames.get()
                kind = frame.get("type")
                if kind == "screen" and int(frame["screen"].get("version", 0)) > newer_than:
                    self.screen = frame["screen"]
                    return self.screen
                if kind in ("refused", "error", "closed"):
                    raise Refused(str(frame.get("message", kind)))


class WebTable(ChatTable):
    name = "telegram"
    target = "web"
    platform = "web table"
    timed = "press sent on the WebSocket to its screen received"

    def __init__(self) -> None:
        self.fake: FakeBotApi | None = None
        self.port = free_port()
        self.http: aiohttp.ClientSession | None = None
        self.seats: dict[int, Seat] = {}
        self.watchers: dict[int, Seat] = {}
        """Each player's second page, showing the same session."""
        self.pushes: list[float] = []
        """Seconds from a press sent to its screen pushed to the second page."""
        self.lost_pushes = 0
        self._timing: set[asyncio.Task[None]] = set()
        self._up = False

    def _fake(self) -> FakeBotApi:
        assert self.fake is not None, "the fake is not open"
        return self.fake

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def open(self, players: int) -> None:
        import aiohttp

        from benchmarks.fake_bot_api import FakeBotApi

        self.fake = await FakeBotApi().start()
        self.http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))

    async def close(self) -> None:
        import asyncio

        await asyncio.gather(*self._timing, return_exceptions=True)  # the last pushes, or their patience
        for seat in [*self.seats.values(), *self.watchers.values()]:
            seat.reader.cancel()
            await seat.socket.close()
        if self.http is not None:
            await self.http.close()
        if self.fake is not None:
            await self.fake.close()

    def environment(self) -> dict[str, str]:
        fake = self._fake()
        return {
            "TELEGRAM_TOKEN": fake.token,
            "TELEGRAM_API_BASE_URL": fake.base_url,
            "GOLFBOT_WEB_URL": self.base,
            "GOLFBOT_WEB_PORT": str(self.port),
        }

    def is_up(self) -> bool:
        import socket

        if not self._fake().is_polling:
            return False
        if not self._up:
            with socket.socket() as probe:
                probe.settimeout(0.05)
                self._up = probe.connect_ex(("127.0.0.1", self.port)) == 0
        return self._up

    async def _page(self, player: int, *, queued: bool = True) -> Seat:
        """A page signed in as ``player``, its hello sent."""
        assert self.http is not None
        user = {"id": FIRST_USER + player, "first_name": f"Player{player}", "language_code": "en"}
        init_data = sign_init_data(self._fake().token, user)
        async with self.http.post(f"{self.base}/api/auth/telegram", json={"init_data": init_data}) as answer:
            signed = await answer.json()
            if answer.status != 200:
                raise Refused(str(signed.get("error")))
        socket = await self.http.ws_connect(f"{self.base}/ws")
        page = Seat(socket, queued=queued)
        await page.send({"op": "hello", "token": signed["token"]})
        return page

    async def _seat(self, player: int) -> Seat:
        seat = self.seats.get(player)
        if seat is None:
            seat = self.seats[player] = await self._page(player)
            self.watchers[player] = await self._page(player, queued=False)
        return seat

    async def start_round(self, player: int, holes: int, deal: int) -> Any:
        seat = await self._seat(player)
        await seat.send({"op": "play"})
        screen = await seat.next_screen(-1, PATIENCE)
        watcher = self.watchers[player]
        await watcher.send({"op": "open", "session": screen["session"]})
        await watcher.arrival(str(screen["session"]), int(screen["version"]), PATIENCE)
        return screen

    def choose(self, board: Any, rng: random.Random) -> str | None:
        columns: list[str] = []
        stock = next_hole = None
        for row in board.get("buttons", ()):
            for button in row:
                if not button.get("enabled", True):
                    continue
                role = button.get("role")
                if role == "column":
                    columns.append(button["id"])
                elif role == "stock":
                    stock = button["id"]
                elif role == "next":
                    next_hole = button["id"]
        if columns:
            return rng.choice(columns)
        return stock or next_hole

    async def press(self, player: int, board: Any, button: str, sent: list[float]) -> Any:
        import asyncio

        seat = self.seats[player]
        sent.append(time.perf_counter())
        await seat.send({"op": "press", "id": button})
        screen = await seat.next_screen(int(board.get("version", 0)), PATIENCE)
        timing = asyncio.get_running_loop().create_task(
            self._time_push(player, str(screen["session"]), int(screen["version"]), sent[0])
        )
        self._timing.add(timing)  # the player goes on meanwhile: its round trip is its own
        timing.add_done_callback(self._timing.discard)
        return screen

    async def _time_push(self, player: int, session: str, version: int, sent: float) -> None:
        try:
            pushed = await self.watchers[player].arrival(session, version, PUSH_PATIENCE)
        except TimeoutError:
            self.lost_pushes += 1
        else:
            self.pushes.append(pushed - sent)

    def current(self, player: int, board: Any) -> Any:
        seat = self.seats.get(player)
        return seat.screen if seat is not None and seat.screen else board

    def figures(self) -> dict[str, Any]:
        from adapters.cli.bench_core import _percentiles

        cuts = _percentiles(sorted(x * 1000 for x in self.pushes))
        return {
            "pushes": len(self.pushes),
            "push_p50_ms": round(cuts[49], 2),
            "push_p99_ms": round(cuts[98], 2),
            "pushes_lost": self.lost_pushes,
            "open_pages": len(self.seats) + len(self.watchers),
        }

    def lines(self, result: dict[str, Any]) -> str:
        return (
            f"\n  pushes      p50 {result['push_p50_ms']:.1f} ms · p99 {result['push_p99_ms']:.1f} ms "
            f"(press sent on one page to its screen pushed to the session's other page; "
            f"{result['pushes']} pushed, {result['pushes_lost']} lost, {result['open_pages']} pages open)"
        )

    def unhandled(self) -> list[str]:
        return self._fake().unimplemented


def cmd_bench_web(args: argparse.Namespace) -> int:
    from adapters.cli.bench_chat import cmd_bench_chat

    return cmd_bench_chat(args, WebTable())
