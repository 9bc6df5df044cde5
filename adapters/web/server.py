"""The web table's HTTP side (docs/web-table.md): the page, its files, the card art, the sign-ins and the
WebSocket, each also under ``/.proxy`` (the path Discord's proxy gives an Activity's requests).

An error is JSON, ``{"error": "<one line>"}``: 400 for a request the page would never make, 401 for a
sign-in refused (worded in the language the request asks for), 404 for what is not here.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from adapters.web.auth import DiscordOAuth, Identity, SignInRefused, check_init_data
from adapters.web.connection import Table, converse
from bot.i18n import speaking
from engine.cards import CardError, parse_card
from engine.golf.rules import RULE_SETS
from engine.registry import FAMILY

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
PROXY = "/.proxy"
"""Discord's proxy prefix: an Activity's page asks for ``/.proxy/api/...``."""
CARD_WIDTH = 120
"""Pixels across a card of the card art (the page scales it down; twice a phone's card, for sharpness)."""
CARD_CACHE = "public, max-age=86400"

GAMES = [{"name": s.name, "label": f"Golf ({s.name})"} for s in RULE_SETS] + [
    {"name": game.name, "label": game.layout.title} for game in FAMILY
]
"""What the lobby offers to start: Golf under each rule set, and each game of the Golf family (their names as
``/play`` takes them; labels as the games call themselves, in every language)."""

TABLE_KEY: web.AppKey[Table] = web.AppKey("table", Table)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def build(
    table: Table,
    *,
    telegram_token: str = "",
    discord: DiscordOAuth | None = None,
    web_app: str = "table",
) -> web.Application:
    """The web table's aiohttp Application."""
    site = _Site(table, telegram_token, discord, web_app)
    app = web.Application(middlewares=[_json_errors])
    app[TABLE_KEY] = table
    for prefix in ("", PROXY):
        app.router.add_get(prefix + "/", site.page)
        app.router.add_get(prefix + "/static/{name}", site.static)
        app.router.add_get(prefix + "/cards/{code}.png", site.card)
        app.router.add_get(prefix + "/api/config", site.config)
        app.router.add_post(prefix + "/api/auth/telegram", site.telegram)
        app.router.add_post(prefix + "/api/auth/discord", site.discord)
        app.router.add_get(prefix + "/ws", site.socket)
    return app


def error(status: int, line: str) -> web.Response:
    return web.json_response({"error": line}, status=status)


@web.middleware
async def _json_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """aiohttp's own errors (no such path, a wrong method) as JSON lines too."""
    try:
        return await handler(request)
    except web.HTTPException as refusal:
        if refusal.status < 400:
            raise
        return error(refusal.status, refusal.reason)


class _Site:
    def __init__(self, table: Table, telegram_token: str, discord: DiscordOAuth | None, web_app: str) -> None:
        self._table = table
        self._telegram_token = telegram_token
        self._discord = discord
        self._web_app = web_app
        self._cards: dict[str, bytes] = {}

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The page. Opened as a Discord Activity (Discord adds ``frame_id`` and ``instance_id``), its files
        are asked for through Discord's proxy as well: a ``<base>`` sends every relative address of it to
        ``/.proxy/``."""
        if "frame_id" not in request.query or "instance_id" not in request.query:
            return self._file("index.html")
        html = (STATIC / "index.html").read_text(encoding="utf-8")
        html = html.replace("<head>", f'<head>\n<base href="{PROXY}/">', 1)
        return web.Response(text=html, content_type="text/html", headers={"Cache-Control": "no-cache"})

    async def static(self, request: web.Request) -> web.StreamResponse:
        return self._file(request.match_info["name"])

    def _file(self, name: str) -> web.StreamResponse:
        path = STATIC / name
        if name.startswith(".") or "/" in name or "\\" in name or not path.is_file():
            return error(404, "no such file")
        return web.FileResponse(path, headers={"Cache-Control": "no-cache"})

    async def card(self, request: web.Request) -> web.StreamResponse:
        """``/cards/<code>.png``: a card's face (``TD``, ``AS``, ``JK``), ``back`` or ``empty``."""
        code = request.match_info["code"]
        png = self._cards.get(code)
        if png is None:
            if code not in ("back", "empty"):
                try:
                    parse_card(code)
                except CardError:
                    return error(404, "no such card")
                if code != code.upper() or len(code) != 2:  # one name for each picture: TD, not 10d
                    return error(404, "no such card")
            png = await asyncio.to_thread(_draw, code)
            self._cards[code] = png
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": CARD_CACHE})

    async def config(self, request: web.Request) -> web.StreamResponse:
        client_id = self._discord.client_id if self._discord is not None else ""
        return web.json_response({"discord_client_id": client_id, "web_app": self._web_app, "games": GAMES})

    async def telegram(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        if body is None or not isinstance(body.get("init_data"), str):
            return error(400, 'expected {"init_data": "..."}')
        with speaking(_asked_language(request)):
            try:
                identity = check_init_data(body["init_data"], self._telegram_token)
            except SignInRefused as refusal:
                return error(401, refusal.message)
        return await self._signed_in(identity)

    async def discord(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        if body is None or not isinstance(body.get("code"), str):
            return error(400, 'expected {"code": "...", "guild": "..."}')
        with speaking(_asked_language(request)):
            try:
                if self._discord is None:
                    raise SignInRefused("")
                signed = await self._discord.sign_in(body["code"], str(body.get("guild") or ""))
            except SignInRefused as refusal:
                if not refusal.msgid:
                    return error(404, "the Discord activity is not set up here")
                return error(401, refusal.message)
        return await self._signed_in(signed.identity, access_token=signed.access_token)

    async def _signed_in(self, identity: Identity, **more: str) -> web.StreamResponse:
        places = self._table.clubhouse.places
        player = identity.player
        await places.ensure_player(player)
        language = await places.player_language(player, app=identity.language or None)
        answer = {
            "token": self._table.tokens.issue(identity),
            "player": {"key": player.key, "name": player.name},
            "language": language,
            "start": identity.start,
            **more,
        }
        return web.json_response(answer)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        return await converse(request, self._table)


async def _body(request: web.Request) -> dict[str, Any] | None:
    try:
        body = await request.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _asked_language(request: web.Request) -> str | None:
    """The first language of the request's ``Accept-Language``, for a refusal's words."""
    asked = request.headers.get("Accept-Language", "")
    return asked.split(",")[0].split(";")[0].strip() or None


def _draw(code: str) -> bytes:
    """The PNG of the card art for ``code`` (Pillow, imported at the first card asked for)."""
    from adapters.pictures.cards import back, empty, face

    if code == "back":
        image = back(CARD_WIDTH)
    elif code == "empty":
        image = empty(CARD_WIDTH)
    else:
        image = face(parse_card(code), CARD_WIDTH)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
