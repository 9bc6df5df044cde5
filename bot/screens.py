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
class Spot:
    """One place of a Golf-family tableau as the player may see it."""

    card: Card | None
    """The card; None while it lies face down (never its value) or once it is played (``gone``)."""
    gone: bool = False
    free: bool = False
    """Nothing lies on it: it may be played if its rank fits."""
    playable: bool = False
    key: str = ""
    """The key of the button that plays it ("" unless it is free)."""


@dataclass(frozen=True, slots=True)
class LayoutView:
    """A Golf-family tableau (TriPeaks, a pyramid, Black Hole's fans) as data."""

    lines: tuple[tuple[Spot, ...], ...]
    """The board's lines, as the game's layout groups its places: a row of a peak or a pyramid (top row
    first), or a pile (``piles``: its last card on top)."""
    places: tuple[tuple[int, ...], ...] = ()
    """Where each spot of each row lies across the table, in half cards from the left; () for piles."""
    piles: bool = False
    stock: bool = True
    """Whether the game has a stock (Black Hole and All in a Row have none)."""
    title: str = ""
    """The game's name for people, e.g. ``TriPeaks``."""


@dataclass(frozen=True, slots=True)
class BoardView:
    """The tableau and its surroundings as data."""

    columns: tuple[tuple[Card, ...], ...]
    """Each column in dealing order: the last card is the available one (Golf; () for another layout)."""
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
    layout: LayoutView | None = None
    """A Golf-family game's tableau, drawn instead of ``columns``."""


@dataclass(frozen=True, slots=True)
class ScorecardView:
    """A round's scorecard as data: par and the scores so far, hole by hole."""

    holes: int
    par: int
    """Par of each hole."""
    scores: tuple[int, ...]
    """The scores of the finished holes, in order."""
    best: tuple[int | None, ...] = ()
    """The best possible score of each finished hole, where the solver proved it (None: not known)."""

    @property
    def total(self) -> int:
        return sum(self.scores)

    @property
    def par_so_far(self) -> int:
        return self.par * len(self.scores)


@dataclass(frozen=True, slots=True)
class GridView:
    """One seat of a Six-card table as the viewer may see it."""

    name: str
    cards: tuple[Card | None, ...]
    """Six positions, the top row (1 2 3) then the bottom row (4 5 6); None is a face-down card."""
    paired: tuple[bool, ...] = (False, False, False)
    """For each of the three columns: a pair (scores 0). Only marked once the hand is over."""
    score: int | None = None
    """The hand's score, once the hand is over (None before)."""
    total: int = 0
    """The seat's total over the holes played so far."""
    went_out: bool = False
    computer: bool = False


@dataclass(frozen=True, slots=True)
class TableView:
    """A Six-card table as data, as one viewer may see it: hidden cards are None, never their value."""

    seats: tuple[GridView, ...]
    viewer: int | None
    """The seat whose view this is (its grid goes at the front); None: the table as the place sees it."""
    to_act: tuple[int, ...]
    """The seats the table waits for (the one to play, or every seat still turning cards at the opening)."""
    discard: Card | None
    stock: int
    holding: Card | None
    """The card the seat to play holds, when this viewer may see it (its own draw, or one taken from the
    discard pile, which everyone saw)."""
    hole: int
    holes: int
    over: bool = False
    """The hand is over: every grid face up, pairs marked, scores shown."""


@dataclass(frozen=True, slots=True)
class ShareView:
    """A spoiler-free result card (the daily's): no card and no deal number."""

    title: str
    """E.g. ``Golf daily #326 · 9 holes``."""
    score: str
    """E.g. ``38 (-7)``."""
    squares: str
    """The coloured squares, one per hole (``engine.daily.SQUARES``)."""
    standing: str = ""
    """Where the player stands at the place, e.g. ``3rd of 12`` ("" unknown)."""


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
    scorecard: ScorecardView | None = None
    """The round's scorecard as data, on the screens that show one (a picture draws it; text adapters
    read the aligned block among ``blocks``)."""
    table: TableView | None = None
    """A Six-card table as data (its text is in ``blocks``)."""
    share: ShareView | None = None
    """A share card as data (its text is in ``blocks``)."""

    @property
    def has_cards(self) -> bool:
        """Whether this screen shows cards, and so has a picture."""
        return self.board is not None or self.table is not None or self.share is not None

    @property
    def all_buttons(self) -> tuple[Button, ...]:
        return tuple(b for row in self.buttons for b in row)


def notice(text: str, title: str = "") -> Screen:
    return Screen(ScreenKind.NOTICE, title=title, blocks=(text,))
