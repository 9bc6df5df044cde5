"""End to end: the chat commands, through the real PTB Application and Clubhouse, against the fake."""

from __future__ import annotations

from typing import Any

import pytest
from golf_table import keys

from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser
from bot import texts

NO_ROUND = "You have no round in progress here. Start one with /play."
ABANDONED = "Your round was abandoned. Start a new one with /play whenever you like."


async def test_the_command_menu_is_set_at_startup(golf: Any, fake_api: FakeBotApi) -> None:
    assert [name for name, _ in fake_api.commands()] == [
        "play",
        "resume",
        "concede",
        "abandon",
        "stats",
        "rules",
        "help",
        "sixcard",
        "look",
        "settings",
        "language",
    ]
    calls = fake_api.calls_to("setMyCommands")
    assert calls and all(call.ok for call in calls)  # English for everyone, then a menu per language


async def test_play_sends_a_board_with_its_keyboard(golf: Any, alice: FakeUser) -> None:
    board = await golf.command(alice, None, "/play")
    assert board.text.startswith("⛳ Hole 1 of 9\n")
    assert "Hole 1 of 9 · deal #" in board.text and "· strict ·" in board.text
    assert board.parse_mode == "HTML"
    assert len(board.keyboard[0]) == 7  # a key per column, each with the card it would play
    assert keys(board)[7:] == ["Turn stock (16)", "Hint", "Concede hole"]
    assert board.reply_to_message_id is None  # private chat: no need to quote


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/play wrap 3", ("Hole 1 of 3 ·", "· wrap ·")),
        ("/play 5", ("Hole 1 of 5 ·", "· strict ·")),
        ("/play putt-putt #24", ("Hole 1 of 9 · deal #24 · wrap ·",)),
        ("/play queens on kings deal 7 2 holes", ("Hole 1 of 2 · deal #7 · queens-on-kings ·",)),
        ("/play wrap +jokers=1 #3", ("deal #3 · wrap+jokers=1 ·",)),
    ],
)
async def test_play_reads_its_arguments_leniently(
    golf: Any, alice: FakeUser, line: str, expected: tuple[str, ...]
) -> None:
    board = await golf.command(alice, None, line)
    for text in expected:
        assert text in board.text


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("/play 24", "A round has 1 to 18 holes, not 24. To play deal 24, write #24."),
        ("/play 0", "A round has 1 to 18 holes, not 0."),
        ("/play holes=0", "A round has 1 to 18 holes, not 0."),
        ("/play rules=nonsense", "Unknown rules 'nonsense'; try one of:"),
        ("/play deal=abc", "'abc' is not a deal number"),
        ("/play bogus", "Unknown rules 'bogus'; try one of: strict, queens-on-kings, wrap,"),
        ("/play wrap+nonsense", "Unknown rule option 'nonsense'; try one of: jokers=1,"),
        ("/play #0", "Deal 0 does not exist (deals go from 1 to"),
        ("/play #x", "'#x' is not a deal number"),
        ("/play 3 4", "Give one number of holes, not 3 and 4."),
        ("/play 2 #99999999999999999999", "A 2-hole round starting at deal #99999999999999999999 runs"),
    ],
)
async def test_bad_play_arguments_get_a_friendly_reply(
    golf: Any, alice: FakeUser, line: str, reply: str
) -> None:
    answer = await golf.command(alice, None, line)
    assert answer.text.startswith(reply)
    assert answer.keyboard == ()


async def test_play_during_a_round_shows_that_round(golf: Any, alice: FakeUser) -> None:
    board = await golf.command(alice, None, "/play strict 1 #24")
    again = await golf.command(alice, None, "/play wrap")
    assert again.text.startswith(texts.ROUND_IN_PROGRESS)
    assert again.text.endswith(board.text)
    assert again.keyboard == board.keyboard


