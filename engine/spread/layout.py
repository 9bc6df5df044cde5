"""A Golf-family tableau as data: which card covers which, which are dealt face down, how the board's lines
read, and the few rules that differ between the games (the foundation's first card, King–Ace wrapping,
whether there is a stock)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.game import Layout


class Start(Enum):
    """What the foundation starts with."""

    DEALT = "dealt"
    """The card dealt after the tableau (TriPeaks, Pyramid Golf), as in Golf."""
    ACE_OF_SPADES = "ace of spades"
    """The Ace of Spades, taken out of the pack before the deal (Black Hole)."""
    EMPTY = "empty"
    """Nothing: the first card played may be any free card (All in a Row)."""


@dataclass(frozen=True, slots=True)
class SpreadLayout:
    """The tableau of one game. Slots are numbered in dealing order; ``lines`` groups them as the board
    prints them (a row of a peak or a pyramid, a fan, a column, top card last); ``tableau`` (engine/game.py's
    ``Layout``) says which slots' cards lie on each card: it may be played once all of those are gone. A
    slot in ``face_down`` is dealt face down and turns face up when nothing covers it any more."""

    name: str
    """The game's name, e.g. ``tripeaks``."""
    title: str
    """The game's name for people, e.g. ``TriPeaks``."""
    lines: tuple[tuple[int, ...], ...]
    tableau: Layout
    face_down: frozenset[int] = frozenset()
    start: Start = Start.DEALT
    wrap: bool = True
    """King and Ace are adjacent (every game of the family but Golf's strict rules)."""
    stock: bool = True
    """The cards not dealt form a stock, turned one at a time onto the foundation."""
    places: tuple[int, ...] = ()
    """Where each slot's card lies across the table, in half cards from the left (a peak or a pyramid, as
    PySolFC draws it); () for piles side by side."""
    cover_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``tableau.covered_by`` as bit masks, for the play and the solver."""

    def __post_init__(self) -> None:
        slots = sorted(s for line in self.lines for s in line)
        if slots != list(range(self.tableau.size)):
            raise ValueError(f"{self.name}: the lines must hold every slot once")
        masks = tuple(sum(1 << c for c in covers) for covers in self.tableau.covered_by)
        object.__setattr__(self, "cover_masks", masks)

    @property
    def covered_by(self) -> tuple[tuple[int, ...], ...]:
        return self.tableau.covered_by

    @property
    def size(self) -> int:
        """How many cards the tableau holds."""
        return self.tableau.size

    def is_free(self, slot: int, gone: int) -> bool:
        """Whether the card in ``slot`` may be played once the slots in the bit mask ``gone`` are empty."""
        return not gone >> slot & 1 and self.cover_masks[slot] & ~gone == 0

    def is_shown(self, slot: int, gone: int) -> bool:
        """Whether the card in ``slot`` is face up (a face-down card turns up once nothing covers it)."""
        return slot not in self.face_down or self.cover_masks[slot] & ~gone == 0


def fans(name: str, title: str, count: int, height: int, **rules: object) -> SpreadLayout:
    """``count`` piles of ``height`` cards, each covered by the next one dealt onto it (Black Hole's fans,
    All in a Row's columns, Golf's columns). Dealt a row at a time across the piles, as PySolFC deals them:
    slot ``row * count + pile``."""
    lines = tuple(tuple(row * count + pile for row in range(height)) for pile in range(count))
    covered = [
        () if row + 1 == height else ((row + 1) * count + pile,)
        for row in range(height)
        for pile in range(count)
    ]
    return SpreadLayout(name, title, lines, Layout(tuple(covered)), **rules)  # type: ignore[arg-type]


def steps(
    name: str, title: str, rows: tuple[int, ...], step: tuple[int, ...], **rules: object
) -> SpreadLayout:
    """Rows of cards where the card in slot ``i`` of every row but the last is covered by slots
    ``i + step[i]`` and ``i + step[i] + 1`` (PySolFC's ``STEP`` tables for TriPeaks and Elevator)."""
    lines: list[tuple[int, ...]] = []
    start = 0
    for size in rows:
        lines.append(tuple(range(start, start + size)))
        start += size
    covered = tuple((i + step[i], i + step[i] + 1) if i < len(step) else () for i in range(start))
    return SpreadLayout(name, title, tuple(lines), Layout(covered), **rules)  # type: ignore[arg-type]


def stacked(layout: SpreadLayout) -> bool:
    """Whether every line is a pile, each card covered by the next one in its line and by nothing else (Black
    Hole, All in a Row, Golf): its played cards are always the last of their lines."""
    return all(
        layout.covered_by[slot] == ((line[i + 1],) if i + 1 < len(line) else ())
        for line in layout.lines
        for i, slot in enumerate(line)
    )
