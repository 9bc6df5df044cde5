"""End to end: photo boards on Telegram (``adapters/telegram/photos.py``), through the real PTB Application,
Clubhouse and SQLite store, against the fake Bot API, which checks every photo against Telegram's limits
(10 MB; width + height at most 10,000; a ratio of at most 20) and refuses an edit of the wrong kind."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from golf_table import FakeSolver, GolfTable, key_for

from adapters.clock import SystemClock
from adapters.memory import MemoryNotifier
from adapters.pictures import Pictures
from adapters.telegram.looks import NOT_AN_ADMIN
from adapters.telegram.photos import PICTURE_NOT_UPDATED, PhotoBoards
from adapters.telegram.table import TableMessages
from benchmarks.fake_bot_api import (
    MAX_PHOTO_BYTES,
    MAX_PHOTO_RATIO,
    MAX_PHOTO_SIDES,
    FakeBotApi,
    FakeChat,
    FakeUser,
    MessageView,
)
from bot.timers import Timers
from engine.golf.deal import deal
from engine.golf.moves import TURN, Move
from engine.golf.rules import find_rules

ROUND_24 = "/play strict 1 #24"
"""One hole of deal #24 under strict rules: a greedy player ends it with 12 cards left (39 presses)."""


@pytest.fixture(scope="module")
def pictures() -> Iterator[Pictures]:
    shared = Pictures()
    yield shared
    shared.close()


@pytest.fixture
async def golf(
    fake_api: FakeBotApi, app_harness: Any, tmp_path: Path, pictures: Pictures
) -> AsyncIterator[GolfTable]:
    """The Golf bot with photo boards (the look of a chat that chose nothing: image)."""
    table = GolfTable(fake_api, app_harness, tmp_path / "golf.sqlite3", FakeSolver())
    table.pictures = pictures
    await table.start()
    try:
        yield table
    finally:
        await table.stop()
    table.check_every_query_answered_once()


def within_telegrams_limits(fake: FakeBotApi) -> None:
    assert fake.uploads, "no photo was uploaded"
    for upload in fake.uploads:
        width, height = upload["width"], upload["height"]
        assert upload["size"] <= MAX_PHOTO_BYTES
        assert width + height <= MAX_PHOTO_SIDES
        assert max(width, height) / min(width, height) <= MAX_PHOTO_RATIO
    refused = [c for c in fake.calls if not c.ok and c.method != "getUpdates"]
    assert not refused, refused


def newest(fake: FakeBotApi, chat_id: int) -> MessageView:
    last = fake.last_bot_message(chat_id)
    assert last is not None
    return last


async def play_greedily(golf: GolfTable, user: FakeUser, message_id: int, presses: int) -> int:
    """Press ``presses`` keys of deal #24 as a greedy player would, on whichever message shows the board
    (a board sent anew moves to a new message); returns the message the board is on at the end."""
    hole = deal(24, find_rules("strict"))
    for _ in range(presses):
        playable = [c for c in range(7) if hole.can_play(c)]
        move = Move.play(playable[0]) if playable else TURN
        view = golf.fake.message(user.id, message_id)
        answer = await golf.press(
            user, None, message_id, data=key_for(view, str(move.column + 1) if playable else "s")
        )
        assert answer.text is None
        hole = hole.play(move)
        await golf.fake.settle(quiet=0.05)
        message_id = newest(golf.fake, user.id).message_id
    return message_id


async def test_a_whole_hole_is_played_on_a_photo_edited_in_place(golf: GolfTable, alice: FakeUser) -> None:
    board = await golf.command(alice, None, ROUND_24)
    assert board.photo is not None  # sendPhoto, its keyboard under it
    assert board.text == "⛳ Hole 1 of 1\n\nHole 1 of 1 · deal #24 · strict · total 0 · par 5"  # the caption
    assert [b.text for b in board.buttons][:7] == ["[10♣]", "[10♠]", "A♦", "4♦", "[Q♠]", "3♥", "3♠"]
    hole = deal(24, find_rules("strict"))
    presses = 0
    while not hole.is_over:
        playable = [c for c in range(7) if hole.can_play(c)]
        move = Move.play(playable[0]) if playable else TURN
        view = golf.fake.message(alice.id, board.message_id)
        marked = {b.text.strip("[]") for b in view.buttons if b.text.startswith("[")}
        assert marked == {hole.available(c).pretty() for c in playable if hole.available(c)}  # type: ignore[union-attr]
        answer = await golf.press(
            alice, None, board.message_id, data=key_for(view, str(move.column + 1) if playable else "s")
        )
        assert answer.text is None
        hole = hole.play(move)
        presses += 1

    summary = golf.fake.message(alice.id, board.message_id)
    assert presses == 39
    assert summary.photo is not None and summary.text.startswith("🏁 Round over")
    assert len(golf.fake.sent) == 1  # one photo, edited with every press
    media = [e for e in golf.fake.edits if e.method == "editMessageMedia"]
    assert len(media) == presses
    assert all(e.params.get("reply_markup") for e in media[:-1])  # the keyboard comes with each edit
    assert len({e.message.photo["file_id"] for e in media if e.message.photo}) > 30  # a new picture each
    within_telegrams_limits(golf.fake)


