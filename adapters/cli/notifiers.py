"""The app's one Notifier: each event goes to the Notifier of the platform its key names.

Keys are ``<platform>:<id>`` (``bot.models.Player.key``, ``Place.key``). A chat bot plugs its Notifier in
while it is connected (``plugged``). A process that runs a platform's bot says so first (``expect``): an
event for that platform while its bot is not (yet, or for a moment no longer) connected — a match's clock
that ran out while the bot was down fires at start, before the bot is connected — waits in a backlog and
is delivered, in order, when the bot plugs in. An event for a platform no bot here runs is a failed
delivery, which ``bot.events.Outbox`` logs in one line. A delivery that fails because its bot left while it
was on its way (the process is stopping: the bot's HTTP client closes under it; or the connection dropped)
is not a failure either: the event goes back to the front of the backlog.

Each event is worded in the language of whoever it goes to (``bot.i18n``): a place's, or a player's
(``Places.language_of``; English until ``places`` is set).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Literal

from adapters import metrics
from bot.events import BoardMoved, Event
from bot.i18n import speaking
from bot.places import Places
from bot.ports import Notifier

log = logging.getLogger(__name__)

BACKLOG = 500
"""Events kept per platform while its bot is away; past it the oldest are dropped (one log line each)."""

Whom = Literal["place", "player"]

REDRAWN = frozenset({"telegram", "discord"})
"""The platforms whose bots keep the messages of sessions and redraw them on ``BoardMoved`` (a move made
on the web table). Elsewhere (the terminal) it is nobody's business: nothing is posted for it."""


class NoBotRunning(LookupError):
    """An event for a platform whose bot is not running."""


class Notifiers:
    def __init__(self) -> None:
        self._by_platform: dict[str, Notifier] = {}
        self._expected: set[str] = set()
        self._backlog: dict[str, deque[tuple[Whom, str, Event]]] = {}
        self._flushing: set[asyncio.Task[None]] = set()
        self.places: Places | None = None
        """Where the language of a place or a player is found (the Clubhouse's places)."""

    def expect(self, platform: str) -> None:
        """This process runs ``platform``'s bot: keep its events while the bot is not plugged in."""
        self._expected.add(platform)

    @contextmanager
    def plugged(self, platform: str, notifier: Notifier) -> Iterator[None]:
        """Meanwhile, events for ``platform`` go to ``notifier`` (first those that waited for it)."""
        self._by_platform[platform] = notifier
        if self._backlog.get(platform):
            task = asyncio.get_running_loop().create_task(self._flush(platform, notifier))
            self._flushing.add(task)
            task.add_done_callback(self._flushing.discard)
        try:
            yield
        finally:
            if self._by_platform.get(platform) is notifier:
                del self._by_platform[platform]

    @property
    def platforms(self) -> tuple[str, ...]:
        return tuple(self._by_platform)

    def waiting(self, platform: str) -> int:
        """Events kept for ``platform`` until its bot plugs in."""
        return len(self._backlog.get(platform, ()))

    async def drained(self) -> None:
        """Until what waited for a bot that has plugged in since is delivered (or failed)."""
        while self._flushing:
            await asyncio.gather(*self._flushing, return_exceptions=True)

    async def to_place(self, place: str, event: Event) -> None:
        await self._deliver("place", place, event)

    async def to_player(self, player: str, event: Event) -> None:
        await self._deliver("player", player, event)

    async def _deliver(self, whom: Whom, key: str, event: Event) -> None:
        platform = key.partition(":")[0]
        notifier = self._by_platform.get(platform)
        if isinstance(event, BoardMoved):  # a redraw: now or never (a board is redrawn by the next move)
            if notifier is not None and platform in REDRAWN:
                await self._send(notifier, whom, key, event)
            return
        if notifier is not None and not self._backlog.get(platform):
            try:
                await self._send(notifier, whom, key, event)
            except Exception:
                if not self._left(platform, notifier, key, event):
                    raise
                self._keep(platform, (whom, key, event), first=True)
            return
        if platform not in self._expected:
            raise NoBotRunning(f"no {platform or 'unknown'} bot is running")
        self._keep(platform, (whom, key, event))

    async def _send(self, notifier: Notifier, whom: Whom, key: str, event: Event) -> None:
        platform = key.partition(":")[0]
        try:
            place = whom == "place"
            language = None if self.places is None else await self.places.language_of(key, place=place)
            with speaking(language):
                if place:
                    await notifier.to_place(key, event)
                else:
                    await notifier.to_player(key, event)
        except Exception:
            metrics.event(platform, "failed")
            raise
        metrics.event(platform, "delivered")

    def _left(self, platform: str, notifier: Notifier, key: str, event: Event) -> bool:
        """After a failed delivery: had the bot left meanwhile (and will one be back)?"""
        if self._by_platform.get(platform) is notifier or platform not in self._expected:
            return False
        log.info("the %s bot left while %s to %s was on its way: kept", platform, type(event).__name__, key)
        return True

    def _keep(self, platform: str, item: tuple[Whom, str, Event], *, first: bool = False) -> None:
        """Into the backlog: at its end, or (``first``: back from a delivery cut short) at its front."""
        backlog = self._backlog.setdefault(platform, deque())
        if first:
            backlog.appendleft(item)
        else:
            backlog.append(item)
        if len(backlog) > BACKLOG:
            dropped_whom, dropped_key, dropped = backlog.popleft()
            log.warning(
                "the %s bot is away: dropped %s to %s (%d events waiting)",
                platform,
                type(dropped).__name__,
                dropped_key,
                BACKLOG,
                extra={dropped_whom: dropped_key},  # (place or player: adapters/log_context.py)
            )

    async def _flush(self, platform: str, notifier: Notifier) -> None:
        """Deliver what waited for ``platform``, in order, while ``notifier`` stays plugged in."""
        backlog = self._backlog.get(platform)
        while backlog and self._by_platform.get(platform) is notifier:
            whom, key, event = backlog[0]
            try:
                await self._send(notifier, whom, key, event)
            except Exception as error:
                if self._left(platform, notifier, key, event):
                    return  # it stays first in the backlog
                name, kind = type(event).__name__, type(error).__name__
                log.error("could not deliver %s to %s: %s: %s", name, key, kind, error, extra={whom: key})
                log.debug("delivery failed", exc_info=True)
            if backlog and backlog[0][2] is event:
                backlog.popleft()


if TYPE_CHECKING:
    _conforms: Notifier = Notifiers()
