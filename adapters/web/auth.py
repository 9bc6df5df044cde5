"""Who is at the web table: Telegram's ``initData`` checked, Discord's authorisation code exchanged, and the
server's own signed tokens that name the player to the WebSocket.

Telegram signs what it hands a Mini App: ``initData`` is a query string whose ``hash`` is the HMAC-SHA256,
under the key ``HMAC-SHA256("WebAppData", bot token)``, of every other field as sorted ``key=value`` lines.
Discord hands the Activity a code, which the server exchanges (with the application's secret, never sent to
a page) for an access token, then asks ``/users/@me`` whom it belongs to.

A token is ``<payload>.<signature>``, both base64url: the payload is JSON (the player's key and name, their
language, the Discord guild they opened the Activity in, the expiry); the signature is its HMAC-SHA256 under
a key derived from the bot's secrets, so that several processes of one bot agree on it. No secret and no
token is ever logged.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

import aiohttp

from bot.i18n import N_, _
from bot.models import Player

log = logging.getLogger(__name__)

INIT_DATA_LIFETIME = 86_400
"""How old (seconds) a Telegram ``initData`` may be: a day."""
CLOCK_SLACK = 60
"""How far in the future an ``auth_date`` may be (seconds): clocks differ a little."""
TOKEN_LIFETIME = 86_400
"""How long a token of ours lasts (seconds): a day."""
DISCORD_API = "https://discord.com/api/v10"
DISCORD_TIMEOUT = 10.0
"""Seconds for each request to Discord."""

OUT_OF_DATE = N_("This table link is out of date: open it again from the chat.")
UNKNOWN_PLAYER = N_("This table could not tell who you are: open it again from the chat.")


class SignInRefused(Exception):
    """A sign-in or a token refused. ``msgid`` is worded when read (``message``), in the current language."""

    def __init__(self, msgid: str) -> None:
        super().__init__(msgid)
        self.msgid = msgid

    @property
    def message(self) -> str:
        return _(self.msgid)


@dataclass(frozen=True, slots=True)
class Identity:
    """A signed-in player: who, the language their app runs in, and where they came from."""

    player: Player
    language: str = ""
    """The language code their app gave (Telegram's ``language_code``, Discord's ``locale``); "" unknown."""
    start: str = ""
    """What the link that opened the table asked for (Telegram's ``start_param``: a session id)."""
    guild: str = ""
    """The Discord server the Activity was opened in ("" for none, or not Discord)."""


def check_init_data(init_data: str, bot_token: str, *, now: float | None = None) -> Identity:
    """The player a Telegram Mini App's ``initData`` names, if Telegram signed it for ``bot_token`` within the
    last day; else SignInRefused (out of date, or not told who: forged, unsigned, no user)."""
    fields = dict(parse_qsl(init_data, keep_blank_values=True))
    given = fields.pop("hash", "")
    if not given or not bot_token:
        raise SignInRefused(UNKNOWN_PLAYER)
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    expected = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, given.lower()):
        raise SignInRefused(UNKNOWN_PLAYER)
    now = time.time() if now is None else now
    signed_at = fields.get("auth_date", "")
    if not signed_at.isdigit():
        raise SignInRefused(UNKNOWN_PLAYER)
    age = now - int(signed_at)
    if age > INIT_DATA_LIFETIME or age < -CLOCK_SLACK:
        raise SignInRefused(OUT_OF_DATE)
    try:
        user = json.loads(fields.get("user", ""))
    except ValueError:
        raise SignInRefused(UNKNOWN_PLAYER) from None
    if not isinstance(user, dict) or not isinstance(user.get("id"), int):
        raise SignInRefused(UNKNOWN_PLAYER)
    name = " ".join(str(user.get(part) or "") for part in ("first_name", "last_name")).strip()
    name = name or str(user.get("username") or "") or str(user["id"])
    return Identity(
        Player("telegram", str(user["id"]), name),
        language=str(user.get("language_code") or ""),
        start=fields.get("start_param", ""),
    )


def token_key(*secrets: str) -> bytes:
    """The key tokens are signed with, derived from the bot's secrets (its Telegram token, its Discord client
    secret): every process of one bot derives the same, and a page can never work it out. With no secret at
    all (no way to sign in either) the key is random: a key anyone could derive would let anyone forge a
    token."""
    if not any(secrets):
        import secrets as random_bytes

        return random_bytes.token_bytes(32)
    return hmac.new(b"golfbot web table", "\n".join(secrets).encode(), hashlib.sha256).digest()