async def test_a_tripeaks_hole_on_a_photo_marks_its_playable_cards(golf: GolfTable, alice: FakeUser) -> None:
    from engine.patience import find_patience

    board = await golf.command(alice, None, "/play tripeaks 1 #5")
    assert board.photo is not None and "TriPeaks" in board.text and "░░" not in board.text
    game = find_patience("tripeaks")
    position = game.deal(5)
    for move in game.solve(position).moves:
        view = golf.fake.message(alice.id, board.message_id)
        marked = {b.text.strip("[]") for b in view.buttons if b.text.startswith("[")}
        assert marked == {position.cards[s].pretty() for s in position.free() if position.playable(s)}
        await golf.press(alice, None, board.message_id, data=key_for(view, game.move_text(move)))
        position = position.play(move)
    summary = golf.fake.message(alice.id, board.message_id)
    assert summary.photo is not None and summary.text.startswith("🏁 Round over")
    within_telegrams_limits(golf.fake)


async def test_a_player_switches_to_text_and_back(golf: GolfTable, alice: FakeUser) -> None:
    board = await golf.command(alice, None, ROUND_24)
    said = await golf.command(alice, None, "/look text")
    assert "Your boards: text" in said.text and "/resume" in said.text

    moved = await play_greedily(golf, alice, board.message_id, 1)
    text_board = golf.fake.message(alice.id, moved)
    assert moved != board.message_id and text_board.photo is None  # sent anew as text...
    assert "<pre>" in text_board.source_text
    assert golf.fake.message(alice.id, board.message_id).deleted  # ... and the photo let go
    await golf.press(alice, None, moved, data=key_for(text_board, "s"))
    assert golf.fake.message(alice.id, moved).edit_count == 1  # text edited in place

    await golf.command(alice, None, "/look image four-colour on")
    resumed = await golf.command(alice, None, "/resume")
    assert resumed.photo is not None
    view = golf.fake.message(alice.id, resumed.message_id)
    await golf.press(alice, None, resumed.message_id, data=key_for(view, "s"))
    assert golf.fake.message(alice.id, resumed.message_id).edit_count == 1
    said = await golf.command(alice, None, "/look chat")
    assert "Your boards: image, two colours (as the chat says)" in said.text
    within_telegrams_limits(golf.fake)


