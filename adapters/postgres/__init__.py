"""asyncpg storage: the Storage port on a PostgreSQL server, for several bot processes on one database."""

from adapters.postgres.migrate import MigrationError, apply_migrations, available_migrations
from adapters.postgres.store import DEFAULT_POOL_SIZE, DatabaseUnavailable, PostgresStorage
from adapters.postgres.url import DatabaseUrl, is_postgres_url, redact

__all__ = [
    "DEFAULT_POOL_SIZE",
    "DatabaseUnavailable",
    "DatabaseUrl",
    "MigrationError",
    "PostgresStorage",
    "apply_migrations",
    "available_migrations",
    "is_postgres_url",
    "redact",
]
