"""The daily challenge through the real PTB Application and the fake Bot API: a group's /daily answers with
a deep link, never a board; the link plays the group's course in the private chat (the same deals for two
members, other deals in another group, and the global course in a plain private /daily); a second
attempt is refused with the result; a restart resumes; settings only for the group's admins; no daily
board is ever sent to a group."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from golf_table import GolfTable, key_for

from adapters.clock import SystemClock
from adapters.pictures import Pictures
from adapters.sqlite import SqliteStorage
from adapters.telegram.app import build_application
from adapters.telegram.daily import NOT_A_MEMBER, NOT_AN_ADMIN, PLAY_IN_PRIVATE
from adapters.telegram.flood import ChatFloodLimiter
from adapters.telegram.notifier import TelegramNotifier
from adapters.telegram.photos import PhotoBoards
from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser, MessageView
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.models import Place
from bot.modes.daily.challenge import DailyChallenge
from bot.timers import Timers
from engine.daily import verify

SECRET = bytes(32)


class DailyTable(GolfTable):
    """The Golf bot with the daily challenge, on one database file (``stop``/``start`` is a restart)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.clock = ManualClock(datetime.now(UTC))  # the daily challenge's: kept across a restart

    async def start(self, *, max_wait: float = 0) -> Any:
        self._storage = await SqliteStorage.open(self.db_path)
        self.clubhouse = Clubhouse(self._storage, self.solver, SystemClock())
        self.daily = DailyChallenge(
            self._storage, self._storage, self.solver, self.clock, new_secret=lambda: SECRET
        )
        self.daily.open_door(self.clubhouse.door, self.clubhouse.sessions)
        limiter = ChatFloodLimiter(overall_max_rate=0, group_max_rate=0, max_wait=30)
        builder = self.harness.builder().rate_limiter(limiter)
        boards = None if self.pictures is None else PhotoBoards(self.clubhouse.places, self.pictures)
        self.app = await self.harness.start(
            build_application(self.clubhouse, builder, self.daily, boards=boards)
        )
        self.timers = Timers(self._storage, self.clock, notifier=TelegramNotifier(self.app.bot))
        self.daily.attach(self.timers)
        return self.app


@pytest.fixture
async def table(
    fake_api: FakeBotApi, app_harness: Any, tmp_path: Path, solver: Any
) -> AsyncIterator[DailyTable]:
    opened = DailyTable(fake_api, app_harness, tmp_path / "golf.sqlite3", solver)
    await opened.start()
    try:
        yield opened
    finally:
        await opened.stop()
    opened.check_every_query_answered_once()
    for group_id in GROUPS:  # not one board (cards, keys) reached a group
        for message in fake_api.chat_messages(group_id):
            assert "Foundation" not in message.text and not message.callback_data, message.text


GROUPS = (-1001234567890, -1009876543210)


def tableau(board: MessageView) -> str:
    return board.text.split("Foundation")[0].split("\n", 1)[1]


async def open_link(table: DailyTable, user: FakeUser, group: FakeChat) -> MessageView:
    """/daily in the group, then the link's /start in the private chat: the private board."""
    invite = await table.command(user, group, "/daily")
    assert invite.text == PLAY_IN_PRIVATE
    [button] = invite.buttons
    assert button.url is not None and button.callback_data is None
    payload = button.url.split("?start=")[1]
    assert button.url.startswith("https://t.me/golfbot_test_bot?start=daily-n")
    return await table.command(user, None, f"/start {payload}")


async def test_the_commands_are_in_the_menu(table: DailyTable, fake_api: FakeBotApi) -> None:
    names = [name for name, _ in fake_api.commands()]
    assert names[-4:] == ["daily", "leaderboard", "dailyshare", "dailysettings"]


