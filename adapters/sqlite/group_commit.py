"""Group commit on one aiosqlite connection: the writes that arrive while one is in flight are committed
together, in one transaction and one trip to the connection's thread, and each caller is answered once
that COMMIT has returned (never before: a reply is never shown for a write that is not on disk).

A write is a plain function of the ``sqlite3.Connection`` (its statements, and its checks: it raises to
refuse, e.g. a version conflict). In a group each write runs inside a savepoint of its own: one that
raises is rolled back to it and fails alone, the others are committed. When the transaction itself fails
(BEGIN or COMMIT: a full disk, a database locked past the busy timeout) or SQLite has rolled it back on
its own, every write of the group fails with that error, and none is reported done.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import aiosqlite

T = TypeVar("T")

Write = Callable[[sqlite3.Connection], T]
"""Statements run in the connection's thread, inside the group's transaction; its result is the caller's."""


class _Failed:
    """A write that raised: its error goes to its own caller only."""

    __slots__ = ("error",)

    def __init__(self, error: Exception) -> None:
        self.error = error


def commit_group(conn: sqlite3.Connection, writes: list[Write[Any]]) -> list[Any]:
    """Run ``writes`` in one transaction (in the connection's thread): each one's result, or ``_Failed``
    with its error. Raises (having rolled back) when the transaction as a whole fails."""
    outcomes: list[Any] = []
    alone = len(writes) == 1  # no savepoint needed: its failure rolls back the transaction
    conn.execute("BEGIN IMMEDIATE")
    try:
        for write in writes:
            if not alone:
                conn.execute("SAVEPOINT write")
            try:
                outcomes.append(write(conn))
            except Exception as error:
                if not conn.in_transaction:  # SQLite rolled the whole transaction back (e.g. SQLITE_FULL)
                    raise
                conn.execute("ROLLBACK" if alone else "ROLLBACK TO write")
                outcomes.append(_Failed(error))
                if alone:
                    return outcomes
            if not alone:
                conn.execute("RELEASE write")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


class GroupCommit:
    """The writes of one connection, committed in groups. ``lock`` is held while a group is in the thread,
    and by any transaction of several awaited statements on the same connection (which a group must not
    join). Reads may be queued on the connection directly: a group takes one trip, so nothing queued lands
    between its BEGIN and its COMMIT."""

    def __init__(self, db: aiosqlite.Connection, lock: asyncio.Lock) -> None:
        self._db = db
        self._lock = lock
        self._waiting: list[tuple[Write[Any], asyncio.Future[Any]]] = []
        self._flushing: asyncio.Task[None] | None = None
        self.groups = 0
        """Groups committed (a figure for tests and benchmarks: writes per trip)."""

    async def run(self, write: Write[T]) -> T:
        """``write`` committed, with the others of its group; its result, or its own error."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append((write, future))
        if self._flushing is None:
            self._flushing = asyncio.create_task(self._flush())
        return await future

    async def _in_thread(self, writes: list[Write[Any]]) -> list[Any]:
        """``commit_group`` in one trip to the connection's thread, by aiosqlite's own call for that
        (``Connection._execute``: queue a function, await its result; every public call of aiosqlite is
        built on it, unchanged since 0.17)."""
        execute: Callable[..., Awaitable[list[Any]]] = self._db._execute  # untyped in aiosqlite
        return await execute(commit_group, self._db._conn, writes)

    async def drain(self) -> None:
        """Wait until every write handed in so far is committed (or has failed)."""
        while self._flushing is not None:
            await asyncio.wait({self._flushing})

    async def _flush(self) -> None:
        """Commit what waits, group after group, until nothing does."""
        try:
            while self._waiting:
                group, self._waiting = self._waiting, []
                try:
                    writes = [write for write, _ in group]
                    async with self._lock:
                        outcomes = await self._in_thread(writes)
                except BaseException as error:
                    for _, future in group:
                        if not future.done():
                            if isinstance(error, Exception):
                                future.set_exception(error)
                            else:  # cancelled (the loop is closing): whether it committed is unknown
                                future.cancel()
                    if not isinstance(error, Exception):
                        raise
                    continue
                self.groups += 1
                for (_, future), outcome in zip(group, outcomes, strict=True):
                    if future.done():  # its caller gave up waiting (cancelled): the write stands
                        continue
                    if isinstance(outcome, _Failed):
                        future.set_exception(outcome.error)
                    else:
                        future.set_result(outcome)
        finally:
            self._flushing = None
            for _, future in self._waiting:  # cancelled while these waited: they were never sent
                future.cancel()
            self._waiting = []
