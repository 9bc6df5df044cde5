"""Calls that arrive during one turn of the event loop, sent to PostgreSQL together: one statement, one round
trip and one commit for all of them.

What ``group_commit.py`` does for moves, for the writes of a new player and a new round: when thousands of
people start at once (a bot's first minutes, a daily challenge opening), each start was two transactions of
its own, each waiting for the write-ahead log to reach the disk; measured with ``golfbot bench core
--players 5000 --db postgresql://...``, starting the 5,000 took ~5 s of a 22 s run, with the process's CPU
mostly idle. At most ``in_flight`` batches are on their way at once; what arrives meanwhile waits and goes
in the next batch, so a batch grows with the load instead of each turn's few calls queueing for a
connection one small batch at a time. Each caller still hears only its own outcome; a batch that breaks a
constraint (the statement is rolled back whole) is sent again one call at a time: only the bad call fails.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Generic, TypeVar

import asyncpg

V = TypeVar("V")
R = TypeVar("R")


IN_FLIGHT = 2
"""Batches of one kind on their way at once (each holds a pooled connection until its commit returns).
Measured with ``golfbot bench core --players 5000 --actions 20 --no-solver --processes 2`` on PostgreSQL:
a batch per turn with no limit (up to the pool's ten) 7,792 and 7,992 presses/s, p50 110 ms; two in flight
8,354 and 8,487, p50 69-89 ms."""


def columns_of(rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """Rows of values as one list a column: the arrays an ``unnest($1::type[], ...)`` statement takes."""
    return [list(column) for column in zip(*rows, strict=True)]


class TurnBatch(Generic[V, R]):
    """``await batch(value)``: the result of ``many`` for the values of one turn (a list of results in
    their order), or of ``one`` when a value arrives alone or its batch broke a constraint."""

    def __init__(
        self,
        many: Callable[[Sequence[V]], Awaitable[list[R]]],
        one: Callable[[V], Awaitable[R]],
        *,
        in_flight: int = IN_FLIGHT,
    ) -> None:
        self._many = many
        self._one = one
        self._in_flight = in_flight
        self._pending: list[tuple[V, asyncio.Future[R]]] = []
        self._scheduled = False
        self._sending: set[asyncio.Task[None]] = set()

    async def __call__(self, value: V) -> R:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[R] = loop.create_future()
        self._pending.append((value, done))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._flush)
        return await done

    def _flush(self) -> None:
        self._scheduled = False
        if len(self._sending) >= self._in_flight or not self._pending:
            return  # sent when a batch on its way comes back (``_sent``)
        batch, self._pending = self._pending, []
        task = asyncio.create_task(self._send(batch))
        self._sending.add(task)
        task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._sending.discard(task)
        if self._pending and not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)

    async def _send(self, batch: list[tuple[V, asyncio.Future[R]]]) -> None:
        if len(batch) == 1:
            await self._alone(*batch[0])
            return
        try:
            results = await self._many([value for value, _ in batch])
        except asyncpg.IntegrityConstraintViolationError:
            for value, done in batch:  # rolled back whole: find the bad one
                await self._alone(value, done)
            return
        except asyncio.CancelledError:
            for _, done in batch:
                done.cancel()
            raise
        except Exception as error:  # the server is gone, say: every caller hears it
            for _, done in batch:
                if not done.done():
                    done.set_exception(error)
            return
        for (_, done), result in zip(batch, results, strict=True):
            if not done.done():
                done.set_result(result)

    async def _alone(self, value: V, done: asyncio.Future[R]) -> None:
        try:
            result = await self._one(value)
        except asyncio.CancelledError:
            done.cancel()
            raise
        except Exception as error:
            if not done.done():
                done.set_exception(error)
        else:
            if not done.done():
                done.set_result(result)

    async def close(self) -> None:
        """Wait for the batches in flight and those waiting for them (before the pool closes)."""
        while self._sending or self._pending:
            if self._sending:
                await asyncio.gather(*self._sending, return_exceptions=True)
            else:
                self._flush()
