"""``golfbot render``: the picture of a deal, a saved board or a Six-card hand, written to a PNG file (for
sharing, and for looking at the art). The screen is built by the core's own functions
(adapters.cli.render_screens) and drawn by adapters.pictures, exactly as the bots draw it.

``golfbot render --deal 24 --out board.png``; ``--board FILE`` reads a board in the text format that
``golfbot deal`` prints and ``golfbot solve`` reads (the one saved position the engine has a format for);
``--game six-card`` deals a Six-card hand (``--deal`` its seed) and plays its opening."""

from __future__ import annotations

import argparse
import sys

from adapters.cli.failure import EXIT_ENVIRONMENT, CommandFailed

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from typing import Any

    from bot.screens import Screen

    Subparsers = Any  # argparse's _SubParsersAction is private

GAMES = ("golf", "six-card", "tripeaks", "pyramid-golf", "elevator", "black-hole", "all-in-a-row")


def add_commands(subparsers: Subparsers) -> None:
    p = subparsers.add_parser(
        "render", help="write the picture of a deal, a board or a Six-card hand to a PNG"
    )
    p.add_argument("--out", required=True, metavar="FILE", help="the PNG file to write")
    p.add_argument(
        "--game", choices=GAMES, default="golf", help="golf (default), six-card, or a Golf-family game"
    )
    p.add_argument("--moves", type=int, default=0, help="a Golf-family game: play this many moves first")
    p.add_argument("--deal", default=None, help="the deal number (Golf; default 1) or the seed (Six-card)")
    p.add_argument(
        "--board", metavar="FILE", help="a saved Golf board in the `golfbot deal` format (- for stdin)"
    )
    p.add_argument("--rules", default="strict", help="Golf's rules (default strict), as for `golfbot deal`")
    p.add_argument(
        "--four-colour", action="store_true", help="the four-colour deck (♠ black ♥ red ♦ blue ♣ green)"
    )
    p.add_argument("--players", type=int, default=2, help="Six-card: seats at the table, 2 to 4 (default 2)")
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        help="Six-card: draw the table as seat N sees it (1 is you, then the computers); default: as the "
        "place sees it",
    )
    p.set_defaults(handler=cmd_render)


def cmd_render(args: argparse.Namespace) -> int:
    """``golfbot render``: the words drawn into the picture (and its description) in the language of the
    terminal's environment (``LANGUAGE=de golfbot render ...`` draws a German board)."""
    from adapters.console.language import terminal_language
    from bot.i18n import speaking

    with speaking(terminal_language()):
        return _render(args)


def _render(args: argparse.Namespace) -> int:
    if args.game == "six-card":
        screen = _sixcard(args)
    elif args.game == "golf":
        screen = _golf(args)
    else:
        screen = _family(args)
    from adapters.pictures import render

    picture = render(screen, four_colour=args.four_colour)
    if picture is None:  # every screen built here shows cards
        raise CommandFailed("that screen has no picture")
    try:
        with open(args.out, "wb") as out:
            out.write(picture.data)
    except OSError as error:
        raise CommandFailed(f"cannot write {args.out}: {error.strerror or error}", EXIT_ENVIRONMENT) from None
    size = f"{picture.width}×{picture.height}, {len(picture.data):,} bytes"
    print(f"{args.out}: {size} ({picture.description})")
    return 0


def _golf(args: argparse.Namespace) -> Screen:
    from adapters.cli.render_screens import golf_screen
    from engine.golf.board import BoardError, parse_board
    from engine.golf.deal import DealError, deal, parse_deal_number
    from engine.golf.rules import RulesError, find_rules

    if args.board is not None and args.deal is not None:
        raise CommandFailed("give --deal or --board, not both")
    try:
        rules = find_rules(args.rules)
        if args.board is not None:
            return golf_screen(parse_board(_read(args.board), rules), rules.name, None)
        number = parse_deal_number(args.deal or "1")
        return golf_screen(deal(number, rules), rules.name, number)
    except (DealError, RulesError, BoardError) as error:
        raise CommandFailed(str(error)) from None


def _family(args: argparse.Namespace) -> Screen:
    from adapters.cli.render_screens import family_screen
    from engine.deals import DealError, parse_deal_number

    try:
        return family_screen(args.game, parse_deal_number(args.deal or "1"), max(args.moves, 0))
    except DealError as error:
        raise CommandFailed(str(error)) from None


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise CommandFailed(f"cannot read {path}: {error.strerror or error}", EXIT_ENVIRONMENT) from None


def _sixcard(args: argparse.Namespace) -> Screen:
    import asyncio

    from adapters.cli.render_screens import sixcard_screen
    from engine.sixcard.hand import MAX_PLAYERS, MIN_PLAYERS

    if args.board is not None:
        raise CommandFailed("--board is a Golf board; a Six-card hand is dealt from --deal")
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise CommandFailed(f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {args.players}")
    if args.seat is not None and not 1 <= args.seat <= args.players:
        raise CommandFailed(f"--seat is 1 to {args.players} at a table of {args.players}")
    try:
        seed = int(args.deal or "1")
    except ValueError:
        raise CommandFailed(f"--deal for Six-card is a whole number (a seed), not {args.deal!r}") from None
    seat = None if args.seat is None else args.seat - 1
    return asyncio.run(sixcard_screen(seed, args.players - 1, seat))
