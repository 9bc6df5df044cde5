"""One WebSocket of the web table: the hello, then the page's frames one at a time (docs/web-table.md).

A press is the same press as a chat button's, through the Clubhouse's door: the core checks versions, seats
and turns. Before it, the press is checked against the screens this connection showed: an id that is on
none of them is refused without reaching the core. Every frame is worded in the player's language.
"""

from __future__ import annotations

import json
import logging
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from adapters.web.auth import UNKNOWN_PLAYER, Identity, SignInRefused, Tokens
from adapters.web.hub import Hub, View
from adapters.web.seats import as_seat, seat_screen
from adapters.web.views import JSON, screen_json
from bot.clubhouse import Clubhouse
from bot.desks import DailyDesk
from bot.errors import GolfError, NoRoundError
from bot.events import BoardMoved
from bot.i18n import N_, _, speaking
from bot.models import Place
from bot.ports import Notifier
from bot.screens import Screen

log = logging.getLogger(__name__)

HELLO_SECONDS = 30.0
"""How long a new socket may take to say hello."""
HEARTBEAT = 30.0
"""Seconds between pings, so that a socket left open by a page that went away is closed."""

NOT_ON_TABLE = N_("That button is not on your table.")
WENT_WRONG = N_("Something went wrong; nothing was changed.")


@dataclass(frozen=True, slots=True)
class Table:
    """What the web table plays with."""

    clubhouse: Clubhouse
    daily: DailyDesk
    hub: Hub
    tokens: Tokens
    notifier: Notifier | None = None
    """Where a press made here is told (``BoardMoved``), so that the chat redraws its board of the session."""


def place_of(identity: Identity) -> Place:
    """Where the player plays from the table: their private chat with the bot on Telegram; on Discord, the
    server they opened the Activity in, else their direct messages."""
    player = identity.player
    if player.platform == "discord":
        return Place("discord", identity.guild or f"dm-{player.user_id}")
    return Place(player.platform, player.user_id)


async def converse(request: web.Request, table: Table) -> web.WebSocketResponse:
    """``GET /ws``: the conversation with one page, until it closes."""
    socket = web.WebSocketResponse(heartbeat=HEARTBEAT)
    await socket.prepare(request)
    identity = await _hello(socket, table.tokens)
    if identity is None:
        return socket
    language = await table.clubhouse.places.player_language(identity.player, app=identity.language or None)
    view = View(socket, identity.player, language)
    table.hub.join(view)
    conversation = _Conversation(table, identity, view)
    player = identity.player
    await view.send(
        {"type": "welcome", "player": {"key": player.key, "name": player.name}, "language": language}
    )
    try:
        async for message in socket:
            if message.type is WSMsgType.TEXT:
                await conversation.take(message.data)
            elif message.type is WSMsgType.ERROR:
                break
    finally:
        table.hub.leave(view)
    return socket


async def _hello(socket: web.WebSocketResponse, tokens: Tokens) -> Identity | None:
    """The identity of the first frame's token; None (after an error frame, the socket closed) if it is not a
    hello with a valid token."""
    try:
        message = await socket.receive(timeout=HELLO_SECONDS)
        frame = json.loads(message.data) if message.type is WSMsgType.TEXT else {}
        if not isinstance(frame, dict) or frame.get("op") != "hello":
            raise SignInRefused(UNKNOWN_PLAYER)
        return tokens.read(str(frame.get("token") or ""))
    except SignInRefused as refusal:
        error = refusal.message
    except (TimeoutError, ValueError, KeyError, TypeError):
        error = _(UNKNOWN_PLAYER)
    if not socket.closed:
        await socket.send_str(json.dumps({"type": "error", "message": error}, ensure_ascii=False))
        await socket.close()
    return None


