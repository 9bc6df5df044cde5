"""The wording of domain events (bot/announcements.py), the same on every platform."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from adapters.memory import MemoryStorage
from bot.announcements import announcement, words_of
from bot.events import ClockExpired, DayClosed, HoleFinished, MatchDecided, RoundFinished, YourTurn
from bot.models import Player


@pytest.fixture
async def names():
    store = MemoryStorage()
    await store.ensure_player(Player("discord", "1", "Ann"))
    await store.ensure_player(Player("discord", "2", "Bob"))
    return store


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (HoleFinished("p", "discord:1", "r", 3, -2), "⛳ Ann cleared hole 3: score -2."),
        (
            HoleFinished("p", "discord:1", "r", 3, 0, best=0),
            "⛳ Ann cleared hole 3: score 0. Best possible: 0.",
        ),
        (HoleFinished("p", "discord:1", "r", 1, 1), "⛳ Ann finished hole 1 with 1 card left."),
        (RoundFinished("p", "discord:2", "r", 41, 45), "🏁 Bob finished a round: 41 (-4) · par 45."),
        (
            YourTurn("p", "discord:2", "r", datetime(2026, 5, 1, 14, 5, tzinfo=UTC)),
            "⏰ Your turn, Bob. Your clock runs out at 14:05 UTC.",
        ),
        (ClockExpired("p", "discord:9", "r"), "⌛ A player's clock ran out."),
        (MatchDecided("p", "r", "discord:1", "3 & 2"), "🏆 Ann won the match 3 & 2."),
        (MatchDecided("p", "r", None, "halved"), "🤝 The match is halved."),
        (
            DayClosed("p", date(2026, 5, 1), "discord:2", 3),
            "📅 The daily challenge of 2026-05-01 is closed: Bob won with 3.",
        ),
        (DayClosed("p", date(2026, 5, 1)), "📅 The daily challenge of 2026-05-01 is closed: nobody played."),
    ],
)
async def test_each_event_in_words(names, event, text):
    assert await announcement(event, names) == text
    assert await words_of(names)(event) == text


async def test_without_names_a_player_is_a_player():
    assert await words_of(None)(ClockExpired("p", "discord:1", "r")) == "⌛ A player's clock ran out."
