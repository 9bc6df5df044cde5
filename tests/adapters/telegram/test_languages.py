"""Languages end to end on Telegram (issue 48): the real Application against the loopback fake Bot API plays a
whole solo hole, a daily course's first hole, a challenge (a match between two players) and a Six-card
hand, each twice:

* ``pseudo``: every player's Telegram app runs in the pseudo-language (``language_code`` ``en-XA``) and the
  group's admin sets the group's language to it (``/settings language=en_XA``). Every text the fake saw
  (messages, edits, photo captions, toasts and alerts, button labels) is then checked with
  ``bot.i18n.unworded``: the only plain words left are the names in ``ALLOWED``.
* ``de-fr``: the players' apps run in German, the group speaks French: what is the player's alone (their
  private chat, the toasts and alerts of their presses) is German, what is posted in the group French, both
  compared with the catalogues themselves, and no common English word is left anywhere.

Languages are set the way users set them: the app's ``language_code`` with each update, ``/settings`` by the
group's admin, ``/language`` by a player. Every key's callback data is one of the bot's ids (no words in
it, so the same in every language) and fits Telegram's 64 bytes.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from golf_table import action_of
from telegram.ext import Application

from adapters.cli.notifiers import Notifiers
from adapters.pictures import Pictures
from adapters.sqlite import SqliteStorage
from adapters.telegram.app import build_application
from adapters.telegram.commands import PLAY_NOW
from adapters.telegram.compete import TelegramCompete
from adapters.telegram.daily import PLAY_IN_PRIVATE
from adapters.telegram.flood import ChatFloodLimiter
from adapters.telegram.render import SPELLING
from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser, MessageView
from bot import texts
from bot.actions import ACTION_PATTERN
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.competition_actions import PATTERN as COMPETITION_PATTERN
from bot.i18n import LANGUAGES, NAMES, _, ngettext, speaking, unworded
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.timers import Timers
from engine.sixcard import Source, find_player, view_of
from tests.adapters.telegram.test_compete import deep_link_payload, play_hole
from tests.adapters.telegram.test_daily import DailyTable, table  # noqa: F401 (a fixture)

ALLOWED = frozenset({"Alice", "Bob", "Carol", "club", "Golf", "Six-card", "Telegram", "strict", "easy"})
"""The plain words a pseudo-language text may hold: the players' names, the group's title (Golf club), the
game's and the platform's names, words a player types (the rules ``strict``, the computer's level
``easy``)."""
NAMED = (
    ", ".join(f"{code.split('_')[0]} ({NAMES[code]})" for code in LANGUAGES),  # /language's choices
    re.compile(r"\b[0-9a-f]{64}\b"),  # the daily's commitment (a SHA-256)
)
"""What a text may show as it is in every language: the languages by their own names, a hash."""

ENGLISH = frozenset(
    {"the", "of", "and", "you", "your", "is", "are", "it", "its", "with", "for", "this", "that", "to", "has"}
    | {"have", "be", "there", "here", "no", "yet", "holes", "turn", "round", "card", "cards"}
)
"""Words of any English sentence, and of no German or French one: none may be left in a de/fr run."""

ROUND_OVER = "🏁 Round over: {total} ({to_par}) · par {par}"
HOLE_OVER = "Hole {hole} over with {count} card left: score {score}."
HOLES_OVER = "Hole {hole} over with {count} cards left: score {score}."
DAILY_TITLE = "{game} daily #{number} · {count} hole"
DAILY_TITLES = "{game} daily #{number} · {count} holes"
DREW = "You drew {card}: put it in place of a card (1–6) or discard it (x)."

RUNS = pytest.mark.parametrize(("app", "place"), [("en-XA", "en_XA"), ("de", "fr")], ids=["pseudo", "de-fr"])
"""The players' app language (Telegram's ``language_code``) and the group's (its admin's ``/settings``)."""


def people(app: str) -> tuple[FakeUser, FakeUser, FakeUser]:
    """Alice, Bob and Carol, their Telegram apps in ``app``."""
    return (
        FakeUser(id=111001, first_name="Alice", username="alice", language_code=app),
        FakeUser(id=222002, first_name="Bob", username="bob", language_code=app),
        FakeUser(id=333003, first_name="Carol", username="carol", language_code=app),
    )


def worded(language: str, msgid: str, /, *, plural: str = "", n: int = 0, **params: object) -> str:
    """``msgid`` (with ``plural``: its form for the count ``n``) as the catalogue of ``language`` words it,
    commands spelled the Telegram way, a placeholder not given left as ``{name}``. It must not be the
    English, or a test comparing with it would pass with the catalogue missing."""

    def word() -> str:
        return texts.spell(ngettext(msgid, plural, n, **params) if plural else _(msgid, **params), SPELLING)

    with speaking(language):
        expected = word()
    with speaking("en"):
        assert expected != word(), f"no {language} for {msgid!r}"
    return expected


def shaped(
    language: str, msgid: str, /, *, plural: str = "", n: int = 0, **params: object
) -> re.Pattern[str]:
    """``worded``, each placeholder not given matching anything: a title's score, say, unknown here."""
    text = re.escape(worded(language, msgid, plural=plural, n=n, **params))
    return re.compile(re.sub(r"\\\{\w+\\\}", ".+?", text))


