"""Telegram's flood limits, per chat: a 429 in one chat holds back that chat only, and everything queued
for it goes out, in order, when its budget returns.

PTB's ``AIORateLimiter`` pauses *every* request after a 429 (one busy group stalls every private chat) and
gives up after ``max_retries`` (a committed move was then answered "went wrong"). ``ChatFloodLimiter``
keeps its proactive limits (30 requests a second overall, 20 a minute per group: Telegram's published
ones, via ``aiolimiter``) but handles a 429 per chat: requests to one chat take their turn one after
another (FIFO), a 429 pauses that chat for its ``retry_after`` and is retried, for as long as the waits add
up to at most ``max_wait`` seconds. Each wait is one WARNING line; past ``max_wait`` the ``RetryAfter``
reaches the caller, which says so in one line too.

A request that failed on the way is sent again when that is safe (``may_resend``): one that never left (no
connection of the pool came free in time), and an edit that timed out or lost its connection (sent twice,
it shows the same board). The pauses (``RESEND_PAUSE``, doubling) count towards ``max_wait`` too and hold
the chat's turn, so a later request to the chat cannot overtake it; a new message is never sent twice.

Stopping (``stop_waiting``): a stop must not wait out a chat's flood limits (a 429 may ask for a minute, a
busy group's budget for several). From then on a request that would wait, for its chat's turn, a flood
wait or the proactive budget, is dropped (``Stopping``) and counted in ``dropped``; one that need not wait
is sent as usual. A dropped reply loses nothing stored: the moves behind it are committed, and the boards
show them again on ``/resume``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import warnings
from collections.abc import AsyncIterator, Callable, Coroutine
from datetime import timedelta
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.constants import FloodLimit
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError
from telegram.ext import BaseRateLimiter

from adapters import metrics

log = logging.getLogger(__name__)
# PTB 22.2+ warns inside RetryAfter.__init__ itself that ``retry_after`` will become a timedelta: nothing
# the bot can act on (this module reads the timedelta), and a 429 is to be one WARNING line, not two.
warnings.filterwarnings("ignore", message=r".*attribute `retry_after` will be of type", module="telegram")

JSON = bool | dict[str, Any] | list[dict[str, Any]]
MAX_WAIT = 300.0
"""Seconds of 429s (and of pauses before sending again) one request sits out before giving up: Telegram's
flood waits are seconds to a minute."""
RESEND_PAUSE = 0.5
"""Seconds before a request that failed on the way (``may_resend``) is sent again; doubled each time..."""
RESEND_PAUSE_MAX = 8.0
"""... up to this."""
NOT_SENT = "Request was *not* sent"
"""python-telegram-bot's words for a request that never left (no connection free in its pool in time)."""


def retry_after_seconds(error: RetryAfter) -> float:
    """The wait a 429 asks for (PTB keeps it as a timedelta; its public attribute may be an int)."""
    value = getattr(error, "_retry_after", None)
    if isinstance(value, timedelta):
        return value.total_seconds()
    return float(error.retry_after) if isinstance(error.retry_after, int) else 1.0


def may_resend(endpoint: str, error: NetworkError) -> bool:
    """May a request that failed with ``error`` be sent again? One that never left (no connection came
    free in time), always; an edit that timed out or lost its connection, too: Telegram may have applied
    it already, and the same edit again only finds the message as it should be ("not modified"). Not a
    new message (it could be posted twice), nor anything Telegram refused (``BadRequest``), nor an upload
    (``editMessageMedia``: a picture that timed out or was too large goes out as text instead, see
    ``photos.py``)."""
    if isinstance(error, BadRequest):
        return False
    edit = endpoint.lower().startswith("edit") and endpoint.lower() != "editmessagemedia"
    return NOT_SENT in error.message or edit


class Stopping(TelegramError):
    """A request dropped because the bot is stopping and the request would have had to wait."""

    def __init__(self, chat: int | str | None) -> None:
        super().__init__(f"not sent to chat {chat}: the bot is stopping, and its flood limit would wait")


