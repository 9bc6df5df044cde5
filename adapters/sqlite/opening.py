"""Opening a database file, and what to say when it cannot be used: one line that names the file, what
is wrong with it and what to do (a folder, a folder that cannot be written, a read-only file, a file that
is not SQLite at all).

``probe`` opens the file with plain sqlite3 first, so that such a file fails before aiosqlite starts its
connection thread: a connection left open after a failed statement keeps that (non-daemon) thread, and
with it the process, alive for good (the hang of issue 8), and one whose connect failed is cleaned up by
a callback that may outlive a short-lived event loop ("Event loop is closed").
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from adapters.sqlite.migrate import MigrationError, NotOurDatabase, check_ours


class DatabaseUnavailable(RuntimeError):
    """The database file cannot be opened or used; the message says why and what to do, in one line."""


def explain(path: Path, error: BaseException) -> str:
    """One line for a database that cannot be opened: what is wrong with ``path`` and what to do."""
    other = "choose another file with --db or GOLFBOT_DB"
    reason = str(error)
    if path.is_dir():
        example = path / "golfbot.sqlite3"
        return f"{path} is a folder, not a database file: give a file name, e.g. --db {example}"
    folder = path.parent
    if not path.exists():
        if folder.exists() and not folder.is_dir():
            return f"cannot create {path}: {folder} is a file, not a folder; {other}"
        if not folder.is_dir():
            return f"cannot create {path}: the folder {folder} cannot be made ({_why(error)}); {other}"
        return f"cannot create {path}: the folder {folder} is not writable; {other}"
    if isinstance(error, NotOurDatabase):
        return f"{path} {error}"
    if isinstance(error, MigrationError):  # a bug or the disk: the data is as it was, the file is fine
        return f"{path} could not be brought up to date, nothing was changed: {_why(error)}"
    if "not a database" in reason or "malformed" in reason:
        return f"{path} is not a golfbot database (not an SQLite file): move it away or {other}"
    if "readonly" in reason or not os.access(path, os.W_OK):
        return f"{path} is read-only: make it writable (chmod u+w) or {other}"
    if "locked" in reason or "busy" in reason:
        return f"{path} is locked by another program: close it and try again"
    if isinstance(error, OSError) or "unable to open" in reason:
        return f"cannot open {path} ({_why(error)}): check its permissions or {other}"
    return f"cannot use {path} ({_why(error)}): {other}"


def _why(error: BaseException) -> str:
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return " ".join(text.split()).rstrip(".") or type(error).__name__


def probe(path: Path) -> None:
    """Open ``path`` with plain sqlite3 and write to it once: a file that is not a database, read-only
    or in a folder that cannot be written fails here, before aiosqlite starts its thread (whose clean-up
    after a failed connect outlives a short-lived event loop). Another program's database, or a newer
    golfbot's, fails here too (NotOurDatabase), before anything is written to it, WAL mode included."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(str(path), isolation_level=None)
    try:
        check_ours(db)
        db.execute("PRAGMA journal_mode=WAL").fetchall()
        db.execute("BEGIN IMMEDIATE")
        db.execute("ROLLBACK")
    finally:
        db.close()
