"""``Pictures``: what an adapter holds to have screens drawn without holding its event loop.

Rendering runs on a small thread pool (Pillow releases the GIL while it pastes and encodes, most of a
render), and the last few pictures are remembered: a refusal that redraws the same screen, or the same
board shown to a second player, costs nothing."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

from adapters.pictures.picture import Picture
from adapters.pictures.render import picture_key, render
from adapters.pictures.warm import prepare
from bot.screens import Screen


class Pictures:
    """Renders screens off the event loop and remembers the last ``cache`` pictures (an LRU keyed by what the
    picture shows and the deck). Use it from one event loop."""

    def __init__(self, *, workers: int = 2, cache: int = 256) -> None:
        self._pool = ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="pictures", initializer=_yield_to_the_loop
        )
        self._size = cache
        self._done: OrderedDict[object, Picture | None] = OrderedDict()
        self._pending: dict[object, asyncio.Future[Picture | None]] = {}

    async def picture(self, screen: Screen, *, four_colour: bool = False) -> Picture | None:
        """The picture of ``screen`` (None for a screen without cards), rendered on the pool or remembered.
        Two requests for the same picture at once share one render."""
        if not screen.has_cards:
            return None
        key = (picture_key(screen), four_colour)
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        pending = self._pending.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, _render, screen, four_colour)
        self._pending[key] = future
        try:
            drawn = await asyncio.shield(future)
        finally:
            self._pending.pop(key, None)
        self._remember(key, drawn)
        return drawn

    async def prepare(self, *, four_colour: bool = False) -> None:
        """Draw the card art on the pool now (about a second a deck), so that the first boards are as fast
        as the rest. Optional: without it, each card is drawn the first time a board shows it."""
        await asyncio.get_running_loop().run_in_executor(self._pool, prepare, four_colour)

    def _remember(self, key: object, drawn: Picture | None) -> None:
        if self._size <= 0:
            return
        self._done[key] = drawn
        self._done.move_to_end(key)
        while len(self._done) > self._size:
            self._done.popitem(last=False)

    def close(self) -> None:
        """Stop the pool (renders under way finish; none starts after)."""
        self._pool.shutdown(wait=False, cancel_futures=True)


NICE = 10
"""How much less the render threads weigh than the event loop's with the scheduler (Linux): a burst of
renders on a busy machine then delays the loop less; they still use every idle moment of the cores."""


def _yield_to_the_loop() -> None:
    """Run this worker thread at a lower priority than the event loop (where the system allows it)."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed: the default priority
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


def _render(screen: Screen, four_colour: bool) -> Picture | None:
    return render(screen, four_colour=four_colour)
