"""A small loopback fake of Discord for a REAL bot process: REST and the gateway, on 127.0.0.1.

SimCord (the in-process harness) swaps discord.py's network seams, so it cannot reach a bot running in
another process. This fake is a real aiohttp server instead: point ``DISCORD_API_BASE_URL`` at
``fake.base_url`` and the unmodified discord.py talks to it over HTTP and a websocket.

What it serves, with the payload shapes of discord.py's ``discord.types`` (and Discord's docs):

* REST under ``/api/v10``: ``GET /users/@me`` and ``GET /oauth2/applications/@me`` (login; a wrong
  ``Authorization: Bot <token>`` gets 401, which discord.py turns into ``LoginFailure``),
  ``GET /gateway/bot`` (a ``ws://`` URL on the host the bot asked, so a proxy in between stays in between),
  ``GET``/``PUT /applications/{id}/commands`` (and the guild variants), ``POST
  /interactions/{id}/{token}/callback`` (types 4, 5, 6, 7, and 12 LAUNCH_ACTIVITY, refused while
  ``activity`` is False, as for an app without an Activity; a second answer gets 400 code 40060), and the
  interaction webhook: ``POST /webhooks/{app}/{token}`` (a follow-up; the first one after a type-5 defer
  completes the "thinking" message, as on Discord) and ``GET``/``PATCH .../messages/@original``; the
  bot's own posts in the channel (``POST``/``PATCH /channels/{id}/messages``: ``posts``, or 403 after
  ``refuse_posts``; a ``PATCH`` may edit a command's answer there too, as a scoreboard is) and direct
  messages (``POST /users/@me/channels``: ``direct_messages``). Every request's body is kept in ``sent``.
* OAuth2 for an Activity (the web table): ``POST /oauth2/token`` (a form: ``client_id``, ``client_secret``,
  ``grant_type=authorization_code``, ``code``) answers a Bearer token for a code the test registered
  (``authorize_code(code, member)``, once), 400 ``invalid_grant`` for any other code or a wrong client;
  ``GET /users/@me`` with ``Authorization: Bearer <token>`` answers that member (``scope`` identify).
* The gateway at ``/gateway``: HELLO, IDENTIFY (token checked: 4004 otherwise) -> READY and one
  GUILD_CREATE, HEARTBEAT -> HEARTBEAT_ACK, RESUME -> the missed events then RESUMED (or INVALID_SESSION
  for a session it does not know). Events are sent as uncompressed text frames, which discord.py accepts
  whatever compression it asked for.

The world is one guild with one text channel; ``slash`` and ``click`` make a member use a command or
press a button, as Discord would deliver it (INTERACTION_CREATE), with the member's app language
(``add_member(locale=...)``) and the guild's (``guild_locale``). Anything else gets 404 and is listed
in ``unhandled``. See docs/discord-testing.md, "A real process: the loopback fake".
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

JSON = dict[str, Any]
T = TypeVar("T")
PATIENCE = 30.0
"""Seconds ``wait_for`` waits at most: a ceiling for a busy machine, not a bound any test asserts."""

API = "/api/v10"
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15
V2_TYPES = {9, 10, 11, 12, 13, 14, 17}
"""Section, text display, thumbnail, media gallery, file, separator, container: only in a V2 message."""
MAX_COMPONENTS = 40
MAX_V2_TEXT = 4000
_OPTION_TYPES = {"SUB_COMMAND": 1, "SUB_COMMAND_GROUP": 2}
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_GUILD = 1 << 5


def _snowflakes(start: int) -> Callable[[], int]:
    counter = itertools.count(start)
    return lambda: next(counter)


@dataclass
class FakeMember:
    """A member of the fake guild."""

    id: int
    name: str
    locale: str = "en-US"
    """The language the member's Discord app runs in (each interaction's ``locale``)."""
    permissions: int = USE_APPLICATION_COMMANDS
    """The member's permissions in the channel (each interaction's ``member.permissions``)."""

    def user(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.title(),
            "avatar": None,
            "bot": False,
            "public_flags": 0,
        }


@dataclass
class Interaction:
    """One command or press delivered to the bot, and what the bot answered."""

    id: int
    token: str
    payload: JSON
    callbacks: list[JSON] = field(default_factory=list)
    original_id: int | None = None  # the message the interaction's webhook calls @original
    followup_ids: list[int] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event, repr=False, compare=False)
    """Set when the bot answers it (a callback, a follow-up, an edit of @original): ``FakeDiscord.answer``
    waits on this interaction alone, so a thousand members waiting at once wake only for their own."""


@dataclass
class _Session:
    id: str
    events: list[JSON] = field(default_factory=list)  # every dispatch, for RESUME
    socket: web.WebSocketResponse | None = None


class FakeDiscord:
    """The fake server: ``async with FakeDiscord() as fake:``; ``fake.base_url`` for DISCORD_API_BASE_URL."""

    def __init__(
        self,
        *,
        token: str = "FAKE.discord.bot-token-for-tests",
        host: str = "127.0.0.1",
        port: int = 0,
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        self.token = token
        self.host = host
        self.port = port
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self._next_id = _snowflakes(1_300_000_000_000_000_000)
        self.application_id = self._next_id()
        self.bot = {
            "id": str(self.application_id),
            "username": "Golf",
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
            "public_flags": 0,
            "flags": 0,
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
        }
        self.guild_id = self._next_id()
        self.guild_locale = "en-US"
        """The guild's own language (its community's "primary language": each interaction's
        ``guild_locale``)."""
        self.channel_id = self._next_id()
        self.members: list[FakeMember] = []
        self.commands: dict[int | None, list[JSON]] = {}  # guild id (None: global) -> synced commands
        self.messages: dict[int, JSON] = {}
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}  # the webhook's routes name an interaction by its token
        self.requests: list[tuple[str, str, int]] = []  # (method, path, status)
        self.sent: list[tuple[str, str, JSON]] = []
        """(method, path, JSON body) of every request with a body the bot made (a multipart one's
        ``payload_json``), in order: every text it sent, edits included."""
        self.unhandled: list[str] = []
        self.posts: list[JSON] = []  # the bot's own messages in the guild's channel (not interaction answers)
        self.direct_messages: dict[int, list[str]] = {}  # user id -> what the bot said to them in a DM
        self.refusing_posts: tuple[int, str] | None = None  # (code, message) of a 403 to every channel post
        self._dm_channels: dict[int, int] = {}  # DM channel id -> user id
        self.callback_storm = False  # True: every interaction callback is refused 429 (a rate-limit storm)
        self.upload_limit: int | None = None
        """Bytes a file may have; a request with a larger one gets 413 (None: no limit)."""
        self.upload_delay = 0.0
        """Seconds a request with a file waits before it is handled (an upload that is slow to arrive)."""
        self.uploaded: list[int] = []
        """The size of every file the bot uploaded, in order."""
        self.identifies = 0
        self.resumes = 0
        self.activity = True
        """The app has an Activity (a LAUNCH_ACTIVITY answer is taken); False: it is refused, 400."""
        self.activities: list[int] = []
        """The interactions answered by launching the Activity (callback type 12), in order."""
        self.client_secret = "FAKE-oauth2-client-secret"
        """The application's OAuth2 client secret (its client id is ``application_id``)."""
        self._codes: dict[str, int] = {}  # authorization code -> the member's id (used once)
        self._bearers: dict[str, int] = {}  # access token -> the member's id
        self._edited_by: dict[int, int] = {}  # message id -> the press whose answer last edited it
        self._sessions: dict[str, _Session] = {}
        self._session_ids = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self._changed = asyncio.Event()
        self._sending: set[asyncio.Future[None]] = set()

    # ------------------------------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API + "/{path:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, handler_cancellation=True, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        self.port = self._runner.addresses[0][1]
        return self

    async def close(self) -> None:
        for session in self._sessions.values():
            if session.socket is not None and not session.socket.closed:
                await session.socket.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        """For DISCORD_API_BASE_URL: the bot adds ``/api/v10`` for REST."""
        return f"http://{self.host}:{self.port}"

    # ------------------------------------------------------------------------------------------ the world

    def add_member(self, name: str, *, locale: str = "en-US", manager: bool = False) -> FakeMember:
        """``manager``: the member has the Manage Server permission (a server's admin)."""
        permissions = USE_APPLICATION_COMMANDS | (MANAGE_GUILD if manager else 0)
        member = FakeMember(self._next_id(), name, locale, permissions)
        self.members.append(member)
        return member

    def _channel(self) -> JSON:
        return {
            "id": str(self.channel_id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": "golf",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def _member(self, member: FakeMember) -> JSON:
        return {
            "user": member.user(),
            "roles": [],
            "nick": None,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "avatar": None,
            "communication_disabled_until": None,
        }

    def _guild(self) -> JSON:
        return {
            "id": str(self.guild_id),
            "name": "Golf Club",
            "owner_id": str(self.members[0].id if self.members else self.application_id),
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.guild_locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "application_id": None,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": str(self.guild_id),
                    "name": "@everyone",
                    "permissions": "2147483648",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                    "icon": None,
                    "unicode_emoji": None,
                }
            ],
            "member_count": len(self.members) + 1,
            "large": False,
            "unavailable": False,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "members": [self._member(m) for m in self.members],
            "channels": [self._channel()],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_progress_bar_enabled": False,
        }

    # ------------------------------------------------------------------------------------------ members act

    def slash(self, member: FakeMember, path: str, /, **options: Any) -> Interaction:
        """``member`` uses ``/path`` (e.g. ``"golf play"``) with ``options``, checked against the synced
        command (Discord only delivers commands it knows, with options of the registered types). A user
        option (a member's id as text) comes with the member in ``resolved``, as Discord sends it; an id
        the fake does not know comes alone."""
        name, *subs = path.split()
        command = self._synced_command(name)
        if command is None:
            raise AssertionError(f"/{name} is not synced; synced: {self.commands}")
        data: JSON = {"id": command["id"], "name": name, "type": 1}
        level, known = data, command.get("options", [])
        for sub in subs:
            spec = next((o for o in known if o["name"] == sub and o["type"] in (1, 2)), None)
            if spec is None:
                raise AssertionError(f"/{path}: no sub-command {sub!r}")
            nested: JSON = {"name": sub, "type": spec["type"], "options": []}
            level.setdefault("options", []).append(nested)
            level, known = nested, spec.get("options", [])
        for key, value in options.items():
            spec = next((o for o in known if o["name"] == key), None)
            if spec is None:
                raise AssertionError(f"/{path} has no option {key!r}")
            level.setdefault("options", []).append({"name": key, "type": spec["type"], "value": value})
            known_member = next((m for m in self.members if str(m.id) == str(value)), None)
            if spec["type"] == 6 and known_member is not None:  # USER: resolved, as Discord does
                resolved = data.setdefault("resolved", {"users": {}, "members": {}})
                resolved["users"][str(value)] = known_member.user()
                resolved["members"][str(value)] = {
                    k: v for k, v in self._member(known_member).items() if k != "user"
                } | {"permissions": "0"}
        return self._deliver(member, {"type": 2, "data": data})

    def click(self, member: FakeMember, message: JSON, custom_id: str) -> Interaction:
        """``member`` presses the button ``custom_id`` on ``message`` (it must be there and enabled)."""
        message = self.messages[int(message["id"])]
        buttons = [b for b in self.buttons(message) if b["custom_id"] == custom_id]
        if not buttons or buttons[0].get("disabled"):
            raise AssertionError(f"no enabled button {custom_id!r} on message {message['id']}")
        data = {"custom_id": custom_id, "component_type": 2}
        return self._deliver(member, {"type": 3, "data": data, "message": message})

    def forge_click(self, member: FakeMember, message: JSON, custom_id: str) -> Interaction:
        """A modified client's click: ``custom_id`` need not be on ``message`` (which comes as it is now)."""
        message = self.messages[int(message["id"])]
        data = {"custom_id": custom_id, "component_type": 2}
        return self._deliver(member, {"type": 3, "data": data, "message": message})

    def _deliver(self, member: FakeMember, kind: JSON) -> Interaction:
        interaction_id = self._next_id()
        token = f"interaction-token-{interaction_id}"
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "token": token,
            "version": 1,
            "guild_id": str(self.guild_id),
            "channel_id": str(self.channel_id),
            "channel": self._channel(),
            "member": {**self._member(member), "permissions": str(member.permissions)},
            "app_permissions": "0",
            "locale": member.locale,
            "guild_locale": self.guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 10485760,
            **kind,
        }
        interaction = Interaction(interaction_id, token, payload)
        if kind["type"] == 3:
            interaction.original_id = int(kind["message"]["id"])  # a press's @original is its message
        self.interactions[interaction_id] = interaction
        self._by_token[token] = interaction
        self.dispatch("INTERACTION_CREATE", payload)
        return interaction

    # ------------------------------------------------------------------------------------------ looking

    def response(self, interaction: Interaction) -> JSON | None:
        """The message the interaction's answer shows (posted, or edited by a press), once there is one
        that is not a "thinking…" placeholder."""
        if not interaction.callbacks or interaction.original_id is None:
            return None
        message = self.messages.get(interaction.original_id)
        if message is None or message["flags"] & LOADING:
            return None
        if (
            interaction.callbacks[0]["type"] in (6, 7)
            and self._edited_by.get(interaction.original_id) != interaction.id
        ):
            return None  # deferred update: the answer is the edit still to come
        return message

    async def answer(self, interaction: Interaction, timeout: float = PATIENCE) -> JSON:  # noqa: ASYNC109
        """The message that answers ``interaction`` (``response``), once there is one: woken only by what
        the bot does with this interaction, so many members can wait at once (``golfbot bench discord``).
        TimeoutError after ``timeout`` seconds."""
        async with asyncio.timeout(timeout):
            while (message := self.response(interaction)) is None:
                interaction.changed.clear()  # no await since the look: an answer cannot slip in between
                await interaction.changed.wait()
        return message

    @staticmethod
    def buttons(message: JSON) -> list[JSON]:
        """Every button of the message, in action rows or anywhere in a V2 layout."""
        return [c for c in _walk(message.get("components", [])) if c.get("type") == 2]

    @staticmethod
    def text(message: JSON) -> str:
        """What the message says: its content, or the text displays of a V2 message."""
        shown = [
            str(c.get("content", "")) for c in _walk(message.get("components", [])) if c.get("type") == 10
        ]
        return "\n".join([message.get("content") or "", *shown]).strip()

    @property
    def connected(self) -> bool:
        """A gateway session is connected and identified (or resumed)."""
        return any(s.socket is not None and not s.socket.closed for s in self._sessions.values())

    async def wait_for(
        self,
        predicate: Callable[[], T],
        timeout: float = PATIENCE,  # noqa: ASYNC109 - a deadline for the condition
        *,
        what: str = "",
    ) -> T:
        """Wait until ``predicate()`` is truthy and return it; AssertionError after ``timeout`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._changed
            result = predicate()
            if result:
                return result
            if loop.time() >= deadline:
                recent = "\n".join(f"  {m} {p} {s}" for m, p, s in self.requests[-15:])
                raise AssertionError(f"wait_for({what or predicate}) timed out after {timeout}s\n{recent}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), 0.05)

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    # ------------------------------------------------------------------------------------------ gateway

    def dispatch(self, event: str, data: JSON) -> None:
        """Send an event to every session (kept for a RESUME if no socket is open now)."""
        for session in self._sessions.values():
            frame = {"op": 0, "t": event, "s": len(session.events) + 1, "d": data}
            session.events.append(frame)
            if session.socket is not None and not session.socket.closed:
                sending = asyncio.ensure_future(session.socket.send_str(json.dumps(frame)))
                self._sending.add(sending)
                sending.add_done_callback(self._sending.discard)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(autoping=True)
        await socket.prepare(request)
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        session: _Session | None = None
        try:
            async for message in socket:
                if message.type is not WSMsgType.TEXT:
                    break
                frame = json.loads(message.data)
                op, data = frame.get("op"), frame.get("d")
                if op == 1:
                    await socket.send_json({"op": 11})
                elif op == 2:
                    session = await self._identify(socket, data, request.host)
                elif op == 6:
                    session = await self._resume(socket, data)
                self._notify()
        finally:
            if session is not None and session.socket is socket:
                session.socket = None
            self._notify()
        return socket

    async def _identify(self, socket: web.WebSocketResponse, data: JSON, host: str) -> _Session | None:
        if data.get("token") != self.token:
            await socket.close(code=4004, message=b"Authentication failed.")
            return None
        self.identifies += 1
        session = _Session(f"fake-session-{next(self._session_ids)}")
        self._sessions[session.id] = session
        ready = {
            "v": 10,
            "user": self.bot,
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
            "session_id": session.id,
            "resume_gateway_url": f"ws://{host}/gateway",
            "shard": [0, 1],
            "application": {"id": str(self.application_id), "flags": 0},
        }
        session.socket = socket
        for event, payload in (("READY", ready), ("GUILD_CREATE", self._guild())):
            frame = {"op": 0, "t": event, "s": len(session.events) + 1, "d": payload}
            session.events.append(frame)
            await socket.send_json(frame)
        return session

    async def _resume(self, socket: web.WebSocketResponse, data: JSON) -> _Session | None:
        session = self._sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token:
            await socket.send_json({"op": 9, "d": False})
            return None
        self.resumes += 1
        session.socket = socket
        for frame in session.events[int(data.get("seq") or 0) :]:
            await socket.send_json(frame)
        resumed = {"op": 0, "t": "RESUMED", "s": len(session.events) + 1, "d": {}}
        session.events.append(resumed)
        await socket.send_json(resumed)
        return session

    # ------------------------------------------------------------------------------------------ REST

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        if (request.method, path) == ("POST", "/oauth2/token"):
            return await self._token(request)
        body: Any = None
        if request.can_read_body and request.content_type == "application/json":
            body = await request.json()
        elif request.can_read_body and request.content_type.startswith("multipart/"):
            form = await request.post()
            body = json.loads(str(form.get("payload_json", "{}")))
            body[UPLOADS] = {
                int(name[len("files[") : -1]): (field.filename, len(field.file.read()))
                for name, field in form.items()
                if name.startswith("files[") and isinstance(field, web.FileField)
            }
        if isinstance(body, dict):
            self.sent.append((request.method, path, body))
        try:
            uploads = body.get(UPLOADS, {}) if isinstance(body, dict) else {}
            sizes = [size for _, size in uploads.values()]
            if self.upload_limit is not None and any(size > self.upload_limit for size in sizes):
                raise _Refused(413, {"message": "Request entity too large", "code": 40005})
            if sizes and self.upload_delay:  # a slow upload: taken (or refused) only after the delay
                await asyncio.sleep(self.upload_delay)
            status, result = self._route(request.method, path, body or {}, request)
        except _Refused as refusal:
            status, result = refusal.status, refusal.body
        self.requests.append((request.method, path, status))
        self._notify()
        via = {"Via": "1.1 google"}  # Discord's answers come through its proxy
        if result is None:
            return web.Response(status=status, headers=via)
        # Exactly Discord's content type: discord.py parses a body only if it is "application/json".
        return web.Response(
            status=status, body=json.dumps(result), headers={"Content-Type": "application/json", **via}
        )

    def _route(self, method: str, path: str, body: Any, request: web.Request) -> tuple[int, Any]:
        parts = path.strip("/").split("/")
        if parts[0] in ("interactions", "webhooks"):  # the interaction's token is the credential
            return self._interaction_route(method, parts, body)
        if request.headers.get("Authorization", "").startswith("Bearer "):  # a user's OAuth2 token
            return self._as_user(method, path, request.headers["Authorization"].removeprefix("Bearer "))
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise _Refused(401, {"message": "401: Unauthorized", "code": 0})
        if (method, path) == ("GET", "/users/@me"):
            return 200, self.bot
        if (method, path) == ("GET", "/oauth2/applications/@me"):
            return 200, self._application()
        if (method, path) == ("GET", "/gateway/bot"):
            url = f"ws://{request.host}/gateway"
            limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
            return 200, {"url": url, "shards": 1, "session_start_limit": limit}
        if parts[:1] in (["channels"], ["users"]):
            return self._channel_route(method, parts, body)
        if parts[:1] == ["applications"] and parts[-1] == "commands":
            guild = int(parts[3]) if len(parts) == 5 and parts[2] == "guilds" else None
            if method == "GET":
                return 200, self.commands.get(guild, [])
            if method == "PUT":
                self.commands[guild] = [self._registered(c, guild) for c in body]  # a PUT's body is the list
                return 200, self.commands[guild]
        self.unhandled.append(f"{method} {path}")
        raise _Refused(404, {"message": "404: Not Found", "code": 0})

    # ------------------------------------------------------------------------------------------ OAuth2

    def authorize_code(self, code: str, member: FakeMember | int) -> None:
        """``member`` authorised the app (the Embedded App SDK's ``authorize``): ``code`` may be exchanged
        for a token, once."""
        self._codes[code] = member if isinstance(member, int) else member.id

    async def _token(self, request: web.Request) -> web.Response:
        """``POST /oauth2/token``: an authorisation code for a token (a form in, JSON out). A code not
        registered (or used already), a wrong client id or secret, another grant: 400 ``invalid_grant``."""
        form = await request.post()
        fields = {key: str(value) for key, value in form.items()}
        kept = {k: v for k, v in fields.items() if k != "client_secret"}
        self.sent.append((request.method, "/oauth2/token", kept))
        client = (fields.get("client_id"), fields.get("client_secret"))
        user = None
        if client == (str(self.application_id), self.client_secret) and (
            fields.get("grant_type") == "authorization_code"
        ):
            user = self._codes.pop(fields.get("code", ""), None)
        status = 400
        result: JSON = {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}
        if user is not None:
            token = secrets.token_urlsafe(24)
            self._bearers[token] = user
            status = 200
            result = {
                "access_token": token,
                "token_type": "Bearer",
                "expires_in": 604800,
                "refresh_token": secrets.token_urlsafe(24),
                "scope": "identify",
            }
        self.requests.append((request.method, "/oauth2/token", status))
        self._notify()
        return web.json_response(result, status=status)

    def _as_user(self, method: str, path: str, token: str) -> tuple[int, Any]:
        """A request with a user's Bearer token: ``GET /users/@me`` names them; nothing else is served."""
        user = self._bearers.get(token)
        if user is None:
            raise _Refused(401, {"message": "401: Unauthorized", "code": 0})
        if (method, path) == ("GET", "/users/@me"):
            member = next((m for m in self.members if m.id == user), None)
            if member is not None:
                return 200, member.user()
            return 200, FakeMember(user, str(user)).user()
        self.unhandled.append(f"{method} {path} (Bearer)")
        raise _Refused(404, {"message": "404: Not Found", "code": 0})

    def refuse_posts(self, code: int = 50013, message: str = "Missing Permissions") -> None:
        """From now on the bot's own posts and edits in the guild's channel get 403 with this code, as when a
        channel takes its View Channel (50001, "Missing Access") or Send Messages (50013) away."""
        self.refusing_posts = (code, message)

    def _channel_route(self, method: str, parts: list[str], body: JSON) -> tuple[int, Any]:
        """The bot's own messages: in the guild's channel (``POST``/``PATCH /channels/{id}/messages``), and
        in DMs (``POST /users/@me/channels`` opens one, ``GET /users/{id}`` names a member)."""
        if parts[0] == "users" and method == "GET" and len(parts) == 2:
            member = next((m for m in self.members if str(m.id) == parts[1]), None)
            if member is None:
                raise _Refused(404, {"message": "Unknown User", "code": 10013})
            return 200, member.user()
        if parts == ["users", "@me", "channels"] and method == "POST":
            user = next(m for m in self.members if str(m.id) == str(body["recipient_id"]))
            dm = next((c for c, u in self._dm_channels.items() if u == user.id), None) or self._next_id()
            self._dm_channels[dm] = user.id
            return 200, {"id": str(dm), "type": 1, "last_message_id": None, "recipients": [user.user()]}
        if len(parts) >= 3 and parts[0] == "channels" and parts[2] == "messages" and parts[1].isdigit():
            channel = int(parts[1])
            if channel in self._dm_channels and method == "POST":
                self.direct_messages.setdefault(self._dm_channels[channel], []).append(
                    body.get("content", "")
                )
                return 200, self._bot_message(channel, body, guild=False)
            if channel == self.channel_id and method in ("POST", "PATCH"):
                if self.refusing_posts is not None:
                    code, message = self.refusing_posts
                    raise _Refused(403, {"message": message, "code": code})
                if method == "POST":
                    self.posts.append(self._bot_message(channel, body, guild=True))
                    return 200, self.posts[-1]
                posted = next((m for m in self.posts if parts[3:] == [m["id"]]), None)
                if posted is None and method == "PATCH" and len(parts) == 4 and parts[3].isdigit():
                    answer = self.messages.get(int(parts[3]))  # a command's answer is the bot's message too
                    if answer is not None and not answer["flags"] & EPHEMERAL:
                        posted = answer
                if posted is not None:
                    posted.update(self._message_fields(body, posted), edited_timestamp=_now())
                    return 200, posted
        self.unhandled.append(f"{method} /{'/'.join(parts)}")
        raise _Refused(404, {"message": "404: Not Found", "code": 0})

    def _bot_message(self, channel: int, body: JSON, *, guild: bool) -> JSON:
        fields = self._message_fields(body)
        return {
            "id": str(self._next_id()),
            "channel_id": str(channel),
            **({"guild_id": str(self.guild_id)} if guild else {}),
            "author": self.bot,
            "content": body.get("content", ""),
            "timestamp": _now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds", []),
            "components": body.get("components", []),
            "pinned": False,
            "type": 0,
        } | fields

    def _application(self) -> JSON:
        return {
            "id": str(self.application_id),
            "name": "Golf",
            "icon": None,
            "description": "",
            "summary": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.bot,
            "flags": 0,
            "team": None,
            "bot": self.bot,
        }

    def _registered(self, command: JSON, guild: int | None) -> JSON:
        registered = {
            **command,
            "id": str(self._next_id()),
            "application_id": str(self.application_id),
            "version": str(self._next_id()),
        }
        if guild is not None:
            registered["guild_id"] = str(guild)
        return registered

    def _synced_command(self, name: str) -> JSON | None:
        for scope in (self.guild_id, None):
            for command in self.commands.get(scope, []):
                if command["name"] == name:
                    return command
        return None

    def _interaction_route(self, method: str, parts: list[str], body: JSON) -> tuple[int, Any]:
        unknown = _Refused(404, {"message": "Unknown interaction", "code": 10062})
        if parts[0] == "interactions" and method == "POST" and len(parts) == 4 and parts[3] == "callback":
            if self.callback_storm:  # as Discord says it (discord.py retries only behind a proxy: Via)
                raise _Refused(
                    429, {"message": "You are being rate limited.", "retry_after": 0.1, "global": False}
                )
            interaction = self.interactions.get(int(parts[1]))
            if interaction is None or interaction.token != parts[2]:
                raise unknown
            interaction.changed.set()
            return self._callback(interaction, body)
        token = parts[2] if len(parts) > 2 else ""
        interaction = self._by_token.get(token)
        if interaction is None or parts[1] != str(self.application_id):
            raise _Refused(404, {"message": "Unknown Webhook", "code": 10015})
        interaction.changed.set()  # (set before the change, but seen only after it: one thread)
        if len(parts) == 3 and method == "POST":
            return 200, self._followup(interaction, body)
        if parts[3:] == ["messages", "@original"] and interaction.original_id is not None:
            message = self.messages[interaction.original_id]
            if method == "GET":
                return 200, message
            if method == "PATCH":
                message.update(self._message_fields(body, message), edited_timestamp=_now())
                message["flags"] &= ~LOADING
                self._edited_by[int(message["id"])] = interaction.id
                return 200, message
        self.unhandled.append(f"{method} /{'/'.join(parts)}")
        raise _Refused(404, {"message": "404: Not Found", "code": 0})

    def _callback(self, interaction: Interaction, body: JSON) -> tuple[int, Any]:
        if interaction.callbacks:
            raise _Refused(400, {"message": "Interaction has already been acknowledged.", "code": 40060})
        interaction.callbacks.append(body)
        kind, data = body["type"], {**(body.get("data") or {}), UPLOADS: body.get(UPLOADS, {})}
        result: JSON = {"id": str(interaction.id), "type": interaction.payload["type"]}
        resource: JSON = {"type": kind}
        if kind in (4, 5):
            flags = data.get("flags", 0) | (LOADING if kind == 5 else 0)
            message = self._new_message(interaction, {**data, "flags": flags})
            interaction.original_id = int(message["id"])
            result.update(
                response_message_id=message["id"],
                response_message_loading=kind == 5,
                response_message_ephemeral=bool(flags & EPHEMERAL),
            )
            resource["message"] = message
        elif kind == 7 and interaction.original_id is not None:
            message = self.messages[interaction.original_id]
            message.update(self._message_fields(data, message), edited_timestamp=_now())
            self._edited_by[interaction.original_id] = interaction.id
            resource["message"] = message
        elif kind == 12:  # LAUNCH_ACTIVITY: only an app with an Activity (and only for a command or a press)
            if not self.activity or interaction.payload["type"] not in (2, 3):
                interaction.callbacks.pop()
                raise _Refused(400, {"message": "Invalid Form Body", "code": 50035})
            instance = str(self._next_id())
            self.activities.append(interaction.id)
            result["activity_instance_id"] = instance
            resource["activity_instance"] = {"id": instance}
        elif kind != 6:
            self.unhandled.append(f"interaction callback type {kind}")
            raise _Refused(400, {"message": "Invalid Form Body", "code": 50035})
        return 200, {"interaction": result, "resource": resource}

    def _followup(self, interaction: Interaction, body: JSON) -> JSON:
        original = self.messages.get(interaction.original_id or 0)
        if original is not None and original["flags"] & LOADING and not interaction.followup_ids:
            original.update(self._message_fields(body, original))
            original["flags"] &= ~LOADING
            interaction.followup_ids.append(int(original["id"]))
            return original
        message = self._new_message(interaction, body)
        interaction.followup_ids.append(int(message["id"]))
        return message

    def _message_fields(self, data: JSON, previous: JSON | None = None) -> JSON:
        """What a send or an edit sets on a message (``previous``: the message edited), checked as Discord
        checks it: a V2 message keeps its flag, has no content and at most 40 components and 4,000
        characters of text; a media item ``attachment://<name>`` names one of the message's attachments;
        an edit's ``attachments`` are the ones kept (by id) and the new uploads (by index), all of them."""
        fields: JSON = {key: data[key] for key in ("content", "components", "embeds") if key in data}
        before = int(previous["flags"]) if previous is not None else 0
        flags = before | (int(data.get("flags", 0)) & COMPONENTS_V2)
        if previous is None:
            flags = int(data.get("flags", 0))
        attachments = self._attachments(data, previous["attachments"] if previous is not None else [])
        if attachments is not None:
            fields["attachments"] = attachments
        shown: list[JSON] = fields.get("components", previous["components"] if previous else []) or []
        components = _walk(shown)
        content = fields.get("content", previous["content"] if previous is not None else "")
        if len(components) > MAX_COMPONENTS:
            raise _Refused(400, {"message": "Invalid Form Body: more than 40 components", "code": 50035})
        if any(c.get("type") in V2_TYPES for c in components) and not flags & COMPONENTS_V2:
            raise _Refused(
                400, {"message": "Invalid Form Body: V2 components without the flag", "code": 50035}
            )
        if flags & COMPONENTS_V2:
            if content:
                raise _Refused(400, {"message": "Invalid Form Body: content on a V2 message", "code": 50035})
            text = sum(len(str(c.get("content", ""))) for c in components if c.get("type") == 10)
            if text > MAX_V2_TEXT:
                raise _Refused(
                    400, {"message": "Invalid Form Body: more than 4000 characters", "code": 50035}
                )
            fields["content"] = ""
        attached: list[JSON] = fields.get("attachments", previous["attachments"] if previous else []) or []
        names = {a["filename"] for a in attached}
        for component in components:
            for item in component.get("items", []):
                url = str(item.get("media", {}).get("url", ""))
                if url.startswith("attachment://") and url.removeprefix("attachment://") not in names:
                    raise _Refused(
                        400, {"message": f"Invalid Form Body: {url} is not attached", "code": 50035}
                    )
        fields["flags"] = flags
        return fields

    def _attachments(self, data: JSON, previous: list[JSON]) -> list[JSON] | None:
        """The message's attachments after ``data`` (None: as they were)."""
        uploads: dict[int, tuple[str, int]] = data.get(UPLOADS, {})
        declared = data.get("attachments")
        if declared is None:
            if not uploads:
                return None
            declared = [{"id": index} for index in uploads]
        kept = {str(a["id"]): a for a in previous}
        result = []
        for entry in declared:
            key = str(entry.get("id"))
            if key in kept:
                result.append(kept[key])
            elif key.isdigit() and int(key) in uploads:
                filename, size = uploads[int(key)]
                attachment_id = self._next_id()
                url = f"https://cdn.discordapp.invalid/attachments/{attachment_id}/{filename}"
                result.append(
                    {
                        "id": str(attachment_id),
                        "filename": filename,
                        "size": size,
                        "url": url,
                        "proxy_url": url,
                    }
                )
                self.uploaded.append(size)
            else:
                raise _Refused(400, {"message": f"Invalid Form Body: no attachment {key}", "code": 50035})
        return result

    def _new_message(self, interaction: Interaction, data: JSON) -> JSON:
        message_id = self._next_id()
        fields = self._message_fields(data)
        message: JSON = {
            "id": str(message_id),
            "channel_id": str(self.channel_id),
            "guild_id": str(self.guild_id),
            "author": self.bot,
            "content": data.get("content", ""),
            "timestamp": _now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": data.get("embeds", []),
            "components": data.get("components", []),
            "pinned": False,
            "type": 20 if interaction.payload["type"] == 2 else 19,
            "webhook_id": str(self.application_id),
            "application_id": str(self.application_id),
            "interaction_metadata": {
                "id": str(interaction.id),
                "type": interaction.payload["type"],
                "user": interaction.payload["member"]["user"],
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            },
        }
        message.update(fields)
        self.messages[message_id] = message
        return message


class _Refused(Exception):
    def __init__(self, status: int, body: JSON) -> None:
        super().__init__(status, body)
        self.status = status
        self.body = body


UPLOADS = "_uploads"
"""Where ``_rest`` puts a multipart request's files in its body: index -> (filename, bytes)."""


def _walk(components: list[JSON]) -> list[JSON]:
    """Every component, nested ones included (action rows, containers, sections), in order."""
    found: list[JSON] = []
    for component in components:
        found.append(component)
        found += _walk(component.get("components", []))
        if isinstance(component.get("accessory"), dict):
            found += _walk([component["accessory"]])
    return found


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
