"""Updates of different users are handled concurrently; the updates of one user one at a time, in order.

Concurrency keeps one player's slow moment (a hint from the solver, the best score at the end of a hole)
from holding up everyone else. Per-user order keeps one player's board edits in the order of their
presses, so a later edit never lands before an earlier one and leaves an old board on show. (The core's
versions already make a repeated or out-of-date press harmless; this is about what the message shows.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor


class PerUserOrder(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = 64) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}
        """How many updates of each user are being handled or waiting: the lock goes when none are."""

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        user = update.effective_user if isinstance(update, Update) else None
        if user is None:
            await coroutine
            return
        lock = self._locks.setdefault(user.id, asyncio.Lock())
        self._users[user.id] = self._users.get(user.id, 0) + 1
        try:
            async with lock:
                await coroutine
        finally:
            self._users[user.id] -= 1
            if not self._users[user.id]:
                del self._users[user.id], self._locks[user.id]

    @property
    def busy_users(self) -> int:
        """Users with an update being handled or waiting."""
        return len(self._users)

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass
