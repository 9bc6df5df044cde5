"""A Notifier that keeps what it is given: the fake of our own port that tests read events from."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.events import Delivery, Event, ToPlace, ToPlayer
from bot.ports import Notifier


class MemoryNotifier:
    def __init__(self) -> None:
        self.delivered: list[Delivery] = []

    async def to_place(self, place: str, event: Event) -> None:
        self.delivered.append(Delivery(ToPlace(place), event))

    async def to_player(self, player: str, event: Event) -> None:
        self.delivered.append(Delivery(ToPlayer(player), event))

    def events(self) -> list[Event]:
        return [d.event for d in self.delivered]


if TYPE_CHECKING:
    _conforms: Notifier = MemoryNotifier()
