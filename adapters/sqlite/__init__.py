"""aiosqlite storage: the embedded default implementation of the core's Storage port."""

from adapters.sqlite.migrate import MigrationError, apply_migrations, available_migrations
from adapters.sqlite.opening import DatabaseUnavailable
from adapters.sqlite.store import SqliteStorage

__all__ = [
    "DatabaseUnavailable",
    "MigrationError",
    "SqliteStorage",
    "apply_migrations",
    "available_migrations",
]
