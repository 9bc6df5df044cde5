"""``golfbot run``, ``play``, ``migrate`` and ``stats``: the terminal game and its database.

Only argparse is imported at the top: asyncio, the database and the solver pool load when a command runs.
Options are checked before anything is opened, so a wrong one costs nothing and says so in one line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable

from adapters.cli.failure import EXIT_ENVIRONMENT, EXIT_USAGE, CommandFailed

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from typing import TypeVar

    from adapters.cli.config import Settings

    T = TypeVar("T")

EXIT_INTERRUPTED = 130
"""Ctrl-C: the shell's code for a program stopped by SIGINT."""


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    run = sub.add_parser(
        "run",
        help="run the bot: Discord and/or Telegram if their tokens are set, else the terminal game",
    )
    _db_option(run)
    run.add_argument(
        "--metrics-port",
        metavar="PORT",
        help="serve Prometheus /metrics and /healthz on this port of 127.0.0.1 (GOLFBOT_METRICS_PORT)",
    )
    run.set_defaults(handler=run_command)

    play = sub.add_parser("play", help="play Golf in the terminal")
    play.add_argument(
        "--game",
        help="golf (default), or a game of the Golf family: "
        "tripeaks, pyramid-golf, elevator, black-hole, all-in-a-row",
    )
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


def _settings(args: argparse.Namespace) -> Settings:
    from adapters.cli.config import Settings

    return Settings.load(db=getattr(args, "db", None))


def _check_options(args: argparse.Namespace) -> None:
    """Refuse a wrong --rules, --holes or --deal before the database or the solver is touched."""
    from bot.errors import BadOptionError
    from bot.i18n import N_
    from bot.options import deal_option, game_rules, holes_option

    try:
        args.rules = game_rules(getattr(args, "game", None), args.rules)
        holes = holes_option(args.holes)
        if args.deal is not None:
            first = deal_option(args.deal)
            from engine.golf.deal import MAX_DEAL

            if first + holes - 1 > MAX_DEAL:
                raise BadOptionError(
                    N_("A {holes}-hole round starting at deal #{first} runs past the last deal."),
                    holes=holes,
                    first=first,
                )
    except BadOptionError as error:
        raise CommandFailed(error.message, EXIT_USAGE) from error


def _run_async(job: Callable[[], Awaitable[T]]) -> T:
    """``asyncio.run`` (on uvloop where installed: ``adapters.cli.eventloop``) with the failures a player
    can act on turned into one line."""
    from adapters.cli.eventloop import run
    from adapters.sqlite import DatabaseUnavailable
    from bot.errors import GolfError

    async def main() -> T:
        return await job()

    try:
        return run(main())
    except DatabaseUnavailable as error:
        raise CommandFailed(str(error), EXIT_ENVIRONMENT) from error
    except GolfError as error:
        raise CommandFailed(error.message, EXIT_USAGE) from error


def in_the_terminals_language(
    command: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    """``command`` worded in the language of the terminal's environment (``LANGUAGE``, ``LANG``...): what it
    prints to the player, and its refusals."""

    def worded(args: argparse.Namespace) -> int:
        from adapters.console.language import terminal_language
        from bot.i18n import speaking

        with speaking(terminal_language()):
            return command(args)

    return worded


@in_the_terminals_language
def play_command(args: argparse.Namespace) -> int:
    _check_options(args)
    settings = _settings(args)
    import logging

    from adapters.cli.wiring import open_app
    from adapters.console.game import ConsoleGame, local_player
    from adapters.console.notifier import PLATFORM as CONSOLE
    from adapters.console.notifier import ConsoleNotifier

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)

    async def main() -> int:
        async with open_app(settings.db_path) as app:
            with app.notifiers.plugged(CONSOLE, ConsoleNotifier(words=app.words)):
                game = ConsoleGame(app.clubhouse, local_player())
                return await game.run(rules=args.rules, holes=args.holes, deal_code=args.deal)

    try:
        return _run_async(main)
    except KeyboardInterrupt:  # Ctrl-C: the game has said "Saved" (every move is committed already)
        return EXIT_INTERRUPTED
    finally:
        from adapters.workers import stop_workers

        stop_workers()  # leave now, not when a search nobody waits for has ended


def run_command(args: argparse.Namespace) -> int:
    if getattr(args, "metrics_port", None) is not None:  # read where the bots start (cli/monitoring.py)
        import os

        os.environ["GOLFBOT_METRICS_PORT"] = args.metrics_port
    settings = _settings(args)
    if not (settings.discord_token or settings.telegram_token):
        args.rules = args.holes = args.deal = args.game = None
        return play_command(args)
    from adapters.cli.config import configure_logging

    configure_logging(settings)
    from adapters.cli.chat_runner import run_chat_bots  # imported only when a token is set

    return _run_async(lambda: run_chat_bots(settings))  # a bad --db: one line here too


def migrate_command(args: argparse.Namespace) -> int:
    settings = _settings(args)
    if args.to is not None:
        return _copy_command(settings, args.to)

    async def main() -> None:
        from adapters.cli.wiring import open_storage

        async with open_storage(settings.db_path):
            pass

    _run_async(main)
    print(f"Database is up to date: {settings.db_path}")
    return 0


def _copy_command(settings: Settings, target: str) -> int:
    """``golfbot migrate --to postgresql://...``: the SQLite database, copied and checked."""
    from pathlib import Path

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
    from adapters.sqlite.in_use import InUse, exclusive_use
    from bot.texts import counted

    if not is_postgres_url(target):
        raise CommandFailed("--to takes a postgresql:// URL", EXIT_USAGE)
    if not isinstance(settings.db_path, Path) or not settings.db_path.is_file():
        raise CommandFailed(f"no SQLite database at {settings.db_path} to copy", EXIT_ENVIRONMENT)
    source = settings.db_path

    async def main() -> list[str]:
        sqlite = await SqliteStorage.open(source)  # brings its schema up to date first
        await sqlite.close()
        with exclusive_use(source):  # refused while another golfbot has it open (in_use.py)
            storage = await PostgresStorage.open(target)
            try:
                copied = await copy_sqlite_to_postgres(source, storage)
            finally:
                await storage.close()
        return [f"  {t.table}: {counted(t.target_rows, 'row')} ({t.sampled} compared)" for t in copied]

    try:
        lines = _run_async(main)
    except (DatabaseUnavailable, MigrationError, SqliteMigrationError, CopyError, InUse) as error:
        raise CommandFailed(str(error), EXIT_ENVIRONMENT) from error
    print(f"Copied {source} to {DatabaseUrl(target)}; row counts equal, sampled rows identical:")
    print("\n".join(lines))
    return 0


@in_the_terminals_language
def stats_command(args: argparse.Namespace) -> int:
    settings = _settings(args)
    from adapters.cli.wiring import open_storage
    from adapters.console.game import local_player
    from bot.info_screens import stats_screen
    from bot.render import render_screen

    player = local_player()

    async def main() -> None:
        async with open_storage(settings.db_path) as storage:
            # every place of the terminal's player: its rounds (golfbot play) and its daily courses
            stats = await storage.stats(player.key, None)
        print(render_screen(stats_screen(player.name, stats, where="terminal")))

    _run_async(main)
    return 0
