"""Competition on Telegram through the real python-telegram-bot and the loopback fake Bot API: a challenge
by @name, accepted by button; boards in each player's private chat through the deep link; the group's
scoreboard message edited hole by hole; a third member kept out; nothing of a board in the group; /table."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from adapters.memory import MemoryNotifier
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

CARD = re.compile(r"[AKQJ2-9][♠♥♦♣]|10[♠♥♦♣]")
CAROL = FakeUser(id=333003, first_name="Carol", username="carol")


class Forward:
    def __init__(self) -> None:
        self.target: Any = MemoryNotifier()

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
    yield app, timers, clock
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


def has_link(view: MessageView) -> MessageView | None:
    return view if any(b.url for b in view.buttons) else None


def deep_link_payload(view: MessageView) -> str:
    [link] = [b.url for b in view.buttons if b.url]
    assert link is not None
    return link.rsplit("start=", 1)[1]


async def play_hole(fake: FakeBotApi, user: FakeUser, board: MessageView, *, good: bool) -> MessageView:
    chat = FakeChat.private(user)
    while True:
        data = [b.callback_data for b in board.buttons if b.callback_data]
        columns = [d for d in data if d and d[-1].isdigit()]
        stock = [d for d in data if d and d.endswith(":s")]
        concede = [d for d in data if d and d.endswith(":q")]
        if not concede:
            return board  # the hole is over: its summary is on show
        before = board.edit_count
        for choice in [*columns, *stock, *concede] if good else concede:  # the first the rules allow
            answer = await press(fake, user, chat, board.message_id, data=choice)
            if not answer.text:
                break
        board = await fake.wait_for(
            lambda m=board.message_id, b=before: (v := fake.message(user.id, m)).edit_count > b and v
        )


async def test_a_full_match_with_private_boards_and_a_live_scoreboard(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    await reply_to(fake_api, bob, group, "/table")  # Bob writes in the group: the bot now knows @bob
    offer = await reply_to(fake_api, alice, group, "/challenge @bob 2 match")
    assert "Alice challenges Bob" in offer.text
    refused = await press(fake_api, CAROL, group, offer.message_id, text="Accept")
    assert refused.show_alert and "Only the player challenged" in refused.text
    await press(fake_api, bob, group, offer.message_id, text="Accept")
    scoreboard = await fake_api.wait_for(
        lambda: (v := fake_api.message(group.id, offer.message_id)).buttons and "v Bob" in v.text and v
    )
    payload = deep_link_payload(scoreboard)

    boards = {}
    for user in (alice, bob):
        boards[user.id] = await reply_to(fake_api, user, None, f"/start {payload}")
        assert boards[user.id].text.startswith("⛳ Hole 1 of 2")
    in_group = await reply_to(fake_api, alice, group, f"/start {payload}")
    assert "private chat" in in_group.text and not CARD.search(in_group.text)
    carols = await reply_to(fake_api, CAROL, None, f"/start {payload}")
    assert "not yours" in carols.text and not CARD.search(carols.text)

    for hole in (1, 2):
        boards[alice.id] = await play_hole(fake_api, alice, boards[alice.id], good=True)
        assert not any(CARD.search(m.text) for m in fake_api.chat_messages(group.id))
        boards[bob.id] = await play_hole(fake_api, bob, boards[bob.id], good=False)
        shown = await fake_api.wait_for(
            lambda h=hole: (
                (v := fake_api.message(group.id, offer.message_id)).text.count("\n")
                and ("Alice dormie 1 up after 1." in v.text if h == 1 else "Result: Alice won 2 up" in v.text)
                and v
            ),
            what=f"scoreboard after hole {hole}",
        )
        assert not CARD.search(shown.text)
        if hole == 1:
            for user in (alice, bob):
                board = boards[user.id]
                [nxt] = [
                    b.callback_data
                    for b in board.buttons
                    if b.callback_data and b.callback_data.endswith(":n")
                ]
                before = board.edit_count
                await press(fake_api, user, FakeChat.private(user), board.message_id, data=nxt)
                boards[user.id] = await fake_api.wait_for(
                    lambda u=user, m=board.message_id, b=before: (
                        (v := fake_api.message(u.id, m)).edit_count > b and v
                    )
                )

    assert [m.message_id for m in fake_api.chat_messages(group.id) if "Alice v Bob" in m.text] == [
        offer.message_id
    ]
    table = await reply_to(fake_api, alice, group, "/table")
    assert "1. Alice — P1 W1 H0 L0 · 1 pts · holes +2" in table.text
    card = await reply_to(fake_api, bob, group, "/stats")
    assert "Matches: 1 played, 0 won, 0 halved, 1 lost" in card.text and "Rating:" in card.text
    private = await reply_to(fake_api, bob, None, "/stats")  # no one table across chats: no rating
    assert "Rating:" not in private.text


async def test_challenge_at_name_finds_a_member_who_used_any_command_in_the_group(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    unknown = await reply_to(fake_api, alice, group, "/challenge @bob")
    assert "Reply to the message of the member" in unknown.text  # Bob has not used the bot here yet
    await reply_to(fake_api, bob, group, "/help")  # not a competition command: he is known all the same
    offer = await reply_to(fake_api, alice, group, "/challenge @bob 1")
    assert "Alice challenges Bob" in offer.text, offer.text


async def test_competitions_are_for_groups_and_a_count_out_of_range_is_refused(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, group: FakeChat
) -> None:
    for line in ("/challenge @bob", "/roundopen 1", "/tournament swiss 1"):
        refused = await reply_to(fake_api, alice, None, line)
        assert refused.text.startswith("Matches, group rounds and tournaments are played in a group"), line
        assert not refused.buttons
    zero = await reply_to(fake_api, alice, group, "/tournament swiss 0")
    assert zero.text == "A round has 1 to 18 holes, not 0.", zero.text
    default = await reply_to(fake_api, alice, group, "/tournament swiss")
    assert "3 holes a match" in default.text, default.text


async def test_a_forfeit_on_the_clock_is_told_in_the_group(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    _app, timers, clock = bot
    await reply_to(fake_api, bob, group, "/table")
    offer = await reply_to(fake_api, alice, group, "/challenge @bob 1")
    await press(fake_api, bob, group, offer.message_id, text="Accept")
    scoreboard = await fake_api.wait_for(lambda: has_link(fake_api.message(group.id, offer.message_id)))
    board = await reply_to(fake_api, alice, None, f"/start {deep_link_payload(scoreboard)}")
    stock = [b.callback_data for b in board.buttons if b.callback_data and b.callback_data.endswith(":s")]
    await press(fake_api, alice, FakeChat.private(alice), board.message_id, data=stock[0])
    clock.advance(301)  # the default clock: 300 s a hole; Bob never opened his board
    assert await timers.fire_due() >= 1
    told = await fake_api.wait_for(
        lambda: [m for m in fake_api.chat_messages(group.id) if "did not start in time" in m.text]
    )
    assert told[0].text == "⏱ Bob did not start in time and forfeits."
    await fake_api.wait_for(
        lambda: "Alice won by forfeit" in fake_api.message(group.id, offer.message_id).text, what="the result"
    )


async def test_a_competition_button_is_a_press_like_any_other(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    """One press path for every button of every mode (issue 46): "Accept" on a challenge is answered and
    counted by the same handler as a board's column, and its scoreboard is drawn by the same renderer (the
    "Open my board" link included), not by the competitions' own code."""
    from adapters import metrics

    def presses() -> float:
        return sum(
            sample.value
            for family in metrics.PRESSES.collect()
            for sample in family.samples
            if sample.name.endswith("_total") and sample.labels.get("platform") == "telegram"
        )

    await reply_to(fake_api, bob, group, "/table")
    offer = await reply_to(fake_api, alice, group, "/challenge @bob 1")
    before = presses()
    await press(fake_api, bob, group, offer.message_id, text="Accept")
    scoreboard = await fake_api.wait_for(
        lambda: (v := fake_api.message(group.id, offer.message_id)).buttons and "v Bob" in v.text and v
    )
    assert presses() == before + 1
    assert deep_link_payload(scoreboard).startswith("board_")  # role OPEN: a link, drawn by the one renderer