class _Chat:
    """One chat's turn-taking: a FIFO lock, when its flood wait ends, and how many requests use it."""

    __slots__ = ("lock", "open_at", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.open_at = 0.0
        self.users = 0


class ChatFloodLimiter(BaseRateLimiter[int]):
    def __init__(
        self,
        *,
        overall_max_rate: float = FloodLimit.MESSAGES_PER_SECOND,
        group_max_rate: float = FloodLimit.MESSAGES_PER_MINUTE_PER_GROUP,
        group_time_period: float = 60,
        max_wait: float = MAX_WAIT,
    ) -> None:
        self._overall = AsyncLimiter(overall_max_rate, 1) if overall_max_rate else None
        self._overall_line = asyncio.Lock()
        """Requests take the overall budget one at a time, in the order they came (``_budget``)."""
        self._group_rate = group_max_rate
        self._group_period = group_time_period
        self._groups: dict[int | str, AsyncLimiter] = {}
        self._chats: dict[int | str, _Chat] = {}
        self._max_wait = max_wait
        self._stopping = False
        self._waits: set[asyncio.Timeout] = set()
        """The waits under way (a chat's turn, a flood wait, the budget): a stop ends them at once."""
        self.dropped = 0
        """Requests dropped since ``stop_waiting`` (they would have waited)."""

    def stop_waiting(self) -> None:
        """The bot is stopping: every request waiting now, or that would wait from now on, is dropped."""
        self._stopping = True
        now = _now()
        for wait in self._waits:
            wait.reschedule(now)

    @contextlib.asynccontextmanager
    async def _unless_stopping(self, chat: int | str | None) -> AsyncIterator[None]:
        """A wait that the bot's stop ends (``Stopping``). Once stopping, a wait that does not have to
        suspend (a free turn, budget to spare) still goes through: its deadline is only checked then."""
        try:
            async with asyncio.timeout(0 if self._stopping else None) as wait:
                self._waits.add(wait)
                try:
                    yield
                finally:
                    self._waits.discard(wait)
        except TimeoutError:
            self.dropped += 1
            metrics.dropped_reply("telegram")
            raise Stopping(chat) from None

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    @property
    def waiting_chats(self) -> int:
        """Chats with a request under way or queued."""
        return len(self._chats)

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, JSON]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> JSON:
        chat = _chat_id(data.get("chat_id"))
        waited, resends = 0.0, 0
        async with self._turn(chat) as turn:
            while True:
                if turn is not None and (pause := turn.open_at - _now()) > 0:
                    async with self._unless_stopping(chat):
                        await asyncio.sleep(pause)
                try:
                    async with self._budget(chat):
                        return await callback(*args, **kwargs)
                except NetworkError as error:
                    if not may_resend(endpoint, error):
                        raise
                    resends += 1
                    wait = min(RESEND_PAUSE * 2 ** (resends - 1), RESEND_PAUSE_MAX)
                    if waited + wait > self._max_wait:
                        raise
                    waited += wait
                    log.debug("Telegram: %s failed (%s); sending it again in %.1f s", endpoint, error, wait)
                    async with self._unless_stopping(chat):
                        await asyncio.sleep(wait)
                except RetryAfter as error:
                    wait = retry_after_seconds(error)
                    if self._stopping:
                        self.dropped += 1
                        metrics.dropped_reply("telegram")
                        raise Stopping(chat) from error
                    if waited + wait > self._max_wait:
                        raise
                    waited += wait
                    where = f"chat {chat}" if chat is not None else "the bot"
                    log.warning("Telegram flood control on %s (%s): waiting %.0f s", where, endpoint, wait)
                    metrics.rate_limit_wait("telegram")
                    if turn is None:
                        await asyncio.sleep(wait + 0.1)
                    else:
                        turn.open_at = _now() + wait + 0.1

    @contextlib.asynccontextmanager
    async def _turn(self, chat: int | str | None) -> AsyncIterator[_Chat | None]:
        """Requests to one chat one after another, in the order they came; others are not held up."""
        if chat is None:
            yield None
            return
        turn = self._chats.get(chat)
        if turn is None:
            self._forget_idle_chats()
            turn = self._chats[chat] = _Chat()
        turn.users += 1
        try:
            async with self._unless_stopping(chat):
                await turn.lock.acquire()
            try:
                yield turn
            finally:
                turn.lock.release()
        finally:
            turn.users -= 1
            if not turn.users and turn.open_at <= _now():
                del self._chats[chat]

    def _forget_idle_chats(self) -> None:
        """Chats kept for a flood wait that nobody used since, once there are many of them."""
        if len(self._chats) > 1024:
            now = _now()
            for key, turn in list(self._chats.items()):
                if not turn.users and turn.open_at <= now:
                    del self._chats[key]

    @contextlib.asynccontextmanager
    async def _budget(self, chat: int | str | None) -> AsyncIterator[None]:
        """The proactive limits: per group, then overall (requests to a chat only, as PTB's limiter)."""
        if chat is None:
            yield
            return
        async with self._unless_stopping(chat):
            if _is_group(chat) and self._group_rate and self._group_period:
                limiter = self._groups.get(chat)
                if limiter is None:
                    self._forget_idle_groups()
                    limiter = self._groups[chat] = AsyncLimiter(self._group_rate, self._group_period)
                await limiter.acquire()
            if self._overall is not None:
                # One waiter at a time: aiolimiter gives capacity to whoever asks while it is free, so a
                # newcomer took what a waiting request had been woken for, and that one queued again at
                # the back. With presses coming faster than the budget, some boards waited minutes.
                async with self._overall_line:
                    await self._overall.acquire()
        yield

    def _forget_idle_groups(self) -> None:
        if len(self._groups) > 512:
            for key, limiter in list(self._groups.items()):
                if limiter.has_capacity(limiter.max_rate):
                    del self._groups[key]


def _chat_id(value: object) -> int | str | None:
    if value is None or value == "":
        return None
    if isinstance(value, int):
        return value
    text = str(value)
    with contextlib.suppress(ValueError):
        return int(text)
    return text


def _is_group(chat: int | str) -> bool:
    """Negative ids are groups and channels; ``@name`` is a channel or supergroup."""
    return isinstance(chat, str) or chat < 0


def _now() -> float:
    return asyncio.get_running_loop().time()
