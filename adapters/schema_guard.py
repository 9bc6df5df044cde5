"""Whether golfbot may write to a database it is given, decided before anything is written (the same rule
for the SQLite and the PostgreSQL store, and for ``golfbot doctor``):

- another program's database (tables, but no migration of golfbot's recorded) is refused: migrating it
  would add golfbot's tables among that program's, or fail halfway on a table of the same name;
- a database of a newer golfbot (a migration recorded that this version does not have) is refused: this
  version would read and write a schema it does not know.

An empty database, or one with golfbot's own migrations recorded (whatever else it holds), is fine.
"""

from __future__ import annotations

from collections.abc import Collection

LEDGER = "schema_migrations"
"""The table where each applied migration is recorded."""


def refusal(tables: Collection[str], versions: Collection[int], known: int, *, elsewhere: str) -> str | None:
    """Why a database with ``tables`` and the migrations ``versions`` recorded must not be used by a
    golfbot that knows migrations 1 to ``known`` (a clause to follow the database's name), or None.
    ``elsewhere``: how to point golfbot at another database, for the store's kind."""
    others = sorted(name for name in tables if name != LEDGER and not name.startswith("sqlite_"))
    if not versions and others:
        shown = ", ".join(others[:4]) + (f" and {len(others) - 4} more" if len(others) > 4 else "")
        return f"is not a golfbot database (it holds another program's tables: {shown}); {elsewhere}"
    newest = max(versions, default=0)
    if newest > known:
        return (
            f"was written by a newer golfbot (schema {newest}; this golfbot knows {known}):"
            " upgrade golfbot to use it"
        )
    return None