async def set_place_language(
    command: Any, fake: FakeBotApi, admin: FakeUser, group: FakeChat, place: str
) -> None:
    """The group's owner chooses its language, as admins do."""
    fake.make_owner(group, admin)
    done = await command(admin, group, f"/settings language={place}")
    assert done.chat_id == group.id


# ------------------------------------------------------------------------------ what the fake saw


def seen(fake: FakeBotApi, chats: set[int], users: set[int]) -> Iterator[tuple[str, str]]:
    """(where, text) of every text the bot showed in ``chats`` (each message as sent and after each edit, a
    photo's caption, each key's label) and of its answers to the presses of ``users``."""
    for view in [*fake.sent, *(edit.message for edit in fake.edits)]:
        if view.chat_id in chats:
            where = f"message {view.message_id} in chat {view.chat_id}"
            yield where, view.text
            for button in view.buttons:
                yield f"a key of {where}", button.text
    for answer in fake.answers:
        if answer.user_id in users and answer.text:
            yield f"the answer to {answer.user_id}'s press", answer.text


def check_keys(fake: FakeBotApi, chats: set[int]) -> None:
    """Every key's callback data is one of the bot's ids (words never: the same in every language), at most
    64 bytes."""
    for view in [*fake.sent, *(edit.message for edit in fake.edits)]:
        if view.chat_id in chats:
            for data in view.callback_data:
                assert len(data.encode()) <= 64, data
                ours = ACTION_PATTERN.fullmatch(data) or COMPETITION_PATTERN.fullmatch(data)
                assert ours or data == PLAY_NOW, data


def unnamed(text: str) -> str:
    """``text`` without what it may show as it is (``NAMED``)."""
    for named in NAMED:
        text = named.sub(" ", text) if isinstance(named, re.Pattern) else text.replace(named, " ")
    return text


def check_pseudo(fake: FakeBotApi, chats: set[int], users: set[int]) -> None:
    """Nothing left unworded in the pseudo-language but the names allowed."""
    left = [
        (where, words, text)
        for where, text in seen(fake, chats, users)
        if (words := [w for w in unworded(unnamed(text)) if w not in ALLOWED])
    ]
    assert not left, "\n".join(f"{where}: {words} in {text!r}" for where, words, text in left)
    check_keys(fake, chats)


def check_no_english(fake: FakeBotApi, chats: set[int], users: set[int]) -> None:
    """No common English word in any text of a de/fr run."""
    left = [
        (where, words, text)
        for where, text in seen(fake, chats, users)
        if (words := [w for w in unworded(unnamed(text)) if w.lower() in ENGLISH])
    ]
    assert not left, "\n".join(f"{where}: {words} in {text!r}" for where, words, text in left)
    check_keys(fake, chats)


def check(app: str, fake: FakeBotApi, chats: set[int], users: set[int]) -> None:
    if app == "en-XA":
        check_pseudo(fake, chats, users)
    else:
        check_no_english(fake, chats, users)


# ------------------------------------------------------------------------------ playing


