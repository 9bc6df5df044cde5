"""Screens: what to show, without knowing the platform.

The core returns a Screen; an adapter turns it into a Discord message with buttons, a Telegram message with
an inline keyboard, or terminal text. The tableau travels as data (``BoardView``) so that each adapter may
draw it its own way; ``bot.render`` draws it as monospace text for those that want that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.cards import Card


class ButtonStyle(Enum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


class ButtonRole(Enum):
    """What a button does, so that an adapter can lay buttons out (or a bench choose one) without reading
    its id."""

    COLUMN = "column"
    """Play the available card of a column (its key is the column's number)."""
    STOCK = "stock"
    HINT = "hint"
    UNDO = "undo"
    CONCEDE = "concede"
    NEXT = "next"
    """On to the next hole (only on a finished hole)."""
    OPEN = "open"
    """Open the presser's own view of the session, for them alone (a match board from its scoreboard): a
    platform that can makes it a link into its private chat with the player."""
    OTHER = "other"
    """An adapter's own key (the terminal's rules, save and quit)."""


@dataclass(frozen=True, slots=True)
class Button:
    id: str
    """The action id (``bot.actions``) the platform sends back when pressed. Opaque to adapters: they pass
    it back as it is, and read ``role`` and ``key`` instead."""
    label: str
    enabled: bool = True
    style: ButtonStyle = ButtonStyle.SECONDARY
    key: str = ""
    """The keyboard key of this action in the terminal (``1``..``7``, ``d``, ``h``, ``q``, ``n``): the
    terminal presses the button whose key was typed."""
    role: ButtonRole = ButtonRole.OTHER


@dataclass(frozen=True, slots=True)
class BoardView:
    """The tableau and its surroundings as data."""

    columns: tuple[tuple[Card, ...], ...]
    """Each column in dealing order: the last card is the available one."""
    playable: tuple[bool, ...]
    foundation: Card | None
    stock_left: int
    hole: int
    holes: int
    total: int
    """Round total of the finished holes."""
    par: int
    """Par of the round."""
    rules: str
    deal: int | None
    """The deal number of this hole; None where it is hidden (a daily course while its day runs)."""


class ScreenKind(Enum):
    BOARD = "board"
    """A live board: the message to keep editing."""
    SUMMARY = "summary"
    """A finished hole or round."""
    INFO = "info"
    """Help, rules, stats."""
    NOTICE = "notice"
    """A short reply, e.g. a refusal; adapters show it privately where they can."""


@dataclass(frozen=True, slots=True)
class Screen:
    kind: ScreenKind
    title: str
    blocks: tuple[str, ...] = ()
    """Paragraphs of plain text, in order, shown under the board."""
    board: BoardView | None = None
    buttons: tuple[tuple[Button, ...], ...] = ()
    """Rows of buttons (at most 5 rows of 5: Discord's limit; Telegram allows it too)."""
    session: str = ""
    version: int = 0
    owner: str = ""
    """The player id whose round this is ('' when not a round)."""
    notes: tuple[str, ...] = field(default=())
    """Short lines shown above the board (last hole's score, a hint, what just happened)."""

    @property
    def all_buttons(self) -> tuple[Button, ...]:
        return tuple(b for row in self.buttons for b in row)


def notice(text: str, title: str = "") -> Screen:
    return Screen(ScreenKind.NOTICE, title=title, blocks=(text,))
