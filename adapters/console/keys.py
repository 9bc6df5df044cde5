"""Reading keys: one keypress at a time on a terminal, or characters of lines when input is piped."""

from __future__ import annotations

import asyncio
import os
import sys
import termios
import tty
from collections.abc import AsyncIterator
from contextlib import contextmanager
from typing import TextIO

END_OF_INPUT = "\x04"
"""Ctrl-D."""


@contextmanager
def cbreak(stream: TextIO):  # type: ignore[no-untyped-def]
    """Single-key input without echo while playing; the terminal is restored however we leave."""
    if not stream.isatty():
        yield
        return
    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


async def keys(stream: TextIO = sys.stdin) -> AsyncIterator[str]:
    """Yield keys until end of input (Ctrl-D on a terminal). On a terminal every key counts (Enter is
    ``\\n``); from a pipe or a file, white space only separates keys, so ``printf '1 d d q'`` plays column 1,
    turns twice, concedes."""
    loop = asyncio.get_running_loop()
    fd = stream.fileno()
    interactive = stream.isatty()
    while True:
        data = await loop.run_in_executor(None, os.read, fd, 1024)
        if not data:
            return
        for ch in data.decode(errors="replace"):
            if interactive:
                if ch == END_OF_INPUT:  # cbreak mode passes Ctrl-D on as a character
                    return
                yield "\n" if ch == "\r" else ch
            elif not ch.isspace():
                yield ch