async def shown(
    fake: FakeBotApi, chat_id: int, message_id: int, ready: Callable[[MessageView], bool], what: str
) -> MessageView:
    """The message once it is ``ready``."""

    def now() -> MessageView | None:
        view = fake.message(chat_id, message_id)
        return view if ready(view) else None

    found = await fake.wait_for(now, what=what)
    assert found is not None
    return found


async def edited(fake: FakeBotApi, chat_id: int, message_id: int, before: int) -> MessageView:
    """The message once edited after its ``before``-th edit (a press is answered before its edit lands when
    the edit is slow)."""
    return await shown(fake, chat_id, message_id, lambda view: view.edit_count > before, "the edit")


async def press_on(
    golf: Any, user: FakeUser, chat: FakeChat | None, message_id: int, data: str
) -> MessageView:
    """Press a key that changes the board; the board once it shows the change."""
    chat_id = chat.id if chat else user.id
    before = golf.fake.message(chat_id, message_id).edit_count
    await golf.press(user, chat, message_id, data=data)
    return await edited(golf.fake, chat_id, message_id, before)


async def play_out(golf: Any, user: FakeUser, chat: FakeChat | None, message_id: int) -> MessageView:
    """Play the hole on the board to its end: the first key that the rules allow (columns, then the stock,
    the hint, conceding last), again and again. Returns the board of the finished hole."""
    chat_id = chat.id if chat else user.id
    view: MessageView = golf.fake.message(chat_id, message_id)
    for _press in range(300):
        if "q" not in [action_of(data) for data in view.callback_data]:
            return view
        for data in view.callback_data:
            before = view.edit_count
            if not (await golf.press(user, chat, message_id, data=data)).text:
                view = await edited(golf.fake, chat_id, message_id, before)
                break
    raise AssertionError("the hole did not end")


@pytest.fixture
async def compete(
    fake_api: FakeBotApi, app_harness: Any, tmp_path: Path, solver: Any
) -> AsyncIterator[Application[Any, Any, Any, Any, Any, Any]]:
    """The Golf bot with matches, wired as the app wires it: every event reaches the group through the
    app's ``Notifiers``, which words it in its reader's language."""
    storage = await SqliteStorage.open(tmp_path / "compete.sqlite3")
    clock = ManualClock(datetime.now(UTC))
    club = Clubhouse(storage, solver, clock, rng=random.Random(7))
    notifiers = Notifiers()
    notifiers.places = club.places
    timers = Timers(storage, clock, notifier=notifiers)
    matches = Matches(storage, club, solver, clock, timers, notifier=notifiers, rng=random.Random(3))
    desk = TelegramCompete(matches, Tournaments(storage, matches, clock, timers, notifier=notifiers))
    limiter = ChatFloodLimiter(overall_max_rate=0, group_max_rate=0)
    app = await app_harness.start(
        build_application(club, app_harness.builder().rate_limiter(limiter), compete=desk)
    )
    try:
        with notifiers.plugged("telegram", desk):
            yield app
    finally:
        await app_harness.stop(app)
        await club.close()
        await storage.close()


# ------------------------------------------------------------------------------ the tests


@RUNS
async def test_a_solo_hole_in_the_group_and_in_private(
    golf: Any, fake_api: FakeBotApi, group: FakeChat, app: str, place: str
) -> None:
    alice, bob, _carol = people(app)
    await set_place_language(golf.command, fake_api, alice, group, place)
    board = await golf.command(alice, group, "/play strict 1 #24")  # posted in the group: the place's
    refused = await golf.press(bob, group, board.message_id, data=board.callback_data[0])  # Bob's own
    assert action_of(board.callback_data[-2]) == "h"
    await press_on(golf, alice, group, board.message_id, board.callback_data[-2])  # the hint, on the board
    finished = await play_out(golf, alice, group, board.message_id)
    mine = await golf.command(alice, None, "/play 1 #24")  # in her private chat: hers
    conceded = await press_on(golf, alice, None, mine.message_id, mine.callback_data[-1])  # she concedes
    stats = await golf.command(alice, None, "/stats")
    check(app, fake_api, {group.id, alice.id}, {alice.id, bob.id})
    if app == "de":  # the group's board in French, what is Alice's or Bob's alone in German
        assert board.text.startswith(worded("fr", "⛳ Hole {hole} of {holes}", hole=1, holes=1))
        assert worded("fr", "Concede hole") in [b.text for b in board.buttons]
        assert shaped("fr", ROUND_OVER).match(finished.text)
        assert refused.show_alert and refused.text == worded("de", texts.NOT_YOUR_ROUND)
        assert mine.text.startswith(worded("de", "⛳ Hole {hole} of {holes}", hole=1, holes=1))
        assert worded("de", "Concede hole") in [b.text for b in mine.buttons]
        assert shaped("de", ROUND_OVER).match(conceded.text)
        assert worded("de", HOLE_OVER, plural=HOLES_OVER, n=35, hole=1, score=35) in conceded.text
        assert stats.text.startswith(
            worded("de", "📊 {name}'s Golf — {where}", name="Alice", where="Telegram")
        )


