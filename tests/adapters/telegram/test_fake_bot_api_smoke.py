"""Smoke tests of the fake Bot API: a tiny demo bot run by a real PTB Application against it.

The demo bot is deliberately small but shaped like the real adapter: /play posts a board with an
inline keyboard whose callback_data is "g1:<sid>:<ver>:<act>"; pressing "+1" edits the board; only
the game's owner may press; stale/malformed data gets an answer; the game store outlives the
Application (restart).
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters, Update
from telegram.error import BadRequest, Forbidden
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes

from benchmarks.fake_bot_api import PATIENCE, FakeBotApi, FakeChat, FakeUser

# ------------------------------------------------------------------------------ the demo bot


@dataclass
class Game:
    owner: int
    counter: int = 0
    version: int = 0


@dataclass
class DemoStore:
    """Plays the database: it survives an Application restart."""

    games: dict[str, Game] = field(default_factory=dict)
    next_sid: int = 1
    not_modified: int = 0  # BadRequest "message is not modified" caught and ignored


def render(sid: str, game: Game) -> str:
    return f"Game {sid}: counter = {game.counter}"


def keyboard(sid: str, game: Game) -> InlineKeyboardMarkup:
    prefix = f"g1:{sid}:{game.version}"
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton("+1", callback_data=f"{prefix}:inc"),
                InlineKeyboardButton("Refresh", callback_data=f"{prefix}:show"),
            ]
        ]
    )


def parse_data(data: str | None) -> tuple[str, int, str] | None:
    parts = (data or "").split(":")
    if len(parts) != 4 or parts[0] != "g1" or not parts[2].isdigit():
        return None
    return parts[1], int(parts[2]), parts[3]


def install_demo_bot(app: Application[Any, Any, Any, Any, Any, Any], store: DemoStore) -> None:
    async def play(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_user and update.effective_chat
        sid = f"s{store.next_sid}"
        store.next_sid += 1
        game = store.games[sid] = Game(owner=update.effective_user.id)
        await update.effective_chat.send_message(render(sid, game), reply_markup=keyboard(sid, game))

    async def press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        assert query is not None
        parsed = parse_data(query.data)
        if parsed is None:
            await query.answer("Unknown button.")
            return
        sid, version, action = parsed
        game = store.games.get(sid)
        if game is None:
            await query.answer("That game is over.")
            return
        if query.from_user.id != game.owner:
            await query.answer("This is not your game.", show_alert=True)
            return
        if version != game.version:
            await query.answer("That board is out of date.")
            return
        if action == "inc":
            game.counter += 1
            game.version += 1
        elif action != "show":
            await query.answer("Unknown action.")
            return
        try:
            await query.edit_message_text(render(sid, game), reply_markup=keyboard(sid, game))
        except BadRequest as exc:
            if "message is not modified" not in exc.message.lower():
                raise
            store.not_modified += 1
        await query.answer()

    app.add_handler(CommandHandler("play", play))
    app.add_handler(CallbackQueryHandler(press))


async def set_commands(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    await app.bot.set_my_commands([("play", "Start a game"), ("help", "How to play")])


@pytest.fixture
def store() -> DemoStore:
    return DemoStore()


@pytest.fixture
async def demo_app(app_harness: Any, store: DemoStore) -> Application[Any, Any, Any, Any, Any, Any]:
    app = app_harness.builder(max_retries=3).post_init(set_commands).build()
    install_demo_bot(app, store)
    return await app_harness.start(app)


async def play(fake: FakeBotApi, user: FakeUser, chat: FakeChat | None = None) -> int:
    """/play and wait for the board; returns its message_id."""
    chat_id = chat.id if chat else user.id
    before = len(fake.chat_messages(chat_id))
    fake.push_command(user, chat, "/play")
    messages = await fake.wait_for(lambda: fake.chat_messages(chat_id)[before:], what="the board after /play")
    return messages[0].message_id


# ------------------------------------------------------------------------------ tests


async def test_play_then_press_edits_the_board_and_answers(
    fake_api: FakeBotApi, demo_app: Any, alice: FakeUser
) -> None:
    board_id = await play(fake_api, alice)
    board = fake_api.message(alice.id, board_id)
    assert board.text == "Game s1: counter = 0"
    assert board.callback_data == ["g1:s1:0:inc", "g1:s1:0:show"]
    assert [b.text for b in board.buttons] == ["+1", "Refresh"]

    update = fake_api.press(alice, None, board_id, text="+1")
    await fake_api.wait_for(lambda: fake_api.answers_to(update))

    board = fake_api.message(alice.id, board_id)
    assert board.text == "Game s1: counter = 1"
    assert board.callback_data == ["g1:s1:1:inc", "g1:s1:1:show"]  # new version on the buttons
    assert board.edit_count == 1
    [answer] = fake_api.answers_to(update)
    assert (answer.text, answer.show_alert, answer.user_id) == (None, False, alice.id)
    assert [e.method for e in fake_api.edits] == ["editMessageText"]
    assert len(fake_api.sent) == 1


async def test_my_commands_are_set_at_startup(fake_api: FakeBotApi, demo_app: Any) -> None:
    assert fake_api.commands() == [("play", "Start a game"), ("help", "How to play")]
    [call] = fake_api.calls_to("setMyCommands")
    assert call.ok
    # getMyCommands reads back what was set (a round trip through PTB's de_json)
    assert [c.command for c in await demo_app.bot.get_my_commands()] == ["play", "help"]
    assert await fake_api.wait_for(lambda: fake_api.is_polling)


async def test_other_users_press_in_a_group_gets_an_alert_and_changes_nothing(
    fake_api: FakeBotApi, demo_app: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    board_id = await play(fake_api, alice, group)
    before = fake_api.message(group.id, board_id)

    update = fake_api.press(bob, group, board_id, text="+1")
    [answer] = await fake_api.wait_for(lambda: fake_api.answers_to(update))

    assert answer.show_alert is True
    assert answer.text == "This is not your game."
    assert answer.user_id == bob.id
    assert fake_api.message(group.id, board_id) == before
    assert fake_api.edits == []


async def test_group_commands_addressed_to_the_bot_by_username(
    fake_api: FakeBotApi, demo_app: Any, alice: FakeUser, group: FakeChat
) -> None:
    fake_api.push_command(alice, group, "/play@someone_else_bot")
    fake_api.push_command(alice, group, "/play@golfbot_test_bot")  # getMe's username
    [board] = await fake_api.wait_for(lambda: fake_api.chat_messages(group.id))
    assert board.text == "Game s1: counter = 0"  # s1: the first command was not for us
    await fake_api.settle()
    assert len(fake_api.sent) == 1


async def test_malformed_and_stale_data_get_an_answer(
    fake_api: FakeBotApi, demo_app: Any, alice: FakeUser
) -> None:
    board_id = await play(fake_api, alice)
    forged = fake_api.push_callback(alice, None, board_id, "not-our-format")
    [answer] = await fake_api.wait_for(lambda: fake_api.answers_to(forged))
    assert answer.text == "Unknown button."

    fake_api.press(alice, None, board_id, text="+1")
    await fake_api.wait_for(lambda: fake_api.edits)
    stale = fake_api.push_callback(alice, None, board_id, "g1:s1:0:inc")  # the old version
    [answer] = await fake_api.wait_for(lambda: fake_api.answers_to(stale))
    assert answer.text == "That board is out of date."
    assert fake_api.message(alice.id, board_id).text == "Game s1: counter = 1"


# PTB 22.2+ warns inside RetryAfter.__init__ itself (int -> timedelta migration) unless the
# process opts in with PTB_TIMEDELTA=1; nothing the bot does can avoid it.
@pytest.mark.filterwarnings("ignore:.*attribute `retry_after` will be of type:DeprecationWarning")
async def test_a_429_on_edit_is_retried_by_the_rate_limiter(
    fake_api: FakeBotApi, demo_app: Any, alice: FakeUser
) -> None:
    board_id = await play(fake_api, alice)
    fake_api.rate_limit_next("editMessageText", retry_after=1)

    update = fake_api.press(alice, None, board_id, text="+1")
    await fake_api.wait_for(lambda: fake_api.answers_to(update))  # after the 1 s wait

    statuses = [c.status for c in fake_api.calls_to("editMessageText")]
    assert statuses == [429, 200]
    refused = fake_api.calls_to("editMessageText")[0]
    assert refused.response == {
        "ok": False,
        "error_code": 429,
        "description": "Too Many Requests: retry after 1",
        "parameters": {"retry_after": 1},
    }
    assert fake_api.message(alice.id, board_id).text == "Game s1: counter = 1"
    assert len(fake_api.edits) == 1


async def test_identical_edit_hits_message_is_not_modified_and_is_handled(
    fake_api: FakeBotApi, demo_app: Any, alice: FakeUser, store: DemoStore
) -> None:
    board_id = await play(fake_api, alice)
    update = fake_api.press(alice, None, board_id, text="Refresh")
    await fake_api.wait_for(lambda: fake_api.answers_to(update))

    [call] = fake_api.calls_to("editMessageText")
    assert call.status == 400
    assert call.description is not None and "message is not modified" in call.description
    assert store.not_modified == 1
    assert fake_api.edits == []


async def test_restart_keeps_old_keyboards_working(
    fake_api: FakeBotApi, app_harness: Any, demo_app: Any, store: DemoStore, alice: FakeUser
) -> None:
    board_id = await play(fake_api, alice)
    await app_harness.stop(demo_app)
    assert fake_api.pending_updates == []  # PTB confirmed what it fetched on the way out

    # A press while the bot is down waits in the queue, like on the real server.
    update = fake_api.press(alice, None, board_id, text="+1")
    fresh = app_harness.builder().build()
    install_demo_bot(fresh, store)
    await app_harness.start(fresh)

    await fake_api.wait_for(lambda: fake_api.answers_to(update))
    assert fake_api.message(alice.id, board_id).text == "Game s1: counter = 1"


async def test_an_edit_without_reply_markup_removes_the_keyboard(
    fake_api: FakeBotApi, demo_app: Any, alice: FakeUser
) -> None:
    board_id = await play(fake_api, alice)
    await demo_app.bot.edit_message_text("Game over", chat_id=alice.id, message_id=board_id)
    board = fake_api.message(alice.id, board_id)
    assert (board.text, board.keyboard) == ("Game over", ())


async def test_api_errors_are_real_bad_requests(fake_api: FakeBotApi, demo_app: Any, alice: FakeUser) -> None:
    bot = demo_app.bot
    with pytest.raises(BadRequest, match=r"(?i)chat not found"):
        await bot.send_message(424242, "hello?")
    await play(fake_api, alice)
    with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
        await bot.send_message(
            alice.id,
            "x",
            reply_markup=InlineKeyboardMarkup([[InlineKeyboardButton("b", callback_data="x" * 65)]]),
        )
    with pytest.raises(BadRequest, match=r"(?i)reserved and must be escaped"):
        await bot.send_message(alice.id, "Score: 3.5", parse_mode="MarkdownV2")
    message = await bot.send_message(alice.id, "<b>Score</b> &lt;3", parse_mode="HTML")
    assert message.text == "Score <3"
    assert fake_api.message(alice.id, message.message_id).text == "Score <3"
    reply = await bot.send_message(alice.id, "re", reply_parameters=ReplyParameters(message.message_id))
    assert reply.reply_to_message is not None and reply.reply_to_message.message_id == message.message_id
    with pytest.raises(BadRequest, match=r"(?i)message to be replied not found"):
        await bot.send_message(alice.id, "re", reply_parameters=ReplyParameters(9999))
    fake_api.block(alice)
    with pytest.raises(Forbidden, match=r"(?i)bot was blocked by the user"):
        await bot.send_message(alice.id, "still there?")


async def test_webhook_mode_receives_posted_updates(
    fake_api: FakeBotApi, app_harness: Any, store: DemoStore, alice: FakeUser
) -> None:
    app = app_harness.builder().build()
    install_demo_bot(app, store)
    url = await app_harness.start_webhook(app, secret_token="s3cret")
    assert fake_api.webhook_url == url
    [set_webhook] = fake_api.calls_to("setWebhook")
    assert set_webhook.params["secret_token"] == "s3cret"

    # 1) The test POSTs an Update to the bot's webhook port itself.
    fake_api.add_chat(FakeChat.private(alice))
    update = {
        "update_id": 1,
        "message": {
            "message_id": 1,
            "date": 1700000000,
            "from": alice.to_json(),
            "chat": FakeChat.private(alice).to_json(),
            "text": "/play",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    }
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret"}) as response,
    ):
        assert response.status == 200
    [board] = await fake_api.wait_for(lambda: fake_api.chat_messages(alice.id))
    assert board.text == "Game s1: counter = 0"

    # 2) Updates pushed with the usual helpers are delivered to the webhook by the fake.
    pressed = fake_api.press(alice, None, board.message_id, text="+1")
    await fake_api.wait_for(lambda: fake_api.answers_to(pressed))
    assert fake_api.message(alice.id, board.message_id).text == "Game s1: counter = 1"
    assert [d.status for d in fake_api.webhook_deliveries] == [200]


async def test_webhook_rejects_a_wrong_secret(
    fake_api: FakeBotApi, app_harness: Any, store: DemoStore, alice: FakeUser
) -> None:
    app = app_harness.builder().build()
    install_demo_bot(app, store)
    url = await app_harness.start_webhook(app, secret_token="s3cret")
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            url, json={"update_id": 5}, headers={"X-Telegram-Bot-Api-Secret-Token": "nope"}
        ) as response,
    ):
        assert response.status == 403


async def test_raw_wire_format(fake_api: FakeBotApi, alice: FakeUser) -> None:
    """The fake without PTB: form-encoded params in, Bot API JSON out."""
    fake_api.add_chat(FakeChat.private(alice))
    base = f"{fake_api.base_url}{fake_api.token}"
    markup = {"inline_keyboard": [[{"text": "Go", "callback_data": "g1:s9:0:inc"}]]}
    async with aiohttp.ClientSession() as session:
        async with session.post(
            f"{base}/sendMessage",
            data={"chat_id": str(alice.id), "text": "42", "reply_markup": json.dumps(markup)},
        ) as response:
            body = await response.json()
        assert body["ok"] is True
        assert body["result"]["text"] == "42"  # "text" stays a string
        assert body["result"]["reply_markup"] == markup
        async with session.post(f"{base}/getUpdates", json={"timeout": 0}) as response:
            assert await response.json() == {"ok": True, "result": []}
        async with session.post(f"{fake_api.base_url}0:bad/getMe") as response:
            assert response.status == 401
        async with session.post(f"{base}/sendDice", data={"chat_id": str(alice.id)}) as response:
            assert response.status == 404
    assert fake_api.unimplemented == ["sendDice"]
    fake_api.unimplemented.clear()


async def test_long_poll_waits_for_an_update_and_honours_offset(
    fake_api: FakeBotApi, alice: FakeUser
) -> None:
    base = f"{fake_api.base_url}{fake_api.token}"
    async with aiohttp.ClientSession() as session:
        poll = asyncio.ensure_future(session.post(f"{base}/getUpdates", data={"timeout": "5"}))
        await asyncio.sleep(0.1)
        assert not poll.done()
        update = fake_api.push_command(alice, None, "/play")
        response = await asyncio.wait_for(poll, PATIENCE)  # woken by the update: "result" has it
        [got] = (await response.json())["result"]
        response.release()
        assert got["update_id"] == update["update_id"]
        assert got["message"]["entities"] == [{"type": "bot_command", "offset": 0, "length": 5}]
        async with session.post(f"{base}/getUpdates", data={"offset": str(got["update_id"] + 1)}) as response:
            assert (await response.json())["result"] == []
    assert fake_api.pending_updates == []


async def test_polling_shutdown_is_clean(
    fake_api: FakeBotApi, app_harness: Any, demo_app: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    await app_harness.stop(demo_app)
    assert [r.getMessage() for r in caplog.records if r.name.startswith("telegram")] == []
