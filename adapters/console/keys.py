"""Reading keys: one keypress at a time on a terminal, or characters of lines when input is piped; and
reading whole lines (``golfbot daily``, ``golfbot sixcard``).

Input is read on the event loop itself (``add_reader``), never by a thread blocked in ``read``: such a
thread cannot be stopped, so Ctrl-C would wait for one more key before the program could end.
"""

from __future__ import annotations

import asyncio
import codecs
import os
import stat
import sys
import termios
import tty
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import TextIO

END_OF_INPUT = "\x04"
"""Ctrl-D."""
CHUNK = 1024


@contextmanager
def cbreak(stream: TextIO) -> Iterator[None]:
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


async def _read(fd: int) -> bytes:
    """The next bytes on ``fd``, waiting on the event loop until there are some (b"" at the end)."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fd, wake)
    try:
        await ready
    finally:
        loop.remove_reader(fd)
    return os.read(fd, CHUNK)


def _pollable(fd: int) -> bool:
    """Terminals and pipes can be waited on; a regular file (``< keys.txt``) cannot, but never blocks."""
    return not stat.S_ISREG(os.fstat(fd).st_mode)


async def _chunks(fd: int) -> AsyncIterator[bytes]:
    waits = _pollable(fd)
    while True:
        if waits:
            try:
                data = await _read(fd)
            except PermissionError:  # epoll refuses some devices (/dev/null): they never block either
                waits = False
                continue
        else:
            data = os.read(fd, CHUNK)
        if not data:
            return
        yield data


async def keys(stream: TextIO = sys.stdin) -> AsyncIterator[str]:
    """Yield keys until end of input (Ctrl-D on a terminal). On a terminal every key counts (Enter is
    ``\\n``); from a pipe or a file, white space only separates keys, so ``printf '1 d d q'`` plays column 1,
    turns twice, concedes."""
    fd = stream.fileno()
    interactive = stream.isatty()
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")  # a key may span two reads
    async for data in _chunks(fd):
        for ch in decoder.decode(data):
            if interactive:
                if ch == END_OF_INPUT:  # cbreak mode passes Ctrl-D on as a character
                    return
                yield "\n" if ch == "\r" else ch
            elif not ch.isspace():
                yield ch


async def lines(stream: TextIO = sys.stdin) -> AsyncIterator[str]:
    """Yield the lines typed or piped (without their line end) until end of input, read on the event loop
    like ``keys``: Ctrl-C leaves at once, where a thread blocked in ``readline`` would wait for Enter."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    pending = ""
    async for data in _chunks(stream.fileno()):
        pending += decoder.decode(data)
        *complete, pending = pending.split("\n")
        for line in complete:
            yield line
    pending += decoder.decode(b"", final=True)
    if pending:
        yield pending
