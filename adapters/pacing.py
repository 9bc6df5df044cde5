"""Channel posts, paced: the competition's scoreboards, standings and notices go out behind the answer to
the press that caused them, in order per channel (a Discord channel, a Telegram chat).

A Discord click must be answered within 3 seconds. "Close now" on a big tournament starts a match for
every pair, and each match gets a scoreboard message: posted before the answer, 32 of them took past those
3 seconds and the click failed (on Telegram, at a group's 20 messages a minute, the press went unanswered
for a minute and a half). So a post is queued here and the caller goes on at once: each channel has one
queue, worked by a task of its own while it holds anything, and a press being answered holds back its
channel's queue until the answer is given (``answering``). Posts keep their order (a scoreboard is posted
before it is edited), one every ``gap`` seconds at most in a channel (Discord: POSTS_PER_WINDOW in
WINDOW_SECONDS, the limit it applies to a channel's messages; Telegram's own flood limiter paces its
requests). A post that fails is logged in one line; the ones after it go on.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

from adapters import metrics

log = logging.getLogger(__name__)

POSTS_PER_WINDOW = 5
WINDOW_SECONDS = 5.0
"""Discord allows about 5 messages a channel in 5 seconds (a 429 beyond, which discord.py would sit out)."""
DISCORD_GAP = WINDOW_SECONDS / POSTS_PER_WINDOW

Post = Callable[[], Awaitable[object]]


class ChannelPosts:
    """``gap``: the least time in seconds from one post's start to the next one's in a channel."""

    def __init__(self, gap: float = DISCORD_GAP) -> None:
        self._gap = gap
        self._queues: dict[int, deque[tuple[str, Post, contextvars.Context]]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._last: dict[int, float] = {}
        """Channel -> when its last post began (loop time), while it has posts queued."""
        self._answering: Counter[int] = Counter()
        self._closed = False

    @property
    def gap(self) -> float:
        return self._gap

    def add(self, channel: int, what: str, post: Post) -> None:
        """Queue ``post`` (described as ``what`` in a log line should it fail) for ``channel``; after
        ``close`` (the bot is stopping), nothing is queued. It runs in the context it was queued in: the
        language of its readers, and the place and player its log lines name."""
        if self._closed:
            return
        self._queues.setdefault(channel, deque()).append((what, post, contextvars.copy_context()))
        self._start(channel)

    @contextmanager
    def answering(self, channel: int | None) -> Iterator[None]:
        """While a click in ``channel`` is being answered, its queued posts wait (they go on after)."""
        if channel is None:
            yield
            return
        self._answering[channel] += 1
        try:
            yield
        finally:
            self._answering[channel] -= 1
            if not self._answering[channel]:
                del self._answering[channel]
                self._start(channel)

    async def close(self) -> None:
        """At a stop: the posts still queued are not sent (what they would show is saved, and the next
        press or clock brings its message up to date); one INFO line says how many. A post under way is
        cancelled with its worker, before the database and the connection it needs are closed."""
        self._closed = True
        dropped = sum(len(queue) for queue in self._queues.values())
        workers = list(self._workers.values())
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        self._queues.clear()
        if dropped:
            log.info("stopping: %d channel post(s) not sent (what they show is saved)", dropped)

    async def drain(self) -> None:
        """Wait until every queued post is done (tests; a shutdown that may wait)."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    def _start(self, channel: int) -> None:
        """A worker for the channel's queue, unless one works it already or a click there is being answered
        (the worker stops for that answer and is started again after it)."""
        if channel in self._workers or self._answering[channel] or not self._queues.get(channel):
            return
        self._workers[channel] = asyncio.get_running_loop().create_task(self._work(channel))

    async def _work(self, channel: int) -> None:
        queue = self._queues[channel]
        loop = asyncio.get_running_loop()
        try:
            while queue and not self._answering[channel]:
                last = self._last.get(channel)
                if last is not None and (wait := last + self._gap - loop.time()) > 0:
                    metrics.rate_limit_wait("discord")
                    await asyncio.sleep(wait)
                    if self._answering[channel]:
                        break  # a click came meanwhile: its answer first
                what, post, context = queue.popleft()
                self._last[channel] = loop.time()
                try:
                    await loop.create_task(_posting(post), context=context)
                except Exception as error:
                    kind = type(error).__name__
                    log.error(  # (its place and player: the press that queued it, if one did)
                        "could not post %s to channel %s: %s: %s",
                        what,
                        channel,
                        kind,
                        error,
                        extra={"platform": "discord"},
                    )
        finally:
            del self._workers[channel]
            if not queue:
                del self._queues[channel]
                last = self._last.get(channel)
                if last is not None and last + self._gap <= loop.time():
                    del self._last[channel]  # (the next post may go at once: nothing to remember)


async def _posting(post: Post) -> None:
    await post()
