"""``golfbot sixcard``: Six-card Golf at a table in the terminal, hot-seat and against the computer.

The people at the table share the keyboard: the screen is drawn as the seat to act sees it (so the card
that seat draws from the stock shows, and nobody's face-down cards ever do), and its name prompts. Keys,
ended by Enter (several on a line, between spaces, are played in turn while the same seat is to act): 1-6
turn a card (the opening) or put the card you hold there, s take the stock's top card, p the discard
pile's, x discard the card you hold, a abandon the table (asked first: y, then Enter), q save and quit
(Ctrl-D too). Every move is committed
before the next screen is drawn, so a killed game resumes where it stood the next time.

The terminal has no turn clocks: there is nobody to wait for but the keyboard.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from adapters.console.game import PLACE
from adapters.console.keys import lines
from bot.actions import TABLE
from bot.desks import TableDesk
from bot.errors import GolfError
from bot.i18n import N_, _
from bot.models import Player
from bot.ports import StoreUnavailable
from bot.render import keys_line, render_screen
from bot.screens import ScreenKind
from bot.sessions import Sessions
from bot.texts import STORE_UNAVAILABLE, plain

KEY_HELP = (
    # Translators: the keys of golfbot sixcard, each with what it does; the keys themselves stay as they are
    N_("1-6 turn a card / put your card there"),
    N_("s stock"),
    N_("p discard pile"),
    N_("x discard"),
    N_("n next hand"),
    N_("a abandon the table"),
    N_("q save and quit"),
)
"""What each key does (marked: worded where shown, in the terminal's language)."""
# Translators: asked before abandoning a Six-card table; y is the key that says yes (it stays y)
CONFIRM = N_(
    "Abandon this table? The game will count for nothing. y (then Enter) abandons, anything else plays on."
)
ABANDONED = N_("Table abandoned — run golfbot sixcard for a new one.")
RESUMING = N_("Resuming your table.")
OPTIONS_IGNORED = N_(
    "You have a table in progress: resuming it, so these options wait for a new table (a abandons this one)."
)
SAVED = N_("Saved — run golfbot sixcard to go on.")
PLAYING_ON = N_("Playing on.")


def key_line() -> str:
    """The key line, broken between keys within 80 columns."""
    return keys_line([_(text) for text in KEY_HELP])


def hot_seat(owner: Player, people: int) -> tuple[Player, ...]:
    """The other people at a hot-seat table (``people`` counts the owner)."""
    return tuple(
        # Translators: the name of a second, third... person at a hot-seat table in the terminal
        Player("console", f"{owner.user_id}~{n}", _("Player {number}", number=n))
        for n in range(2, people + 1)
    )


class ConsoleTable:
    def __init__(
        self,
        sessions: Sessions,
        mode: TableDesk,
        owner: Player,
        *,
        read: TextIO = sys.stdin,
        write: TextIO = sys.stdout,
    ) -> None:
        self._sessions = sessions
        self._mode = mode
        self._owner = owner
        self._read = read
        self._write = write

    def _say(self, text: str) -> None:
        self._write.write(text + "\n")
        self._write.flush()

    async def run(
        self, *, people: int, computers: Sequence[str], seed: int | None = None, asked: bool = False
    ) -> int:
        """Resume the owner's table here, or open one with these seats and deal it. ``asked``: the seats
        or the seed were chosen on the command line (a table in progress is resumed all the same, and
        says so)."""
        live = await self._sessions.active(self._owner.key, PLACE.key, self._mode.kind)
        others = hot_seat(self._owner, people)
        if live is None:
            screen = await self._mode.create(
                self._owner, PLACE, limit=None, others=others, computers=computers, seed=seed
            )
            screen = await self._mode.press(self._owner, TABLE.build(screen.session, screen.version, "g"))
            session = screen.session
        else:
            session = live.state.id
            self._say(_(OPTIONS_IGNORED if asked else RESUMING))
        typed = lines(self._read)  # on the event loop: Ctrl-C leaves at once
        pending: list[str] = []  # the rest of the line typed: keys of the same seat's turns
        pending_seat = ""
        while True:
            live = await self._sessions.load(session)
            waiting = self._mode.waiting_for(live)
            if not waiting:  # the game is over
                self._say(render_screen(self._mode.seat_screen(live, self._owner.key)))
                return 0
            seat_key, seat_name = waiting[0]
            platform, _colon, user_id = seat_key.partition(":")
            player = Player(platform, user_id, seat_name)  # whoever sits there, however many came this time
            screen = self._mode.seat_screen(live, seat_key)
            self._say(render_screen(screen) + "\n\n" + key_line())
            if pending and pending_seat != seat_key:  # typed for another seat's turn (hot-seat): not played
                pending.clear()
            if not pending:
                self._write.write(f"{seat_name}> ")
                self._write.flush()
                line = await anext(typed, None)
                if line is None:  # end of input (Ctrl-D)
                    self._say("\n" + _(SAVED))
                    return 0
                pending, pending_seat = line.lower().split(), seat_key
                if not pending:  # an empty line: the table again
                    continue
            key = pending.pop(0)
            if key == "q":
                self._say("\n" + _(SAVED))
                return 0
            if key == "a":
                sure = pending.pop(0) if pending else None
                if sure is None:
                    self._write.write(f"{_(CONFIRM)}\n{seat_name}> ")
                    self._write.flush()
                    line = await anext(typed, None)
                    sure = (line or "").strip().lower()
                pending.clear()
                if sure != "y":
                    self._say(_(PLAYING_ON))
                    continue
                await self._sessions.abandon(self._owner.key, PLACE.key, self._mode.kind)
                self._say(_(ABANDONED))
                return 0
            if len(key) != 1 or key not in "123456spxn":
                pending.clear()
                self._say(_("{key} is not a key here.", key=repr(key)) + " " + key_line())
                continue
            try:
                reply = await self._mode.press(player, TABLE.build(live.state.id, live.state.version, key))
            except GolfError as error:
                pending.clear()
                self._say(error.message)
                continue
            except StoreUnavailable:
                pending.clear()
                self._say(plain(_(STORE_UNAVAILABLE)))
                continue
            if reply.kind is ScreenKind.SUMMARY:
                self._say(render_screen(reply))
                return 0
