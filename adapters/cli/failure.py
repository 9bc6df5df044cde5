"""How a command fails: one line on stderr and an exit code, never a traceback (at DEBUG, the traceback
is logged too)."""

from __future__ import annotations

EXIT_ENVIRONMENT = 1
"""Something outside the command line is wrong: the database file, the network, a token."""
EXIT_USAGE = 2
"""The command line is wrong: an unknown option, a bad value."""


class CommandFailed(Exception):
    """Raised by a command's handler; ``main`` prints ``golfbot COMMAND: message`` and exits with
    ``exit_code``."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.message = " ".join(message.split())
        self.exit_code = exit_code
