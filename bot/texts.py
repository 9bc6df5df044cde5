"""What the core says to players, in one place so that the tone stays the same everywhere.

The texts are msgids (``bot.i18n``): marked with ``N_`` here, as they are read at import time, and worded
where they are used (``_(texts.NO_ROUND)``), or passed as they are to a refusal (``GolfError``), which words
them when it is read.

A text names a command by its key in braces (``{play}``): the core says *what* to do, each adapter says
*how* its platform spells it (``/golf play`` on Discord, ``/play`` on Telegram, ``play`` in the terminal)
with ``spell``. ``GolfError.message`` is already spelled the plain way; ``GolfError.template`` keeps the keys.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import N_

COMMANDS = ("play", "resume", "concede", "abandon", "stats", "rules", "help", "sixcard")
"""The command keys a text may name."""
PLAIN: Mapping[str, str] = {key: key for key in COMMANDS}
"""The commands as bare words (the terminal, logs)."""


def counted(count: int, one: str, many: str | None = None) -> str:
    """``1 day``, ``2 days``; ``many`` where the plural is not ``one`` + s (``1 person``, ``3 people``)."""
    return f"{count} {one if count == 1 else many or one + 's'}"


NO_ROUND = N_("You have no round in progress here. Start one with {play}.")
ROUND_IN_PROGRESS = N_(
    "You already have a round in progress here — here it is. Finish it, or abandon it first."
)
ABANDONED = N_("Your round was abandoned. Start a new one with {play} whenever you like.")
NOT_YOUR_ROUND = N_("This is another player's round. Start your own with {play}.")
STORE_UNAVAILABLE = N_(
    "⚠️ The database cannot be used just now, so nothing changed. Please try again in a moment."
)
"""A press or command that met a database it cannot use (``bot.ports.StoreUnavailable``: locked by another
program, a full disk, ...). Nothing was committed: a write that fails is rolled back whole."""
NOT_YOUR_TURN = N_("It is not your turn yet.")
STALE = N_("This board is out of date — here is the current one.")
ROUND_OVER = N_("This round is over. Start a new one with {play}.")
HOLE_OVER = N_("This hole is over — press Next hole to go on.")
HOLE_NOT_OVER = N_("This hole is still in play.")
NO_HINTS = N_("Hints are off in this round.")
UNKNOWN_ROUND = N_("That round no longer exists. Start a new one with {play}.")
NOT_OUR_BUTTON = N_("That button is not one of mine (or it is broken). Start a round with {play}.")
NO_HOLES_YET = N_("No holes played yet. Start a round with {play}!")
BEST_LATER = N_("The solver is still on this deal: its best score joins your scorecard when it is in.")
HINT_BUSY = N_("💡 No hint right now (the solver is busy); try again in a moment.")
NO_UNDO = N_("Undo is off in this round.")
NOTHING_TO_UNDO = N_("Nothing to undo on this hole.")
UNDONE = N_("↩ Last move taken back.")


def spell(text: str, commands: Mapping[str, str]) -> str:
    """``text`` with each ``{key}`` of a command replaced by ``commands[key]`` (other braces left alone)."""
    for key in COMMANDS:
        marker = "{" + key + "}"
        if marker in text:
            text = text.replace(marker, commands.get(key, key))
    return text


def plain(text: str) -> str:
    return spell(text, PLAIN)
