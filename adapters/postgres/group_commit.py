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
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from adapters.postgres.batch import TurnBatch, columns_of
from adapters.postgres.outage import GuardedPool

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
    """Saves of moves, batched by turn of the event loop (``batch.TurnBatch``). ``save`` returns whether the
    row was at the previous version (and is now saved); ``single`` is how one move is sent alone (it raises
    what the store raises for a broken constraint)."""

    def __init__(self, pool: GuardedPool, single: Callable[[tuple[Any, ...]], Awaitable[bool]]) -> None:
        self._pool = pool
        self._batch: TurnBatch[tuple[Any, ...], bool] = TurnBatch(self._many, single)
        self._last: dict[str, asyncio.Future[None]] = {}
        """The latest save of each round not answered yet: a later save of the round waits for it (two in
        one statement would be ambiguous, and two batches in flight are not ordered)."""

    async def save(self, values: tuple[Any, ...]) -> bool:
        round_id = values[_ID]
        answered: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        earlier, self._last[round_id] = self._last.get(round_id), answered
        try:
            if earlier is not None:
                await asyncio.wait([earlier])  # the round's previous save first, answered either way
            return await self._batch(values)
        finally:
            answered.set_result(None)
            if self._last.get(round_id) is answered:
                del self._last[round_id]

    async def _many(self, batch: Sequence[tuple[Any, ...]]) -> list[bool]:
        saved = {row[0] for row in await self._pool.fetch(SAVE_ROUNDS, *columns_of(batch))}
        return [values[_ID] in saved for values in batch]

    async def close(self) -> None:
        """Wait for the batches in flight (before the pool closes)."""
        await self._batch.close()