@RUNS
async def test_the_first_hole_of_a_groups_daily_course(
    table: DailyTable,  # noqa: F811
    fake_api: FakeBotApi,
    group: FakeChat,
    app: str,
    place: str,
) -> None:
    alice, bob, _carol = people(app)
    await table.stop()
    table.pictures = Pictures()  # boards as photos: their captions are checked too
    await table.start()
    try:
        await set_place_language(table.command, fake_api, bob, group, place)
        invite = await table.command(alice, group, "/daily")  # in the group: the place's
        [link] = invite.buttons
        assert link.url is not None
        board = await table.command(alice, None, f"/start {link.url.split('?start=')[1]}")  # hers
        assert board.photo is not None
        first = await play_out(table, alice, None, board.message_id)
        view = first
        for _press in range(20):  # the rest of the course, conceded, so that the whole round is shared
            actions = [action_of(data) for data in view.callback_data]
            if "n" not in actions and "q" not in actions:
                break
            view = await press_on(table, alice, None, board.message_id, view.callback_data[-1])
        shared = await table.command(alice, group, "/dailyshare")  # a photo card in the group
        assert shared.photo is not None
        standings = await table.command(bob, group, "/leaderboard today")
        check(app, fake_api, {group.id, alice.id}, {alice.id, bob.id})
        if app == "de":
            assert invite.text == worded("fr", PLAY_IN_PRIVATE)
            assert worded("de", "⛳ Hole {hole} of {holes} — finished", hole=1, holes=9) in first.text
            assert shaped("fr", "{player}'s daily round:\n{share}", player="Alice").match(shared.text)
            assert shaped("fr", DAILY_TITLE, plural=DAILY_TITLES, n=9, game="Golf").search(shared.text)
            assert shaped("fr", "📅 Daily {day} — today's table").match(standings.text)
    finally:
        table.pictures.close()


