"""``golfbot backup`` and ``golfbot restore`` on SQLite files.

A backup is a consistent copy taken while the bots go on writing: SQLite's online backup API, run inside
one read transaction of the source (in WAL mode a reader sees one snapshot, the commits in the ``-wal``
file included, and writers are not held up). The copy is written beside its destination under a temporary
name, switched out of WAL mode (one self-contained file), checked (``PRAGMA integrity_check`` and the row
count of every table, equal to the source's in the same snapshot), flushed to disk, and only then renamed
over the destination: a failed or interrupted backup never leaves a half-written file under its name.

A restore goes only into an empty database: the backup is copied beside the target, its schema brought up
to date by the migrations (a backup of an older golfbot), checked again, and renamed into place while no
golfbot has the target open.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from adapters.schema_guard import LEDGER, refusal
from adapters.sqlite.in_use import InUse, exclusive_use
from adapters.sqlite.migrate import ELSEWHERE, apply_migrations, available_migrations

WAIT_S = 30.0
"""How long the backup waits for a lock (a checkpoint, a migration) before it gives up."""


class BackupError(RuntimeError):
    """The backup or restore was refused or did not check out; nothing was written (one line)."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a backup holds: the row count of each table and the newest migration recorded."""

    rows: dict[str, int]
    schema: int

    @property
    def known(self) -> int:
        """The newest migration this golfbot has."""
        return len(available_migrations())

    def version_note(self) -> str:
        """Which golfbot's schema the backup has, said when it is not this one's."""
        if self.schema < self.known:
            return (
                f"schema {self.schema}, from an older golfbot (this one's is {self.known});"
                " golfbot restore brings it up to date"
            )
        if self.schema > self.known:
            return f"schema {self.schema}, from a newer golfbot (this one knows {self.known})"
        return f"schema {self.schema}"


def table_rows(db: sqlite3.Connection) -> dict[str, int]:
    names = [
        row[0]
        for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    return {name: db.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0] for name in names}


def _schema(db: sqlite3.Connection, tables: dict[str, int]) -> int:
    if LEDGER not in tables:
        return 0
    return int(db.execute(f"SELECT COALESCE(MAX(version), 0) FROM {LEDGER}").fetchone()[0])


def _ours(db: sqlite3.Connection, what: str, known: int | None = None) -> Snapshot:
    """The snapshot of a golfbot database; BackupError for another program's (or, with ``known``, for a
    newer golfbot's)."""
    rows = table_rows(db)
    versions = {row[0] for row in db.execute(f"SELECT version FROM {LEDGER}")} if LEDGER in rows else set()
    why = refusal(rows, versions, known if known is not None else 1 << 30, elsewhere=ELSEWHERE)
    if why is not None:
        raise BackupError(f"{what} {why}")
    return Snapshot(rows, _schema(db, rows))


def verify(db: sqlite3.Connection, expected: dict[str, int], what: str) -> None:
    """``PRAGMA integrity_check`` passes and every table of ``expected`` has its number of rows."""
    problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
    if problems != ["ok"]:
        raise BackupError(f"{what} fails its integrity check: {problems[0]}")
    found = table_rows(db)
    for table, count in expected.items():
        if found.get(table) != count:
            raise BackupError(f"{what}: {table} has {found.get(table, 0)} rows, the source {count}")


def durable_rename(partial: Path, dest: Path) -> None:
    fd = os.open(partial, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(partial, dest)
    with contextlib.suppress(OSError):  # the rename itself, on disk (not every system opens a folder)
        folder = os.open(dest.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def _partial(dest: Path, suffix: str) -> Path:
    return dest.with_name(f".{dest.name}.{suffix}")


def backup_sqlite(source: Path, dest: Path) -> Snapshot:
    """Copy the golfbot database ``source`` (open in other processes or not) to ``dest``, checked."""
    if not source.is_file():
        raise BackupError(f"no SQLite database at {source} to back up")
    if dest.resolve() == source.resolve():
        raise BackupError(f"{dest} is the database itself: give the backup another name")
    partial = _partial(dest, "partial")
    try:
        db = sqlite3.connect(source, isolation_level=None, timeout=WAIT_S)
    except sqlite3.Error as error:
        raise BackupError(f"cannot open {source}: {error}") from None
    try:
        db.execute("PRAGMA query_only = 1")
        db.execute("BEGIN")  # one snapshot for the counts and the copy
        snapshot = _ours(db, str(source))
        partial.unlink(missing_ok=True)
        copy = sqlite3.connect(partial, isolation_level=None)
        try:
            db.backup(copy)
            db.execute("COMMIT")
            copy.execute("PRAGMA journal_mode = DELETE").fetchall()  # one file, no -wal beside it
            verify(copy, snapshot.rows, f"the backup {dest}")
        finally:
            copy.close()
        durable_rename(partial, dest)
        return snapshot
    except sqlite3.Error as error:
        raise BackupError(f"backing up {source} to {dest} failed: {error}") from None
    finally:
        db.close()
        partial.unlink(missing_ok=True)


def read_backup(src: Path) -> Snapshot:
    """Check the backup file ``src`` (integrity, golfbot's, not of a newer golfbot) and say what it holds."""
    if not src.is_file():
        raise BackupError(f"no backup at {src}")
    try:
        db = sqlite3.connect(f"file:{src}?mode=ro", uri=True, isolation_level=None)
        try:
            snapshot = _ours(db, f"the backup {src}", len(available_migrations()))
            verify(db, snapshot.rows, f"the backup {src}")
            return snapshot
        finally:
            db.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{src} is not a golfbot backup: {error}") from None


async def migrated_copy(src: Path, dest: Path) -> Snapshot:
    """``src`` copied to ``dest`` (a new file) with its schema brought up to date; checked: integrity,
    and every table of the backup with as many rows as in the backup."""
    snapshot = read_backup(src)
    source = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
    copy = sqlite3.connect(dest, isolation_level=None)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode = DELETE").fetchall()
    finally:
        copy.close()
        source.close()
    async with aiosqlite.connect(dest, isolation_level=None) as db:
        await apply_migrations(db)
    check = sqlite3.connect(dest)
    try:
        data = {table: rows for table, rows in snapshot.rows.items() if table != LEDGER}
        verify(check, data, f"the restored copy of {src}")
    finally:
        check.close()
    return snapshot


def rows_held(path: Path) -> int:
    """Rows in golfbot's tables of the database at ``path`` (0 for a missing or new file)."""
    if not path.is_file() or path.stat().st_size == 0:
        return 0
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return sum(count for table, count in table_rows(db).items() if table != LEDGER)
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a database golfbot can restore into: {error}") from None
    finally:
        db.close()


async def restore_sqlite(src: Path, target: Path) -> Snapshot:
    """Restore the backup ``src`` into the SQLite database ``target``, which must hold no rows."""
    if held := rows_held(target):
        raise BackupError(
            f"{target} already holds {held} rows: restore goes into an empty database"
            " (give a new file with --db)"
        )
    partial = _partial(target, "restoring")
    try:
        with exclusive_use(target):
            partial.unlink(missing_ok=True)
            snapshot = await migrated_copy(src, partial)
            if rows_held(target):  # written meanwhile: leave it as it is
                raise BackupError(f"{target} was written while restoring: restore goes into an empty one")
            for leftover in (Path(f"{target}-wal"), Path(f"{target}-shm")):
                leftover.unlink(missing_ok=True)
            durable_rename(partial, target)
            return snapshot
    except InUse:
        raise BackupError(f"{target} is open in another golfbot: stop it, then restore") from None
    finally:
        partial.unlink(missing_ok=True)
