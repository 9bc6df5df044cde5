"""Whether another golfbot has an SQLite database open, for ``golfbot migrate --to`` (a copy made while a
game or a bot goes on writing to the file would miss its later moves).

SQLite cannot tell: in WAL mode an idle connection holds no lock on the database file. So every store
holds a shared ``flock`` on a file beside the database (``golf.sqlite3-lock``, empty) while it is open,
and the copy takes that lock exclusively, without waiting, for as long as it runs: it is refused while
any store has the database open, and a store opened during the copy is refused in turn. The lock is the
kernel's: a process that dies releases it, so a crash never leaves the database "in use".

A separate file, because a lock on the database file itself would be on a second descriptor of it, and
closing that one drops the POSIX locks SQLite holds on the file in the same process. Where ``flock`` is
missing (Windows) there is no such check.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class InUse(RuntimeError):
    """The database is in use by another golfbot (or being copied); one line, with what to do."""


def lock_file(path: Path) -> Path:
    return path.with_name(f"{path.name}-lock")


class Holding:
    """A lock on the database's lock file, held until ``release``."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # releases the flock
            self._fd = None


def _lock(path: Path, mode: int) -> Holding:
    if fcntl is None:
        return Holding(None)
    fd = os.open(lock_file(path), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, mode | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise
    return Holding(fd)


def share(path: Path) -> Holding:
    """The shared lock of a store that has ``path`` open; InUse while a copy runs."""
    try:
        return _lock(path, fcntl.LOCK_SH if fcntl else 0)
    except BlockingIOError:
        raise InUse(
            f"{path} is being copied to PostgreSQL (golfbot migrate --to): wait for the copy,"
            " then use the PostgreSQL database"
        ) from None


@contextlib.contextmanager
def exclusive_use(path: Path) -> Iterator[None]:
    """Hold ``path`` for a copy: InUse at once if another golfbot has it open."""
    try:
        holding = _lock(path, fcntl.LOCK_EX if fcntl else 0)
    except BlockingIOError:
        raise InUse(
            f"{path} is open in another golfbot (a game or a bot): stop it, then copy"
            " (a copy made now would miss what it writes later)"
        ) from None
    try:
        yield
    finally:
        holding.release()
