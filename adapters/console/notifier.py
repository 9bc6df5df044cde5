"""Domain events in the terminal: each one a printed line (the terminal is one place and one player)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from bot.announcements import Words, words_of
from bot.events import Event
from bot.ports import Notifier

PLATFORM = "console"
"""The platform of the terminal's place and player keys (``adapters.console.game.PLACE``)."""


class ConsoleNotifier:
    def __init__(self, out: TextIO | None = None, words: Words | None = None) -> None:
        self._out = out
        self._words = words or words_of(None)

    async def to_place(self, place: str, event: Event) -> None:
        self._print(await self._words(event))

    async def to_player(self, player: str, event: Event) -> None:
        self._print(await self._words(event))

    def _print(self, line: str) -> None:
        out = self._out or sys.stdout  # looked up late: a test may have swapped sys.stdout
        out.write(line + "\n")
        out.flush()


if TYPE_CHECKING:
    _conforms: Notifier = ConsoleNotifier()