class Tokens:
    """Signs and reads tokens (see the module's doc)."""

    def __init__(self, key: bytes, *, clock: Callable[[], float] = time.time) -> None:
        self._key = key
        self._clock = clock

    def issue(self, identity: Identity) -> str:
        player = identity.player
        payload = {
            "k": player.key,
            "n": player.name,
            "l": identity.language,
            "g": identity.guild,
            "e": int(self._clock()) + TOKEN_LIFETIME,
        }
        body = _b64(json.dumps(payload, separators=(",", ":")).encode())
        return f"{body}.{_b64(self._sign(body))}"

    def read(self, token: str) -> Identity:
        """The identity ``token`` names; SignInRefused if it is not ours or has expired."""
        body, _dot, signature = token.partition(".")
        try:
            given = base64.urlsafe_b64decode(signature + "=" * (-len(signature) % 4))
        except (binascii.Error, ValueError):
            raise SignInRefused(UNKNOWN_PLAYER) from None
        if not body or not hmac.compare_digest(self._sign(body), given):
            raise SignInRefused(UNKNOWN_PLAYER)
        payload: dict[str, Any] = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        if int(payload["e"]) < self._clock():
            raise SignInRefused(OUT_OF_DATE)
        platform, _colon, user_id = str(payload["k"]).partition(":")
        return Identity(
            Player(platform, user_id, str(payload["n"])), language=str(payload["l"]), guild=str(payload["g"])
        )

    def _sign(self, body: str) -> bytes:
        return hmac.new(self._key, body.encode(), hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass(frozen=True, slots=True)
class DiscordSignIn:
    """A Discord player signed in: who, and the access token their page's SDK authenticates with."""

    identity: Identity
    access_token: str


class DiscordOAuth:
    """The Activity's sign-in: an authorisation code exchanged at Discord for an access token, and the
    player it belongs to. ``api_base``: Discord's API (a loopback fake in tests)."""

    def __init__(self, client_id: str, client_secret: str, api_base: str = "") -> None:
        self.client_id = client_id
        self._secret = client_secret
        self._api = (api_base or DISCORD_API).rstrip("/")

    @property
    def ready(self) -> bool:
        """Whether the application's id and secret are both set."""
        return bool(self.client_id and self._secret)

    async def sign_in(self, code: str, guild: str = "") -> DiscordSignIn:
        """Who ``code`` (the SDK's ``authorize`` answer) names; SignInRefused if Discord does not say."""
        if not code or not self.ready:
            raise SignInRefused(UNKNOWN_PLAYER)
        form = {
            "client_id": self.client_id,
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        timeout = aiohttp.ClientTimeout(total=DISCORD_TIMEOUT)
        try:
            async with aiohttp.ClientSession(timeout=timeout) as http:
                async with http.post(f"{self._api}/oauth2/token", data=form) as answer:
                    granted = await _json(answer, "the code exchange")
                access = str(granted.get("access_token") or "")
                if not access:
                    raise SignInRefused(UNKNOWN_PLAYER)
                headers = {"Authorization": f"Bearer {access}"}
                async with http.get(f"{self._api}/users/@me", headers=headers) as answer:
                    user = await _json(answer, "users/@me")
        except (aiohttp.ClientError, TimeoutError) as error:
            log.warning("Discord could not be asked who signed in: %s", type(error).__name__)
            raise SignInRefused(UNKNOWN_PLAYER) from None
        user_id = str(user.get("id") or "")
        if not user_id.isdigit():
            raise SignInRefused(UNKNOWN_PLAYER)
        name = str(user.get("global_name") or user.get("username") or user_id)
        identity = Identity(
            Player("discord", user_id, name),
            language=str(user.get("locale") or ""),
            guild=guild if guild.isdigit() else "",
        )
        return DiscordSignIn(identity, access)


async def _json(answer: aiohttp.ClientResponse, what: str) -> dict[str, Any]:
    """A Discord answer's JSON object; SignInRefused (one log line, no secret) if it refused."""
    if answer.status != 200:
        log.info("Discord refused %s: HTTP %d", what, answer.status)
        raise SignInRefused(UNKNOWN_PLAYER)
    body = await answer.json(content_type=None)
    if not isinstance(body, dict):
        raise SignInRefused(UNKNOWN_PLAYER)
    return body
