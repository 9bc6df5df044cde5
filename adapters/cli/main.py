"""``golfbot``: one console script, one sub-command per job. Each command module adds its own parser.

Starting is quick: the command modules import only argparse at the top, and each handler imports what its
command needs when it runs (asyncio, the database, the solver pool, a chat library).

A command that fails prints one line on stderr, ``golfbot COMMAND: what is wrong; what to do``, and exits
with 2 (the command line is wrong) or 1 (the environment is: the database, the network). A traceback
appears only with GOLFBOT_LOG_LEVEL=DEBUG.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import adapters.cli.bench_daily as bench_daily
import adapters.cli.bench_discord as bench_discord
import adapters.cli.bench_render as bench_render
import adapters.cli.bench_sixcard as bench_sixcard
import adapters.cli.bench_telegram as bench_telegram
import adapters.cli.bench_tournament as bench_tournament
import adapters.cli.bench_web as bench_web
import adapters.cli.render_command as render_command
import adapters.cli.sixcard_command as sixcard_command
from adapters.cli import (
    backup_command,
    bench_core,
    daily_command,
    discord_command,
    doctor,
    engine_commands,
    game_commands,
    stats_deals,
    telegram_command,
)
from adapters.cli.failure import EXIT_ENVIRONMENT, EXIT_USAGE, CommandFailed

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from typing import Any, NoReturn

COMMAND_MODULES = [game_commands, engine_commands, stats_deals, bench_core, discord_command, telegram_command]
COMMAND_MODULES.append(bench_sixcard)
COMMAND_MODULES.append(doctor)
COMMAND_MODULES.append(bench_tournament)
COMMAND_MODULES.append(bench_daily)
COMMAND_MODULES.append(daily_command)
COMMAND_MODULES.append(sixcard_command)
COMMAND_MODULES.append(backup_command)
COMMAND_MODULES.append(bench_discord)
COMMAND_MODULES.append(bench_telegram)
COMMAND_MODULES.append(render_command)
COMMAND_MODULES.append(bench_render)
COMMAND_MODULES.append(bench_web)


def _columns() -> int:
    """The terminal's width as shutil.get_terminal_size tells it, without importing shutil (and with it
    bz2, lzma and zlib: 3 ms of every start, since argparse makes a formatter for every option)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 80
    except (AttributeError, ValueError, OSError):
        return 80


class Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_columns() - 2)


class Parser(argparse.ArgumentParser):
    """argparse, with a wrong command line told in one line (no usage block above it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="golfbot", description="Golf patience: play, solve, run the bots.")
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        help="the bots' log on stderr: text lines (the default) or one JSON object a line; before the "
        "command, as in `golfbot --log-format json telegram` (GOLFBOT_LOG_FORMAT)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in COMMAND_MODULES:
        module.add_commands(sub)
    return parser


def _debug() -> bool:
    return os.environ.get("GOLFBOT_LOG_LEVEL", "").strip().upper() == "DEBUG"


def _database_failure(error: Exception) -> bool:
    """A database server down or refusing, or one that cannot be used just now (told in one line).
    Checked without importing the stores (asyncpg with them) into every command: an error of theirs can
    only come once they are imported."""
    ports, postgres = sys.modules.get("bot.ports"), sys.modules.get("adapters.postgres")
    if ports is not None and isinstance(error, ports.StoreUnavailable):
        return True
    sqlite = sys.modules.get("adapters.sqlite")  # a bench opens its SQLite file itself
    if sqlite is not None and isinstance(error, (sqlite.DatabaseUnavailable, sqlite.MigrationError)):
        return True
    return postgres is not None and isinstance(error, (postgres.DatabaseUnavailable, postgres.MigrationError))


def _command(args: argparse.Namespace) -> str:
    """The command as typed: ``daily``, or ``bench core`` for a target of ``bench``."""
    target = getattr(args, "bench_target", None)
    return f"{args.command} {target}" if target else str(args.command)


def _quiet_stdout() -> None:
    """Standard output on /dev/null: the interpreter's last flush of what is left for a reader that has
    gone would print "Exception ignored ... BrokenPipeError" (as the Python docs advise for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real stdout (a test's StringIO): nothing to flush
        pass


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """``parser.parse_args``, with an unknown argument told by the (sub)command it was given to:
    ``golfbot play: unrecognized arguments: --colour`` (argparse names only ``golfbot``)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        _chosen(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _chosen(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The innermost sub-command parser ``args`` went through (``golfbot bench core``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            name = getattr(args, action.dest, None)
            if name in action.choices:
                return _chosen(action.choices[name], args)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = _parse(parser, argv)
    handler = getattr(args, "handler", None)
    if handler is None:  # plain `golfbot` (perhaps with --log-format): run the bot
        args = _parse(parser, [*(sys.argv[1:] if argv is None else argv), "run"])
        handler = args.handler
    if args.log_format:  # read by Settings, here and in any process this one starts
        os.environ["GOLFBOT_LOG_FORMAT"] = args.log_format
    try:
        code = int(handler(args) or 0)
        sys.stdout.flush()  # here, where a reader that has gone is caught, not at exit
        return code
    except CommandFailed as failure:
        if _debug():
            import traceback

            traceback.print_exc()
        print(f"golfbot {_command(args)}: {failure.message}", file=sys.stderr)
        return failure.exit_code
    except BrokenPipeError:  # the reader left (`| head -1`): what it wanted was printed
        _quiet_stdout()
        return 0
    except Exception as error:
        if not _database_failure(error):
            raise
        if _debug():
            import traceback

            traceback.print_exc()
        print(f"golfbot {_command(args)}: {error}", file=sys.stderr)
        return EXIT_ENVIRONMENT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
