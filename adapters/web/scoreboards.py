"""The live scoreboard beside a match board at the web table.

A page that shows a player's board of a match (or of a tournament's match) is sent the match's scoreboard as
well, as the place sees it (finished holes only, never a board), in a ``scoreboard`` frame, and sent it anew
whenever the match is saved (``MatchDesk.follow``): a hole the opponent finished, the result. A page that
shows anything else is sent ``{"type": "scoreboard", "screen": null}`` once, to take it down.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from adapters.web.background import Background
from adapters.web.views import screen_json
from bot.desks import MatchDesk
from bot.errors import GolfError
from bot.i18n import speaking
from bot.screens import Screen
from bot.sessions import Sessions

log = logging.getLogger(__name__)


class Shown(Protocol):
    """What this needs of an open view (``adapters.web.hub.View``)."""

    language: str

    async def send(self, frame: dict[str, Any]) -> bool: ...


class Scoreboards:
    """The match of each open view that shows a match board, and the pushes of its scoreboard."""

    def __init__(self, sessions: Sessions, matches: MatchDesk | None) -> None:
        self._sessions = sessions
        self._matches = matches
        self._match_of: dict[Shown, str] = {}
        """An open view -> the match whose board it shows."""
        self._due: set[str] = set()
        self._background = Background()
        if matches is not None:
            matches.follow(self._saved)

    async def shown(self, view: Shown, screen: Screen) -> None:
        """``view`` shows ``screen`` now: its scoreboard with it, if it is a match board (nothing to send if
        it showed that match's already)."""
        match = await self._match(screen.session) if self._matches is not None and screen.session else ""
        before = self._match_of.pop(view, "")
        if match:
            self._match_of[view] = match
            if match != before:
                await self._send(view, match)
        elif before:
            await view.send({"type": "scoreboard", "screen": None})

    def forget(self, view: Shown) -> None:
        self._match_of.pop(view, None)

    async def _match(self, session: str) -> str:
        assert self._matches is not None
        try:
            live = await self._sessions.load(session)
        except GolfError:
            return ""
        return self._matches.match_of(live.state)

    def _saved(self, match: str) -> None:
        """``MatchDesk.follow``'s follower: push the scoreboard to the views that show a board of it."""
        if match in self._due or match not in self._match_of.values():
            return
        self._due.add(match)
        self._background.spawn(self._push(match))

    async def _push(self, match: str) -> None:
        await asyncio.sleep(0)  # the match's other saves of this moment are in before this reads it
        self._due.discard(match)
        for view in [v for v, m in self._match_of.items() if m == match]:
            await self._send(view, match)

    async def _send(self, view: Shown, match: str) -> None:
        assert self._matches is not None
        try:
            with speaking(view.language):
                board = await self._matches.scoreboard(match)
                frame = {"type": "scoreboard", "screen": screen_json(board)}
        except GolfError as error:
            log.debug("no scoreboard of match %s: %s", match, error.msgid)
            return
        except Exception as error:
            log.warning("the scoreboard of match %s was not sent: %s: %s", match, type(error).__name__, error)
            return
        if not await view.send(frame):
            self.forget(view)

    async def close(self) -> None:
        await self._background.close()
