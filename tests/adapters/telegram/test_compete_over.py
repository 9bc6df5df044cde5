"""A competition over or called off on Telegram (the real python-telegram-bot against the loopback fake Bot
API, the real core and SQLite): a tournament called off when sign-up closes with one player says so on its
sign-up message, which loses its keys, and refuses a later Join (it took sign-ups, and could be started)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from adapters.sqlite import SqliteStorage
from adapters.telegram.app import build_application
from adapters.telegram.compete import TelegramCompete
from adapters.telegram.flood import ChatFloodLimiter
from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser, MessageView
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.press_guard import NO_BUTTONS
from bot.timers import Timers


class Forward:
    def __init__(self) -> None:
        self.target: Any = None

    async def to_place(self, place: str, event: Any) -> None:
        await self.target.to_place(place, event)

    async def to_player(self, player: str, event: Any) -> None:
        await self.target.to_player(player, event)


@pytest.fixture
async def bot(fake_api: FakeBotApi, app_harness: Any, tmp_path: Path, solver: Any) -> AsyncIterator[Any]:
    storage = await SqliteStorage.open(tmp_path / "compete.sqlite3")
    clock = ManualClock(datetime.now(UTC))
    club = Clubhouse(storage, solver, clock, rng=random.Random(7))
    forward = Forward()
    timers = Timers(storage, clock, notifier=forward)
    matches = Matches(storage, club, solver, clock, timers, notifier=forward, rng=random.Random(3))
    compete = TelegramCompete(matches, Tournaments(storage, matches, clock, timers, notifier=forward))
    forward.target = compete
    limiter = ChatFloodLimiter(overall_max_rate=0, group_max_rate=0)
    app = await app_harness.start(
        build_application(club, app_harness.builder().rate_limiter(limiter), compete=compete)
    )
    yield timers, clock
    await app_harness.stop(app)
    await club.close()
    await storage.close()


async def reply_to(fake: FakeBotApi, user: FakeUser, chat: FakeChat, line: str) -> MessageView:
    before = len(fake.chat_messages(chat.id))
    fake.push_command(user, chat, line)
    return (await fake.wait_for(lambda: fake.chat_messages(chat.id)[before:], what=line))[0]


async def press(fake: FakeBotApi, user: FakeUser, chat: FakeChat, message_id: int, **key: str) -> Any:
    update = fake.press(user, chat, message_id, **key)
    [answer] = await fake.wait_for(lambda: fake.answers_to(update), what="answer")
    return answer


async def test_a_tournament_called_off_says_so_on_its_message_which_loses_its_keys_and_refuses_a_join(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    timers, clock = bot
    opened = await reply_to(fake_api, alice, group, "/tournament 1")
    [join] = [b.callback_data for b in opened.buttons if b.text == "Join"]
    await press(fake_api, alice, group, opened.message_id, text="Join")
    clock.advance(601)  # sign-up (10 minutes) closes with one player: called off
    assert await timers.fire_due() == 1
    await fake_api.wait_for(
        lambda: [m for m in fake_api.chat_messages(group.id) if "Tournament called off" in m.text],
        what="the called-off line",
    )
    signup = await fake_api.wait_for(
        lambda: (v := fake_api.message(group.id, opened.message_id)).buttons == [] and v,
        what="the sign-up message without keys",
    )
    assert "Tournament called off: fewer than two players." in signup.text
    # a client that still shows the old keys: the Join is refused, and nothing changes
    update = fake_api.push_callback(bob, group, opened.message_id, join)
    [late] = await fake_api.wait_for(lambda: fake_api.answers_to(update), what="answer")
    assert late.text == NO_BUTTONS  # the message has no keys: nothing to press
    assert fake_api.message(group.id, opened.message_id).text == signup.text


async def test_close_now_is_answered_before_the_group_hears_of_the_matches_it_starts(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, group: FakeChat
) -> None:
    """At a group's 20 messages a minute, posting 32 scoreboards before answering left "Close now" on a
    64-player tournament unanswered for a minute and a half: the answer and the message's edit come first."""
    opened = await reply_to(fake_api, alice, group, "/tournament 1")
    field = [alice, *(FakeUser(id=900000 + n, first_name=f"P{n}") for n in range(7))]
    for user in field:
        await press(fake_api, user, group, opened.message_id, text="Join")
    closing = fake_api.press(alice, group, opened.message_id, text="Close now (organiser)")
    await fake_api.wait_for(
        lambda: len([m for m in fake_api.chat_messages(group.id) if " v " in m.text]) == 4,
        what="four scoreboards",
    )
    await fake_api.wait_for(lambda: fake_api.answers_to(closing), what="the answer")
    await fake_api.wait_for(
        lambda: "Sign-up is closed" in fake_api.message(group.id, opened.message_id).text, what="the edit"
    )
    calls = fake_api.calls
    answered = next(
        i
        for i, c in enumerate(calls)
        if c.method == "answerCallbackQuery"
        and c.params.get("callback_query_id") == closing["callback_query"]["id"]
    )
    edited = next(
        i
        for i, c in enumerate(calls)
        if c.method == "editMessageText" and "Sign-up is closed" in str(c.params.get("text"))
    )
    posted = [
        i for i, c in enumerate(calls) if c.method == "sendMessage" and " v " in str(c.params.get("text"))
    ]
    # answered and edited (the answer follows the edit, as for every press: it can say if the edit failed)
    # before the group hears of the matches
    assert max(answered, edited) < min(posted)


async def test_a_challenge_nobody_answers_says_so_on_its_message_which_loses_its_keys(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    timers, clock = bot
    await reply_to(fake_api, bob, group, "/table")  # (so that @bob is known here)
    offer = await reply_to(fake_api, alice, group, "/challenge @bob 1")
    assert [b.text for b in offer.buttons] == ["Accept", "Decline"]
    clock.advance(601)  # ten minutes to answer
    assert await timers.fire_due() == 1
    shown = await fake_api.wait_for(
        lambda: (v := fake_api.message(group.id, offer.message_id)).buttons == [] and v,
        what="the challenge without keys",
    )
    assert "Called off." in shown.text
    await fake_api.wait_for(
        lambda: [m for m in fake_api.chat_messages(group.id) if "the challenge has expired" in m.text],
        what="the notice",
    )
    assert len([m for m in fake_api.chat_messages(group.id) if "Called off." in m.text]) == 1
