"""The answer to a callback query, set while a press is handled and sent once. The press path
(``buttons.py``) and the tables' (``table.py``, which tells a drawn card in it) both fill it in, so it lives
below them both."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from telegram import CallbackQuery
from telegram.error import TelegramError

ANSWER_LIMIT = 200
"""Telegram cuts the text of a callback answer at 200 characters."""

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Answer:
    """What the query will be answered with; set while handling, sent once (``send``, or at the end)."""

    query: CallbackQuery
    text: str | None = None
    show_alert: bool = False
    committed: bool = False
    """The press changed the game: whatever happens next, it must not be answered as a failure."""
    sent: bool = False

    def say(self, text: str) -> None:
        self.text, self.show_alert = text, False

    def alert(self, text: str) -> None:
        self.text, self.show_alert = text, True

    async def send(self) -> None:
        if self.sent:
            return
        self.sent = True
        text = self.text[:ANSWER_LIMIT] if self.text else None
        try:
            await self.query.answer(text, show_alert=self.show_alert)
        except TelegramError as error:  # e.g. answered too late (Telegram waits about 15 s)
            log.warning("could not answer a callback query: %s", error)
