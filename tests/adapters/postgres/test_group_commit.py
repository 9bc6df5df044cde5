"""Moves saved together (adapters/postgres/group_commit.py): the saves of one turn of the event loop are
one statement and one transaction on the real server, and each caller still learns its own outcome — saved,
stale (VersionConflict), or a broken constraint (ConstraintViolation) that fails that move alone."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime

import asyncpg
import pytest

from adapters.postgres import PostgresStorage
from bot.models import Player, RoundState, RoundStatus
from bot.ports import ConstraintViolation, VersionConflict

NOON = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
PLAYERS = [Player("test", str(i), f"P{i}") for i in range(40)]


async def rounds(storage: PostgresStorage) -> list[RoundState]:
    made = []
    for i, player in enumerate(PLAYERS):
        await storage.ensure_player(player)
        state = RoundState(
            id=f"r{i:03}",
            place="test:here",
            players=(player.key,),
            rules="strict",
            holes=1,
            par_for_nine=45,
            casual=True,
            deals=(i + 1,),
            started_at=NOON,
            updated_at=NOON,
        )
        await storage.create_round(state)
        made.append(state)
    return made


async def transactions(url: str) -> int:
    """How many transactions last wrote the rounds (their rows' ``xmin``)."""
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT COUNT(DISTINCT xmin::text) FROM rounds"))
    finally:
        await conn.close()


async def test_moves_of_one_turn_are_one_transaction_and_a_stale_one_alone_is_refused(
    storage: PostgresStorage, pg_url: str
) -> None:
    made = await rounds(storage)
    moved = [state.bump(moves=("s",)) for state in made]
    stale = made[0].bump(moves=("1",))
    outcomes = await asyncio.gather(
        *(
            storage.save_round(new, previous_version=old.version)
            for old, new in zip(made, moved, strict=True)
        ),
        storage.save_round(stale, previous_version=made[0].version + 5),
        return_exceptions=True,
    )
    assert outcomes[:-1] == [None] * len(made)
    assert isinstance(outcomes[-1], VersionConflict)
    for new in moved:
        assert await storage.load_round(new.id) == new
    assert await transactions(pg_url) == 1  # forty moves, one commit


async def test_a_move_that_breaks_a_constraint_fails_alone(storage: PostgresStorage) -> None:
    made = await rounds(storage)
    over = made[10].bump(status=RoundStatus.FINISHED)
    await storage.save_round(over, previous_version=made[10].version)
    await storage.create_round(replace(made[10], id="again"))  # the player's next round, in play
    made = made[:10]
    moved = [state.bump(moves=("s",)) for state in made]
    reopened = over.bump(status=RoundStatus.PLAYING)  # a second round in play: the unique index refuses
    outcomes = await asyncio.gather(
        *(
            storage.save_round(new, previous_version=old.version)
            for old, new in zip(made, moved, strict=True)
        ),
        storage.save_round(reopened, previous_version=over.version),
        return_exceptions=True,
    )
    assert outcomes[:-1] == [None] * len(moved)
    assert isinstance(outcomes[-1], ConstraintViolation)
    for new in moved:
        assert await storage.load_round(new.id) == new
    assert await storage.load_round(over.id) == over


async def test_two_moves_of_one_round_in_one_turn_are_saved_in_order(storage: PostgresStorage) -> None:
    (first, *_) = await rounds(storage)
    second = first.bump(moves=("s",))
    third = second.bump(moves=("s", "1"))
    await asyncio.gather(
        storage.save_round(second, previous_version=first.version),
        storage.save_round(third, previous_version=second.version),
    )
    assert await storage.load_round(first.id) == third


async def test_a_lone_move_is_saved_and_a_stale_one_refused(storage: PostgresStorage) -> None:
    (first, *_) = await rounds(storage)
    second = first.bump(moves=("s",))
    await storage.save_round(second, previous_version=first.version)
    with pytest.raises(VersionConflict):
        await storage.save_round(second.bump(), previous_version=first.version)
    assert await storage.load_round(first.id) == second
