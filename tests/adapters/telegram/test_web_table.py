"""The web table on Telegram (docs/web-table.md), end to end against the loopback fake Bot API with the real
Clubhouse and SQLite: the menu button opens the Mini App; ``/play`` in a private chat carries a ``web_app``
button, a board or a table in a group the Mini App's direct link at its session; without the web settings
none of that. A move made on the page (the door pressed as the web table presses it, then ``BoardMoved``)
redraws the chat's message of the session, and posts nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import golf_table
import pytest

from adapters.cli.notifiers import Notifiers
from adapters.memory import MemoryNotifier
from adapters.pictures import Pictures
from adapters.telegram.notifier import TelegramNotifier
from adapters.telegram.photos import PhotoBoards
from adapters.telegram.table import TableMessages
from adapters.telegram.web import KeptBoard, KeptBoards, WebTable
from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser, MessageView
from bot.announcements import announcement
from bot.events import BoardMoved
from bot.models import Player

URL = "https://golf.example.org"
OPEN = "▶ Open the table"
BOT = "golfbot_test_bot"  # the fake's username


@pytest.fixture
async def web_golf(
    fake_api: FakeBotApi, app_harness: Any, tmp_path: Path
) -> AsyncIterator[golf_table.GolfTable]:
    """The Golf bot with the web table served at ``URL`` (its Mini App named ``table``)."""
    table = golf_table.GolfTable(fake_api, app_harness, tmp_path / "golf.sqlite3", golf_table.FakeSolver())
    table.web = WebTable(URL, "table")
    await table.start()
    try:
        yield table
    finally:
        await table.stop()
    table.check_every_query_answered_once()


def session_of(view: MessageView) -> str:
    return view.callback_data[0].split(":")[1]


def a_move(view: MessageView) -> str:
    """The callback data of a key that moves the board: turning the stock."""
    return str(golf_table.key_for(view, "s"))


def opens(view: MessageView) -> list[Any]:
    return [b for b in view.buttons if b.text == OPEN]


async def test_the_menu_button_opens_the_table_in_private_chats(web_golf: Any, fake_api: FakeBotApi) -> None:
    assert fake_api.menu_button() == {"type": "web_app", "text": "Golf table", "web_app": {"url": URL + "/"}}
    assert [c.ok for c in fake_api.calls_to("setChatMenuButton")] == [True]


async def test_play_in_a_private_chat_carries_the_web_app_button(
    web_golf: Any, fake_api: FakeBotApi, alice: FakeUser
) -> None:
    board = await web_golf.command(alice, None, "/play")
    [button] = opens(board)
    session = board.callback_data[0].split(":")[1]
    assert button.web_app == f"{URL}/?session={session}"  # the page opens at this round
    assert button.url is None and button.callback_data is None
    assert board.keyboard[-1] == (button,)  # a row of its own, the last
    keys = [b for row in board.keyboard[:-1] for b in row]
    assert keys and all(b.callback_data for b in keys)  # the board's keys are as they were
    await web_golf.press(alice, None, board.message_id, data=a_move(board))
    after = fake_api.message(alice.id, board.message_id)
    assert after.edit_count >= 1 and opens(after)  # an edit keeps the row


async def test_in_a_group_a_board_carries_the_direct_link(
    web_golf: Any, fake_api: FakeBotApi, alice: FakeUser, group: FakeChat
) -> None:
    board = await web_golf.command(alice, group, "/play")
    [button] = opens(board)
    assert button.url == f"https://t.me/{BOT}/table?startapp={session_of(board)}"
    assert button.web_app is None  # (Telegram refuses a web_app button in a group)


async def test_a_six_card_table_carries_the_direct_link(
    web_golf: Any, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    opened = await web_golf.command(alice, group, "/sixcard 60")
    [button] = opens(opened)
    session = session_of(opened)
    assert button.url == f"https://t.me/{BOT}/table?startapp={session}"
    await web_golf.press(bob, group, opened.message_id, text="Join")
    assert opens(fake_api.message(group.id, opened.message_id))[0].url == button.url


async def test_without_the_web_settings_nothing_of_it(
    golf: Any, fake_api: FakeBotApi, alice: FakeUser, group: FakeChat
) -> None:
    private = await golf.command(alice, None, "/play")
    in_group = await golf.command(alice, group, "/play")
    table = await golf.command(alice, group, "/sixcard")
    for view in (private, in_group, table):
        assert not opens(view) and all(b.web_app is None for b in view.buttons)
        assert not [b for b in view.buttons if b.url and "startapp" in b.url]
    assert fake_api.menu_button() is None and not fake_api.calls_to("setChatMenuButton")


async def test_a_move_made_on_the_page_redraws_the_private_board(
    web_golf: Any, fake_api: FakeBotApi, alice: FakeUser
) -> None:
    board = await web_golf.command(alice, None, "/play")
    session = session_of(board)
    heard = MemoryNotifier()
    notifier = TableMessages(web_golf.app.bot, web_golf.clubhouse, heard, None, web_golf.web)
    player = Player("telegram", str(alice.id), "Alice")
    reply = await web_golf.clubhouse.door.press(player, a_move(board), "")  # as the page presses
    edits = len(fake_api.edits)
    place = f"telegram:{alice.id}"
    await notifier.to_place(place, BoardMoved(place, session))
    [edit] = fake_api.edits[edits:]
    assert edit.method in ("editMessageText", "editMessageCaption", "editMessageMedia")
    assert edit.message.message_id == board.message_id and edit.message.chat_id == alice.id
    moved = fake_api.message(alice.id, board.message_id)
    assert moved.callback_data[0].split(":")[2] == str(reply.screen.version)  # the board after the move
    assert moved.text != board.text and opens(moved)
    assert heard.delivered == [] and len(fake_api.chat_messages(alice.id)) == 1  # nothing posted
    await web_golf.press(alice, None, board.message_id, data=a_move(moved))  # its keys are current
    assert fake_api.message(alice.id, board.message_id).edit_count == moved.edit_count + 1


async def test_a_move_made_on_the_page_redraws_the_table(
    web_golf: Any, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    opened = await web_golf.command(alice, group, "/sixcard 60")
    await web_golf.press(bob, group, opened.message_id, text="Join")
    await web_golf.press(alice, group, opened.message_id, text="Deal")
    dealt = fake_api.message(group.id, opened.message_id)
    flip = dealt.button("1").callback_data
    player = Player("telegram", str(alice.id), "Alice")
    await web_golf.clubhouse.door.press(player, flip, "")  # alice turns a card on the page
    heard = MemoryNotifier()
    notifier = TableMessages(web_golf.app.bot, web_golf.clubhouse, heard, None, web_golf.web)
    place = f"telegram:{group.id}"
    posted = len(fake_api.chat_messages(group.id))
    await notifier.to_place(place, BoardMoved(place, session_of(dealt)))
    moved = fake_api.message(group.id, opened.message_id)
    assert moved.edit_count == dealt.edit_count + 1 and moved.text != dealt.text and opens(moved)
    assert heard.delivered == [] and len(fake_api.chat_messages(group.id)) == posted


async def test_a_board_moved_with_no_message_kept_does_nothing(web_golf: Any, fake_api: FakeBotApi) -> None:
    notifier = TableMessages(web_golf.app.bot, web_golf.clubhouse, MemoryNotifier(), None, web_golf.web)
    calls = len(fake_api.calls)
    await notifier.to_place("telegram:5", BoardMoved("telegram:5", "no-such-session"))
    await notifier.to_player("telegram:5", BoardMoved("telegram:5", "no-such-session"))
    assert len(fake_api.calls) == calls


async def test_board_moved_is_never_worded(web_golf: Any, fake_api: FakeBotApi, alice: FakeUser) -> None:
    await web_golf.command(alice, None, "/help")  # (the private chat is known to the fake)
    assert await announcement(BoardMoved("telegram:1", "s")) == ""
    sent = len(fake_api.sent)
    notifier = TelegramNotifier(web_golf.app.bot)
    await notifier.to_place(f"telegram:{alice.id}", BoardMoved(f"telegram:{alice.id}", "s"))
    await notifier.to_player(f"telegram:{alice.id}", BoardMoved(f"telegram:{alice.id}", "s"))
    assert len(fake_api.sent) == sent


def test_the_kept_boards_are_bounded() -> None:
    kept = KeptBoards(size=2)
    for session in ("a", "b", "a", "c"):
        kept.keep(session, KeptBoard(1, ord(session), False, "telegram:1"))
    assert len(kept) == 2 and kept.get("b") is None and kept.get("a") is not None


@pytest.fixture
def pictures() -> Iterator[Pictures]:
    shared = Pictures()
    yield shared
    shared.close()


async def test_a_move_made_on_the_page_redraws_a_photo_board(
    fake_api: FakeBotApi, app_harness: Any, tmp_path: Path, alice: FakeUser, pictures: Pictures
) -> None:
    table = golf_table.GolfTable(fake_api, app_harness, tmp_path / "golf.sqlite3", golf_table.FakeSolver())
    table.web, table.pictures = WebTable(URL, "table"), pictures
    await table.start()
    try:
        board = await table.command(alice, None, "/play")
        assert board.photo is not None and opens(board)  # a photo board, with the row under it
        boards = PhotoBoards(table.clubhouse.places, pictures)
        notifier = TableMessages(table.app.bot, table.clubhouse, MemoryNotifier(), boards, table.web)
        player = Player("telegram", str(alice.id), "Alice")
        await table.clubhouse.door.press(player, a_move(board), "")
        edits = len(fake_api.edits)
        place = f"telegram:{alice.id}"
        await notifier.to_place(place, BoardMoved(place, session_of(board)))
        [edit] = fake_api.edits[edits:]
        assert edit.method == "editMessageMedia" and edit.message.message_id == board.message_id
        moved = fake_api.message(alice.id, board.message_id)
        assert moved.photo != board.photo and opens(moved) and moved.callback_data != board.callback_data
    finally:
        await table.stop()


async def test_the_app_hands_board_moved_to_a_chat_bot_only_and_never_keeps_it() -> None:
    notifiers = Notifiers()
    notifiers.expect("telegram")
    moved = BoardMoved("telegram:5", "s")
    await notifiers.to_place("telegram:5", moved)  # no bot plugged in yet: dropped, not kept
    assert notifiers.waiting("telegram") == 0
    heard = MemoryNotifier()
    with notifiers.plugged("console", heard):  # the terminal posts nothing for it
        await notifiers.to_place("console:here", BoardMoved("console:here", "s"))
    assert heard.delivered == []
    with notifiers.plugged("telegram", heard):
        await notifiers.to_place("telegram:5", moved)
    assert [d.event for d in heard.delivered] == [moved]


async def test_a_menu_button_telegram_refuses_is_one_warning_and_the_bot_plays_on(
    fake_api: FakeBotApi, app_harness: Any, tmp_path: Path, alice: FakeUser, caplog: pytest.LogCaptureFixture
) -> None:
    fake_api.fail_next("setChatMenuButton", status=400, description="Bad Request: WEB_APP_URL_INVALID")
    table = golf_table.GolfTable(fake_api, app_harness, tmp_path / "golf.sqlite3", golf_table.FakeSolver())
    table.web = WebTable(URL, "table")
    await table.start()
    try:
        board = await table.command(alice, None, "/play")
        assert opens(board)  # the bot answers, its boards as they should be
    finally:
        await table.stop()
    warned = [r for r in caplog.records if "menu button" in r.getMessage()]
    assert len(warned) == 1 and warned[0].levelname == "WARNING" and warned[0].exc_info is None
