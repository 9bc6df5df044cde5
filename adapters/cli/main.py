"""``golfbot``: one console script, one sub-command per job. Each command module adds its own parser."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import adapters.cli.bench_sixcard as bench_sixcard
from adapters.cli import bench_core, discord_command, doctor, engine_commands, game_commands, telegram_command
from adapters.postgres import DatabaseUnavailable, MigrationError

COMMAND_MODULES = [game_commands, engine_commands, bench_core, discord_command, telegram_command]
COMMAND_MODULES.append(bench_sixcard)
COMMAND_MODULES.append(doctor)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="golfbot", description="Golf patience: play, solve, run the bots.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:  # plain `golfbot`: run the bot
        args = parser.parse_args(["run", *(argv or [])])
        handler = args.handler
    try:
        return int(handler(args) or 0)
    except (DatabaseUnavailable, MigrationError) as error:  # a database server down or refusing: one line
        print(f"golfbot: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