class _Conversation:
    """The frames of one signed-in page."""

    def __init__(self, table: Table, identity: Identity, view: View) -> None:
        self._table = table
        self._identity = identity
        self._view = view
        self._player = identity.player
        self._place = place_of(identity)

    async def take(self, text: str) -> None:
        """One frame of the page's: answered in the player's language; a refusal changes nothing."""
        view = self._view
        try:
            frame = json.loads(text)
            if not isinstance(frame, dict):
                raise ValueError("not an object")
        except ValueError:
            frame = {}
        try:
            view.language = await self._table.clubhouse.places.player_language(
                self._player, app=self._identity.language or None
            )
        except Exception as error:  # the store is away: the language it had
            log.debug("language not read: %s", type(error).__name__)
        with speaking(view.language):
            try:
                await self._answer(frame)
            except GolfError as error:
                await self._refuse(error.message, error.screen)
            except Exception as error:
                log.error(
                    "a web table frame %r failed: %s: %s",
                    str(frame.get("op", ""))[:20],
                    type(error).__name__,
                    error,
                    extra={"player": self._player.key},
                )
                log.debug("web table frame failed", exc_info=True)
                await self._refuse(_(WENT_WRONG), None)

    async def _answer(self, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        club, hub, view = self._table.clubhouse, self._table.hub, self._view
        if op == "open":
            await hub.show(view, await seat_screen(club, str(frame.get("session") or ""), self._player.key))
        elif op == "play":
            await hub.show(view, await self._solo(str(frame.get("rules") or "")))
        elif op == "daily":
            await club.places.ensure_player(self._player)
            await hub.show(view, await self._table.daily.play(self._player, self._place))
        elif op == "press":
            await self._press(str(frame.get("id") or ""))
        else:
            await self._refuse(_(WENT_WRONG), None)

    async def _solo(self, rules: str) -> Screen:
        """The player's solo round at their place, resumed, or else started (under ``rules``, if given)."""
        club = self._table.clubhouse
        try:
            return await club.resume(self._player, self._place)
        except NoRoundError:
            await club.places.ensure_player(self._player)
            return await club.start_round(self._player, self._place, rules=rules or None)

    async def _press(self, button: str) -> None:
        view, hub = self._view, self._table.hub
        if not button or not view.offers(button):
            await self._refuse(_(NOT_ON_TABLE), None)
            return
        view.pressing += 1
        try:
            reply = await self._table.clubhouse.door.press(self._player, button, "")
        finally:
            view.pressing -= 1
            if view.missed and not view.pressing:  # a push came while the press was on its way
                view.missed = False
                hub.spawn(self._catch_up())  # after the reply (or the refusal) is shown
        screen = reply.screen
        with suppress(GolfError):  # a table gone meanwhile: the answer as it came
            screen = await as_seat(self._table.clubhouse, screen, self._player.key)
        await hub.show(view, screen)
        if reply.private:
            await view.send({"type": "private", "message": reply.private})
        if reply.screen.session:
            hub.spawn(self._moved(reply.screen.session))

    async def _catch_up(self) -> None:
        if self._view.session:
            await self._table.hub.refresh(self._view, self._view.session)

    async def _moved(self, session: str) -> None:
        """Tell the chat a board moved (``BoardMoved``, to the session's place): it redraws its message of it.
        A failure is one log line; the press stands."""
        notifier = self._table.notifier
        if notifier is None:
            return
        try:
            live = await self._table.clubhouse.sessions.load(session)
            place = live.state.place
            await notifier.to_place(place, BoardMoved(place, session))
        except LookupError as error:  # no bot of that platform runs here
            log.debug("board %s moved; no chat told: %s", session, error)
        except Exception as error:
            log.warning("board %s moved; the chat was not told: %s: %s", session, type(error).__name__, error)

    async def _refuse(self, message: str, screen: Screen | None) -> None:
        """A refusal, with the screen to show (the one on show if none is given)."""
        view = self._view
        if screen is not None:  # the core's screen of a refusal: as this seat sees it
            with suppress(GolfError):
                screen = await as_seat(self._table.clubhouse, screen, self._player.key)
        screen = screen or view.screen
        frame: JSON = {"type": "refused", "message": message, "screen": None}
        if screen is None:
            await view.send(frame)
            return
        frame["screen"] = screen_json(screen)
        await self._table.hub.show(view, screen, frame)
