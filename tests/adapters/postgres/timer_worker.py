"""A timer service in a process of its own: ``python timer_worker.py URL`` waits for a line on stdin (so
that both processes of a test start firing at the same moment), fires every due timer of kind
"turn" on the PostgreSQL database at URL with the real ``bot.timers.Timers``, and prints the ids its
handler ran for, as one JSON list."""

from __future__ import annotations

import asyncio
import json
import sys

from adapters.clock import SystemClock
from adapters.postgres import PostgresStorage
from bot.events import Outbox
from bot.models import Timer
from bot.timers import Timers


async def main(url: str) -> None:
    storage = await PostgresStorage.open(url, pool_size=4)
    fired: list[str] = []

    async def handler(timer: Timer, outbox: Outbox) -> None:
        fired.append(timer.id)

    timers = Timers(storage, SystemClock())
    timers.on("turn", handler)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    clock = SystemClock()
    while await storage.due_timers(clock.now(), ["turn"]):
        await timers.fire_due()
    await storage.close()
    print(json.dumps(fired), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
