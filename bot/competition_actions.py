"""Button ids of competitions: ``c1:<competition>:<version>:<action>`` (a board's buttons are a round's,
``g1:...``, see bot/actions.py). Short enough for Telegram's 64-byte callback_data."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot import texts
from bot.errors import BadActionError

PREFIX = "c1"
ACCEPT, DECLINE, JOIN, BEGIN, OPEN_BOARD, CHECK_IN = "a", "d", "j", "b", "o", "k"
PATTERN = re.compile(r"c1:(?P<id>[0-9a-z]{4,16}):(?P<version>[0-9]{1,9}):(?P<action>[adjbok])")


@dataclass(frozen=True, slots=True)
class CompetitionAction:
    competition: str
    version: int
    action: str

    def __str__(self) -> str:
        return f"{PREFIX}:{self.competition}:{self.version}:{self.action}"


def is_competition_action(text: str) -> bool:
    return text.startswith(PREFIX + ":")


def parse_competition_action(text: str) -> CompetitionAction:
    match = PATTERN.fullmatch(text) if len(text) <= 64 else None
    if not match:
        raise BadActionError(texts.NOT_OUR_BUTTON)
    return CompetitionAction(match["id"], int(match["version"]), match["action"])
