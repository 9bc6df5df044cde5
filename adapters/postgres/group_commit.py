"""Group commit of moves: the saves of rounds that arrive during one turn of the event loop go to PostgreSQL
as one statement, one round trip and one commit, instead of one each.

A move is one ``UPDATE rounds ... WHERE id = $n AND version = $m`` (``PostgresStorage.save_round``). With
many players that is many tiny statements, and each pays a round trip in Python (a socket write and a read,
the pool's acquire and release: half of a core process's time in a profile) and a commit that waits for
the write-ahead log to reach the disk (4 ms on the development machine's disk): a process could commit at
most (pool size ÷ flush time) moves a second, however idle its CPU. Here the moves queued in one turn are
sent together as ``UPDATE rounds ... FROM unnest($1, $2, ...) WHERE id = v.id AND version = v.previous
RETURNING id``: one prepared statement whatever the batch's size, whose returned ids tell which moves were
saved (a round missing from them was at another version: that save is a VersionConflict, alone).

Nothing about a single move changes: each caller's save is committed when its call returns, a stale one
changes nothing, and a batch that breaks a constraint (one bad row aborts the statement) is sent again one
move at a time so that only the bad one fails. A lone move takes the plain statement.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg

SAVE_ROUND = (
    "UPDATE rounds SET scores = $1, best = $2, moves = $3, total = $4, version = $5, status = $6,"
    " hints = $7, updated_at = $8, payload_version = $9, payload = $10, undos = $11"
    " WHERE id = $12 AND version = $13"
)
"""One move (the values of ``adapters.rounds_table.round_save_values``)."""

SAVE_ROUNDS = (
    "UPDATE rounds AS r SET scores = v.scores, best = v.best, moves = v.moves, total = v.total,"
    " version = v.version, status = v.status, hints = v.hints, updated_at = v.updated_at,"
    " payload_version = v.payload_version, payload = v.payload, undos = v.undos"
    " FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::int[],"
    " $8::text[], $9::int[], $10::text[], $11::int[], $12::text[], $13::int[])"
    " AS v(scores, best, moves, total, version, status, hints, updated_at, payload_version, payload, undos,"
    " id, previous)"
    " WHERE r.id = v.id AND r.version = v.previous RETURNING r.id"
)
"""Many moves: the same columns, one array each."""

_ID = 11
"""Where the round's id is among the values of a save."""


class GroupCommit:
    """Saves of moves, batched by turn of the event loop. ``save`` returns whether the row was at the
    previous version (and is now saved); ``single`` is how one move is sent alone (it raises what the
    store raises for a broken constraint)."""

    def __init__(self, pool: asyncpg.Pool, single: Any) -> None:
        self._pool = pool
        self._single = single
        self._pending: list[tuple[tuple[Any, ...], asyncio.Future[bool]]] = []
        self._last: dict[str, asyncio.Future[bool]] = {}
        """The latest save of each round not answered yet: a later save of the round waits for it (two in
        one statement would be ambiguous, and two batches in flight are not ordered)."""
        self._scheduled = False
        self._sending: set[asyncio.Task[None]] = set()

    async def save(self, values: tuple[Any, ...]) -> bool:
        loop = asyncio.get_running_loop()
        round_id = values[_ID]
        done: asyncio.Future[bool] = loop.create_future()
        earlier, self._last[round_id] = self._last.get(round_id), done
        try:
            if earlier is not None:
                await asyncio.wait([earlier])  # the round's previous save first, answered either way
            self._pending.append((values, done))
            if not self._scheduled:
                self._scheduled = True
                loop.call_soon(self._flush)
            return await done
        finally:
            if not done.done():
                done.cancel()  # the caller was cancelled: a later save of the round goes on
            if self._last.get(round_id) is done:
                del self._last[round_id]

    def _flush(self) -> None:
        """At the end of the loop's turn: send what queued up during it."""
        self._scheduled = False
        batch, self._pending = self._pending, []
        task = asyncio.create_task(self._send(batch))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send(self, batch: list[tuple[tuple[Any, ...], asyncio.Future[bool]]]) -> None:
        try:
            if len(batch) == 1:
                saved = {batch[0][0][_ID]} if await self._single(batch[0][0]) else set()
            else:
                columns = [list(column) for column in zip(*(values for values, _ in batch), strict=True)]
                saved = {row[0] for row in await self._pool.fetch(SAVE_ROUNDS, *columns)}
        except asyncpg.IntegrityConstraintViolationError:
            await self._one_by_one(batch)  # the statement was rolled back whole: find the bad move
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
        for values, done in batch:
            if not done.done():
                done.set_result(values[_ID] in saved)

    async def _one_by_one(self, batch: list[tuple[tuple[Any, ...], asyncio.Future[bool]]]) -> None:
        for values, done in batch:
            try:
                result = await self._single(values)
            except Exception as error:
                if not done.done():
                    done.set_exception(error)
            else:
                if not done.done():
                    done.set_result(result)

    async def close(self) -> None:
        """Wait for the batches in flight (before the pool closes)."""
        if self._sending:
            await asyncio.gather(*self._sending, return_exceptions=True)
