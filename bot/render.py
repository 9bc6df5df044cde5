"""Draw Screens as monospace text: the terminal uses it as is, Discord and Telegram put it in a code block.

Fits an 80-column terminal: a cell is 7 characters (room for a playable ``[Joker]``), so 7 columns take 49
and a double deck's 9 take 63; longer lines of text are wrapped.
"""

from __future__ import annotations

import textwrap
import unicodedata

from bot.i18n import _, ngettext
from bot.screens import BoardView, LayoutView, Screen, Spot
from bot.texts import plain
from engine.cards import Card

CELL = 7
WIDTH = 80


def card_label(card: Card | None) -> str:
    return "—" if card is None else card.pretty()


def render_board(view: BoardView, *, cell: int = CELL, ruled: bool = True) -> str:
    """The tableau top to bottom: the last card of each column is the available one; a playable one is
    shown in brackets, e.g. ``[7♠]``. ``cell`` is the width of a column (5 still fits ``[10♠]``, for narrow
    phone screens); ``ruled`` draws a rule under the column numbers. A Golf-family layout is drawn as it
    lies (``render_layout``)."""
    if view.layout is not None:
        return render_layout(view.layout, cell=cell, ruled=ruled) + "\n\n" + _surroundings(view)
    width = len(view.columns)
    depth = max((len(c) for c in view.columns), default=0)
    lines = ["".join(str(i + 1).center(cell) for i in range(width)).rstrip()]
    if ruled:
        lines.append("".join("───".center(cell) for _column in range(width)).rstrip())
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
    lines.append("")
    lines.append(_surroundings(view))
    return "\n".join(lines)


def _surroundings(view: BoardView) -> str:
    # Translators: the foundation pile when no card lies on it ("Foundation: empty")
    top = card_label(view.foundation) if view.foundation else _("empty")
    foundation = _("Foundation: {card}", card=top)
    if view.layout is not None and not view.layout.stock:
        return foundation
    # Translators: the cards left in the stock, beside the foundation ("Stock: 16 left")
    return foundation + "   " + ngettext("Stock: {count} left", "Stock: {count} left", view.stock_left)


BACK = "░░"
"""A face-down card in text: its value is never drawn."""
PILES_PER_BLOCK = 9
"""Piles drawn side by side, at most: Black Hole's 17 fans are drawn in two blocks (80 columns)."""


def spot_label(spot: Spot) -> str:
    """A place of a family layout: its card (``[7♠]`` when playable), a back, or nothing once played."""
    if spot.gone:
        return ""
    if spot.card is None:
        return BACK
    label = spot.card.pretty()
    return f"[{label}]" if spot.playable else label


def render_layout(layout: LayoutView, *, cell: int = CELL, ruled: bool = True) -> str:
    """A Golf-family tableau: rows across the table at their places (a peak, a pyramid: a half card is
    half a cell), or piles side by side as Golf's columns are, headed by the key of their free card."""
    if layout.piles:
        blocks = [layout.lines[i : i + PILES_PER_BLOCK] for i in range(0, len(layout.lines), PILES_PER_BLOCK)]
        return "\n\n".join(_piles(block, cell=cell, ruled=ruled) for block in blocks)
    half = (cell + 1) // 2
    lines = []
    for spots, places in zip(layout.lines, layout.places, strict=True):
        row = [" "] * (max(places) * half + cell)
        for spot, place in zip(spots, places, strict=True):
            text = spot_label(spot).center(cell)
            row[place * half : place * half + cell] = text
        lines.append("".join(row).rstrip())
    keys = [
        (spot.key, place)
        for spots, places in zip(layout.lines, layout.places, strict=True)
        for spot, place in zip(spots, places, strict=True)
        if spot.key
    ]
    if keys:
        row = [" "] * (max(p for _key, p in keys) * half + cell)
        for key, place in keys:
            row[place * half : place * half + cell] = key.center(cell)
        lines.append("".join(row).rstrip())
    drawn = [line for line in lines if line.strip()]
    return "\n".join(drawn) if drawn else _("(the tableau is clear)")


def _piles(piles: tuple[tuple[Spot, ...], ...], *, cell: int, ruled: bool) -> str:
    heads = []
    for pile in piles:
        key = next((spot.key for spot in pile if spot.key), "")
        heads.append((key or "·").center(cell))
    lines = ["".join(heads).rstrip()]
    if ruled:
        lines.append("".join("───".center(cell) for _ in piles).rstrip())
    depth = max((sum(not s.gone for s in pile) for pile in piles), default=0)
    for row in range(max(depth, 1)):
        cells = []
        for pile in piles:
            left = [s for s in pile if not s.gone]
            cells.append(spot_label(left[row]).center(cell) if row < len(left) else " " * cell)
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def status_line(view: BoardView) -> str:
    """``Hole 2 of 9 · deal #25 · strict · total 3 · par 45`` (no deal where the board hides it)."""
    parts = [_("Hole {hole} of {holes}", hole=view.hole, holes=view.holes)]
    if view.deal is not None:
        parts.append(_("deal #{deal}", deal=view.deal))
    rules = view.rules
    if view.layout is not None:  # a family game by its name for people: TriPeaks, winnable-only
        rules = " · ".join((view.layout.title, *rules.split("+")[1:]))
    parts.append(rules)
    # Translators: the round's total score so far, in the status line ("total 3")
    parts.append(_("total {total}", total=view.total))
    # Translators: the round's par, in the status line ("par 45")
    parts.append(_("par {par}", par=view.par))
    return " · ".join(parts)


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
            parts.append(keys_line(keys, width=width))
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
    # Translators: heads the terminal's list of keys and what they do ("Keys: 1 A♣ · d Turn stock")
    return _join_within(_("Keys:") + " ", items, width=width)


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
