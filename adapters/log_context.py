"""Who and where a log line is about: the platform, the place key and the player key of the press or
command being handled, so that a player's complaint can be traced in the log (``grep player=discord:123``).

The chat adapters set it where they start handling one (``about``; Telegram at the start of each update,
``note``); a logging filter (``WhereFilter``, on the bots' log handler) copies it onto every record logged
meanwhile, in the same task, by golfbot or by a library. Keys only: never a name, a token or a message's
text. A line logged outside a press or a command (a timer, an event's delivery, a queued post) names
the place or player it is about itself: ``log.error(..., extra={"place": key})`` (the core does the same,
without importing this module), and the key's platform is filled in. The formatters of
``adapters/cli/config.py`` show it: text lines end with ``[discord
place=discord:42 player=discord:7]``, JSON lines carry ``platform``, ``place`` and ``player`` fields.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

FIELDS = ("platform", "place", "player")


@dataclass(frozen=True, slots=True)
class Where:
    platform: str
    place: str
    player: str


_current: ContextVar[Where | None] = ContextVar("golfbot_log_where", default=None)


def note(platform: str, place: str, player: str) -> None:
    """From now on in this task (Telegram: the task of one update), log records are about these."""
    _current.set(Where(platform, place, player))


@contextmanager
def about(platform: str, place: str, player: str) -> Iterator[None]:
    """Meanwhile, log records are about these."""
    token = _current.set(Where(platform, place, player))
    try:
        yield
    finally:
        _current.reset(token)


class WhereFilter(logging.Filter):
    """Adds ``platform``, ``place`` and ``player`` to each record: those the line was logged with
    (``extra=``), else the press's or command's being handled ("" outside one). A line that names a place
    or a player key and no platform gets the key's platform."""

    def filter(self, record: logging.LogRecord) -> bool:
        where = _current.get()
        for name in FIELDS:
            if not getattr(record, name, ""):
                setattr(record, name, getattr(where, name) if where is not None else "")
        if not record.platform:  # type: ignore[attr-defined]
            key = record.place or record.player  # type: ignore[attr-defined]
            record.platform = key.partition(":")[0] if ":" in key else ""
        return True


def suffix(record: logging.LogRecord) -> str:
    """`` [discord place=discord:42 player=discord:7]`` for a record about a press or command, else ""."""
    platform = getattr(record, "platform", "")
    if not platform:
        return ""
    return f" [{platform} place={getattr(record, 'place', '')} player={getattr(record, 'player', '')}]"
