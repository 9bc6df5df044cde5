"""Forged callback data, through the real PTB Application and the fake Bot API: a modified client sends, as
a press on one of the bot's group messages, data that is not on that message (a key of the player's own
board, of their daily board, an "Open my board" of a match). Each is answered privately, "That button is
not on this message.", and changes nothing: no message, no game, no stored scoreboard location
(bot/press_guard.py). Stale keys of the message's own board are still played as before."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from golf_table import GolfTable, key_for

from adapters.clock import SystemClock
from adapters.sqlite import SqliteStorage
from adapters.telegram.app import build_application
from adapters.telegram.compete import TelegramCompete
from adapters.telegram.flood import ChatFloodLimiter
from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser, MessageView
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.modes.daily.challenge import DailyChallenge
from bot.press_guard import NO_BUTTONS, NOT_ON_MESSAGE
from bot.timers import Timers

REFUSED = (NOT_ON_MESSAGE, NO_BUTTONS)
"""The guard's answers: the data is not among the message's keys (or the message has none)."""


class ClubTable(GolfTable):
    """The Golf bot with competition and the daily challenge, as ``golfbot telegram`` runs it."""

    async def start(self, *, max_wait: float = 0) -> Any:
        self._storage = storage = await SqliteStorage.open(self.db_path)
        clock = ManualClock(datetime.now(UTC))
        self.clubhouse = club = Clubhouse(storage, self.solver, SystemClock(), rng=random.Random(7))
        daily = DailyChallenge(storage, storage, self.solver, clock, new_secret=lambda: bytes(32))
        daily.open_door(club.door, club.sessions)
        compete: Any = None

        class Forward:
            async def to_place(self, place: str, event: Any) -> None:
                await compete.to_place(place, event)

            async def to_player(self, player: str, event: Any) -> None:
                await compete.to_player(player, event)

        timers = Timers(storage, clock, notifier=Forward())
        self.matches = Matches(
            storage, club, self.solver, clock, timers, notifier=Forward(), rng=random.Random(3)
        )
        compete = TelegramCompete(
            self.matches, Tournaments(storage, self.matches, clock, timers, notifier=Forward())
        )
        limiter = ChatFloodLimiter(overall_max_rate=0, group_max_rate=0, max_wait=30)
        builder = self.harness.builder().rate_limiter(limiter)
        self.app = await self.harness.start(build_application(club, builder, daily, compete=compete))
        daily.attach(timers)
        return self.app

    async def close_matches(self) -> None:
        await self.matches.close()


@pytest.fixture
async def club(
    fake_api: FakeBotApi, app_harness: Any, tmp_path: Path, solver: Any
) -> AsyncIterator[ClubTable]:
    table = ClubTable(fake_api, app_harness, tmp_path / "golf.sqlite3", solver)
    await table.start()
    try:
        yield table
    finally:
        await table.close_matches()
        await table.stop()
    table.check_every_query_answered_once()


async def a_match(
    club: ClubTable, fake: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> tuple[MessageView, str]:
    """Alice challenges Bob to one hole, Bob accepts: the group's scoreboard and the match's id."""
    await club.command(bob, group, "/table")  # the bot now knows @bob
    offer = await club.command(alice, group, "/challenge @bob 1 match")
    await club.press(bob, group, offer.message_id, text="Accept")
    scoreboard = await fake.wait_for(
        lambda: (v := fake.message(group.id, offer.message_id)).buttons and "v Bob" in v.text and v
    )
    [link] = [b.url for b in scoreboard.buttons if b.url]
    assert link is not None
    return scoreboard, link.rsplit("start=board_", 1)[1]


async def forge(club: ClubTable, user: FakeUser, chat: FakeChat, message: MessageView, data: str) -> Any:
    """``user``'s modified client presses ``data`` on ``message`` (where it is not)."""
    assert data not in message.callback_data
    return await club.answer(club.push(user, chat, message.message_id, data))


def unchanged(fake: FakeBotApi, message: MessageView) -> bool:
    now = fake.message(message.chat_id, message.message_id)
    return (
        now.text == message.text
        and now.callback_data == message.callback_data
        and now.edit_count == message.edit_count
    )


