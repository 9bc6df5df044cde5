"""Timers fire exactly once across processes: two processes run the timer service on one PostgreSQL
database holding 1,000 due timers; every timer is fired, and by one process only."""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from adapters.postgres import PostgresStorage
from bot.models import Timer

WORKER = Path(__file__).with_name("timer_worker.py")
TIMERS = 1_000


async def test_two_processes_fire_each_of_1000_due_timers_exactly_once(pg_url: str) -> None:
    storage = await PostgresStorage.open(pg_url)
    past = datetime.now(UTC) - timedelta(minutes=5)
    try:
        for n in range(TIMERS):
            await storage.add_timer(Timer(f"turn-{n:04d}", "turn", past + timedelta(milliseconds=n)))
        await storage.add_timer(Timer("later", "turn", datetime.now(UTC) + timedelta(hours=1)))
    finally:
        await storage.close()

    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable, str(WORKER), pg_url, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        for _ in range(2)
    ]
    # both started, then told to go at once
    outputs = await asyncio.gather(*(asyncio.wait_for(w.communicate(b"go\n"), 120) for w in workers))
    assert all(w.returncode == 0 for w in workers)
    fired = [json.loads(out) for out, _ in outputs]

    counts = Counter(fired[0] + fired[1])
    assert len(counts) == TIMERS and set(counts.values()) == {1}  # each timer fired, none twice
    assert "later" not in counts
    print("fired by each process:", [len(f) for f in fired])

    storage = await PostgresStorage.open(pg_url)
    try:
        assert await storage.due_timers(datetime.now(UTC)) == []
        assert [t.id for t in await storage.due_timers(datetime.now(UTC) + timedelta(hours=2))] == ["later"]
    finally:
        await storage.close()
