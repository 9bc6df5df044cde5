"""``golfbot run``, ``play``, ``migrate`` and ``stats``: the terminal game and its database."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from adapters.cli.config import Settings, configure_logging
from adapters.cli.wiring import open_app, open_storage
from adapters.console.game import PLACE, ConsoleGame, local_player
from adapters.postgres import (
    DatabaseUnavailable,
    DatabaseUrl,
    MigrationError,
    PostgresStorage,
    is_postgres_url,
)
from adapters.postgres.copy import CopyError, copy_sqlite_to_postgres
from adapters.sqlite import MigrationError as SqliteMigrationError
from adapters.sqlite import SqliteStorage
from bot.info_screens import stats_screen
from bot.render import render_screen


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    run = sub.add_parser(
        "run",
        help="run the bot: Discord and/or Telegram if their tokens are set, else the terminal game",
    )
    _db_option(run)
    run.set_defaults(handler=run_command)

    play = sub.add_parser("play", help="play Golf in the terminal")
    play.add_argument("--rules", help="strict (default), queens-on-kings, wrap/putt-putt, with +options")
    play.add_argument("--holes", type=int, help="holes in the round, 1-18 (default 9)")
    play.add_argument("--deal", help="start at this deal number (PySolFC numbering)")
    _db_option(play)
    play.set_defaults(handler=play_command)

    migrate = sub.add_parser(
        "migrate",
        help="create or update the database schema; with --to, copy an SQLite database to PostgreSQL",
    )
    _db_option(migrate)
    migrate.add_argument(
        "--to",
        metavar="URL",
        help="copy the SQLite database (--db) into this empty PostgreSQL database (postgresql://...)",
    )
    migrate.set_defaults(handler=migrate_command)

    stats = sub.add_parser("stats", help="your terminal stats")
    _db_option(stats)
    stats.set_defaults(handler=stats_command)


def _db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        help="SQLite database file (default: the user data folder) or a postgresql:// URL",
    )


def play_command(args: argparse.Namespace) -> int:
    settings = Settings.load(db=args.db)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)

    async def main() -> int:
        async with open_app(settings.db_path) as app:
            game = ConsoleGame(app.clubhouse, local_player())
            return await game.run(rules=args.rules, holes=args.holes, deal_code=args.deal)

    return asyncio.run(main())


def run_command(args: argparse.Namespace) -> int:
    settings = Settings.load(db=getattr(args, "db", None))
    if not (settings.discord_token or settings.telegram_token):
        args.rules = args.holes = args.deal = None
        return play_command(args)
    configure_logging(settings)
    from adapters.cli.chat_runner import run_chat_bots  # imported only when a token is set

    return asyncio.run(run_chat_bots(settings))


def migrate_command(args: argparse.Namespace) -> int:
    settings = Settings.load(db=args.db)
    if args.to is not None:
        return _copy_command(settings, args.to)

    async def main() -> None:
        storage = await open_storage(settings.db_path)
        await storage.close()

    try:
        asyncio.run(main())
    except (DatabaseUnavailable, MigrationError, SqliteMigrationError) as error:
        print(f"golfbot migrate: {error}", file=sys.stderr)
        return 1
    print(f"Database is up to date: {settings.db_path}")
    return 0


def _copy_command(settings: Settings, target: str) -> int:
    """``golfbot migrate --to postgresql://...``: the SQLite database, copied and checked."""
    if not is_postgres_url(target):
        print("golfbot migrate: --to takes a postgresql:// URL", file=sys.stderr)
        return 2
    if isinstance(settings.db_path, DatabaseUrl) or not settings.db_path.is_file():
        print(f"golfbot migrate: no SQLite database at {settings.db_path} to copy", file=sys.stderr)
        return 1
    source = settings.db_path

    async def main() -> list[str]:
        sqlite = await SqliteStorage.open(source)  # brings its schema up to date first
        await sqlite.close()
        storage = await PostgresStorage.open(target)
        try:
            copied = await copy_sqlite_to_postgres(source, storage)
        finally:
            await storage.close()
        return [f"  {t.table}: {t.target_rows} rows ({t.sampled} compared)" for t in copied]

    try:
        lines = asyncio.run(main())
    except (DatabaseUnavailable, MigrationError, SqliteMigrationError, CopyError) as error:
        print(f"golfbot migrate: {error}", file=sys.stderr)
        return 1
    print(f"Copied {source} to {DatabaseUrl(target)}; row counts equal, sampled rows identical:")
    print("\n".join(lines))
    return 0


def stats_command(args: argparse.Namespace) -> int:
    settings = Settings.load(db=args.db)
    player = local_player()

    async def main() -> None:
        storage = await open_storage(settings.db_path)
        try:
            stats = await storage.stats(player.key, PLACE.key)
        finally:
            await storage.close()
        print(render_screen(stats_screen(player.name, stats, where="terminal")))

    asyncio.run(main())
    return 0
