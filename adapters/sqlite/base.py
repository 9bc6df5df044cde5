"""The one aiosqlite connection every role of the SQLite store works through: writes committed in groups,
reads, and transactions of several statements. The roles (``daily.py``, ``competition.py``, and the rounds,
places and timers of ``store.py``) build on it, so none of them imports another and ``store.py`` mixes them
into ``SqliteStorage``.

Every write is committed before the call returns, so a reply is never shown for a move that is not on disk
(a press is answered only after the COMMIT of its write has returned). Writes are **group-committed**: a
write that finds none in flight goes to the database thread at once, alone; the writes that arrive while
it is in flight wait, and then go together, in ONE transaction and ONE trip to aiosqlite's thread (a
function run there: ``BEGIN IMMEDIATE``, each write inside a savepoint of its own, ``COMMIT``). Under load
a hundred presses thus cost one trip, one wake-up of the event loop and one commit instead of a hundred;
alone, a press costs what it did. A write that fails inside a group (a version conflict, a broken
constraint) is rolled back to its savepoint and fails alone: the others of its group are committed. Should
the transaction itself fail (the COMMIT: a full disk, say), every write of the group fails with it, and
none is reported as done.

Reads are single statements queued on the connection straight away (the thread runs a group in one go, so
a read never lands inside one). A transaction of several awaited statements (``_transaction``, used by the
daily and competition roles) holds a lock from BEGIN to COMMIT: groups wait for it, and it for them.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from adapters.sqlite.group_commit import GroupCommit, Write
from adapters.sqlite.in_use import Holding
from adapters.sqlite.outage import as_outage
from bot.ports import ConstraintViolation


def _violation(error: sqlite3.IntegrityError) -> ConstraintViolation:
    """SQLite's integrity error as the port's ConstraintViolation, named by SQLite's error code."""
    return ConstraintViolation(f"{error.sqlite_errorname}: {error}")


class SqliteConnection:
    def __init__(self, db: aiosqlite.Connection, holding: Holding | None = None) -> None:
        self._db = db
        self._holding = holding
        """The shared lock that tells ``golfbot migrate --to`` the file is in use (in_use.py)."""
        self._lock = asyncio.Lock()
        """Held from BEGIN to COMMIT of a transaction, and while a group of writes is in the thread."""
        self._open = False
        """A transaction of several awaited statements is open: a read queued now would land inside it."""
        self._writes = GroupCommit(db, self._lock)

    async def close(self) -> None:
        await self._writes.drain()
        await self._db.close()
        if self._holding is not None:
            self._holding.release()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            with as_outage():
                await self._db.execute("BEGIN IMMEDIATE")
            self._open = True
            try:
                with as_outage():
                    yield self._db
            except BaseException as error:
                if self._db.in_transaction:  # (SQLite may have rolled it back itself: a full disk)
                    with as_outage():
                        await self._db.execute("ROLLBACK")
                if isinstance(error, sqlite3.IntegrityError):
                    raise _violation(error) from error
                raise
            finally:
                self._open = False
            with as_outage():
                await self._db.execute("COMMIT")

    async def _commit(self, write: Write[Any]) -> Any:
        """``write`` committed (with the writes of other callers that come meanwhile: group commit)."""
        try:
            with as_outage():
                return await self._writes.run(write)
        except sqlite3.IntegrityError as error:
            raise _violation(error) from error

    async def _write(self, sql: str, args: Iterable[Any] = ()) -> int:
        """One statement, committed when it returns; the number of rows it changed."""
        values = tuple(args)
        return int(await self._commit(lambda conn: conn.execute(sql, values).rowcount))

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        """The rows of a query, read in the same trip (a cursor left open would hold a read transaction)."""
        with as_outage():
            if self._open:
                async with self._lock:
                    return list(await self._db.execute_fetchall(sql, tuple(args)))
            return list(await self._db.execute_fetchall(sql, tuple(args)))

    async def _one(self, sql: str, args: Iterable[Any] = ()) -> aiosqlite.Row | None:
        rows = await self._all(sql, args)
        return rows[0] if rows else None
