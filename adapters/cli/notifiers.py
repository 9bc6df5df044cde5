"""The app's one Notifier: each event goes to the Notifier of the platform its key names.

Keys are ``<platform>:<id>`` (``bot.models.Player.key``, ``Place.key``). A chat bot plugs its Notifier in
while it is connected (``plugged``); an event for a platform with no bot running is a failed delivery,
which ``bot.events.Outbox`` logs in one line.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from bot.events import Event
from bot.ports import Notifier


class NoBotRunning(LookupError):
    """An event for a platform whose bot is not running."""


class Notifiers:
    def __init__(self) -> None:
        self._by_platform: dict[str, Notifier] = {}

    @contextmanager
    def plugged(self, platform: str, notifier: Notifier) -> Iterator[None]:
        """Meanwhile, events for ``platform`` go to ``notifier``."""
        self._by_platform[platform] = notifier
        try:
            yield
        finally:
            if self._by_platform.get(platform) is notifier:
                del self._by_platform[platform]

    @property
    def platforms(self) -> tuple[str, ...]:
        return tuple(self._by_platform)

    def _for(self, key: str) -> Notifier:
        platform = key.partition(":")[0]
        notifier = self._by_platform.get(platform)
        if notifier is None:
            raise NoBotRunning(f"no {platform or 'unknown'} bot is running")
        return notifier

    async def to_place(self, place: str, event: Event) -> None:
        await self._for(place).to_place(place, event)

    async def to_player(self, player: str, event: Event) -> None:
        await self._for(player).to_player(player, event)


if TYPE_CHECKING:
    _conforms: Notifier = Notifiers()
