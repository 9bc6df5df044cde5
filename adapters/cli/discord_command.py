"""``golfbot discord``: run the Discord bot (alone; ``golfbot run`` runs every bot whose token is set).

``--sync`` pushes the slash commands to Discord globally (after adding or changing commands; Discord may
take a while to show them everywhere). ``DISCORD_GUILD_ID`` syncs them to that one server at every start,
instantly: the way to develop. The token comes from DISCORD_TOKEN (environment or ``.env``), never from the
command line, and is never printed.
"""

from __future__ import annotations

import argparse
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:  # imported when the command runs: `golfbot --help` starts without it
    from typing import Any

    from adapters.cli.config import Settings

EXIT_NO_TOKEN = 2


def add_commands(sub: Any) -> None:
    command = sub.add_parser("discord", help="run the Discord bot (needs DISCORD_TOKEN)")
    command.add_argument("--sync", action="store_true", help="sync the slash commands globally at start-up")
    command.add_argument("--db", help="SQLite database file (default: the user data folder)")
    command.set_defaults(handler=discord_command)


def discord_command(args: argparse.Namespace) -> int:
    from adapters.cli.config import Settings, configure_logging

    settings = Settings.load(db=args.db)
    if not settings.discord_token:
        print(
            "DISCORD_TOKEN is not set: put the bot token in the environment or in .env (see the README).",
            file=sys.stderr,
        )
        return EXIT_NO_TOKEN
    configure_logging(settings)
    import asyncio  # here, not at the top: `golfbot --help` starts without it

    asyncio.run(_run(settings, sync_globally=args.sync))
    return 0


async def _run(settings: Settings, *, sync_globally: bool) -> None:
    # Imported here: discord.py and the solver pool load only for this command.
    from adapters.cli.wiring import open_app
    from adapters.discord.runner import run_discord

    async with open_app(settings.db_path) as app:
        await run_discord(app.clubhouse, settings, sync_globally=sync_globally)
