"""Edits of one message, one at a time, the latest board first: a press answered "the board will follow"
must see its board, and only the latest board of a message matters.

While a message is being edited (a flood wait, a slow or busy connection), further boards for it queue;
a board queued behind another is dropped for it (the later one shows its move too), and both presses wait
for the one that goes out. Each message has one sender task, so a press whose handler ends early (a stop,
a cancellation) never leaves the boards queued behind it unsent.

Sending again after a failure on the way is the rate limiter's (``flood.may_resend``), which also knows
when the bot is stopping; what reaches this module is final.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field

Send = Callable[[], Awaitable[object]]


@dataclass(slots=True)
class _Queued:
    send: Send
    waiting: list[asyncio.Future[bool]] = field(default_factory=list)
    """The presses whose board this one shows: the latest is last (it gets the error, if any)."""


@dataclass(slots=True)
class _Message:
    queued: _Queued | None = None
    sender: asyncio.Task[None] | None = None


class LatestEdits:
    def __init__(self) -> None:
        self._messages: dict[Hashable, _Message] = {}

    @property
    def busy(self) -> int:
        """Messages with an edit under way or queued."""
        return len(self._messages)

    async def edit(self, message: Hashable, send: Send) -> bool:
        """Edit ``message`` with ``send`` once no other edit of it is under way, unless a later board is
        queued for it meanwhile. True once this board or a later one went out; False if a later one failed
        instead; the error of ``send`` itself if it failed."""
        state = self._messages.get(message)
        if state is None:
            state = self._messages[message] = _Message()
        queued = state.queued
        if queued is None:
            queued = state.queued = _Queued(send)
        queued.send = send  # an earlier board queued here is superseded
        outcome: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        outcome.add_done_callback(_seen)
        queued.waiting.append(outcome)
        if state.sender is None:
            state.sender = asyncio.create_task(self._send_all(message, state))
        return await asyncio.shield(outcome)  # (a cancelled press leaves the board to be sent)

    async def _send_all(self, message: Hashable, state: _Message) -> None:
        try:
            while (queued := state.queued) is not None:
                state.queued = None
                *superseded, latest = queued.waiting
                try:
                    await queued.send()
                except Exception as error:
                    _settle(superseded, False)
                    if not latest.done():
                        latest.set_exception(error)
                else:
                    _settle([*superseded, latest], True)
        finally:
            del self._messages[message]
            if state.queued is not None:  # cancelled: nothing will send these
                _settle(state.queued.waiting, False)


def _settle(futures: list[asyncio.Future[bool]], value: bool) -> None:
    for future in futures:
        if not future.done():
            future.set_result(value)


def _seen(outcome: asyncio.Future[bool]) -> None:
    """An error nobody awaits any more (its press was cancelled) is the press's loss, not a loose end."""
    if not outcome.cancelled():
        outcome.exception()
