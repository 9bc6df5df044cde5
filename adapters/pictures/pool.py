"""``Pictures``: what an adapter holds to have screens drawn without holding its event loop.

Rendering runs on a small pool, and the last few pictures are remembered: a refusal that redraws the same
screen, or the same board shown to a second player, costs nothing.

The pool is of threads by default (tests, ``golfbot bench render``), or of worker processes
(``processes=True``: what the bots use). Pillow releases the GIL while it pastes and encodes, but a render
takes the GIL back after each of its hundred-odd calls, and a thread waits for it up to the interpreter's
switch interval (5 ms) whenever the event loop is busy: in a busy bot a render of 3 ms took hundreds, and
the loop felt them too. A worker process has a GIL of its own; the loop only pickles the screen (a few
KB) and takes the PNG back. The workers are the solver's kind (``adapters.workers``): spawned, at a
lower priority than the bot, deaf to Ctrl-C and SIGTERM (the bot stops them: ``stop_workers``), and dead
with the bot however it ends."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor

from adapters.pictures.picture import Picture
from adapters.pictures.render import picture_key, render
from adapters.pictures.warm import prepare
from adapters.workers import WorkerContext, start_worker, worker_context
from bot.i18n import current, speaking
from bot.screens import Screen

log = logging.getLogger(__name__)


COLD_SECONDS = 30.0
"""How long a picture may take, whatever ``within`` says, while the pool is not warm yet."""
RENEW_SECONDS = 30.0
"""How long after a broken pool was replaced a broken one is left as it is (its boards drawn as text)."""


class Pictures:
    """Renders screens off the event loop and remembers the last ``cache`` pictures (an LRU keyed by what the
    picture shows, the deck and the language). Use it from one event loop."""

    def __init__(self, *, workers: int = 2, cache: int = 256, processes: bool = False) -> None:
        self._workers = workers
        self._processes = processes
        self._context: WorkerContext | None = None
        """What started the worker processes of the pool (None on threads), to kill them at ``close``."""
        self._pool = self._new_pool()
        self._broken_at = -RENEW_SECONDS
        self._warming: asyncio.Task[None] | None = None
        self._warm = False
        """The card art is drawn (``prepare`` done): renders take their usual few milliseconds."""
        self._size = cache
        self._done: OrderedDict[object, Picture | None] = OrderedDict()
        self._pending: dict[object, asyncio.Future[Picture | None]] = {}

    async def picture(
        self, screen: Screen, *, four_colour: bool = False, within: float | None = None
    ) -> Picture | None:
        """The picture of ``screen`` (None for a screen without cards), rendered on the pool or remembered.
        Two requests for the same picture at once share one render. ``within``: seconds it may take, else
        TimeoutError (its render goes on, for whoever asks next) — once the pool is warm (``prepare``
        done); before, while the card art is still being drawn, up to COLD_SECONDS: a cold start on a busy
        machine is slow, a stuck renderer is not let hold a board back for long. Its words ("Stock",
        "Hole 3 of 9") are in the language spoken where it is asked for (``bot.i18n.speaking``): a thread or
        a worker process of the pool does not share that context, so the language goes with the screen."""
        if within is None:
            return await self._picture(screen, four_colour)
        async with asyncio.timeout(within if self._warm else COLD_SECONDS):
            return await self._picture(screen, four_colour)

    async def _picture(self, screen: Screen, four_colour: bool) -> Picture | None:
        if not screen.has_cards:
            return None
        language = current()
        key = (picture_key(screen), four_colour, language)
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        pending = self._pending.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._pool, _render, screen, four_colour, language)
        except BrokenExecutor:
            pool = self._renewed()
            if pool is None:
                return None
            future = loop.run_in_executor(pool, _render, screen, four_colour, language)
        self._pending[key] = future
        try:
            drawn = await asyncio.shield(future)
        except BrokenExecutor:
            # a worker died under this render (killed, out of memory): a new pool draws the next ones; this
            # screen is drawn without a picture (its adapter shows the text board), never left blank
            self._renewed()
            return None
        finally:
            self._pending.pop(key, None)
        self._remember(key, drawn)
        return drawn

    async def prepare(self, *, four_colour: bool = False) -> None:
        """Draw the card art on the pool now (about a second a deck), so that the first boards are as fast
        as the rest. Optional: without it, each card is drawn the first time a board shows it. (With worker
        processes, each worker draws its own: this warms the one it lands on, and starts it.)"""
        with contextlib.suppress(BrokenExecutor):
            await asyncio.get_running_loop().run_in_executor(self._pool, prepare, four_colour)
            self._warm = True

    def warm(self) -> None:
        """Start the pool and draw the card art on it now, in the background (once; later calls do nothing):
        what a bot calls once it is up, so that its first boards do not wait for a worker to start and
        draw its cards. Not before: a bot whose token is refused starts no worker."""
        if self._warming is None:
            self._warming = asyncio.get_running_loop().create_task(self.prepare())

    def _new_pool(self) -> Executor:
        if self._processes:
            self._context = worker_context()
            return ProcessPoolExecutor(
                max_workers=self._workers,
                mp_context=self._context,
                initializer=start_worker,  # low priority, deaf to Ctrl-C, dies with the bot
                initargs=(os.getpid(),),
            )
        return ThreadPoolExecutor(
            max_workers=self._workers, thread_name_prefix="pictures", initializer=_yield_to_the_loop
        )

    def _renewed(self) -> Executor | None:
        """A new pool in place of a broken one (its workers are gone); None while one broke less than
        RENEW_SECONDS ago (workers that cannot start are not started again and again: meanwhile the boards
        are text)."""
        now = time.monotonic()
        if now - self._broken_at < RENEW_SECONDS:
            return None
        self._broken_at = now
        log.warning("a picture worker stopped; a new one draws the next boards (this one is shown as text)")
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._new_pool()
        return self._pool

    def _remember(self, key: object, drawn: Picture | None) -> None:
        if self._size <= 0:
            return
        self._done[key] = drawn
        self._done.move_to_end(key)
        while len(self._done) > self._size:
            self._done.popitem(last=False)

    def close(self) -> None:
        """Stop the pool: none starts after. Worker processes are killed and the pool's own thread waited
        for, as the solver's pool does (adapters/solver/pool.py): a render's picture is wanted by nobody any
        more, a worker left running outlives its owner, and a pool thread still ending its pool as the
        interpreter exits can meet Python's own exit hook on a closed pipe (a traceback on stderr:
        "OSError: [Errno 9] Bad file descriptor"). Threads finish the render they are in."""
        if self._warming is not None:
            self._warming.cancel()
        if self._context is not None:
            self._context.kill()
            self._pool.shutdown(wait=True, cancel_futures=True)
        else:
            self._pool.shutdown(wait=False, cancel_futures=True)


NICE = 10
"""How much less the render threads weigh than the event loop's with the scheduler (Linux): a burst of
renders on a busy machine then delays the loop less; they still use every idle moment of the cores."""


def _yield_to_the_loop() -> None:
    """Run this worker thread at a lower priority than the event loop (where the system allows it)."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed: the default priority
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


def _render(screen: Screen, four_colour: bool, language: str) -> Picture | None:
    with speaking(language):
        return render(screen, four_colour=four_colour)
