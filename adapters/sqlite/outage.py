"""SQLite's errors that mean the database cannot be used just now, as the port's StoreUnavailable.

Told apart by SQLite's own error code (``sqlite_errorname``), never by the wording: a busy or locked
database (another program held it past the busy timeout), a full disk, a read-only or moved file, an I/O
error, a file that cannot be opened or is damaged. Anything else (a statement SQLite does not understand:
a bug) passes through unchanged.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from bot.ports import StoreUnavailable

REASONS = {
    "SQLITE_BUSY": "the database is locked by another program",
    "SQLITE_LOCKED": "the database is locked by another program",
    "SQLITE_FULL": "the disk is full",
    "SQLITE_READONLY": "the database file is read-only",
    "SQLITE_PERM": "the database file may not be written",
    "SQLITE_IOERR": "the disk could not be read or written",
    "SQLITE_CANTOPEN": "the database file cannot be opened",
    "SQLITE_CORRUPT": "the database file is damaged",
    "SQLITE_NOTADB": "the database file is damaged",
    "SQLITE_PROTOCOL": "the database is locked by another program",
}
"""Primary error codes (an extended code, e.g. SQLITE_IOERR_WRITE, counts as its primary) -> the reason."""


def outage(error: BaseException) -> StoreUnavailable | None:
    """``error`` as StoreUnavailable if it means the database cannot be used now; None otherwise."""
    if not isinstance(error, sqlite3.Error) or isinstance(error, sqlite3.IntegrityError):
        return None
    name = getattr(error, "sqlite_errorname", None) or ""
    primary = "_".join(name.split("_")[:2])
    reason = REASONS.get(primary)
    return None if reason is None else StoreUnavailable(f"{reason} ({name}: {error})")


@contextmanager
def as_outage() -> Iterator[None]:
    """Raise StoreUnavailable, chained to it, for an SQLite error that is an outage."""
    try:
        yield
    except sqlite3.Error as error:
        unavailable = outage(error)
        if unavailable is None:
            raise
        raise unavailable from error
