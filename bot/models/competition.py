"""A competition as stored: a match, a group round or a tournament, its mode state in a versioned
payload (like a round's), written under a version check."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from enum import Enum

from bot.models import Payload

KIND_TOURNAMENT = "tournament"
"""The kind of a tournament's record (a match's and a group round's: ``bot.modes.competition.match``): what
the competitions' room at the door tells a tournament's buttons by (``bot.modes.competition.room``)."""


class CompetitionStatus(Enum):
    OPEN = "open"
    """Waiting: a challenge not yet answered, a group round or tournament taking sign-ups."""
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    """Declined, expired, or called off before it was decided."""


@dataclass(frozen=True, slots=True)
class Competition:
    id: str
    kind: str
    """``match`` (two players), ``group`` (a group round, up to eight) or ``tournament``."""
    place: str
    status: CompetitionStatus = CompetitionStatus.OPEN
    version: int = 1
    payload: Payload = Payload()  # noqa: RUF009 - a frozen value, shared safely
    parent: str | None = None
    """The tournament a match belongs to."""
    created_at: datetime | None = None
    updated_at: datetime | None = None

    @property
    def is_active(self) -> bool:
        return self.status in (CompetitionStatus.OPEN, CompetitionStatus.PLAYING)

    def bump(self, **changes: object) -> Competition:
        return replace(self, version=self.version + 1, **changes)  # type: ignore[arg-type]