async def test_a_black_hole_match_named_in_words_and_its_own_table(
    fake_api: FakeBotApi, bot: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    await reply_to(fake_api, bob, group, "/table")
    offer = await reply_to(fake_api, alice, group, "/challenge @bob 1 black hole")
    await press(fake_api, bob, group, offer.message_id, text="Accept")
    scoreboard = await fake_api.wait_for(
        lambda: (v := fake_api.message(group.id, offer.message_id)).buttons and "v Bob" in v.text and v
    )
    payload = deep_link_payload(scoreboard)
    boards = {user.id: await reply_to(fake_api, user, None, f"/start {payload}") for user in (alice, bob)}
    assert "Black Hole" in boards[alice.id].text and "Turn stock" not in boards[alice.id].text
    boards[alice.id] = await play_hole(fake_api, alice, boards[alice.id], good=True)
    boards[bob.id] = await play_hole(fake_api, bob, boards[bob.id], good=False)
    await fake_api.wait_for(
        lambda: "Result:" in (v := fake_api.message(group.id, offer.message_id)).text and v, what="the result"
    )
    assert not any(CARD.search(m.text) for m in fake_api.chat_messages(group.id))
    table = await reply_to(fake_api, alice, group, "/table black hole")
    assert "Table · Black Hole" in table.text
    golf = await reply_to(fake_api, alice, group, "/table")
    assert "No Golf match finished here yet." in golf.text
