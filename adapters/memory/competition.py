"""The CompetitionStore role of the in-memory store: what the SQLite one does, in dicts."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from bot.models.competition import Competition
from bot.models.results import MatchResult
from bot.ports import ConstraintViolation, VersionConflict


class MemoryCompetitions:
    """Mixed into MemoryStorage."""

    def _init_competitions(self) -> None:
        self._competitions: dict[str, Competition] = {}
        self._match_results: dict[str, MatchResult] = {}

    async def create_competition(self, competition: Competition) -> None:
        if competition.id in self._competitions:
            raise ConstraintViolation(f"a competition {competition.id} exists already")
        if competition.parent is not None and competition.parent not in self._competitions:
            raise ConstraintViolation(f"a competition under an unknown one {competition.parent}")
        self._competitions[competition.id] = competition

    async def load_competition(self, competition_id: str) -> Competition | None:
        return self._competitions.get(competition_id)

    async def save_competition(
        self, competition: Competition, *, previous_version: int, result: MatchResult | None = None
    ) -> None:
        stored = self._competitions.get(competition.id)
        if stored is None or stored.version != previous_version:
            raise VersionConflict(f"competition {competition.id} is not at version {previous_version}")
        if result is not None:
            if result.match_id in self._match_results:
                raise ConstraintViolation(f"the result of {result.match_id} is recorded")
            if result.match_id not in self._competitions:
                raise ConstraintViolation(f"a result of an unknown match {result.match_id}")
            self._match_results[result.match_id] = result
        # what SQLite writes: kind, place, parent and created_at never change
        self._competitions[competition.id] = replace(
            stored,
            status=competition.status,
            version=competition.version,
            payload=competition.payload,
            updated_at=competition.updated_at,
        )

    async def active_competitions(self, kinds: Collection[str] | None = None) -> list[Competition]:
        found = [c for c in self._competitions.values() if c.is_active and (kinds is None or c.kind in kinds)]
        return sorted(found, key=lambda c: (c.created_at is not None, c.created_at, c.id))

    async def results(self, place: str) -> list[MatchResult]:
        found = [r for r in self._match_results.values() if r.place == place]
        return sorted(found, key=lambda r: (r.finished_at, r.match_id))
