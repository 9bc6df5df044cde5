"""``golfbot sixcard``: Six-card Golf in the terminal, hot-seat and against the computer
(``adapters.console.sixcard``). Options are checked before the database is opened."""

from __future__ import annotations

import argparse
import sys

from adapters.cli.failure import EXIT_USAGE, CommandFailed

LEVELS = ("random", "easy", "hard")
"""engine.sixcard.LEVELS, without importing the engine at start."""


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    six = sub.add_parser(
        "sixcard", help="play Six-card Golf in the terminal, hot-seat or against the computer"
    )
    six.add_argument("--players", type=int, default=None, help="people at the keyboard, 1-4 (default 1)")
    six.add_argument(
        "--computers",
        default=None,
        help="computer players by level, e.g. easy,hard (default: easy with one person)",
    )
    six.add_argument("--seed", type=int, default=None, help="shuffle from this seed (a new table only)")
    six.add_argument("--db", help="SQLite database file (default: the user data folder)")
    six.set_defaults(handler=sixcard_command)


def seats(people: int, computers: str | None) -> tuple[str, ...]:
    """The computers' levels, checked with the number of people: 2 to 4 seats in all."""
    levels = tuple(c.strip() for c in computers.split(",") if c.strip()) if computers else ()
    for level in levels:
        if level not in LEVELS:
            from bot.i18n import _

            refusal = _(
                "no computer player {level}: use {levels}", level=repr(level), levels=", ".join(LEVELS)
            )
            raise CommandFailed(refusal, EXIT_USAGE)
    if computers is None and people == 1:
        levels = ("easy",)
    if not 1 <= people <= 4 or not 2 <= people + len(levels) <= 4:
        raise CommandFailed(_too_many_or_too_few(people, len(levels)), EXIT_USAGE)
    return levels


def _too_many_or_too_few(people: int, computers: int) -> str:
    from bot.i18n import _, ngettext

    return _(
        "a table has 2 to 4 seats, not {people} and {computers}",
        people=ngettext("{count} person", "{count} people", people),
        computers=ngettext("{count} computer", "{count} computers", computers),
    )


def sixcard_command(args: argparse.Namespace) -> int:
    """``golfbot sixcard``, worded in the language of the terminal's environment."""
    from adapters.console.language import terminal_language
    from bot.i18n import speaking

    with speaking(terminal_language()):
        return _sixcard(args)


def _sixcard(args: argparse.Namespace) -> int:
    people = 1 if args.players is None else args.players
    levels = seats(people, args.computers)
    asked = args.players is not None or args.computers is not None or args.seed is not None
    from adapters.cli.config import Settings

    settings = Settings.load(db=args.db)
    import logging

    from adapters.cli.game_commands import EXIT_INTERRUPTED, _run_async
    from adapters.cli.wiring import open_app
    from adapters.console.game import local_player
    from adapters.console.sixcard import ConsoleTable

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)

    async def main() -> int:
        async with open_app(settings.db_path) as app:
            owner = local_player()
            await app.storage.ensure_player(owner)
            sessions = app.clubhouse.sessions
            game = ConsoleTable(sessions, app.clubhouse.table, owner)
            return await game.run(people=people, computers=levels, seed=args.seed, asked=asked)

    try:
        return _run_async(main)
    except KeyboardInterrupt:  # Ctrl-C: every move is committed already
        from adapters.console.sixcard import SAVED
        from bot.i18n import _

        print("\n" + _(SAVED))
        return EXIT_INTERRUPTED
    finally:
        from adapters.workers import stop_workers

        stop_workers()  # leave now, not when a search nobody waits for has ended
