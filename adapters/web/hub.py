"""The open views of the web table, by session, and the pushes that keep them up to date.

Each WebSocket is a ``View``: the player at it, their language, and the screen it shows. The ``Hub`` follows
every commit of the core (``Sessions.follow``): a session that an open view shows is pushed to each of its
views, as that view's own seat sees it (``Sessions.view``), worded in that viewer's language. The follower
only notes the session and schedules one push for it (a burst of commits before the push runs is pushed
once, as it stands then); a view that has that version already is skipped, as is one whose own press is on
its way (its reply is the screen it gets; a push it missed is caught up after it). A closed socket leaves.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from aiohttp import WSCloseCode, web

from adapters.web.background import Background
from adapters.web.scoreboards import Scoreboards
from adapters.web.views import JSON, screen_json
from bot.errors import GolfError
from bot.i18n import speaking
from bot.models import Player, RoundState
from bot.screens import Screen
from bot.sessions import Sessions

Viewer = Callable[[str, str], Awaitable[Screen]]
"""``(session, player key) -> Screen``: what a seat sees of a session now."""


def _view_of(sessions: Sessions) -> Viewer:
    return sessions.view


log = logging.getLogger(__name__)

REMEMBERED_SCREENS = 8
"""How many of the screens a view showed last have their buttons taken: a press made on a screen that a
push replaced a moment before still reaches the core (which refuses it as out of date, or plays it where
others' moves did not change its meaning: a Six-card opening)."""


class View:
    """One open WebSocket of the web table (see the module's doc)."""

    def __init__(self, socket: web.WebSocketResponse, player: Player, language: str) -> None:
        self.socket = socket
        self.player = player
        self.language = language
        """The language this view is worded in (the player's, as ``Places.player_language`` says)."""
        self.screen: Screen | None = None
        """The screen the page shows now (None before the first)."""
        self.pressing = 0
        """Presses of this view on their way to the core (a push waits for their reply)."""
        self.missed = False
        """A push skipped while a press was on its way."""
        self._shown: deque[frozenset[str]] = deque(maxlen=REMEMBERED_SCREENS)
        self._sending = asyncio.Lock()

    @property
    def session(self) -> str:
        return "" if self.screen is None else self.screen.session

    def offers(self, button_id: str) -> bool:
        """Whether ``button_id`` is a button of a screen this view showed lately."""
        return any(button_id in ids for ids in self._shown)

    def has(self, screen: Screen) -> bool:
        """Whether this view shows ``screen``'s session at its version or a later one."""
        shown = self.screen
        return shown is not None and shown.session == screen.session and shown.version >= screen.version

    async def send(self, frame: JSON) -> bool:
        """Send ``frame``; False if the socket is closed."""
        if self.socket.closed:
            return False
        async with self._sending:
            try:
                await self.socket.send_str(json.dumps(frame, ensure_ascii=False))
            except (ConnectionError, RuntimeError):  # closed while this waited
                return False
        return True

    async def show(self, screen: Screen, frame: JSON | None = None) -> bool:
        """Send ``screen`` as a ``screen`` frame (or as part of ``frame``, a refusal), and note it shown."""
        self.screen = screen
        self._shown.append(frozenset(button.id for button in screen.all_buttons))
        if frame is None:
            frame = {"type": "screen", "screen": screen_json(screen)}
        return await self.send(frame)


class Hub:
    """The open views by session (see the module's doc)."""

    def __init__(
        self, sessions: Sessions, viewer: Viewer | None = None, scoreboards: Scoreboards | None = None
    ) -> None:
        self._sessions = sessions
        self._viewer: Viewer = viewer or _view_of(sessions)
        """A seat's screen of a session (``adapters.web.seats``)."""
        self._scoreboards = scoreboards
        """The scoreboards beside match boards (``adapters.web.scoreboards``)."""
        self._views: dict[str, set[View]] = {}
        self._open: set[View] = set()
        """Every open view, showing a session or not yet."""
        self._due: set[str] = set()
        """Sessions whose push is scheduled and has not begun."""
        self._background = Background()

    def watching(self, session: str) -> int:
        """How many open views show ``session``."""
        return len(self._views.get(session, ()))

    def join(self, view: View) -> None:
        """A new view is open (signed in)."""
        self._open.add(view)

    async def show(self, view: View, screen: Screen, frame: JSON | None = None) -> None:
        """``view`` shows ``screen`` now (``View.show``), and is pushed what its session becomes."""
        before = view.session
        if before != screen.session:
            self._leave(view, before)
        if screen.session:
            self._views.setdefault(screen.session, set()).add(view)
        if not await view.show(screen, frame):
            self.leave(view)
        elif before != screen.session and self._scoreboards is not None:
            await self._scoreboards.shown(view, screen)

    def leave(self, view: View) -> None:
        """``view`` is closed: no push for it any more."""
        self._open.discard(view)
        self._leave(view, view.session)
        if self._scoreboards is not None:
            self._scoreboards.forget(view)

    def _leave(self, view: View, session: str) -> None:
        views = self._views.get(session)
        if views is not None:
            views.discard(view)
            if not views:
                del self._views[session]

    def follow(self, state: RoundState) -> None:
        """``Sessions.follow``'s follower: schedule a push of ``state``'s session if a view shows it."""
        if state.id not in self._views or state.id in self._due:
            return
        self._due.add(state.id)
        self.spawn(self._push(state.id))

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background (kept until it ends; cancelled by ``close``)."""
        self._background.spawn(work)

    async def _push(self, session: str) -> None:
        await asyncio.sleep(0)  # the commits of one burst are in before this reads the session
        self._due.discard(session)
        for view in list(self._views.get(session, ())):
            if view.pressing:
                view.missed = True
                continue
            await self.refresh(view, session)

    async def refresh(self, view: View, session: str) -> None:
        """Send ``view`` its seat's screen of ``session`` as it stands, unless it has that version."""
        if view.socket.closed:
            self.leave(view)
            return
        try:
            with speaking(view.language):
                screen = await self._viewer(session, view.player.key)
        except GolfError as error:  # gone, or no longer this player's to see
            log.debug("no push of session %s to %s: %s", session, view.player.key, error.msgid)
            return
        except Exception as error:
            log.warning("session %s could not be pushed: %s: %s", session, type(error).__name__, error)
            return
        if view.session == session and not view.has(screen):
            await self.show(view, screen)

    async def close(self) -> None:
        """Close every open view's socket (the server is going away), and cancel the pushes on their way."""
        views, self._open = list(self._open), set()
        self._views.clear()
        await asyncio.gather(
            *(view.socket.close(code=WSCloseCode.GOING_AWAY) for view in views), return_exceptions=True
        )
        await self._background.close()
        if self._scoreboards is not None:
            await self._scoreboards.close()
