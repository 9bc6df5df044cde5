"""``golfbot discord``: run the Discord bot (alone; ``golfbot run`` runs every bot whose token is set).

``--sync`` pushes the slash commands to Discord globally (after adding or changing commands; Discord may
take a while to show them everywhere). ``DISCORD_GUILD_ID`` syncs them to that one server at every start,
instantly: the way to develop. The token comes from DISCORD_TOKEN (environment or ``.env``), never from the
command line, and is never printed. No network at start is tried again for a while, then reported in one
line (exit code 1); a refused token is one line too (exit code 2): see ``chat_runner``.

``--shards 0-3 --shard-count 8`` runs those four of eight gateway shards in this process (discord.py's
AutoShardedClient); other processes run the others, all on one database (``GOLFBOT_DB=postgresql://...``).
Discord sends each guild's events to one shard, so a guild's players always reach the same process, and a
player in two guilds may reach two: the database and the version checks keep that right.
"""

from __future__ import annotations

import argparse
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:  # imported when the command runs: `golfbot --help` starts without it
    from typing import Any

EXIT_NO_TOKEN = 2
EXIT_BAD_SHARDS = 2


def add_commands(sub: Any) -> None:
    command = sub.add_parser("discord", help="run the Discord bot (needs DISCORD_TOKEN)")
    command.add_argument("--sync", action="store_true", help="sync the slash commands globally at start-up")
    command.add_argument(
        "--db", help="SQLite database file (default: the user data folder) or a postgresql:// URL"
    )
    command.add_argument(
        "--shards",
        type=shard_ids,
        help="this process's gateway shards, e.g. 0-3 or 0,2,4 (needs --shard-count)",
    )
    command.add_argument(
        "--shard-count", type=int, help="the number of shards of all bot processes together, e.g. 8"
    )
    command.set_defaults(handler=discord_command)


def shard_ids(text: str) -> list[int]:
    """``0-3`` -> [0, 1, 2, 3]; ``0,2,5`` -> [0, 2, 5]; ``1-2,6`` -> [1, 2, 6]."""
    ids: set[int] = set()
    try:
        for part in text.split(","):
            first, _, last = part.strip().partition("-")
            ids.update(range(int(first), int(last or first) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"shards are numbers or ranges such as 0-3 or 0,2,5, not {text!r}"
        ) from None
    if not ids:
        raise argparse.ArgumentTypeError("no shard given")
    return sorted(ids)


def shard_plan(args: argparse.Namespace) -> tuple[list[int], int] | None:
    """The shards of this process and their total, or None without --shards; ValueError when they do
    not fit together."""
    shards: list[int] | None = getattr(args, "shards", None)
    count: int | None = getattr(args, "shard_count", None)
    if shards is None and count is None:
        return None
    if shards is None or count is None:
        raise ValueError("--shards and --shard-count go together, e.g. --shards 0-3 --shard-count 8")
    if count < 1 or shards[-1] >= count:
        raise ValueError(f"shard ids run from 0 to {count - 1} when --shard-count is {count}")
    return shards, count


def discord_command(args: argparse.Namespace) -> int:
    try:
        shards = shard_plan(args)
    except ValueError as error:
        print(f"golfbot discord: {error}", file=sys.stderr)
        return EXIT_BAD_SHARDS
    from adapters.cli.config import Settings, configure_logging

    settings = Settings.load(db=args.db)
    if not settings.discord_token:
        print(
            "DISCORD_TOKEN is not set: put the bot token in the environment or in .env (see the README).",
            file=sys.stderr,
        )
        return EXIT_NO_TOKEN
    configure_logging(settings)
    # Imported here: asyncio, discord.py and the solver pool load only for this command.
    from adapters.cli.chat_runner import discord_bot, serve_chat_bots
    from adapters.cli.eventloop import run

    bot = discord_bot(settings, sync_globally=args.sync, shards=shards)
    return run(serve_chat_bots(settings, [bot]))
