"""``golfbot daily``: today's global daily course in the terminal (the course that private chats share),
and its leaderboards, your streaks and your share text.

The board is printed after every key; keys are read as words from standard input (type them and press
Enter, or pipe them in): ``1``-``9`` play that column, ``d`` turns the stock, ``q`` concedes the hole,
``n`` goes on to the next hole, ``x`` saves and leaves (every move is committed already, so a killed game
resumes too). There are no hints and no undo in the daily challenge, and one attempt a day.
"""

from __future__ import annotations

import argparse
import sys

from adapters.cli.failure import EXIT_ENVIRONMENT, EXIT_USAGE, CommandFailed

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from collections.abc import AsyncIterator, Iterable
    from typing import Any, TextIO

    from bot.door import Door
    from bot.models import Player
    from bot.models.daily import DailyDay
    from bot.modes.daily.challenge import DailyChallenge
    from bot.ports import DailyStore
    from bot.screens import Screen

    Subparsers = Any  # argparse's _SubParsersAction is private


def N_(message: str, /) -> str:
    """``bot.i18n.N_`` (marks a text for the catalogues), without importing the core at start."""
    return message


KEYS = {"d": "s", "s": "s", "q": "q", "n": "n", **{str(n): str(n) for n in range(1, 10)}}
# Translators: asked before conceding a hole of the daily; y is the key that says yes (it stays y)
CONCEDE = N_(
    "Concede this hole? Every card left in the tableau counts."
    " y (then Enter) concedes, anything else plays on."
)
NO_HELP = N_(
    "There are no hints and no undo in the daily challenge: everyone plays the same course on their own."
)
LAST = "last"
"""``--reveal`` without a date: the last day that has closed."""
# Translators: the daily's prompt in the terminal; x is a key (it stays x)
PROMPT = N_("Type a key, then Enter (x saves and quits): ")
"""Asked on a terminal: the daily reads whole lines (several keys may share one), unlike golfbot play."""
SAVED = N_("Saved — run golfbot daily to go on.")


def add_commands(sub: Subparsers) -> None:
    daily = sub.add_parser("daily", help="today's daily challenge (the global course), once a day")
    daily.add_argument(
        "--board",
        choices=("today", "week", "all"),
        help="show a leaderboard of the global course instead of playing",
    )
    daily.add_argument("--page", type=int, default=1, help="the leaderboard's page (default 1)")
    daily.add_argument("--share", action="store_true", help="print your share text of today's course")
    daily.add_argument(
        "--reveal",
        nargs="?",
        const=LAST,
        metavar="DATE",
        help="the deals of the last closed day (or of DATE, YYYY-MM-DD), their commitment, and the "
        "sha256sum line that checks them",
    )
    daily.add_argument("--db", help="SQLite database file (default: the user data folder)")
    daily.set_defaults(handler=daily_command)


def daily_command(args: argparse.Namespace) -> int:
    """``golfbot daily``, worded in the language of the terminal's environment."""
    from adapters.console.language import terminal_language
    from bot.i18n import speaking

    with speaking(terminal_language()):
        return _daily_command(args)


def _daily_command(args: argparse.Namespace) -> int:
    from bot.i18n import _

    if args.page < 1:
        raise CommandFailed(_("--page counts from 1, not {page}", page=args.page), EXIT_USAGE)
    if args.reveal not in (None, LAST):
        from datetime import date

        try:
            date.fromisoformat(args.reveal)
        except ValueError:
            refusal = _("--reveal takes a date as YYYY-MM-DD, not {date}", date=repr(args.reveal))
            raise CommandFailed(refusal, EXIT_USAGE) from None
    import asyncio

    from adapters.cli.config import Settings
    from adapters.sqlite import DatabaseUnavailable
    from bot.errors import GolfError

    settings = Settings.load(db=args.db)
    try:
        return asyncio.run(_daily(args, settings.db_path, sys.stdin, sys.stdout))
    except DatabaseUnavailable as error:
        raise CommandFailed(str(error), EXIT_ENVIRONMENT) from error
    except GolfError as error:
        raise CommandFailed(error.message, EXIT_USAGE) from error
    except KeyboardInterrupt:
        print("\n" + _(SAVED), file=sys.stderr)  # below the ^C
        return 130
    finally:
        from adapters.workers import stop_workers

        stop_workers()


async def _daily(args: argparse.Namespace, db_path: Any, keys: Iterable[str], out: TextIO) -> int:
    from adapters.cli.wiring import open_app
    from adapters.console.game import local_player
    from bot.i18n import _
    from bot.models.daily import GLOBAL_COURSE
    from bot.render import render_screen

    async with open_app(db_path) as app:  # the setting itself: str() of a URL masks its password
        daily = app.daily
        player = local_player()
        if args.board:
            print(render_screen(await daily.leaderboard(GLOBAL_COURSE, args.board, args.page - 1)), file=out)
            closed = await _last_closed(app.storage) if args.board == "today" else None
            if closed is not None:
                revealed = _(
                    "The deals of {day}, revealed and checked: golfbot daily --reveal",
                    day=closed.day.isoformat(),
                )
                print("\n" + revealed, file=out)
            return 0
        if args.share:
            text = await daily.share(player, GLOBAL_COURSE)
            print(text or _("You have not finished a hole of today's course yet."), file=out)
            return 0
        if args.reveal is not None:
            await daily.today(GLOBAL_COURSE)  # a day over since the last run closes first
            print(await reveal(app.storage, args.reveal), file=out)
            return 0
        return await play(daily, app.clubhouse.door, player, keys, out)


