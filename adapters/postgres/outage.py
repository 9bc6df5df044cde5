"""The server's errors that mean the database cannot be used just now, as the port's StoreUnavailable, and
the pool the store uses through them (``GuardedPool``).

Told apart by class, never by wording: the network (``OSError``: refused, reset, unreachable), a statement
past the pool's ``command_timeout``, and SQLSTATE classes 08 (the connection: lost, refused), 53 (the
server's resources: a full disk, too many connections), 57 (an operator: the server shutting down or
starting) and 25006 (a read-only server, e.g. a standby after a failover); and a client error met on the
way out of such an outage (the ROLLBACK of a transaction whose connection it closed). Anything else (a
statement the server does not understand: a bug; a broken constraint) passes through unchanged.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import asyncpg

from bot.ports import StoreUnavailable

CLASSES = {
    "08": "the connection to the database server was lost or refused",
    "53": "the database server is out of resources (disk, memory or connections)",
    "57": "the database server is shutting down or starting",
}
READ_ONLY = "25006"


def outage(error: BaseException) -> StoreUnavailable | None:
    """``error`` as StoreUnavailable if it means the database cannot be used now; None otherwise."""
    if isinstance(error, asyncpg.PostgresError):
        state = str(getattr(error, "sqlstate", "") or "")
        reason = "the database server is read-only" if state == READ_ONLY else CLASSES.get(state[:2])
    elif isinstance(error, TimeoutError):
        reason = "the database server did not answer in time"
    elif isinstance(error, OSError):
        reason = "the database server cannot be reached"
    elif isinstance(error, asyncpg.InterfaceError) and error.__context__ is not None:
        return outage(error.__context__)  # e.g. a transaction's ROLLBACK on the connection an outage closed
    else:
        reason = None
    return None if reason is None else StoreUnavailable(f"{reason} ({type(error).__name__}: {error})")


@contextmanager
def as_outage() -> Iterator[None]:
    """Raise StoreUnavailable, chained to it, for an error that is an outage."""
    try:
        yield
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError) as error:
        unavailable = outage(error)
        if unavailable is None:
            raise
        raise unavailable from error


class GuardedPool:
    """The calls of ``asyncpg.Pool`` the store makes, each raising StoreUnavailable for an outage (in an
    ``acquire`` block, whatever its statements raise too)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def execute(self, sql: str, *args: Any) -> str:
        with as_outage():
            return str(await self.pool.execute(sql, *args))

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        with as_outage():
            return list(await self.pool.fetch(sql, *args))

    async def fetchrow(self, sql: str, *args: Any) -> Any:
        with as_outage():
            return await self.pool.fetchrow(sql, *args)

    @asynccontextmanager
    async def acquire(self) -> AsyncIterator[Any]:
        with as_outage():
            async with self.pool.acquire() as conn:
                yield conn

    async def close(self) -> None:
        await self.pool.close()
