"""What every CompetitionStore must do, against every store (``conftest.storage``: SQLite, in-memory and
PostgreSQL): competitions under a version check, the ones still going for a restart to resume, and a
result written with its match once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from adapters.memory import MemoryStorage
from adapters.postgres import PostgresStorage
from adapters.sqlite import SqliteStorage
from bot.models import Payload
from bot.models.competition import Competition, CompetitionStatus
from bot.models.results import Finish, MatchResult
from bot.ports import CompetitionStorage, ConstraintViolation, VersionConflict

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
HERE = "test:here"


@pytest.fixture
async def store(
    storage: SqliteStorage | MemoryStorage | PostgresStorage,
) -> AsyncIterator[CompetitionStorage]:
    yield storage


def a_match(match_id: str = "m0001", **changes: object) -> Competition:
    base = Competition(match_id, "match", HERE, created_at=T0, updated_at=T0)
    return replace(base, **changes)  # type: ignore[arg-type]


def a_result(match_id: str = "m0001", at: datetime = T0) -> MatchResult:
    return MatchResult(match_id, HERE, at, (Finish("t:2", 0, 3, 1), Finish("t:1", 1, 1, 3)), "2 & 1")


async def test_create_load_and_save_under_a_version(store: CompetitionStorage) -> None:
    match = a_match(payload=Payload.of(1, {"players": ["t:1", "t:2"]}))
    await store.create_competition(match)
    assert await store.load_competition("m0001") == match
    assert await store.load_competition("nope") is None
    playing = match.bump(status=CompetitionStatus.PLAYING, updated_at=T0 + timedelta(minutes=1))
    await store.save_competition(playing, previous_version=1)
    assert await store.load_competition("m0001") == playing
    with pytest.raises(VersionConflict):
        await store.save_competition(playing.bump(), previous_version=1)
    assert await store.load_competition("m0001") == playing


async def test_an_id_is_taken_once(store: CompetitionStorage) -> None:
    await store.create_competition(a_match())
    with pytest.raises(ConstraintViolation):
        await store.create_competition(a_match())


async def test_active_competitions_are_what_a_restart_resumes(store: CompetitionStorage) -> None:
    tournament = Competition("t0001", "tournament", HERE, created_at=T0, updated_at=T0)
    await store.create_competition(tournament)
    later = T0 + timedelta(seconds=5)
    await store.create_competition(
        Competition("m0002", "match", HERE, parent="t0001", created_at=later, updated_at=later)
    )
    await store.create_competition(a_match("m0003", status=CompetitionStatus.FINISHED))
    assert [c.id for c in await store.active_competitions()] == ["t0001", "m0002"]
    assert [c.id for c in await store.active_competitions({"match"})] == ["m0002"]
    assert (await store.active_competitions({"match"}))[0].parent == "t0001"


async def test_a_result_is_written_with_its_match_once(store: CompetitionStorage) -> None:
    match = a_match()
    await store.create_competition(match)
    done = match.bump(status=CompetitionStatus.FINISHED)
    await store.save_competition(done, previous_version=1, result=a_result())
    assert await store.results(HERE) == [a_result()]
    assert await store.results("test:elsewhere") == []
    with pytest.raises(ConstraintViolation):
        await store.save_competition(done.bump(), previous_version=2, result=a_result())
    assert (await store.load_competition("m0001")) == done  # the failed save changed nothing
    assert await store.active_competitions() == []


async def test_a_stale_finish_writes_no_result(store: CompetitionStorage) -> None:
    await store.create_competition(a_match())
    with pytest.raises(VersionConflict):
        await store.save_competition(a_match().bump(), previous_version=7, result=a_result())
    assert await store.results(HERE) == []


async def test_results_come_in_the_order_they_finished(store: CompetitionStorage) -> None:
    for n, minutes in (("m0001", 5), ("m0002", 1), ("m0003", 3)):
        await store.create_competition(a_match(n))
        result = a_result(n, T0 + timedelta(minutes=minutes))
        await store.save_competition(a_match(n).bump(), previous_version=1, result=result)
    assert [r.match_id for r in await store.results(HERE)] == ["m0002", "m0003", "m0001"]
    assert (await store.results(HERE))[0].winner == "t:2"
