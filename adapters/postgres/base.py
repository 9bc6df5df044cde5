"""The connection pool every role of the PostgreSQL store works through, and what they share of it: a
statement's row count, a broken constraint as the port's ConstraintViolation. The roles (``daily.py``,
``competition.py``, and the rounds, places and timers of ``store.py``) build on it, so none of them imports
another and ``store.py`` mixes them into ``PostgresStorage``."""

from __future__ import annotations

from typing import Any

import asyncpg

from adapters.postgres.outage import GuardedPool
from bot.ports import ConstraintViolation


def rows_changed(status: str) -> int:
    """The row count of a status line such as ``UPDATE 1`` or ``INSERT 0 1``."""
    return int(status.rsplit(" ", 1)[-1])


def violation(error: asyncpg.IntegrityConstraintViolationError) -> ConstraintViolation:
    name = getattr(error, "constraint_name", None) or ""
    return ConstraintViolation(f"{type(error).__name__} {name}: {error}".replace("  ", " "))


class PostgresConnection:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = GuardedPool(pool)
        """Each call raises StoreUnavailable for an outage (outage.py)."""

    @property
    def pool(self) -> asyncpg.Pool:
        """The connection pool (for ``golfbot migrate --to`` and ``golfbot doctor``)."""
        return self._pool.pool

    async def _write(self, sql: str, *args: Any) -> int:
        """One statement on a pooled connection, in autocommit; the number of rows it changed."""
        try:
            return rows_changed(await self._pool.execute(sql, *args))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise violation(error) from error
