"""The ``rounds`` row shared by the SQL stores (adapters/rounds_table.py): the SQL types PostgreSQL's batched
insert casts its arrays to are those of the values, in their order."""

from __future__ import annotations

from datetime import UTC, datetime

from adapters.rounds_table import ROUND_COLUMNS, ROUND_INSERT_TYPES, round_insert_values
from bot.models import RoundState


def test_every_insert_value_has_its_sql_type_in_order() -> None:
    now = datetime(2026, 11, 23, tzinfo=UTC)
    state = RoundState(
        id="r1",
        place="test:here",
        players=("test:1",),
        rules="strict",
        holes=9,
        par_for_nine=45,
        casual=True,
        deals=tuple(range(1, 10)),
        started_at=now,
        updated_at=now,
    )
    values = round_insert_values(state)
    assert len(values) == len(ROUND_INSERT_TYPES) == len(ROUND_COLUMNS.split(",")) + 2  # owner, total
    kinds = tuple("int" if isinstance(v, int) else "text" for v in values)
    assert all(isinstance(v, int | str) for v in values)
    assert kinds == ROUND_INSERT_TYPES
