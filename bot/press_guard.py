"""Is a press on the message it names? The guard against forged button data, for every platform.

A callback query (Telegram) or a component interaction (Discord) names the message it was pressed on,
and the platform's server delivers that message with its buttons as they are now; the press's data,
though, comes from the client, and a modified client can send any data on any message of the bot's it
can see. So a press is honoured only if its id is one of the buttons of the message it came on, or a
key of the same board in another version (``<family>:<session>:`` alike: a stale key, pressed before the
board was redrawn, which the core answers with the board as it is now). Anything else - a key of
another board, of a competition, of the daily, on a group's scoreboard, table or leaderboard - is
refused before it reaches the core: nothing is played and no message changes.

The buttons of a message are the bot's own (the server keeps them), so each message shows exactly the
sessions its buttons name: the binding message -> session needs no storage of its own. A message
without buttons takes no press at all. See docs/architecture.md ("Forged presses").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.i18n import N_

NOT_ON_MESSAGE = N_("That button is not on this message.")
"""The private answer to a press whose data is not among the buttons of the message it came on."""

NO_BUTTONS = N_("This message takes no presses any more.")
"""The answer when the message has no buttons at all (a client still showing keys the message has lost:
a competition called off or over, a board finished)."""


def refusal(buttons: Iterable[str]) -> str:
    """What to answer a press that ``is_on_message`` refused on a message with these buttons."""
    return NOT_ON_MESSAGE if any(buttons) else NO_BUTTONS


VERSIONED = re.compile(r"(?P<board>[0-9a-z]{1,8}:[0-9a-z]{4,16}):[0-9]{1,9}:[0-9a-z]")
"""Any of our versioned ids (``bot.actions`` templates, ``c1:`` competitions): its board is the
family and the session, without the version and the action."""


def board_of(action_id: str) -> str:
    """What an id acts on: ``<family>:<session>`` for a versioned id, else the id itself."""
    match = VERSIONED.fullmatch(action_id) if len(action_id) <= 64 else None
    return match["board"] if match else action_id


def is_on_message(pressed: str, buttons: Iterable[str]) -> bool:
    """May a press of ``pressed`` act on a message whose buttons carry the ids ``buttons``? Yes for one
    of them, or for a key of the same board in another version; never on a message without buttons."""
    shown = [b for b in buttons if b]
    if pressed in shown:
        return True
    board = board_of(pressed)
    return board != pressed and any(board_of(b) == board for b in shown)