@RUNS
async def test_a_challenge_between_two_players(
    fake_api: FakeBotApi,
    compete: Any,
    group: FakeChat,
    app: str,
    place: str,
) -> None:
    alice, bob, carol = people(app)

    async def command(user: FakeUser, chat: FakeChat | None, line: str) -> MessageView:
        chat_id = chat.id if chat else user.id
        before = len(fake_api.chat_messages(chat_id))
        fake_api.push_command(user, chat, line)
        return (await fake_api.wait_for(lambda: fake_api.chat_messages(chat_id)[before:], what=line))[0]

    async def press(user: FakeUser, chat: FakeChat | None, message_id: int, data: str) -> Any:
        update = fake_api.press(user, chat, message_id, data=data)
        [answer] = await fake_api.wait_for(lambda: fake_api.answers_to(update), what="answer")
        return answer

    carol = FakeUser(carol.id, carol.first_name, carol.username, language_code=None)  # her app tells nothing
    chosen = await command(carol, None, f"/language {app}")  # so she chooses her own
    await set_place_language(command, fake_api, carol, group, place)
    await command(bob, group, "/table")  # Bob writes in the group: the bot now knows @bob
    offer = await command(alice, group, "/challenge @bob 1 match")
    [accept] = [d for d in offer.callback_data if d.endswith(":a")]
    refused = await press(carol, group, offer.message_id, accept)  # hers: in her own language
    await press(bob, group, offer.message_id, accept)
    scoreboard = await shown(  # the challenge accepted: the scoreboard, with its link to each board
        fake_api, group.id, offer.message_id, lambda view: any(b.url for b in view.buttons), "the link"
    )
    payload = deep_link_payload(scoreboard)
    boards = {user.id: await command(user, None, f"/start {payload}") for user in (alice, bob)}
    first = boards[alice.id]
    boards[alice.id] = await play_hole(fake_api, alice, boards[alice.id], good=True)
    boards[bob.id] = await play_hole(fake_api, bob, boards[bob.id], good=False)
    result = await shown(  # the match decided: its scoreboard without keys
        fake_api, group.id, offer.message_id, lambda view: not view.buttons, "the result"
    )
    standings = await command(alice, group, "/table")
    chats = {group.id, alice.id, bob.id, carol.id}
    check(app, fake_api, chats, {alice.id, bob.id, carol.id})
    if app == "de":
        assert chosen.text.startswith(worded("de", "🌐 Language"))
        assert (
            worded("de", "I answer you in {language} (your own choice).", language="Deutsch") in chosen.text
        )
        assert refused.show_alert and refused.text == worded("de", "Only the player challenged can answer.")
        assert offer.text.startswith(
            worded("fr", "⚔️ {challenger} challenges {opponent}", challenger="Alice", opponent="Bob")
        )
        assert worded("fr", "Open my board") in [b.text for b in scoreboard.buttons]
        assert first.text.startswith(worded("de", "⛳ Hole {hole} of {holes}", hole=1, holes=1))
        assert shaped("fr", "Result: {result}").search(result.text)
        assert standings.text.startswith(worded("fr", "🏆 Table"))


@RUNS
async def test_a_six_card_hand_at_a_groups_table(
    golf: Any, fake_api: FakeBotApi, group: FakeChat, app: str, place: str
) -> None:
    alice, bob, _carol = people(app)
    await set_place_language(golf.command, fake_api, alice, group, place)
    opened = await golf.command(alice, group, "/sixcard 60")
    message_id = opened.message_id

    def key(action: str) -> str:
        [data] = [d for d in fake_api.message(group.id, message_id).callback_data if action_of(d) == action]
        return data

    await press_on(golf, bob, group, message_id, key("j"))
    await press_on(golf, alice, group, message_id, key("c"))
    await press_on(golf, alice, group, message_id, key("g"))
    users = {f"telegram:{alice.id}": alice, f"telegram:{bob.id}": bob}
    rng = random.Random(5)
    refused = drawn = None
    for _press in range(300):
        session = fake_api.message(group.id, message_id).callback_data[0].split(":")[1]
        position = (await golf.clubhouse.sessions.load(session)).position
        if position.course.hole > 0:
            break
        hand = position.hand
        seat = hand.to_act()[0]
        user = users[position.seats[seat].key]
        if refused is None and hand.phase.value == "turns":
            refused = await golf.press(bob if user is alice else alice, group, message_id, data=key("s"))
        choice = find_player("easy").choose(view_of(hand, seat), rng)
        kind = choice.kind.value
        action = (
            str(choice.position + 1)
            if kind in ("flip", "place")
            else {"draw": "s", "take": "p", "discard": "x"}[kind]
        )
        before = fake_api.message(group.id, message_id).edit_count
        answer = await golf.press(user, group, message_id, data=key(action))
        await edited(fake_api, group.id, message_id, before)
        after = (await golf.clubhouse.sessions.load(session)).position
        if after.hand is not None and after.hand.source is Source.STOCK and after.hand.drawn is not None:
            drawn = (answer, after.hand.drawn.pretty())
    else:
        raise AssertionError("the hand did not end")
    assert refused is not None and drawn is not None
    over = fake_api.message(group.id, message_id)
    check(app, fake_api, {group.id, alice.id, bob.id}, {alice.id, bob.id})
    if app == "de":
        assert opened.text.startswith(worded("fr", "Six-card Golf · a table is open"))
        assert refused.text == worded("de", texts.NOT_YOUR_TURN)
        answer, card = drawn
        assert answer.show_alert and answer.text.startswith(worded("de", DREW, card=card))
        assert over.text.startswith(
            worded("fr", "Six-card Golf · hole {hole}/{holes} is over", hole=1, holes=9)
        )
