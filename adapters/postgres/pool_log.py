"""What asyncpg's pool logs while the server is away (a restart, a failover): one line, once a minute.

The pool keeps its floor of connections (``min_size``) by reconnecting in the background; each failed try
is a WARNING, "Failed to restore the pool connection floor; retrying", with a 15-line traceback, from the
logger ``asyncpg.pool``, and the tries come again after 1, 2, 4 ... seconds. The store copes with the outage
by itself (``outage.py``), so:

- in the bots' log (the handler ``adapters.cli.config.configure_logging`` sets up, named ``golfbot``) it
  is one WARNING line with the reason and without the traceback, at most once a minute;
- anywhere else (the terminal games, whose stderr is the player's screen) it is not shown at all: it
  was printed over the board; the game tells the player itself when a move cannot be saved.
"""

from __future__ import annotations

import logging
import time

LOGGER = "asyncpg.pool"
BOTS_LOG = "golfbot"
"""The name of the bots' log handler (``adapters.cli.config.LOG_HANDLER``; the adapters never import
the composition root)."""
QUIET_SECONDS = 60.0


class OneLine(logging.Filter):
    """asyncpg's pool warnings as one line, at most one a minute, and only into the bots' log."""

    def __init__(self) -> None:
        super().__init__()
        self._shown = -QUIET_SECONDS

    def filter(self, record: logging.LogRecord) -> bool:
        if not any(handler.get_name() == BOTS_LOG for handler in logging.getLogger().handlers):
            return False
        now = time.monotonic()
        if now - self._shown < QUIET_SECONDS:
            return False  # the same outage, told already
        self._shown = now
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            why = " ".join(str(error).split()) or "no reason given"
            record.msg = f"{record.getMessage()} ({type(error).__name__}: {why})"
            record.args = None
            record.exc_info = record.exc_text = None
        return True


def one_line_pool_log() -> None:
    """Put OneLine on asyncpg's pool logger (once, however many stores are opened)."""
    logger = logging.getLogger(LOGGER)
    if not any(isinstance(f, OneLine) for f in logger.filters):
        logger.addFilter(OneLine())
