"""Button and callback ids: ``g1:<session>:<version>:<action>``.

Short and versioned so they fit Telegram's 64-byte callback_data and Discord's 100-character custom_id, and
so that a stale or forged id is refused instead of acted upon. Parse and format are a pair.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot import texts
from bot.errors import BadActionError

PREFIX = "g1"
ACTIONS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "s", "h", "q", "n")
"""Columns 1-9, s turn the stock, h hint, q concede the hole, n next hole."""
ACTION_PATTERN = re.compile(r"g1:(?P<session>[0-9a-z]{4,16}):(?P<version>[0-9]{1,9}):(?P<action>[1-9shqn])")
"""Matched whole (``fullmatch``): ASCII digits only, and no trailing newline slips through."""
MAX_LENGTH = 64


@dataclass(frozen=True, slots=True)
class ActionId:
    session: str
    version: int
    action: str

    def __str__(self) -> str:
        return format_action_id(self)


def format_action_id(action: ActionId) -> str:
    return f"{PREFIX}:{action.session}:{action.version}:{action.action}"


def parse_action_id(text: str) -> ActionId:
    """Raises BadActionError for anything that is not a well-formed id of ours."""
    match = ACTION_PATTERN.fullmatch(text) if len(text) <= MAX_LENGTH else None
    if not match:
        raise BadActionError(texts.NOT_OUR_BUTTON)
    return ActionId(match["session"], int(match["version"]), match["action"])
