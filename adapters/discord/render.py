"""Screen -> the text of a Discord message, always within Discord's 2000 characters.

The two text looks (``BoardLook.TEXT`` and ``EMOJI``; ``drawing`` chooses, and draws the image look): the
tableau in a monospace code block (``bot.render``), or drawn with emoji (rank and suit, e.g. 🇰♠️ 🔟♥️
7️⃣♣️), which reads better on phones. Aligned blocks of the core (the scorecard, the help table) go in code
blocks; prose stays prose.
"""

from __future__ import annotations

from bot.i18n import _, ngettext
from bot.render import render_board, status_line
from bot.screens import BoardView, Screen
from bot.texts import COMMANDS, spell
from engine.cards import Card, Suit

MAX_CONTENT = 2000
"""Discord's limit on a message's content."""
SPELLING = {key: f"/golf {key}" for key in COMMANDS}
"""How the core's command keys read on Discord: every command is in the ``/golf`` group."""

RANK_EMOJI = {
    1: "🇦",
    **{n: f"{n}\N{VARIATION SELECTOR-16}\N{COMBINING ENCLOSING KEYCAP}" for n in range(2, 10)},
    10: "🔟",
    11: "🇯",
    12: "🇶",
    13: "🇰",
}
SUIT_EMOJI = {Suit.HEARTS: "♥️", Suit.CLUBS: "♣️", Suit.DIAMONDS: "♦️", Suit.SPADES: "♠️"}
BLANK = "⬛"
"""Fills a cell; every cell of the emoji board is two emoji wide so that columns line up."""
JOKER = "🃏" + BLANK
EMPTY_COLUMN = "➖➖"


def discord_length(text: str) -> int:
    """Length as Discord's limits count it, measured conservatively (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def clip(text: str, most: int) -> str:
    """``text`` within ``most`` characters as Discord counts them (a label, a description, a choice):
    cut with "…" when it is longer."""
    if discord_length(text) <= most:
        return text
    while text and discord_length(text) > most - 1:
        text = text[:-1]
    return text + "…"


def card_emoji(card: Card) -> str:
    if card.is_joker:
        return JOKER
    return RANK_EMOJI[card.rank] + SUIT_EMOJI[card.suit]


def column_emoji(number: int) -> str:
    return f"{number}\N{VARIATION SELECTOR-16}\N{COMBINING ENCLOSING KEYCAP}" + BLANK


def emoji_board(view: BoardView) -> str:
    """The tableau top to bottom in emoji, then the foundation and the stock."""
    lines = [" ".join(column_emoji(c + 1) for c in range(len(view.columns)))]
    depth = max((len(c) for c in view.columns), default=0)
    for row in range(max(depth, 1)):
        cells = []
        for cards in view.columns:
            if row < len(cards):
                cells.append(card_emoji(cards[row]))
            else:
                cells.append(EMPTY_COLUMN if row == 0 else BLANK + BLANK)
        lines.append(" ".join(cells))
    # Translators: the foundation of the emoji board when no card is on it yet
    empty = _("empty")
    top = card_emoji(view.foundation).removesuffix(BLANK) if view.foundation else empty
    # Translators: under the emoji board; {top} is the card on the foundation, {count} the cards in the stock
    stock = ngettext(
        "Foundation: {top} · Stock: {count} left",
        "Foundation: {top} · Stock: {count} left",
        view.stock_left,
        top=top,
    )
    lines.append(stock)
    return "\n".join(lines)


def code_block(text: str) -> str:
    return f"```\n{text}\n```"


def is_table(block: str) -> bool:
    """A block whose lines are aligned with runs of spaces (scorecard, help) must stay monospace."""
    lines = block.splitlines()
    return len(lines) > 1 and any("  " in line.strip() for line in lines)


def render_message(screen: Screen, *, emoji: bool = False, notice: str = "") -> str:
    """The message content for ``screen``; ``notice`` (a refusal, say) goes first, in italics.

    Never longer than MAX_CONTENT: should a screen ever be too long, its text blocks go first, then its
    notes; the title and the board always stay."""
    head = [f"*{say(notice)}*"] if notice else []
    if screen.title:
        head.append(f"**{screen.title}**")
    board: list[str] = []
    if screen.board is not None:
        as_emoji = emoji and screen.board.layout is None  # a family layout lies across the table: monospace
        drawn = emoji_board(screen.board) if as_emoji else code_block(render_board(screen.board))
        board = [drawn, f"-# {status_line(screen.board)}"]
    notes = [say(note) for note in screen.notes]
    blocks = [code_block(b) if is_table(b) else say(b) for b in screen.blocks if b]
    while True:
        content = "\n".join([*head, *notes, *board, *blocks])
        if discord_length(content) <= MAX_CONTENT:
            return content
        if blocks:
            blocks.pop()
        elif notes:
            notes.pop()
        else:
            return _cut(content)


def _cut(text: str) -> str:
    while discord_length(text) > MAX_CONTENT - 1:
        text = text[: -max(1, (discord_length(text) - MAX_CONTENT) // 2)]
    return text + "…"


def render_notice(text: str) -> str:
    """A short reply (a refusal, a confirmation) on its own."""
    text = say(text)
    return text if discord_length(text) <= MAX_CONTENT else _cut(text)


def say(text: str) -> str:
    """A text of the core with its commands spelled the Discord way (``/golf play``)."""
    return spell(text, SPELLING)
