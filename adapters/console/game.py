"""``golfbot play``: a round of Golf in the terminal.

Keys: 1-7 play a column, d or space turns the stock, u takes back the last move and h gives a hint (casual
rounds; a round that used them says so), q concedes the hole, n (or Enter) goes on to the next hole, a
abandons the round, x leaves (the round is saved and resumes next time; Ctrl-C and Ctrl-D too), ? shows the
rules in short. On a terminal q and a ask first, and the screen is redrawn in place (on the alternate
screen; the last one is printed again when the game ends, so it stays in view). Every move is committed
before the next board is drawn, so a killed game resumes exactly as last shown.
"""

from __future__ import annotations

import asyncio
import getpass
import shutil
import sys
from dataclasses import replace
from typing import TextIO

from adapters.console import style
from adapters.console.keys import cbreak, keys
from bot.clubhouse import Clubhouse
from bot.errors import GolfError, NoRoundError, RoundInProgressError, StaleActionError
from bot.i18n import N_, _
from bot.info_screens import rules_screen
from bot.models import Place, Player
from bot.ports import StoreUnavailable
from bot.render import WIDTH, fit, render_screen
from bot.screens import BoardView, Button, ButtonRole, Screen, ScreenKind
from bot.texts import STORE_UNAVAILABLE, plain
from engine.golf.rules import RulesError, find_rules
from engine.patience import WINNABLE, FamilyGame, find_patience

# Translators: the terminal's keys in full; the keys themselves (1-7, d, u, h, q, n, a, x, ?) stay as they are
HELP = N_(
    "Keys: 1-7 play that column · d or space turn the stock · u undo · h hint · q concede the hole · "
    "n or Enter next hole · a abandon the round · x save and quit · ? rules and keys"
)
"""The terminal's keys in full (under the rules, after ``?``). Texts here are marked (``N_``) and worded
where they are shown, in the terminal's language (``adapters.console.language``)."""
SAVED = N_("Saved — run golfbot play to go on.")
PLACE = Place("console", "local", "terminal")
# Translators: the terminal's key u, which takes back the last move
UNDO = N_("Undo")
# Translators: the terminal's keys ? (the rules in short) and x (leave; the round resumes next time)
EXTRA_KEYS = ((N_("Rules"), "?"), (N_("Save & quit"), "x"))
ALIASES = {" ": "d", "s": "d", "\n": "n"}
"""Other keys for a button's key: space or s turns the stock, Enter goes on to the next hole."""
CONFIRM = {
    # Translators: asked in the terminal before conceding; y is the key that says yes (it stays y)
    "q": N_("Concede this hole? Every card left in the tableau counts. y concedes, any other key plays on."),
    # Translators: asked in the terminal before abandoning; y is the key that says yes (it stays y)
    "a": N_("Abandon the whole round? It will count for nothing. y abandons, any other key plays on."),
}
PLAYING_ON = N_("Playing on.")
GONE = N_("This round was finished or abandoned elsewhere. Run golfbot play for a new one.")


def local_player() -> Player:
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = "player"
    return Player("console", name, name)


def nothing_playable_note(view: BoardView) -> str:
    """Why no column can be played, and what to do: e.g. "Nothing goes on a King under strict rules —
    turn the stock (d)."."""
    top = view.foundation
    try:
        rules = find_rules(view.rules)
    except RulesError:
        rules = None
    if top is not None and top.rank == 13 and rules is not None and not (rules.wrap or rules.queens_on_kings):
        return _("Nothing goes on a King under strict rules — turn the stock (d).")
    if top is not None and view.layout is not None:
        return _(
            "No free card is one rank above or below the {card} — turn the stock (d).", card=top.pretty()
        )
    if top is not None:
        return _(
            "No bottom card is one rank above or below the {card} — turn the stock (d).", card=top.pretty()
        )
    return _("Nothing can be played — turn the stock (d).")


def replay_command(view: BoardView) -> str | None:
    """The command that plays this round's deals again (its deals run on from the first, one a hole);
    None where the board hides its deal."""
    if view.deal is None:
        return None
    first = view.deal - (view.hole - 1)
    words = ["golfbot play", f"--deal {first}"]
    if view.holes != 9:
        words.append(f"--holes {view.holes}")
    found = find_patience(view.rules)
    if isinstance(found, FamilyGame):  # the game by its option, as the player named it
        words.append(f"--game {found.game.name}")
        if found.winnable_only:
            words.append(f"--rules {WINNABLE}")
    elif view.rules != "strict":
        words.append(f"--rules {view.rules}")
    return " ".join(words)


def round_is_over(screen: Screen) -> bool:
    return screen.kind is ScreenKind.SUMMARY and not any(b.enabled for b in screen.all_buttons)


