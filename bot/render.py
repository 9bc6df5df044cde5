"""Draw Screens as monospace text: the terminal uses it as is, Discord and Telegram put it in a code block.

Fits an 80-column terminal: a cell is 7 characters (room for a playable ``[Joker]``), so 7 columns take 49
and a double deck's 9 take 63; longer lines of text are wrapped.
"""

from __future__ import annotations

import textwrap
import unicodedata

from bot.screens import BoardView, Screen
from bot.texts import plain
from engine.cards import Card

CELL = 7
WIDTH = 80


def card_label(card: Card | None) -> str:
    return "—" if card is None else card.pretty()


def render_board(view: BoardView, *, cell: int = CELL, ruled: bool = True) -> str:
    """The tableau top to bottom: the last card of each column is the available one; a playable one is
    shown in brackets, e.g. ``[7♠]``. ``cell`` is the width of a column (5 still fits ``[10♠]``, for narrow
    phone screens); ``ruled`` draws a rule under the column numbers."""
    width = len(view.columns)
    depth = max((len(c) for c in view.columns), default=0)
    lines = ["".join(str(i + 1).center(cell) for i in range(width)).rstrip()]
    if ruled:
        lines.append("".join("───".center(cell) for _ in range(width)).rstrip())
    for row in range(max(depth, 1)):
        cells = []
        for col, cards in enumerate(view.columns):
            if row < len(cards):
                label = cards[row].pretty()
                last = row == len(cards) - 1
                cells.append((f"[{label}]" if last and view.playable[col] else label).center(cell))
            elif row == 0 and not cards:
                cells.append("·".center(cell))
            else:
                cells.append(" " * cell)
        lines.append("".join(cells).rstrip())
    top = card_label(view.foundation) if view.foundation else "empty"
    lines.append("")
    lines.append(f"Foundation: {top}   Stock: {view.stock_left} left")
    return "\n".join(lines)


def status_line(view: BoardView) -> str:
    """``Hole 2 of 9 · deal #25 · strict · total 3 · par 45`` (no deal where the board hides it)."""
    deal = "" if view.deal is None else f" · deal #{view.deal}"
    return f"Hole {view.hole} of {view.holes}{deal} · {view.rules} · total {view.total} · par {view.par}"


def render_screen(screen: Screen, *, with_keys: bool = False, width: int = WIDTH) -> str:
    """The whole screen as plain text. ``with_keys`` adds the keyboard legend of the terminal; lines of
    text are wrapped at ``width`` columns (the tableau and the scorecard are made to fit 80)."""
    parts: list[str] = []
    if screen.title:
        parts.append(screen.title)
    parts.extend(plain(note) for note in screen.notes)
    if screen.board is not None:
        parts.append(render_board(screen.board) + "\n" + status_line(screen.board))
    parts.extend(plain(block) for block in screen.blocks)
    if with_keys:
        keys = [f"{b.key} {b.label}" for b in screen.all_buttons if b.enabled and b.key]
        if keys:
            parts.append(_join_within("Keys: ", keys, width=width))
    return "\n\n".join(fit(p, width) for p in parts if p)


def text_width(line: str) -> int:
    """Columns ``line`` takes in a terminal: wide characters (``⛳``, ``🏁``) take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def fit(text: str, width: int = WIDTH) -> str:
    """Wrap the lines of ``text`` that are wider than ``width`` (tables are made to fit already)."""
    lines = []
    for line in text.split("\n"):
        if text_width(line) <= width:
            lines.append(line)
        else:
            lines.extend(textwrap.wrap(line, width - (text_width(line) - len(line)) - 1) or [""])
    return "\n".join(lines)


def keys_line(items: list[str], *, width: int = WIDTH) -> str:
    """``Keys: 1 A♣ · d Turn stock (16) · ...`` in lines of at most ``width`` columns, broken between keys."""
    return _join_within("Keys: ", items, width=width)


def _join_within(prefix: str, items: list[str], sep: str = " · ", *, width: int = WIDTH) -> str:
    """``prefix`` and ``items`` joined by ``sep``, in lines of at most ``width`` columns broken between
    items. A line that goes on below ends with the separator, which must fit too (or it would be wrapped
    onto a line of its own)."""
    lines, line = [], prefix + items[0]
    for n, item in enumerate(items[1:], start=2):
        more = sep.rstrip() if n < len(items) else ""  # room for the separator, should a break follow
        if text_width(line + sep + item + more) > width:
            lines.append(line + sep.rstrip())
            line = " " * len(prefix) + item
        else:
            line += sep + item
    lines.append(line)
    return "\n".join(lines)