async def test_a_place_is_a_chat_so_rounds_in_a_group_and_in_private_are_apart(
    golf: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    alices = await golf.command(alice, group, "/play@golfbot_test_bot strict 1 #24")
    bobs = await golf.command(bob, group, "/play strict 1 #24")
    private = await golf.command(alice, None, "/play strict 1 #30")
    assert alices.text.startswith("⛳ Hole 1 of 1 · Alice") and bobs.text.startswith("⛳ Hole 1 of 1 · Bob")
    assert "deal #30" in private.text and "Alice" not in private.text  # no names needed in private
    assert len({b.callback_data[0].split(":")[1] for b in (alices, bobs, private)}) == 3  # three rounds
    resumed = await golf.command(alice, group, "/resume")
    assert resumed.text == alices.text


async def test_resume_concede_and_abandon(golf: Any, alice: FakeUser) -> None:
    assert (await golf.command(alice, None, "/resume")).text == NO_ROUND
    assert (await golf.command(alice, None, "/concede")).text == NO_ROUND
    board = await golf.command(alice, None, "/play strict 2 #24")

    resumed = await golf.command(alice, None, "/resume")
    assert (resumed.text, resumed.keyboard) == (board.text, board.keyboard)

    conceded = await golf.command(alice, None, "/concede")
    assert conceded.text.startswith("⛳ Hole 1 of 2 — finished")
    assert "Hole 1 over with 35 cards left: score 35." in conceded.text
    assert keys(conceded) == ["Next hole ▶"]
    again = await golf.command(alice, None, "/concede")  # on a finished hole: refused, with its board
    assert texts.HOLE_OVER in again.text and keys(again) == ["Next hole ▶"]
    await golf.press(alice, None, again.message_id, text="Next hole ▶")
    resumed = await golf.command(alice, None, "/resume")
    assert resumed.text.startswith("⛳ Hole 2 of 2")

    abandoned = await golf.command(alice, None, "/abandon")
    assert abandoned.text == f"Round abandoned\n\n{ABANDONED}"
    assert (await golf.command(alice, None, "/abandon")).text == NO_ROUND


async def test_stats_in_a_group_and_in_private(golf: Any, alice: FakeUser, group: FakeChat) -> None:
    empty = await golf.command(alice, None, "/stats")
    assert empty.text.startswith("📊 Alice's Golf — Telegram\n\nNo holes played yet.")

    await golf.command(alice, group, "/play strict 1 #24")
    await golf.command(alice, group, "/concede")
    in_group = await golf.command(alice, group, "/stats")
    assert in_group.text.startswith("📊 Alice's Golf — Golf club\n")
    assert "Holes played: 1" in in_group.text and "Best hole: 35" in in_group.text
    everywhere = await golf.command(alice, None, "/stats")
    assert "Holes played: 1" in everywhere.text


async def test_rules_and_help(golf: Any, alice: FakeUser) -> None:
    strict = await golf.command(alice, None, "/rules")
    assert strict.text.startswith("📖 Golf — strict")
    wrap = await golf.command(alice, None, "/rules putt putt")
    assert wrap.text.startswith("📖 Golf — wrap") and "King and Ace are neighbours" in wrap.text
    bad = await golf.command(alice, None, "/rules snooker")
    assert bad.text.startswith("Unknown rules 'snooker'")

    help_ = await golf.command(alice, None, "/help")
    assert help_.text.startswith("⛳ Golf — help")
    assert "/play [game or rules] [holes] [#deal] — Start a round" in help_.text
    for command in ("/resume", "/concede", "/abandon", "/stats", "/rules [rules]", "/help"):
        assert command in help_.text
    assert "<pre>" not in help_.source_text  # commands in <pre> are not tappable


async def test_replies_name_the_command_as_telegram_spells_it(golf: Any, alice: FakeUser) -> None:
    stats = await golf.command(alice, None, "/stats")
    assert "No holes played yet. Start a round with /play!" in stats.text
    assert "<pre>" not in stats.source_text and "<code>" not in stats.source_text  # tappable
    refused = await golf.command(alice, None, "/resume")
    assert refused.text == "You have no round in progress here. Start one with /play."


async def test_start_welcomes_with_the_commands_and_a_play_button(golf: Any, alice: FakeUser) -> None:
    welcome = await golf.command(alice, None, "/start")
    assert welcome.text.startswith("⛳ Welcome to Golf!\n\nGolf is a patience: play the bottom card")
    assert "/play [game or rules] [holes] [#deal] — Start a round" in welcome.text and "/help" in welcome.text
    assert "<pre>" not in welcome.source_text
    assert keys(welcome) == ["⛳ Play"]

    answer = await golf.press(alice, None, welcome.message_id, text="⛳ Play")
    assert (answer.text, answer.show_alert) == (None, False)
    board = golf.fake.last_message(alice.id)
    assert board.message_id != welcome.message_id and board.text.startswith("⛳ Hole 1 of 9\n")
    again = await golf.press(alice, None, welcome.message_id, text="⛳ Play")  # a round is going: shown
    assert again.text is None
    assert golf.fake.last_message(alice.id).text.startswith(texts.ROUND_IN_PROGRESS)


@pytest.mark.parametrize(
    ("line", "starts"),
    [
        ("/start deal_24", "⛳ Hole 1 of 9"),
        ("/start play_wrap_3", "⛳ Hole 1 of 3"),
        ("/start rules_wrap", "📖 Golf — wrap"),
        ("/start help", "⛳ Golf — help"),
        ("/start no-such-thing", "⛳ Welcome to Golf!"),
        ("/start deal_0", "Deal 0 does not exist"),
    ],
)
async def test_start_takes_deep_link_payloads(golf: Any, alice: FakeUser, line: str, starts: str) -> None:
    reply = await golf.command(alice, None, line)
    assert reply.text.startswith(starts)
    if line == "/start deal_24":
        assert "deal #24" in reply.text


async def test_commands_for_another_bot_are_ignored(golf: Any, alice: FakeUser, group: FakeChat) -> None:
    golf.fake.push_command(alice, group, "/play@some_other_bot")
    board = await golf.command(alice, group, "/help")
    assert golf.fake.chat_messages(group.id) == [board]


async def test_in_private_an_unknown_command_or_plain_text_is_told_where_to_start(
    golf: Any, alice: FakeUser, group: FakeChat
) -> None:
    unknown = await golf.command(alice, None, "/scores <b>")
    assert unknown.text == "I don't know /scores: /help lists what I can do, and /play starts a round."
    before = len(golf.fake.chat_messages(alice.id))
    golf.fake.push_text(alice, None, "hello?")
    [chat] = await golf.fake.wait_for(lambda: golf.fake.chat_messages(alice.id)[before:], what="an answer")
    assert chat.text.startswith("I play Golf patience with you: /play starts a round")
    board = await golf.command(alice, None, "/play strict 1 #24")  # the commands still go to their handlers
    assert board.text.startswith("⛳ Hole 1 of 1")
    golf.fake.push_command(alice, group, "/scores")  # in a group, others' business: no answer
    golf.fake.push_text(alice, group, "nice hole")
    helped = await golf.command(alice, group, "/help")
    assert golf.fake.chat_messages(group.id) == [helped]


async def test_a_reply_to_someone_who_blocked_the_bot_is_one_warning(
    golf: Any, fake_api: FakeBotApi, alice: FakeUser, caplog: pytest.LogCaptureFixture, app_harness: Any
) -> None:
    import logging

    app_harness.allow_errors = True  # the 403 reaches the error handler, which words it in one line
    await golf.command(alice, None, "/help")
    fake_api.block(alice)
    fake_api.push_command(alice, None, "/help")  # the answer gets 403 Forbidden
    await fake_api.wait_for(
        lambda: any("not delivered" in r.getMessage() for r in caplog.records), what="the warning"
    )
    [line] = [r for r in caplog.records if r.name == "adapters.telegram.app"]
    assert line.levelno == logging.WARNING and line.exc_info is None
    said = "Telegram: an answer was not delivered: Forbidden: bot was blocked by the user"
    assert line.getMessage() == said


async def test_an_answer_lost_to_the_network_is_one_warning_and_the_round_stands(
    golf: Any, fake_api: FakeBotApi, alice: FakeUser, caplog: pytest.LogCaptureFixture, app_harness: Any
) -> None:
    import logging

    app_harness.allow_errors = True  # the error reaches the error handler, which words it in one line
    for method in ("sendPhoto", "sendMessage"):  # the Bot API out of reach (PTB reads a 502 as one)
        fake_api.fail_next(method, status=502, description="Bad Gateway")
    fake_api.push_command(alice, None, "/play 1 #24")
    await fake_api.wait_for(
        lambda: any("could not be sent" in r.getMessage() for r in caplog.records), what="the warning"
    )
    [line] = [r for r in caplog.records if r.name == "adapters.telegram.app"]
    assert line.levelno == logging.WARNING and line.exc_info is None
    assert line.getMessage() == "Telegram: an answer could not be sent (NetworkError: Bad Gateway)"
    board = await golf.command(alice, None, "/resume")  # the round was started all the same
    assert "Hole 1 of 1" in board.text
