"""How the terminal looks: colour (red and black suits, the playable cards stand out) and drawing the screen
in place. Colour is off when NO_COLOR is set (https://no-color.org), when the output is not a terminal, or
on a dumb terminal; the text is the same either way, only escape codes are added."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TextIO

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
RED = "\x1b[31m"
GREEN = "\x1b[32m"

ENTER = "\x1b[?1049h"
"""Switch to the terminal's alternate screen: the game is drawn there and the shell's screen is kept."""
LEAVE = "\x1b[?1049l"
HOME = "\x1b[H"
"""Cursor to the top left: every screen is drawn over the last one from there."""
CLEAR_LINE = "\x1b[K"
CLEAR_BELOW = "\x1b[J"

ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_CARD = re.compile(r"(\[)?((?:10|[2-9AJQK])([♠♥♦♣])|Joker)(\])?")


def is_terminal(stream: TextIO, env: Mapping[str, str] | None = None) -> bool:
    """A real terminal that understands cursor movement."""
    env = os.environ if env is None else env
    try:
        tty = stream.isatty()
    except ValueError:  # closed
        return False
    return tty and env.get("TERM", "") != "dumb"


def wants_colour(stream: TextIO, env: Mapping[str, str] | None = None) -> bool:
    env = os.environ if env is None else env
    return is_terminal(stream, env) and not env.get("NO_COLOR", "")


def plain(text: str) -> str:
    """``text`` without escape codes."""
    return ESCAPE.sub("", text)


def colour(text: str) -> str:
    """Hearts and diamonds in red, a playable card (``[7♠]``) in bold with green brackets, the first line
    (the title) in bold."""

    def card(match: re.Match[str]) -> str:
        opened, label, suit, closed = match.groups()
        drawn = f"{RED}{label}{RESET}" if suit in ("♥", "♦") else label
        if opened and closed:
            return f"{GREEN}{BOLD}[{RESET}{BOLD}{drawn}{BOLD}{GREEN}]{RESET}"
        return (opened or "") + drawn + (closed or "")

    title, newline, rest = text.partition("\n")
    return f"{BOLD}{title}{RESET}{newline}" + _CARD.sub(card, rest)


def in_place(text: str) -> str:
    """``text`` drawn over the previous screen: from the top left, each line clearing what was left of
    the last one, and everything below the new screen cleared."""
    lines = text.split("\n")
    return HOME + (CLEAR_LINE + "\n").join(lines) + CLEAR_BELOW
