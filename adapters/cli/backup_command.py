"""``golfbot backup DEST`` and ``golfbot restore SRC``: the database copied while the bots run, and put back.

A backup is always one SQLite file, whichever store it was taken from: on SQLite a copy of the file
(``adapters/sqlite/backup.py``), on PostgreSQL a dump of golfbot's tables into a new SQLite file with the
same schema (``adapters/postgres/copy.py``). So one backup restores into either store: into SQLite as a
file, into PostgreSQL through the copy of ``golfbot migrate --to`` (its checks included).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from adapters.cli.failure import EXIT_ENVIRONMENT, CommandFailed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from adapters.cli.config import Settings
    from adapters.postgres import DatabaseUrl
    from adapters.sqlite.backup import Snapshot


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    backup = sub.add_parser(
        "backup",
        help="copy the database (SQLite or PostgreSQL) to one checked SQLite file, while the bots run",
    )
    backup.add_argument(
        "dest", metavar="DEST", help="the backup file, or a folder (golfbot-YYYYMMDD-HHMMSS.sqlite3 in it)"
    )
    _db_option(backup)
    backup.set_defaults(handler=backup_command)

    restore = sub.add_parser(
        "restore", help="put a backup into an empty database (--db: a new SQLite file or PostgreSQL URL)"
    )
    restore.add_argument("src", metavar="SRC", help="a file written by golfbot backup")
    _db_option(restore)
    restore.set_defaults(handler=restore_command)


def _db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db", help="SQLite database file (default: the user data folder) or a postgresql:// URL"
    )


def _settings(args: argparse.Namespace) -> Settings:
    from adapters.cli.config import Settings

    return Settings.load(db=args.db)


def _destination(dest: str) -> Path:
    path = Path(dest).expanduser()
    if path.is_dir():
        from datetime import UTC, datetime

        return path / f"golfbot-{datetime.now(UTC):%Y%m%d-%H%M%S}.sqlite3"
    if not path.parent.is_dir():
        raise CommandFailed(f"no folder {path.parent} for the backup", EXIT_ENVIRONMENT)
    return path


def _rows_line(rows: dict[str, int]) -> str:
    """``1 player, 3 rounds, 12 holes, 0 daily results, 0 competitions``."""
    from bot.texts import counted

    shown = ("players", "rounds", "holes", "daily_results", "competitions")
    return ", ".join(counted(rows[t], t.replace("_", " ")[:-1]) for t in shown if t in rows)


def backup_command(args: argparse.Namespace) -> int:
    settings = _settings(args)
    dest = _destination(args.dest)
    from adapters.sqlite.backup import BackupError, backup_sqlite

    try:
        if isinstance(settings.db_path, Path):
            snapshot = backup_sqlite(settings.db_path, dest)
        else:
            snapshot = _backup_postgres(settings.db_path, dest)
    except BackupError as error:
        raise CommandFailed(str(error), EXIT_ENVIRONMENT) from error
    note = snapshot.version_note()
    print(f"Backed up {settings.db_path} to {dest} ({note}); integrity and row counts checked:")
    print(f"  {_rows_line(snapshot.rows)}")
    return 0


def _backup_postgres(url: DatabaseUrl, dest: Path) -> Snapshot:
    import asyncio
    import sqlite3

    import aiosqlite

    from adapters.postgres import DatabaseUnavailable
    from adapters.postgres.copy import CopyError, copy_postgres_to_sqlite, postgres_schema
    from adapters.sqlite.backup import BackupError, Snapshot, durable_rename, verify
    from adapters.sqlite.migrate import apply_migrations, available_migrations

    partial = dest.with_name(f".{dest.name}.partial")

    async def main() -> Snapshot:
        schema = await postgres_schema(url.url)
        partial.unlink(missing_ok=True)
        async with aiosqlite.connect(partial, isolation_level=None) as db:
            await apply_migrations(db, available_migrations()[:schema])
        counts = await copy_postgres_to_sqlite(url.url, partial, schema)
        check = sqlite3.connect(partial)
        try:
            verify(check, counts, f"the backup {dest}")
        finally:
            check.close()
        durable_rename(partial, dest)
        return Snapshot(counts, schema)

    try:
        return asyncio.run(main())
    except (DatabaseUnavailable, CopyError) as error:
        raise BackupError(str(error)) from None
    finally:
        partial.unlink(missing_ok=True)


def restore_command(args: argparse.Namespace) -> int:
    settings = _settings(args)
    src = Path(args.src).expanduser()
    from adapters.sqlite.backup import BackupError, read_backup

    try:
        snapshot = read_backup(src)
        if isinstance(settings.db_path, Path):
            import asyncio

            from adapters.sqlite.backup import restore_sqlite

            asyncio.run(restore_sqlite(src, settings.db_path))
            checked = "integrity and row counts checked"
        else:
            _restore_postgres(src, settings.db_path)
            checked = "row counts equal, sampled rows identical"
    except BackupError as error:
        raise CommandFailed(str(error), EXIT_ENVIRONMENT) from error
    upgraded = f", brought up from schema {snapshot.schema}" if snapshot.schema < snapshot.known else ""
    print(f"Restored {src} into {settings.db_path}{upgraded}; {checked}:")
    print(f"  {_rows_line(snapshot.rows)}")
    return 0


def _restore_postgres(src: Path, url: DatabaseUrl) -> None:
    import asyncio
    import tempfile

    from adapters.postgres import DatabaseUnavailable, MigrationError, PostgresStorage
    from adapters.postgres.copy import CopyError, copy_sqlite_to_postgres
    from adapters.sqlite.backup import BackupError, migrated_copy

    async def main() -> None:
        with tempfile.TemporaryDirectory(prefix="golfbot-restore-") as folder:
            copy = Path(folder) / "restore.sqlite3"
            await migrated_copy(src, copy)
            storage = await PostgresStorage.open(url.url)
            try:
                await copy_sqlite_to_postgres(copy, storage)
            finally:
                await storage.close()

    try:
        asyncio.run(main())
    except (DatabaseUnavailable, MigrationError, CopyError) as error:
        raise BackupError(str(error)) from None
