"""Database URLs: which store a setting names, and how to show one without its password."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(value: str) -> bool:
    return value.strip().lower().startswith(SCHEMES)


def redact(url: str) -> str:
    """``url`` with its password replaced by ``***`` (a URL is logged and printed; a password never)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<a database URL that does not parse>"
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


@dataclass(frozen=True, slots=True)
class DatabaseUrl:
    """A database server's URL as a setting: shown (printed, logged) without its password."""

    url: str = field(repr=False)

    def __str__(self) -> str:
        return redact(self.url)