async def test_a_key_of_the_players_own_match_board_cannot_rewrite_the_groups_scoreboard(
    club: ClubTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    scoreboard, match_id = await a_match(club, fake_api, alice, bob, group)
    board = await club.command(alice, None, f"/start board_{match_id}")
    old_stock = key_for(board, "s")
    assert old_stock.startswith("b1:")
    assert not (await club.press(alice, None, board.message_id, data=old_stock)).text  # played
    await fake_api.settle()
    scoreboard = fake_api.message(group.id, scoreboard.message_id)
    board = fake_api.message(alice.id, board.message_id)

    for data in (old_stock, key_for(board, "s")):  # an old key, and a live one
        answer = await forge(club, alice, group, scoreboard, data)
        assert answer.text in REFUSED and not answer.show_alert
    await fake_api.settle()
    assert unchanged(fake_api, scoreboard)  # no tableau, no stock count, no keys in the group
    assert unchanged(fake_api, board)  # and nothing was played
    assert "Stock" not in fake_api.message(group.id, scoreboard.message_id).text


async def test_open_my_board_forged_on_the_scoreboard_mid_match_changes_nothing_and_logs_no_error(
    club: ClubTable,
    fake_api: FakeBotApi,
    alice: FakeUser,
    bob: FakeUser,
    group: FakeChat,
    caplog: pytest.LogCaptureFixture,
) -> None:
    scoreboard, match_id = await a_match(club, fake_api, alice, bob, group)
    where = await club.matches.scoreboard_message(match_id)
    with caplog.at_level(logging.INFO):
        answer = await forge(club, alice, group, scoreboard, f"c1:{match_id}:1:o")
        await fake_api.settle()
    assert answer.text in REFUSED
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert unchanged(fake_api, scoreboard)
    assert await club.matches.scoreboard_message(match_id) == where


async def test_open_my_board_of_a_finished_match_forged_on_the_table_reply_moves_no_scoreboard(
    club: ClubTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    scoreboard, match_id = await a_match(club, fake_api, alice, bob, group)
    for player in (alice, bob):  # each concedes the one hole: the match is over
        board = await club.command(player, None, f"/start board_{match_id}")
        await club.press(player, None, board.message_id, data=key_for(board, "q"))
    await fake_api.wait_for(lambda: "Result:" in fake_api.message(group.id, scoreboard.message_id).text)
    where = await club.matches.scoreboard_message(match_id)
    table = await club.command(alice, group, "/table")
    assert "Table" in table.text

    answer = await forge(club, alice, group, table, f"c1:{match_id}:1:o")
    await fake_api.settle()
    assert answer.text in REFUSED
    assert unchanged(fake_api, table)
    assert await club.matches.scoreboard_message(match_id) == where


async def test_a_key_of_the_daily_board_cannot_put_the_daily_tableau_in_the_group(
    club: ClubTable, fake_api: FakeBotApi, alice: FakeUser, group: FakeChat
) -> None:
    board = await club.command(alice, None, "/daily")  # a private chat's /daily: the global course
    assert board.text.startswith("📅 Daily ")
    concede = key_for(board, "q")
    leaderboard = await club.command(alice, group, "/leaderboard")

    answer = await forge(club, alice, group, leaderboard, concede)
    await fake_api.settle()
    assert answer.text in REFUSED
    assert unchanged(fake_api, leaderboard)
    assert all("Foundation" not in m.text for m in fake_api.chat_messages(group.id))
    assert unchanged(fake_api, board)  # the hole was not conceded


async def test_a_key_of_another_board_on_a_private_board_is_refused_but_a_stale_key_of_its_own_is_played(
    club: ClubTable, fake_api: FakeBotApi, alice: FakeUser
) -> None:
    first = await club.command(alice, None, "/play")
    daily = await club.command(alice, None, "/daily")
    answer = await forge(club, alice, FakeChat.private(alice), first, key_for(daily, "q"))
    assert answer.text in REFUSED
    assert unchanged(fake_api, first) and unchanged(fake_api, daily)

    old_stock = key_for(first, "s")
    assert not (await club.press(alice, None, first.message_id, data=old_stock)).text
    await fake_api.wait_for(
        lambda: fake_api.message(alice.id, first.message_id).edit_count > first.edit_count
    )
    moved = fake_api.message(alice.id, first.message_id)
    stale = await club.answer(club.push(alice, None, first.message_id, old_stock))  # a double tap
    assert stale.text not in REFUSED
    assert fake_api.message(alice.id, first.message_id).text == moved.text
