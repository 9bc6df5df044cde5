"""``golfbot play``: a round of Golf in the terminal.

Keys: 1-7 play a column, d or space turns the stock, h hint, q concedes the hole, n (or Enter) goes on to
the next hole, a abandons the round, x leaves (the round is saved and resumes next time), ? shows help.
Every move is committed before the next board is drawn, so a killed game resumes exactly as last shown.
"""

from __future__ import annotations

import getpass
import sys
from typing import TextIO

from adapters.console.keys import cbreak, keys
from bot.actions import ActionId
from bot.clubhouse import Clubhouse
from bot.errors import GolfError, NoRoundError, RoundInProgressError
from bot.models import Place, Player
from bot.render import render_screen
from bot.screens import Screen, ScreenKind

HELP = (
    "Keys: 1-7 play that column · d or space turn the stock · h hint · q concede the hole · "
    "n or Enter next hole · a abandon the round · x save and quit · ? help"
)
CLEAR = "\x1b[2J\x1b[H"
PLACE = Place("console", "local", "terminal")


def local_player() -> Player:
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = "player"
    return Player("console", name, name)


class ConsoleGame:
    def __init__(self, clubhouse: Clubhouse, player: Player, out: TextIO = sys.stdout) -> None:
        self._club = clubhouse
        self._player = player
        self._out = out
        self._tty = out.isatty()

    def show(self, screen: Screen, message: str = "") -> None:
        text = render_screen(screen, with_keys=True)
        # A terminal is cleared for each board; piped output gets a blank line after the prompt instead.
        self._out.write(CLEAR if self._tty else "\n")
        self._out.write(text + "\n")
        if message:
            self._out.write("\n" + message + "\n")
        self._out.write("> ")
        self._out.flush()

    def say(self, message: str) -> None:
        self._out.write(message + "\n> ")
        self._out.flush()

    async def open(self, *, rules: str | None, holes: int | None, deal_code: str | None) -> Screen:
        try:
            screen = await self._club.resume(self._player, PLACE)
        except NoRoundError:
            return await self._club.start_round(
                self._player, PLACE, rules=rules, holes=holes, deal_code=deal_code
            )
        if rules or holes or deal_code:
            self._out.write("You have a round in progress; resuming it (press a to abandon it).\n")
        return screen

    async def run(
        self, *, rules: str | None = None, holes: int | None = None, deal_code: str | None = None
    ) -> int:
        screen = await self.open(rules=rules, holes=holes, deal_code=deal_code)
        self.show(screen)
        with cbreak(sys.stdin):
            async for key in keys():
                key = key.lower()
                if key == "x":
                    self._out.write("\nSaved. Run golfbot play to go on.\n")
                    return 0
                if key == "?":
                    self.say(HELP)
                    continue
                try:
                    screen = await self.handle(screen, key)
                except GolfError as error:
                    if error.screen is not None:
                        screen = error.screen
                        self.show(screen, error.message)
                    else:
                        self.say(error.message)
                    continue
                if screen.kind is ScreenKind.NOTICE:
                    self.show(screen)
                    self._out.write("\nBye!\n")
                    return 0
                self.show(screen)
                if screen.kind is ScreenKind.SUMMARY and not any(b.enabled for b in screen.all_buttons):
                    self._out.write("\nThanks for playing! Run golfbot play for another round.\n")
                    return 0
        self._out.write("\n")
        return 0

    async def handle(self, screen: Screen, key: str) -> Screen:
        action = {" ": "s", "d": "s", "s": "s", "\n": "n", "n": "n", "h": "h", "q": "q"}.get(key)
        if key.isdigit() and key != "0":
            action = key
        if key == "a":
            return await self._club.abandon(self._player, PLACE)
        if action is None:
            raise GolfError(f"{key!r} is not a key here. " + HELP)
        if action == "n" and screen.kind is not ScreenKind.SUMMARY:
            raise GolfError("The hole is still in play. " + HELP)
        return await self._club.press(self._player, str(ActionId(screen.session, screen.version, action)))


__all__ = ["ConsoleGame", "RoundInProgressError", "local_player"]