class ConsoleGame:
    def __init__(
        self,
        clubhouse: Clubhouse,
        player: Player,
        out: TextIO = sys.stdout,
        keyboard: TextIO = sys.stdin,
    ) -> None:
        self._club = clubhouse
        self._player = player
        self._out = out
        self._keyboard = keyboard
        self._in_place = style.is_terminal(out)
        self._colour = style.wants_colour(out)
        self._interactive = keyboard.isatty()
        self._on_alternate = False
        self._last = ""
        """The last screen drawn (without its message and prompt): shown again when the game ends."""
        self._over = False
        self._screen = Screen(ScreenKind.NOTICE, title="")

    # ---- drawing -------------------------------------------------------------------------------------

    def _paint(self, text: str) -> str:
        return style.colour(text) if self._colour else text

    def _legend_screen(self, screen: Screen) -> Screen:
        """The screen with the terminal's own keys added to its legend (undo where hints are offered)."""
        rows = []
        undo = Button("", _(UNDO), key="u", role=ButtonRole.UNDO)
        for row in screen.buttons:  # undo goes next to the hint
            keys = [b.key for b in row]
            if "h" in keys and row[keys.index("h")].enabled:
                at = keys.index("h") + 1
                row = (*row[:at], undo, *row[at:])
            rows.append(row)
        if not round_is_over(screen):
            rows.append(tuple(Button("", _(label), key=key) for label, key in EXTRA_KEYS))
        return replace(screen, buttons=tuple(rows))

    def _notes(self, screen: Screen) -> Screen:
        board = screen.board
        if (
            screen.kind is ScreenKind.BOARD
            and board is not None
            and board.stock_left
            and not any(board.playable)
            and not (
                board.layout is not None and any(s.playable for line in board.layout.lines for s in line)
            )
        ):
            return replace(screen, notes=(*screen.notes, nothing_playable_note(board)))
        return screen

    def _width(self) -> int:
        """80 columns, or fewer on a narrower terminal (60 stays readable: only text lines wrap)."""
        if not self._in_place:
            return WIDTH
        return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))

    def _height(self) -> int:
        return shutil.get_terminal_size((WIDTH, 24)).lines

    def show(self, screen: Screen, message: str = "", *, prompt: bool = True) -> None:
        self._screen = screen
        shown = self._legend_screen(self._notes(screen))
        self._last = render_screen(shown, with_keys=True, width=self._width())
        self._draw(self._last, message, prompt=prompt)

    def _draw(self, text: str, message: str = "", *, prompt: bool = True) -> None:
        message = fit(message, self._width()) if message else ""
        text = text + ("\n\n" + message if message else "")
        if self._in_place and text.count("\n") + 2 > self._height():
            # the alternate screen has no scrollback: on a short terminal (24 lines) the blank lines go,
            # so that the title and the top of the board stay in view
            text = "\n".join(line for line in text.split("\n") if line.strip())
        body = self._paint(text) + ("\n> " if prompt else "\n")
        if self._in_place:
            if not self._on_alternate:
                self._out.write(style.ENTER)
                self._on_alternate = True
            self._out.write(style.in_place(body))
        else:  # piped: one screen after another, a blank line between
            self._out.write("\n" + body)
        self._out.flush()

    def show_help(self, screen: Screen) -> None:
        rules = screen.board.rules if screen.board is not None else None
        try:
            text = render_screen(rules_screen(rules), width=self._width())
        except GolfError:
            text = render_screen(rules_screen(), width=self._width())
        self._draw(text + "\n\n" + fit(_(HELP), self._width()), _("Any key goes back to the board."))

    def leave(self, message: str | None = None) -> None:
        """Back to the shell's screen, with the last board and ``message`` (by default: saved, or the
        replay line of a finished round) printed there to stay."""
        if message is None:
            message = _(SAVED) if not self._over else self._goodbye(self._screen)
        if self._on_alternate:
            self._out.write(style.LEAVE)
            self._on_alternate = False
            if self._last:
                self._out.write(self._paint(self._last) + "\n")
        if message:
            self._out.write("\n" + fit(message, self._width()) + "\n")
        self._out.flush()

    # ---- playing -------------------------------------------------------------------------------------

    async def open(
        self, *, rules: str | None, holes: int | None, deal_code: str | None
    ) -> tuple[Screen, str]:
        try:
            screen = await self._club.resume(self._player, PLACE)
        except NoRoundError:
            started = await self._club.start_round(
                self._player, PLACE, rules=rules, holes=holes, deal_code=deal_code
            )
            return started, ""
        if rules or holes or deal_code:
            return screen, _("You have a round in progress; resuming it (press a to abandon it).")
        return screen, ""

    async def run(
        self, *, rules: str | None = None, holes: int | None = None, deal_code: str | None = None
    ) -> int:
        screen, message = await self.open(rules=rules, holes=holes, deal_code=deal_code)
        try:
            with cbreak(self._keyboard):
                return await self._play(screen, message)
        except asyncio.CancelledError:  # Ctrl-C (asyncio.run cancels the game): every move is saved
            self.leave()
            raise
        except BaseException:
            self.leave("")
            raise

    async def _play(self, screen: Screen, message: str) -> int:
        self.show(screen, message)
        confirming = ""
        async for key in keys(self._keyboard):
            key = key.lower()
            if self._over:
                if key in ("p", "r") and self._interactive:
                    screen = await self._again(screen, replay=key == "r")
                    continue
                self.leave(self._goodbye(screen))
                return 0
            if confirming:
                action, confirming = confirming, ""
                if key != "y":
                    self.show(screen, _(PLAYING_ON))
                    continue
                key = action
            elif key in CONFIRM and self._interactive and (key == "a" or screen.kind is ScreenKind.BOARD):
                confirming = key
                self.show(screen, _(CONFIRM[key]))
                continue
            if key == "x":
                self.leave(_(SAVED))
                return 0
            if key == "?":
                self.show_help(screen)
                continue
            try:
                screen = await self.handle(screen, key)
            except StaleActionError as error:
                current = error.screen or await self._current()
                if current is None:
                    self.leave(_(GONE))
                    return 0
                screen = current
                if round_is_over(screen):  # finished in the other game
                    self._over = True
                    self.show(screen, f"{error.message}\n{self._goodbye(screen)}{self._again_prompt()}")
                else:
                    self.show(screen, error.message)
                continue
            except GolfError as error:
                if error.screen is not None:
                    screen = error.screen
                self.show(screen, error.message)
                continue
            except StoreUnavailable:  # the key is not played; the next one tries again
                self.show(screen, plain(_(STORE_UNAVAILABLE)))
                continue
            if screen.kind is ScreenKind.NOTICE:  # abandoned
                self._over = True
                self._last = render_screen(screen)
                self._draw(self._last)
                self.leave(_("Bye!"))
                return 0
            if round_is_over(screen):
                self._over = True
                if not self._interactive:
                    self.show(screen, prompt=False)
                    self.leave(self._goodbye(screen))
                    return 0
                self.show(screen, self._goodbye(screen) + self._again_prompt())
                continue
            self.show(screen)
        self.leave()  # Ctrl-D or the end of piped input
        return 0

    async def _current(self) -> Screen | None:
        """The board as it stands now (another `golfbot play` on the same database moved on)."""
        try:
            return await self._club.resume(self._player, PLACE)
        except NoRoundError:
            return None

    def _goodbye(self, screen: Screen) -> str:
        line = _("Thanks for playing! Run golfbot play for another round.")
        replay = None if screen.board is None else replay_command(screen.board)
        if replay is None:
            return line
        return line + "\n" + _("Replay this course: {command}", command=replay)

    @staticmethod
    def _again_prompt() -> str:
        return "\n" + _("p play a new round · r replay this course · any other key leaves")

    async def _again(self, screen: Screen, *, replay: bool) -> Screen:
        view = screen.board
        assert view is not None
        replay = replay and view.deal is not None
        first = None if view.deal is None else view.deal - (view.hole - 1)
        try:
            new = await self._club.start_round(
                self._player,
                PLACE,
                rules=view.rules if replay else None,
                holes=view.holes if replay else None,
                deal_code=str(first) if replay and first is not None else None,
            )
        except GolfError as error:
            self.show(screen, error.message)
            return screen
        self._over = False
        self.show(new)
        return new

    async def handle(self, screen: Screen, key: str) -> Screen:
        """Press the screen's button whose key was typed (the core offers Next hole only once the hole is
        over); ``a`` and ``u`` are the terminal's own."""
        if key == "a":
            return await self._club.abandon(self._player, PLACE)
        if key == "u":
            return await self._club.undo(self._player, screen.session, screen.version)
        typed = ALIASES.get(key, key)
        button = next((b for b in screen.all_buttons if b.key == typed), None)
        if button is None:
            if typed == "n":
                raise GolfError(N_("The hole is still in play; ? shows the keys and the rules."))
            raise GolfError(N_("{key} is not a key here; ? shows the keys and the rules."), key=repr(key))
        return (await self._club.door.press(self._player, button.id)).screen


__all__ = ["SAVED", "ConsoleGame", "RoundInProgressError", "local_player"]
