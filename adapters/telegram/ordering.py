"""Which updates run when: one player's updates in one chat one at a time and in order; everything else
side by side, so that one busy chat never holds up another.

Each update goes into a *lane*: the player and the chat it comes from. A lane runs its updates one after
another (a player's board edits land in the order of their presses); different lanes run concurrently.
A lane takes a *slot* only when it is its turn, never while it waits, so a backlog (a player tapping a key
seventy times, a group whose flood budget is spent) waits in its own lane and holds no slot another chat
needs. A chat may run at most ``per_chat`` lanes at once (its players share its flood budget anyway);
there is no cap across chats beyond ``max_queued``, PTB's bound on updates in the bot at once (queued
ones included): a running update mostly waits on Telegram, not on this process.

Coalescing: a press that repeats one already in its lane (same player, same message, same key) does not
queue behind it. It runs at once: the core finds it applied already (``RepeatedActionError``) and it is
answered without a redraw, so a burst of impatient taps costs answers, not edits, and none of them waits
for the first one's edit to get through a flood wait.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

from telegram import Message, Update
from telegram.ext import BaseUpdateProcessor

MAX_QUEUED = 4096
PER_CHAT = 8

Lane = tuple[int, int]
"""(chat id, user id); 0 for an update without one."""
Press = tuple[int, int, int, str]
"""(chat id, message id, user id, callback data)."""


@dataclass(slots=True)
class _Lane:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    updates: int = 0
    """Updates of this lane running or waiting: the lane goes when none are."""


class ChatLanes(BaseUpdateProcessor):
    def __init__(self, max_queued: int = MAX_QUEUED, *, per_chat: int = PER_CHAT) -> None:
        super().__init__(max_queued)
        self._per_chat = per_chat
        self._lanes: dict[Lane, _Lane] = {}
        self._chats: dict[int, asyncio.Semaphore] = {}
        self._chat_lanes: Counter[int] = Counter()
        self._presses: Counter[Press] = Counter()
        """Presses in a lane (running or waiting), to tell a repeat of one of them."""

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        lane = _lane_of(update)
        if lane is None:
            await coroutine
            return
        press = _press_of(update)
        if press is not None and self._presses[press]:
            await coroutine  # a repeat of a press under way: answered at once, without a redraw
            return
        if press is not None:
            self._presses[press] += 1
        state = self._lanes.get(lane)
        if state is None:
            state = self._lanes[lane] = _Lane()
        state.updates += 1
        chat = lane[0]
        self._chat_lanes[chat] += 1
        slots = self._chats.get(chat)
        if slots is None:
            slots = self._chats[chat] = asyncio.Semaphore(self._per_chat)
        try:
            async with state.lock, slots:
                await coroutine
        finally:
            state.updates -= 1
            if not state.updates:
                del self._lanes[lane]
            self._chat_lanes[chat] -= 1
            if not self._chat_lanes[chat]:
                del self._chat_lanes[chat], self._chats[chat]
            if press is not None:
                self._presses[press] -= 1
                if not self._presses[press]:
                    del self._presses[press]

    @property
    def busy_lanes(self) -> int:
        """Lanes with an update running or waiting."""
        return len(self._lanes)

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass


def _lane_of(update: object) -> Lane | None:
    if not isinstance(update, Update):
        return None
    user, chat = update.effective_user, update.effective_chat
    if user is None and chat is None:
        return None
    return (chat.id if chat else 0, user.id if user else 0)


def _press_of(update: object) -> Press | None:
    query = update.callback_query if isinstance(update, Update) else None
    if query is None or not isinstance(query.message, Message) or query.data is None:
        return None
    return (query.message.chat.id, query.message.message_id, query.from_user.id, query.data)
