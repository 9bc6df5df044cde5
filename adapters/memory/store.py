"""The Storage port in dicts: every role of ``bot.ports`` with the same rules as the SQLite store (the
contract suite runs against both). Nothing survives the process. Each method does its work without an
await in between, so on one event loop every call is atomic, as a transaction is."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from adapters.memory.competition import MemoryCompetitions
from adapters.memory.daily import MemoryDailyStore
from bot.models import HoleRecord, Place, PlaceSettings, Player, PlayerSettings, RoundState, Stats, Timer
from bot.ports import (
    ActiveRoundExists,
    CompetitionStorage,
    ConstraintViolation,
    DailyStore,
    VersionConflict,
)
from engine.golf.scoring import cleared

_PARS = (36, 45)
_MAX_HOLES = 18


@dataclass(frozen=True, slots=True)
class _StoredPlace:
    place: Place
    settings: PlaceSettings


class MemoryStorage(MemoryDailyStore, MemoryCompetitions):
    def __init__(self) -> None:
        super().__init__()
        self._players: dict[str, Player] = {}
        self._places: dict[str, _StoredPlace] = {}
        self._player_settings: dict[str, PlayerSettings] = {}
        self._rounds: dict[str, RoundState] = {}
        self._holes: dict[tuple[str, int], HoleRecord] = {}
        self._timers: dict[str, Timer] = {}
        self._init_competitions()

    async def close(self) -> None:
        """Nothing to release; here so that either store can be opened and closed the same way."""

    # ---- players and places ----------------------------------------------------------------------

    async def ensure_player(self, player: Player) -> None:
        known = self._players.get(player.key)
        if known is None or player.name:
            self._players[player.key] = player

    async def player(self, key: str) -> Player | None:
        return self._players.get(key)

    async def player_settings(self, key: str) -> PlayerSettings:
        return self._player_settings.get(key, PlayerSettings())

    async def save_player_settings(self, player: Player, settings: PlayerSettings) -> None:
        await self.ensure_player(player)
        self._player_settings[player.key] = settings

    async def place_settings(self, place: Place) -> PlaceSettings:
        stored = self._places.get(place.key)
        return PlaceSettings() if stored is None else stored.settings

    async def save_place_settings(self, place: Place, settings: PlaceSettings) -> None:
        if settings.par_for_nine not in _PARS:
            raise ConstraintViolation(f"par for nine holes is 36 or 45, not {settings.par_for_nine}")
        self._places[place.key] = _StoredPlace(place, settings)

    # ---- rounds ----------------------------------------------------------------------------------

    def _active(self, owner: str, place: str, kind: str) -> RoundState | None:
        for state in self._rounds.values():
            if state.is_active and (state.owner, state.place, state.kind) == (owner, place, kind):
                return state
        return None

    async def active_round(self, player: str, place: str, kind: str = "solo") -> RoundState | None:
        return self._active(player, place, kind)

    async def load_round(self, round_id: str) -> RoundState | None:
        return self._rounds.get(round_id)

    async def create_round(self, state: RoundState) -> None:
        if state.is_active and self._active(state.owner, state.place, state.kind) is not None:
            raise ActiveRoundExists(f"{state.owner} has a round in progress at {state.place}")
        if state.id in self._rounds:
            raise ConstraintViolation(f"a round {state.id} exists already")
        if state.owner not in self._players:
            raise ConstraintViolation(f"a round of an unknown player {state.owner}")
        if not 1 <= state.holes <= _MAX_HOLES:
            raise ConstraintViolation(f"a round of {state.holes} holes")
        self._rounds[state.id] = state

    async def save_round(
        self, state: RoundState, *, previous_version: int, finished: HoleRecord | None = None
    ) -> None:
        stored = self._rounds.get(state.id)
        if stored is None or stored.version != previous_version:
            raise VersionConflict(f"round {state.id} is not at version {previous_version}")
        if state.is_active and not stored.is_active:
            other = self._active(stored.owner, stored.place, stored.kind)
            if other is not None:
                raise ConstraintViolation(f"{stored.owner} has a round in progress at {stored.place}")
        if finished is not None:
            key = (finished.round_id, finished.index)
            if key in self._holes:
                raise ConstraintViolation(f"hole {finished.index} of round {finished.round_id} is recorded")
            if finished.round_id not in self._rounds:
                raise ConstraintViolation(f"a hole of an unknown round {finished.round_id}")
            self._holes[key] = finished
        # what the SQLite store writes on a save: the rest of a round never changes once created
        self._rounds[state.id] = replace(
            stored,
            scores=state.scores,
            best=state.best,
            moves=state.moves,
            version=state.version,
            status=state.status,
            hints=state.hints,
            updated_at=state.updated_at,
            payload=state.payload,
            undos=state.undos,
        )

    async def record_best(self, round_id: str, index: int, best: int) -> None:
        hole = self._holes.get((round_id, index))
        if hole is not None and hole.best is None:
            self._holes[(round_id, index)] = replace(hole, best=best)

    async def hole_bests(self, round_id: str) -> dict[int, int]:
        return {
            index: hole.best
            for (of, index), hole in self._holes.items()
            if of == round_id and hole.best is not None
        }

    # ---- holes and stats -------------------------------------------------------------------------

    async def stats(self, player: str, place: str | None = None) -> Stats:
        holes = [
            h.score
            for h in self._holes.values()
            if h.player == player and (place is None or h.place == place)
        ]
        rounds = [
            r
            for r in self._rounds.values()
            if r.status.value == "finished" and r.owner == player and (place is None or r.place == place)
        ]
        nines = [sum(r.scores) for r in rounds if r.holes == 9]
        return Stats(
            rounds_played=len(rounds),
            best_round=min(nines, default=None),
            holes_played=len(holes),
            average_hole=sum(holes) / len(holes) if holes else None,
            cleared_share=sum(1 for s in holes if cleared(s)) / len(holes) if holes else None,
            best_hole=min(holes, default=None),
        )

    # ---- timers ----------------------------------------------------------------------------------

    async def add_timer(self, timer: Timer) -> None:
        self._timers[timer.id] = timer

    def _of(self, kinds: Collection[str] | None) -> list[Timer]:
        return [t for t in self._timers.values() if kinds is None or t.kind in kinds]

    async def due_timers(self, now: datetime, kinds: Collection[str] | None = None) -> list[Timer]:
        return sorted((t for t in self._of(kinds) if t.due <= now), key=lambda t: (t.due, t.id))

    async def next_due(self, kinds: Collection[str] | None = None) -> datetime | None:
        return min((t.due for t in self._of(kinds)), default=None)

    async def claim_timer(self, timer: Timer) -> bool:
        stored = self._timers.get(timer.id)
        if stored is None or stored.due != timer.due:
            return False
        del self._timers[timer.id]
        return True

    async def remove_timer(self, timer_id: str) -> None:
        self._timers.pop(timer_id, None)


if TYPE_CHECKING:  # mypy checks that every role of the port is here, with the same signatures
    _conforms: CompetitionStorage = MemoryStorage()
    _daily: DailyStore = MemoryStorage()
