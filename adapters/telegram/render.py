"""Screens as Telegram messages: HTML text (the board in ``<pre>`` so its columns line up) and an inline
keyboard.

Telegram has no disabled buttons. A live board therefore keeps every key, each with the callback data of
its own action: pressing a column whose card cannot be played now is answered with the core's reason
("A♦ cannot go on J♥."), and nothing changes. Screens that are not a live board (a finished hole or
round) show only their enabled keys, e.g. "Next hole ▶", or no keyboard at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape as _escape

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.render import render_board, status_line
from bot.screens import BoardView, Button, ButtonRole, Screen, ScreenKind
from bot.texts import COMMANDS, spell

SPELLING = {key: f"/{key}" for key in COMMANDS}
"""How the core's command keys read on Telegram: ``/play``, which Telegram makes tappable (outside
``<pre>`` and ``<code>``)."""

CELL = 5
"""Characters per column of the board: room for a playable ``[10♠]``; 7 columns make 35, which fits the
width of a phone screen (the terminal's 7-character cells would wrap there)."""
KEYS_PER_ROW = 8
"""Telegram shows at most 8 buttons in a row."""


@dataclass(frozen=True, slots=True)
class Message:
    """What to send or edit: HTML text and its keyboard (``None``: no keyboard)."""

    text: str
    keyboard: InlineKeyboardMarkup | None


OPEN_PAYLOAD = "board"
"""The deep link a button of role OPEN leads to: ``/start board_<session>`` in the private chat, where the
presser's own view of the session is shown (a match board)."""


def render_message(
    screen: Screen, *, player_name: str = "", note: str = "", bot_username: str = ""
) -> Message:
    """``player_name`` goes into the title of a round's screens (in a group: whose round it is); ``note`` is
    a line on top, e.g. why this board was sent instead of a new one; ``bot_username``: what a button that
    opens the presser's own view links to (``open_link``)."""
    return Message(
        screen_html(screen, player_name=player_name, note=note), keyboard(screen, bot_username=bot_username)
    )


def open_link(bot_username: str, session: str) -> str:
    """The link of a button of role OPEN: into the private chat with the bot, at that session."""
    return f"https://t.me/{bot_username}?start={OPEN_PAYLOAD}_{session}"


def screen_head(screen: Screen, *, player_name: str = "", note: str = "") -> list[str]:
    """What heads a screen, as HTML: the note (in italics), the title (with the player's name on their own
    board), then the screen's notes. The text board and a photo's caption both start so."""
    head = [f"<i>{say(note)}</i>"] if note else []
    title = " · ".join(t for t in (screen.title, player_name if screen.owner else "") if t)
    if title:
        head.append(f"<b>{escape(title)}</b>")
    head.extend(say(n) for n in screen.notes)
    return head


def screen_html(screen: Screen, *, player_name: str = "", note: str = "") -> str:
    parts = screen_head(screen, player_name=player_name, note=note)
    if screen.board is not None:
        parts.append(_pre(board_text(screen.board)) + "\n" + escape(status_line(screen.board)))
    parts.extend(_pre(block) if _is_table(block) else say(block) for block in screen.blocks)
    return "\n\n".join(p for p in parts if p)


def board_text(view: BoardView) -> str:
    """The tableau in narrow cells, without the rule under the column numbers (it costs a phone a line)."""
    return render_board(view, cell=CELL, ruled=False)


def keyboard(screen: Screen, *, bot_username: str = "", marked: bool = False) -> InlineKeyboardMarkup | None:
    """``marked``: the keys of playable columns read ``[7♠]``, as the text board shows those cards (a
    photo board's keys, under a picture whose marks a small screen may not show well)."""
    live = screen.kind is ScreenKind.BOARD
    buttons = [b for b in screen.all_buttons if live or b.enabled]
    columns = [b for b in buttons if b.role is ButtonRole.COLUMN]
    others = [b for b in buttons if b not in columns]
    rows = [*_rows(columns), *_rows(others)]
    if not rows:
        return None
    return InlineKeyboardMarkup(
        [[key_of(b, screen, bot_username, marked=marked and live) for b in row] for row in rows]
    )


def _rows(buttons: list[Button]) -> list[list[Button]]:
    """At most KEYS_PER_ROW a row, as even as can be (9 columns: 5 and 4)."""
    if not buttons:
        return []
    count = -(-len(buttons) // KEYS_PER_ROW)
    size = -(-len(buttons) // count)
    return [buttons[i : i + size] for i in range(0, len(buttons), size)]


def key_of(
    button: Button, screen: Screen, bot_username: str = "", *, marked: bool = False
) -> InlineKeyboardButton:
    """A button as a key: a callback's data, or for a button that opens the presser's own view (role OPEN)
    the link into the private chat (``open_link``), when the bot's username is known. ``marked``: an
    enabled column's label in brackets (see ``keyboard``)."""
    if button.role is ButtonRole.OPEN and bot_username and screen.session is not None:
        return InlineKeyboardButton(button.label, url=open_link(bot_username, screen.session))
    playable = marked and button.enabled and button.role is ButtonRole.COLUMN
    return InlineKeyboardButton(f"[{button.label}]" if playable else button.label, callback_data=button.id)


def _is_table(block: str) -> bool:
    """Blocks laid out in columns (a scorecard, the command list) keep their alignment in ``<pre>``."""
    return "  " in block.strip()


def _pre(text: str) -> str:
    return f"<pre>{escape(text)}</pre>"


def say(text: str) -> str:
    """A text of the core as Telegram HTML, its commands spelled the Telegram way."""
    return escape(spell(text, SPELLING))


def escape(text: str) -> str:
    """Text for Telegram's HTML: ``<``, ``>`` and ``&`` escaped (quotes need not be, outside tags)."""
    return _escape(text, quote=False)
