"""A row of the bot's command table: a command's name, its arguments and description (Telegram's command
menu and ``/help`` show them) and its handler. ``commands.py`` assembles the table from its own rows and
those of the daily challenge (``daily.py``) and of competition (``compete.py``), which build on this module
and never on ``commands.py``."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram import Update
from telegram.ext import ContextTypes

from bot.i18n import _

Callback = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    name: str
    """As typed after the slash; ``[a-z0-9_]{1,32}`` (Telegram's rule)."""
    arguments: str
    """What may follow the name, for /help (marked with ``N_``, worded in ``usage``; "" for nothing)."""
    description: str
    """For the command menu and /help; 1-256 characters. Marked with ``N_``: worded where it is shown."""
    callback: Callback

    @property
    def usage(self) -> str:
        """``/play [game or rules] [holes] [#deal]``, its arguments in the current language."""
        return f"/{self.name} {_(self.arguments) if self.arguments else ''}".rstrip()
