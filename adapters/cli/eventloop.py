"""The event loop the bot processes and the benchmarks run on: uvloop (libuv under asyncio's interface,
several times cheaper per wake-up, callback and socket read than asyncio's own loop, which a busy bot
spends much of its time in) where it is installed, else asyncio's own (Windows, where uvloop does not
exist; or ``GOLFBOT_EVENT_LOOP=asyncio``, to compare or to rule it out)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop maker, or None for asyncio's own loop."""
    if os.environ.get("GOLFBOT_EVENT_LOOP", "").strip().lower() == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:  # not installed, or not on this platform
        return None
    return uvloop.new_event_loop


def loop_name() -> str:
    return "asyncio" if loop_factory() is None else "uvloop"


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on the chosen event loop."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