async def test_the_chat_look_is_for_its_admins(
    golf: GolfTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    fake_api.add_chat(group)
    fake_api.make_owner(group, alice)
    refused = await golf.command(bob, group, "/settings look=text")
    assert NOT_AN_ADMIN in refused.text
    shown = await golf.command(bob, group, "/settings")
    assert "Boards here: image, two colours" in shown.text

    saved = await golf.command(alice, group, "/settings look=text four_colour=on")
    assert "Boards here: text, four colours" in saved.text and "Saved" in saved.text
    board = await golf.command(bob, group, "/play 1")
    assert board.photo is None  # bob chose nothing: the group's text
    await golf.command(bob, group, "/abandon")
    await golf.command(bob, None, "/look image")  # a player's own choice goes over the chat's
    board = await golf.command(bob, group, "/play 1")
    assert board.photo is not None

    bad = await golf.command(alice, group, "/settings look=pretty")
    assert "A board look is image, text or emoji" in bad.text
    emoji = await golf.command(alice, group, "/settings look=emoji")
    assert "emoji (drawn as text on Telegram)" in emoji.text


async def test_a_failed_upload_shows_the_board_as_text_then_the_picture_again(
    golf: GolfTable, alice: FakeUser, caplog: pytest.LogCaptureFixture
) -> None:
    board = await golf.command(alice, None, ROUND_24)
    golf.fake.fail_next("editMessageMedia", status=413, description="Request Entity Too Large")
    with caplog.at_level(logging.WARNING):
        answer = await golf.press(alice, None, board.message_id, text="10♣")
    assert answer.text is None
    fallback = golf.fake.message(alice.id, board.message_id)
    assert fallback.photo == board.photo  # the photo stays, its caption says so and shows the board
    assert fallback.text.startswith(PICTURE_NOT_UPDATED)
    assert "Foundation: 10♣   Stock: 16 left" in fallback.text and "<pre>" in fallback.source_text
    assert fallback.buttons  # still playable
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and warnings[0].exc_info is None
    assert "Request Entity Too Large" in warnings[0].getMessage()

    view = golf.fake.message(alice.id, board.message_id)
    await golf.press(alice, None, board.message_id, data=key_for(view, "s"))
    again = golf.fake.message(alice.id, board.message_id)
    assert again.photo != board.photo and not again.text.startswith(PICTURE_NOT_UPDATED)
    assert "Turn stock (15)" in [b.text for b in again.buttons]


async def test_a_timed_out_upload_falls_back_without_a_second_upload(
    golf: GolfTable, alice: FakeUser, caplog: pytest.LogCaptureFixture
) -> None:
    board = await golf.command(alice, None, ROUND_24)
    golf.fake.fail_next("editMessageMedia", status=504, description="Gateway Timeout")
    with caplog.at_level(logging.WARNING):
        await golf.press(alice, None, board.message_id, text="10♣")
    assert golf.fake.message(alice.id, board.message_id).text.startswith(PICTURE_NOT_UPDATED)
    assert len(golf.fake.calls_to("editMessageMedia")) == 1  # an upload is not sent again
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 1


async def test_a_new_board_whose_upload_fails_is_sent_as_text(
    golf: GolfTable, alice: FakeUser, caplog: pytest.LogCaptureFixture
) -> None:
    golf.fake.fail_next("sendPhoto", status=413, description="Request Entity Too Large")
    with caplog.at_level(logging.WARNING):
        board = await golf.command(alice, None, ROUND_24)
    assert board.photo is None and "<pre>" in board.source_text
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 1


async def test_a_six_card_table_is_a_photo_in_the_groups_look(
    golf: GolfTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    await golf.command(alice, None, "/look text")  # her own boards: the table is not hers alone
    opened = await golf.command(alice, group, "/sixcard 60")
    assert opened.photo is None  # the sign-up shows no cards
    await golf.press(bob, group, opened.message_id, text="Join")
    await golf.press(alice, group, opened.message_id, text="Deal")
    await fake_api.settle(quiet=0.05)
    table = newest(fake_api, group.id)
    assert table.message_id != opened.message_id and table.photo is not None  # sent anew as a photo
    assert fake_api.message(group.id, opened.message_id).deleted
    assert table.text.startswith("Six-card Golf · hole 1/9")
    session = table.callback_data[0].split(":")[1]
    assert (await golf.clubhouse.table.message_of(session))[0] == f"{group.id}/{table.message_id}"  # type: ignore[union-attr]
    answer = await golf.press(alice, group, table.message_id, text="1")  # the opening: turn a card
    assert answer.text is None or not answer.show_alert
    assert fake_api.message(group.id, table.message_id).edit_count == 1
    within_telegrams_limits(fake_api)


async def test_the_same_picture_is_sent_again_by_its_file_id(golf: GolfTable, alice: FakeUser) -> None:
    first = await golf.command(alice, None, ROUND_24)
    again = await golf.command(alice, None, "/resume")  # the same board: Telegram has its photo already
    assert again.photo is not None and first.photo is not None
    assert again.photo["file_id"] == first.photo["file_id"]
    assert len(golf.fake.uploads) == 1
    [_, resent] = golf.fake.calls_to("sendPhoto")
    assert resent.params["photo"] == first.photo["file_id"]


async def test_a_clock_that_runs_out_edits_the_tables_photo(
    golf: GolfTable, fake_api: FakeBotApi, alice: FakeUser, bob: FakeUser, group: FakeChat, pictures: Pictures
) -> None:
    assert golf.clubhouse is not None and golf.app is not None
    heard = MemoryNotifier()
    boards = PhotoBoards(golf.clubhouse.places, pictures)
    timers = Timers(
        golf._storage, SystemClock(), notifier=TableMessages(golf.app.bot, golf.clubhouse, heard, boards)
    )  # type: ignore[arg-type]
    golf.clubhouse.table.use_timers(timers)
    opened = await golf.command(alice, group, "/sixcard 60")
    await golf.press(bob, group, opened.message_id, text="Join")
    await golf.press(alice, group, opened.message_id, text="Deal")
    await fake_api.settle(quiet=0.05)
    table = newest(fake_api, group.id)
    assert table.photo is not None
    assert await timers.fire_due(datetime.now(UTC) + timedelta(seconds=61)) == 1  # nobody turned a card
    redrawn = fake_api.message(group.id, table.message_id)
    assert redrawn.photo is not None and redrawn.photo != table.photo  # the same photo message, edited
    assert "Time ran out for Alice, Bob" in redrawn.text
    assert newest(fake_api, group.id).message_id == table.message_id