async def _last_closed(store: DailyStore) -> DailyDay | None:
    """The global course's most recent day that has closed, if any."""
    from bot.models.daily import GLOBAL_PLACE

    for when in reversed(await store.place_days(GLOBAL_PLACE)):
        day = await store.daily_day(GLOBAL_PLACE, when)
        if day is not None and day.closed:
            return day
    return None


async def reveal(store: DailyStore, wanted: str) -> str:
    """The global course's deals of a closed day (the last one, or ``wanted`` as YYYY-MM-DD), the
    commitment given when it opened, and the command that checks one against the other. A day still open
    is never revealed."""
    import shlex
    from datetime import date

    from bot.i18n import _
    from bot.models.daily import GLOBAL_PLACE
    from engine.daily import reveal_text

    if wanted == LAST:
        day = await _last_closed(store)
        if day is None:
            return _(
                "No day of the global course has closed yet: a day's deals are revealed once it is over."
            )
    else:
        day = await store.daily_day(GLOBAL_PLACE, date.fromisoformat(wanted))
        if day is None:
            refusal = _("the global course had no day {day} (nobody played it here)", day=wanted)
            raise CommandFailed(refusal, EXIT_USAGE)
        if not day.closed:
            closes = day.closes_at.strftime("%Y-%m-%d %H:%M %Z")
            raise CommandFailed(
                _(
                    "the day {day} is still open: its deals are revealed when it closes ({closes})",
                    day=wanted,
                    closes=closes,
                )
            )
    text = reveal_text(day.place, day.day, day.rules, day.deals)
    return "\n".join(
        (
            _("📅 Daily {day} (the global course), closed. The deals, revealed:", day=day.day.isoformat()),
            text,
            _("Commitment given when the day opened (the SHA-256 of that line):"),
            day.commitment,
            _(
                "Check it (the two must match): {command}",
                command=f"printf '%s' {shlex.quote(text)} | sha256sum",
            ),
        )
    )


async def _lines(keys: Iterable[str], out: TextIO) -> AsyncIterator[str]:
    """The lines of ``keys``: a real stream is read on the event loop (Ctrl-C leaves at once; a blocking
    read would wait for Enter and lose the key typed after), each line asked for with PROMPT on a
    terminal; any other iterable of lines (a test's) is taken as it is."""
    try:
        stream: TextIO = keys  # type: ignore[assignment]
        stream.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (io.StringIO raises UnsupportedOperation)
        for text in keys:
            yield text
        return
    from adapters.console.keys import lines
    from bot.i18n import _

    interactive = stream.isatty()
    typed = lines(stream)
    while True:
        if interactive:
            print(_(PROMPT), end="", file=out, flush=True)
        line: str | None = await anext(typed, None)
        if line is None:
            return
        yield line


async def play(daily: DailyChallenge, door: Door, player: Player, keys: Iterable[str], out: TextIO) -> int:
    """Show today's board and apply keys until the course is over, ``x`` or the end of input."""
    from bot.errors import AlreadyPlayedError, GolfError
    from bot.i18n import _, ngettext
    from bot.models.daily import GLOBAL_COURSE
    from bot.ports import StoreUnavailable
    from bot.render import render_screen
    from bot.screens import ScreenKind
    from bot.texts import STORE_UNAVAILABLE, plain

    try:
        screen: Screen = await daily.play(player, GLOBAL_COURSE)
    except AlreadyPlayedError as error:
        print(error.message, file=out)
        share = await daily.share(player, GLOBAL_COURSE)
        if share:
            print(share, file=out)
        streak = await daily.streaks(player, GLOBAL_COURSE)
        streak_line = ngettext(
            "Streak: {count} day played (longest {longest}).",
            "Streak: {count} days played (longest {longest}).",
            streak.played,
            longest=streak.longest_played,
        )
        print(streak_line, file=out)
        return 0
    print(render_screen(screen, with_keys=True), file=out)
    interactive = bool(getattr(keys, "isatty", lambda: False)())
    confirming = False
    async for line in _lines(keys, out):
        for word in line.split():
            key = word.lower()
            if confirming:  # the answer to CONCEDE
                confirming = False
                if key != "y":
                    print(_("Playing on."), file=out)
                    continue
                key = "q"
            elif key == "q" and interactive and screen.kind is ScreenKind.BOARD:
                confirming = True  # as golfbot play does: a hole conceded is gone for the day
                print(_(CONCEDE), file=out)
                continue
            if key == "x":
                print(_(SAVED), file=out)
                return 0
            if key in ("h", "u"):
                print(_(NO_HELP), file=out)
                continue
            action = KEYS.get(key)
            if action is None:
                print(_("{key} is not a key here: 1-9, d, q, n or x.", key=repr(word)), file=out)
                continue
            prefix = next((b.id.rsplit(":", 1)[0] for b in screen.all_buttons), "")
            try:
                screen = (await door.press(player, f"{prefix}:{action}")).screen
            except GolfError as error:
                print(error.message, file=out)
                if error.screen is not None:
                    screen = error.screen
                continue
            except StoreUnavailable:  # the key is not played; the next one tries again
                print(plain(_(STORE_UNAVAILABLE)), file=out)
                continue
            print(render_screen(screen, with_keys=True), file=out)
            if not any(b.enabled for b in screen.all_buttons):  # the course is over
                return 0
    print(_(SAVED), file=out)
    return 0
