"""Button and callback ids: ``<family>:<session>:<version>:<action>``, e.g. ``g1:k3x9a0qz:12:3``.

Each id family (one per mode: ``g1`` is a solo round) has one ``Template``, and every id is built and
parsed here, nowhere else: the core dispatches a press to its mode by the family, and adapters never look
inside an id (a ``Button`` carries its role and key). Short and versioned so they fit Telegram's 64-byte
callback_data and Discord's 100-character custom_id, and so that a stale or forged id is refused instead
of acted upon. Build and parse are a pair.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot import texts
from bot.errors import BadActionError

MAX_LENGTH = 64
SESSION = "[0-9a-z]{4,16}"
VERSION = "[0-9]{1,9}"


@dataclass(frozen=True, slots=True)
class ActionId:
    session: str
    version: int
    action: str
    family: str = "g1"

    def __str__(self) -> str:
        return format_action_id(self)


@dataclass(frozen=True, slots=True)
class Template:
    """The id template of one family: ``<family>:<session>:<version>:<one of actions>``."""

    family: str
    actions: str
    """The one-character actions of the family, in the order documented by its mode."""
    numbers: int = 0
    """Numbered actions too, 1 to ``numbers`` (a Golf-family card by its number in dealing order), beside
    the one-character ones; 0: none."""
    _compiled: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_compiled", re.compile(self.regex()))

    def regex(self, *, named: bool = True) -> str:
        """The pattern of the family's ids; ``named``: with groups ``session``, ``version``, ``action``."""
        session, version, action = (
            ("?P<session>", "?P<version>", "?P<action>") if named else ("?:", "?:", "?:")
        )
        actions = f"[{re.escape(self.actions)}]" + ("|[1-9][0-9]?" if self.numbers else "")
        return f"{self.family}:({session}{SESSION}):({version}{VERSION}):({action}{actions})"

    def prefix(self, session: str, version: int) -> str:
        """The id of every action of one board without its action: append an action to get an id (this
        runs on every move, for every button)."""
        return f"{self.family}:{session}:{version}:"

    def _takes(self, action: str) -> bool:
        if len(action) == 1 and action in self.actions:
            return True
        digits = action.isascii() and action.isdigit() and not action.startswith("0")
        return bool(self.numbers) and digits and int(action) <= self.numbers

    def build(self, session: str, version: int, action: str) -> str:
        if not self._takes(action):
            raise ValueError(f"{action!r} is not an action of {self.family} ids")
        return self.prefix(session, version) + action

    def parse(self, text: str) -> ActionId:
        """Raises BadActionError for anything that is not a well-formed id of this family."""
        match = self._compiled.fullmatch(text) if len(text) <= MAX_LENGTH else None
        if not match or not self._takes(match["action"]):
            raise BadActionError(texts.NOT_OUR_BUTTON)
        return ActionId(match["session"], int(match["version"]), match["action"], self.family)


CARDS = 52
"""The most cards a Golf-family tableau deals (All in a Row): its cards' numbers are actions of a round."""
SOLO = Template("g1", "123456789shqn", numbers=CARDS)
"""Solo rounds: columns 1-9 (Golf) or a card's number 1-52 (a Golf-family game), s turn the stock, h hint,
q concede the hole, n next hole."""
MATCH_BOARD = Template("b1", "123456789shqn", numbers=CARDS)
"""A player's board in a match or group round (``bot.modes.competition.boards``): a solo round's actions."""
TOURNAMENT_BOARD = Template("b2", "123456789shqn", numbers=CARDS)
"""A player's board in a tournament match: the same actions."""
TABLE = Template("t6", "123456spxjcgln")
"""Six-card tables (``bot.modes.table``): 1-6 turn or place a card, s stock, p pile, x discard, j join, c add
a computer, g deal, l leave (the opener: close), n deal the next hand once one is over."""
TEMPLATES = {t.family: t for t in (SOLO, MATCH_BOARD, TOURNAMENT_BOARD, TABLE)}
"""Every id family, by its name. A new mode adds its template here."""
ACTIONS = tuple(SOLO.actions)
ACTION_PATTERN = re.compile("|".join(t.regex(named=False) for t in TEMPLATES.values()))
"""Any id of ours, of any family, matched whole (``fullmatch``): ASCII digits only, and no trailing newline
slips through. Discord's buttons use it as their template; ``parse_action_id`` reads an id."""


def format_action_id(action: ActionId) -> str:
    return f"{action.family}:{action.session}:{action.version}:{action.action}"


def family_of(text: str) -> str:
    """The family an id claims to be of (the text before its first colon): which template parses it."""
    return text.partition(":")[0]


def parse_action_id(text: str) -> ActionId:
    """Raises BadActionError for anything that is not a well-formed id of ours, of any family."""
    template = TEMPLATES.get(family_of(text))
    if template is None:
        raise BadActionError(texts.NOT_OUR_BUTTON)
    return template.parse(text)