async def test_a_groups_course_is_played_in_private_the_same_for_two_members(
    table: DailyTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    a = await open_link(table, alice, group)
    b = await open_link(table, bob, group)
    assert a.chat_id == alice.id and b.chat_id == bob.id
    assert a.text.startswith("📅 Daily ") and tableau(a) == tableau(b)
    assert "Hint" not in [k.text for k in a.buttons]
    other = FakeChat.group(GROUPS[1], "Other club")
    c = await open_link(table, alice, other)
    assert tableau(c) != tableau(a)
    plain = await table.command(bob, None, "/daily")  # a private chat's own /daily: the global course
    assert plain.text.startswith("📅 Daily ") and tableau(plain) not in (tableau(a), tableau(c))
    await table.press(alice, None, a.message_id, data=key_for(a, "s"))
    assert fake_api.message(alice.id, a.message_id).edit_count == 1


async def test_a_second_attempt_is_refused_with_the_result(
    table: DailyTable, fake_api: FakeBotApi, alice: FakeUser, group: FakeChat
) -> None:
    board = await open_link(table, alice, group)
    for _ in range(9):
        await table.press(alice, None, board.message_id, data=key_for(board, "q"))
        board = fake_api.message(alice.id, board.message_id)
        if "Round over" in board.text:
            break
        await table.press(alice, None, board.message_id, data=key_for(board, "n"))
        board = fake_api.message(alice.id, board.message_id)
    assert "Round over" in board.text and "Share your result:" in board.text
    again = await open_link(table, alice, group)
    assert "You have played today's course already" in again.text
    shared = await table.command(alice, group, "/dailyshare")
    assert "Golf daily #" in shared.text and not any(suit in shared.text for suit in "♠♥♦♣")
    board_of_group = await table.command(alice, group, "/leaderboard today")
    assert "1. Alice" in board_of_group.text


async def test_the_share_is_an_image_card_with_the_text_as_its_caption(
    table: DailyTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    await table.stop()
    table.pictures = Pictures()
    await table.start()
    try:
        board = await open_link(table, alice, group)
        assert board.photo is not None  # her daily board, in private, a photo too
        for _ in range(18):
            await table.press(alice, None, board.message_id, data=key_for(board, "q"))
            board = fake_api.message(alice.id, board.message_id)
            if "Round over" in board.text:
                break
            await table.press(alice, None, board.message_id, data=key_for(board, "n"))
            board = fake_api.message(alice.id, board.message_id)
        shared = await table.command(alice, group, "/dailyshare")
        assert shared.photo is not None and shared.chat_id == group.id
        assert shared.text.startswith("Alice's daily round:\nGolf daily #")
        assert not any(suit in shared.text for suit in "♠♥♦♣")
        fake_api.make_owner(group, bob)
        await table.command(bob, group, "/settings look=text")
        shared = await table.command(alice, group, "/dailyshare")
        assert shared.photo is None and shared.text.startswith("Alice's daily round:")
        assert all(u["width"] + u["height"] <= 10_000 for u in fake_api.uploads)
    finally:
        table.pictures.close()


async def test_a_restart_resumes_the_private_board(
    table: DailyTable, fake_api: FakeBotApi, alice: FakeUser, group: FakeChat
) -> None:
    board = await open_link(table, alice, group)
    await table.press(alice, None, board.message_id, data=key_for(board, "s"))
    shown = fake_api.message(alice.id, board.message_id).text
    await table.stop()
    await table.start()
    again = await open_link(table, alice, group)
    assert again.text == shown


async def test_settings_are_for_the_groups_admins_only(
    table: DailyTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    fake_api.make_owner(group, bob)
    refused = await table.command(alice, group, "/dailysettings zone=Asia/Tokyo")
    assert refused.text == NOT_AN_ADMIN
    done = await table.command(bob, group, "/dailysettings zone=Asia/Tokyo holes=3 post=off")
    assert "Time zone: Asia/Tokyo" in done.text and "Holes: 3" in done.text and "posted here: no" in done.text
    wrong = await table.command(bob, group, "/dailysettings zone=Mars/Olympus")
    assert "is not a time zone" in wrong.text
    shown = await table.command(alice, group, "/dailysettings")  # any member may see them
    assert "Time zone: Asia/Tokyo" in shown.text and "Saved" not in shown.text
    private = await table.command(bob, None, "/dailysettings holes=3")
    assert "belong to a group" in private.text


async def test_a_broken_link_is_told(table: DailyTable, alice: FakeUser) -> None:
    reply = await table.command(alice, None, "/start daily-xyz")
    assert "does not name a group's course" in reply.text


async def test_a_link_to_a_group_the_player_is_not_in_or_the_bot_is_not_in_is_refused(
    table: DailyTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    await open_link(table, alice, group)  # Alice's link, forwarded to Bob, who then leaves the group
    payload = "daily-" + str(group.id).replace("-", "n")
    fake_api.leave(group, bob)
    refused = await table.command(bob, None, f"/start {payload}")
    assert refused.text == NOT_A_MEMBER and not refused.buttons
    nowhere = await table.command(bob, None, "/start daily-n100999")  # no group the bot is in
    assert "does not name a group's course" in nowhere.text and not nowhere.buttons


async def test_the_rollover_posts_the_final_table_and_the_reveal_in_the_group(
    table: DailyTable, fake_api: FakeBotApi, alice: FakeUser, group: FakeChat
) -> None:
    board = await open_link(table, alice, group)
    await table.press(alice, None, board.message_id, data=key_for(board, "q"))
    day = await table.daily.today(Place("telegram", str(group.id)))
    table.clock.advance((day.closes_at - table.clock.now()).total_seconds() + 1)
    assert await table.timers.fire_due() == 1
    # the timer's handler returns once the announcements are sent (published after the day closed)
    announced = [m for m in fake_api.chat_messages(group.id) if m.text.startswith("📅 The daily course")]
    closed, opened = announced
    assert f"of {day.day.isoformat()} is closed. Final table:\n  1. Alice — " in closed.text
    reveal = closed.text.split("The deals, revealed: ")[1].split("\n")[0]
    assert verify(reveal, day.commitment) and day.commitment in closed.text
    assert " is open: 9 holes. Commitment " in opened.text
    assert "Foundation" not in closed.text + opened.text


async def test_no_daily_message_names_a_deal_while_the_day_runs_and_the_reveal_does(
    table: DailyTable, fake_api: FakeBotApi, alice: FakeUser, group: FakeChat
) -> None:
    place = Place("telegram", str(group.id))
    day = await table.daily.today(place)
    board = await open_link(table, alice, group)
    shown = [board.text]
    for _ in range(9):  # a turn of the stock, a concession and the next hole, every hole
        for action in ("s", "q", "n"):
            if action == "n" and "Round over" in board.text:
                break
            await table.press(alice, None, board.message_id, data=key_for(board, action))
            board = fake_api.message(alice.id, board.message_id)
            shown.append(board.text)
    assert "Round over" in board.text and shown[0].startswith("📅 Daily #")
    await open_link(table, alice, group)  # a second attempt: refused with the result
    await table.command(alice, group, "/dailyshare")
    await table.command(alice, group, "/leaderboard today")
    everything = [
        *shown,
        *(m.text for m in fake_api.chat_messages(alice.id)),
        *(m.text for m in fake_api.chat_messages(group.id)),
    ]
    for text in everything:
        assert "deal #" not in text.lower()
        assert not any(str(number) in text for number in day.deals), text
    table.clock.advance((day.closes_at - table.clock.now()).total_seconds() + 1)
    assert await table.timers.fire_due() == 1
    closed = next(m for m in fake_api.chat_messages(group.id) if " is closed. " in m.text)
    reveal = closed.text.split("The deals, revealed: ")[1].split("\n")[0]
    assert reveal.endswith(" ".join(str(number) for number in day.deals))
    assert verify(reveal, day.commitment)
