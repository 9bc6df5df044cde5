"""A match's scoreboard message as kept on Telegram (bot/modes/competition/room.py): the door's
``<chat>/<message>`` from the press that accepted, and a row kept before it, as ``<chat>:<message>``, still
names the message that is edited as the match goes (the real python-telegram-bot against the loopback fake
Bot API, the real core and SQLite)."""

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
from bot.timers import Timers


class Forward:
    def __init__(self) -> None:
        self.target: Any = None

    async def to_place(self, place: str, event: Any) -> None:
        await self.target.to_place(place, event)

    async def to_player(self, player: str, event: Any) -> None:
        await self.target.to_player(player, event)


@pytest.fixture
async def matches(
    fake_api: FakeBotApi, app_harness: Any, tmp_path: Path, solver: Any
) -> AsyncIterator[Matches]:
    storage = await SqliteStorage.open(tmp_path / "kept.sqlite3")
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
    yield matches
    await app_harness.stop(app)
    await club.close()
    await storage.close()


async def reply_to(fake: FakeBotApi, user: FakeUser, chat: FakeChat | None, line: str) -> MessageView:
    chat_id = chat.id if chat else user.id
    before = len(fake.chat_messages(chat_id))
    fake.push_command(user, chat, line)
    return (await fake.wait_for(lambda: fake.chat_messages(chat_id)[before:], what=line))[0]


async def press(fake: FakeBotApi, user: FakeUser, chat: FakeChat | None, message_id: int, **key: str) -> Any:
    update = fake.press(user, chat, message_id, **key)
    [answer] = await fake.wait_for(lambda: fake.answers_to(update), what="answer")
    return answer


@pytest.mark.parametrize("old_row", [False, True])
async def test_the_scoreboard_kept_by_the_accepting_press_or_in_the_old_form_is_the_one_edited(
    fake_api: FakeBotApi,
    matches: Matches,
    alice: FakeUser,
    bob: FakeUser,
    group: FakeChat,
    old_row: bool,
) -> None:
    await reply_to(fake_api, bob, group, "/table")  # (so that @bob is known here)
    offer = await reply_to(fake_api, alice, group, "/challenge @bob 1")
    await press(fake_api, bob, group, offer.message_id, text="Accept")
    scoreboard = await fake_api.wait_for(
        lambda: (v := fake_api.message(group.id, offer.message_id)).buttons and "v Bob" in v.text and v
    )
    [link] = [b.url for b in scoreboard.buttons if b.url]
    assert link is not None
    payload = link.rsplit("start=", 1)[1]
    match_id = payload.removeprefix("board_")
    assert await matches.scoreboard_message(match_id) == f"{group.id}/{offer.message_id}"
    if old_row:  # as a bot before the door kept it
        await matches.keep_scoreboard_message(match_id, f"{group.id}:{offer.message_id}")

    for user in (alice, bob):  # each concedes the one hole: the match is decided
        board = await reply_to(fake_api, user, None, f"/start {payload}")
        [concede] = [b.callback_data for b in board.buttons if (b.callback_data or "").endswith(":q")]
        assert concede is not None
        await press(fake_api, user, FakeChat.private(user), board.message_id, data=concede)
    await fake_api.wait_for(
        lambda: "Result:" in fake_api.message(group.id, offer.message_id).text, what="the result"
    )
    assert [m.message_id for m in fake_api.chat_messages(group.id) if "Alice v Bob" in m.text] == [
        offer.message_id
    ]
