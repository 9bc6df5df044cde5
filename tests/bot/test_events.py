"""Domain events: an Outbox keeps them in order until the commit that caused them; publish_after announces
them only once that commit returned, never when it failed; a delivery that fails is logged in one line and
neither stops the others nor turns the committed change into an error."""

from __future__ import annotations

import logging
from dataclasses import FrozenInstanceError
from datetime import UTC, date, datetime

import pytest

from adapters.memory import MemoryNotifier
from bot.events import (
    ClockExpired,
    DayClosed,
    Delivery,
    Event,
    HoleFinished,
    MatchDecided,
    Outbox,
    RoundFinished,
    ToPlace,
    ToPlayer,
    YourTurn,
    publish_after,
)

HERE = "test:here"
ALICE = "test:1"
BOB = "test:2"


class Unreachable(MemoryNotifier):
    """A notifier whose deliveries to one player fail (a DM to someone who blocks the bot)."""

    def __init__(self, blocked: str) -> None:
        super().__init__()
        self.blocked = blocked

    async def to_player(self, player: str, event: Event) -> None:
        if player == self.blocked:
            raise PermissionError("cannot send messages to this user")
        await super().to_player(player, event)


def a_match_end(outbox: Outbox) -> None:
    outbox.to_place(HERE, HoleFinished(HERE, ALICE, "m1", hole=9, score=3, best=1))
    outbox.to_player(BOB, YourTurn(HERE, BOB, "m1", deadline=datetime(2026, 1, 1, 12, tzinfo=UTC)))
    outbox.to_place(HERE, MatchDecided(HERE, "m1", winner=ALICE, result="3 & 2"))


async def test_events_are_values_naming_their_place_and_player():
    event = ClockExpired(HERE, BOB, "m1")
    assert event == ClockExpired(HERE, BOB, "m1") and hash(event) == hash(ClockExpired(HERE, BOB, "m1"))
    with pytest.raises(FrozenInstanceError):
        event.player = ALICE  # type: ignore[misc]
    assert DayClosed(HERE, date(2026, 1, 1)).winner is None
    assert RoundFinished(HERE, ALICE, "r1", total=40, par=45).par == 45


async def test_the_outbox_keeps_events_in_order_until_published():
    outbox, notifier = Outbox(), MemoryNotifier()
    a_match_end(outbox)
    assert [d.to for d in outbox.pending] == [ToPlace(HERE), ToPlayer(BOB), ToPlace(HERE)]
    assert notifier.delivered == []
    assert await outbox.publish(notifier) == 3
    assert notifier.delivered == [
        Delivery(ToPlace(HERE), HoleFinished(HERE, ALICE, "m1", 9, 3, 1)),
        Delivery(ToPlayer(BOB), YourTurn(HERE, BOB, "m1", datetime(2026, 1, 1, 12, tzinfo=UTC))),
        Delivery(ToPlace(HERE), MatchDecided(HERE, "m1", ALICE, "3 & 2")),
    ]
    assert outbox.pending == ()
    assert await outbox.publish(notifier) == 0  # nothing goes out twice
    assert len(notifier.delivered) == 3


async def test_events_go_out_only_after_the_commit_returns():
    outbox, notifier = Outbox(), MemoryNotifier()
    seen_at_commit: list[int] = []

    async def commit() -> str:
        seen_at_commit.append(len(notifier.delivered))
        return "saved"

    a_match_end(outbox)
    assert await publish_after(commit, outbox, notifier) == "saved"
    assert seen_at_commit == [0]
    assert len(notifier.delivered) == 3


async def test_a_failed_commit_announces_nothing():
    outbox, notifier = Outbox(), MemoryNotifier()

    async def commit() -> None:
        raise RuntimeError("version conflict")

    a_match_end(outbox)
    with pytest.raises(RuntimeError, match="version conflict"):
        await publish_after(commit, outbox, notifier)
    assert notifier.delivered == [] and outbox.pending == ()


async def test_a_failed_delivery_is_one_line_and_the_rest_still_go_out(caplog):
    outbox, notifier = Outbox(), Unreachable(blocked=BOB)

    async def commit() -> int:
        return 7

    a_match_end(outbox)
    caplog.set_level(logging.INFO)
    assert await publish_after(commit, outbox, notifier) == 7  # the change stands
    assert [d.event for d in notifier.delivered] == [
        HoleFinished(HERE, ALICE, "m1", 9, 3, 1),
        MatchDecided(HERE, "m1", ALICE, "3 & 2"),
    ]
    (record,) = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert record.getMessage() == (
        "could not deliver YourTurn to test:2: PermissionError: cannot send messages to this user"
    )
    assert record.exc_info is None
    assert record.player == "test:2"  # the log's fields name whom it was about (adapters/log_context.py)


async def test_discard_forgets_what_was_announced():
    outbox, notifier = Outbox(), MemoryNotifier()
    a_match_end(outbox)
    outbox.discard()
    assert await outbox.publish(notifier) == 0 and notifier.events() == []
