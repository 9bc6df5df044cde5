"""Languages end to end on Discord (issue 48), through the loopback fake of Discord (fake_discord.py) and the
real discord.py, with the bot wired as ``golfbot discord`` wires it (``run_discord`` over the Clubhouse, the
daily challenge, matches and Six-card tables on one SQLite file).

What a member reads alone (an ephemeral answer: help, settings, a refusal, a daily board, their own match
board, the card they drew) is in their language, the one their Discord app runs in (each interaction's
``locale``); what is posted in the channel for everyone (a solo board, a challenge's scoreboard, a Six-card
table) is in the server's: its ``/golf settings language:`` choice, else its own language (``guild_locale``).

- The pseudo-language ``en-XA`` (the members' app and the server both): a solo round, a daily course's first
  hole, a challenge played out and a Six-card hand, and every text the bot sent on the way (messages, edits,
  ephemeral answers, follow-ups, button labels) has no English word left in it (``bot.i18n.unworded``) but
  the few names the test allows (``ALLOWED``); every button label fits Discord's 80 characters.
- A German member on a French server (its language set both ways: the server's own ``guild_locale``, and an
  admin's ``/golf settings language:fr`` on an English server), the same flows: each text in its reader's
  language, compared with the catalogue itself; no word of the English texts left in any text; no French
  word in what a member reads alone, no German one in what is posted in the channel.
- The commands the bot syncs carry their descriptions in every shipped language
  (``description_localizations``), names English.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from adapters.cli.config import Settings
from adapters.cli.notifiers import Notifiers
from adapters.clock import SystemClock
from adapters.discord.buttons import MAX_LABEL
from adapters.discord.runner import run_discord
from adapters.discord.translator import MAX_TEXT
from adapters.pacing import DISCORD_GAP
from adapters.pictures import Pictures
from adapters.sqlite import SqliteStorage
from benchmarks.fake_discord import FakeDiscord, FakeMember
from bot.announcements import words_of
from bot.clubhouse import Clubhouse
from bot.i18n import LOCALE_DIR, NAMES, PSEUDO_OPEN, _, speaking, unworded
from bot.modes.competition.service import Competition
from bot.modes.daily.challenge import DailyChallenge
from bot.modes.table import decode
from bot.timers import Timers
from engine.golf.course import course
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.golf.rules import find_rules
from engine.golf.solver import Solution
from engine.sixcard import find_player, view_of

JSON = dict[str, Any]
WAIT = 30.0
EPHEMERAL = 1 << 6
PSEUDO_LOCALE = "en-XA"
"""The pseudo-language as a Discord client would send it: discord.py keeps an unknown locale's value."""
ALLOWED = frozenset(
    {
        "alice",  # the members' names (display names too: Alice, Bob, Carol)
        "Alice",
        "bob",
        "Bob",
        "carol",
        "Carol",
        "Club",  # the server's name: Golf Club
        "Golf",  # game names: proper names
        "Six-card",
        # words a player types, the same in every language: rule sets and their additions, the game
        # option's values (the rules screen lists them), a time zone, a computer seat's level
        "strict",
        "queens-on-kings",
        "wrap",
        "putt-putt",
        "jokers",
        "head-start",
        "double",
        "stuck-draw",
        "winnable-only",
        "tripeaks",
        "pyramid-golf",
        "elevator",
        "black-hole",
        "all-in-a-row",
        "UTC",
        "easy",
    }
)
"""The only plain words a text in the pseudo-language may show: names and typed words, not English."""
NOT_WORDS = re.compile(r"/golf [a-z-]+|\b[0-9a-f]{16,}\b")
"""Neither are a command's name (``/golf play``: command names stay English) or a hash (the daily's
commitment)."""


# ------------------------------------------------------------------------------------------------- the bot


class FakeSolver:
    """The Solver port: every best score is 0; the hint is the first legal move."""

    async def best_score(self, hole: Hole) -> Solution | None:
        return Solution(0, (), 1, 0)

    async def hint(self, hole: Hole) -> Move | None:
        moves = hole.legal_moves()
        return moves[0] if moves else None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return course(first, holes, find_rules(rules))


@dataclass
class Server:
    """The fake Discord with the bot connected to it, and its members."""

    fake: FakeDiscord
    storage: SqliteStorage
    alice: FakeMember
    bob: FakeMember
    carol: FakeMember
    """A third member, a manager of the server (Manage Server)."""


Start = Callable[..., Awaitable[Server]]


@pytest.fixture
async def start(tmp_path: Path) -> AsyncIterator[Start]:
    """``await start(server=..., members=...)``: the bot, wired as ``golfbot discord`` wires it
    (adapters/cli/wiring.py, chat_runner.py), connected to a fake Discord whose guild speaks ``server`` and
    whose members' apps run in ``members``; ``pictures``: boards drawn as pictures (the default look,
    Components V2 messages), else as text."""
    async with contextlib.AsyncExitStack() as stack:

        async def open_server(*, server: str, members: str, pictures: bool = False) -> Server:
            storage = await SqliteStorage.open(tmp_path / "golf.sqlite3")
            stack.push_async_callback(storage.close)
            clock, solver = SystemClock(), FakeSolver()
            notifiers, compete_notifiers = Notifiers(), Notifiers()
            club = Clubhouse(storage, solver, clock, rng=random.Random(7), notifier=notifiers, best_wait=0)
            stack.push_async_callback(club.close)
            notifiers.places = compete_notifiers.places = club.places
            timers = Timers(storage, clock, notifier=notifiers)
            competition = Competition(storage, club, solver, clock, timers=timers, notifier=compete_notifiers)
            stack.push_async_callback(competition.matches.close)
            daily = DailyChallenge(storage, storage, solver, clock, notifier=notifiers)
            stack.push_async_callback(daily.close)
            daily.open_door(club.door, club.sessions)
            club.table.use_timers(timers)
            club.table.use_results(storage)
            drawn = Pictures(workers=2) if pictures else None  # (threads: the bots' are processes)
            if drawn is not None:
                stack.callback(drawn.close)
            fake = await stack.enter_async_context(FakeDiscord())
            fake.guild_locale = server
            alice = fake.add_member("alice", locale=members)
            bob = fake.add_member("bob", locale=members)
            carol = fake.add_member("carol", locale=members, manager=True)
            settings = Settings(
                tmp_path / "unused", discord_token=fake.token, discord_api_base_url=fake.base_url
            )
            running = asyncio.create_task(
                run_discord(
                    club,
                    settings,
                    plug=functools.partial(notifiers.plugged, "discord"),
                    words=words_of(storage),
                    competition=(competition, functools.partial(compete_notifiers.plugged, "discord")),
                    daily=daily,
                    pictures=drawn,
                )
            )

            async def stop() -> None:
                running.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await running

            stack.push_async_callback(stop)
            await fake.wait_for(lambda: fake.connected and fake.commands.get(None), WAIT, what="the bot up")
            return Server(fake, storage, alice, bob, carol)

        yield open_server


# ------------------------------------------------------------------------------------------------- acting


async def ask(fake: FakeDiscord, who: FakeMember, path: str, /, **options: Any) -> JSON:
    """``who`` uses ``/path``: the message that answers it."""
    return await fake.answer(fake.slash(who, path, **options), WAIT)


async def press(fake: FakeDiscord, member: FakeMember, message: JSON, custom_id: str) -> JSON:
    """``member`` presses a button: the message that answers it (the pressed one edited, or a new one)."""
    return await fake.answer(fake.click(member, message, custom_id), WAIT)


async def press_for_followup(fake: FakeDiscord, member: FakeMember, message: JSON, custom_id: str) -> JSON:
    """A press answered by an edit and a follow-up (a refusal on a table, the card drawn): the follow-up."""
    pressed = fake.click(member, message, custom_id)
    await fake.answer(pressed, WAIT)
    [followup] = await fake.wait_for(lambda: pressed.followup_ids, WAIT, what="the follow-up")
    return fake.messages[followup]


async def quiet(fake: FakeDiscord, seconds: float = DISCORD_GAP + 0.3) -> None:
    """Until the bot has sent nothing for ``seconds``: the channel's posts and edits, queued one every
    ``DISCORD_GAP`` seconds at most (adapters/pacing.py), are out."""
    while True:
        seen = len(fake.requests)
        await asyncio.sleep(seconds)
        if len(fake.requests) == seen:
            return


def ids(message: JSON) -> list[str]:
    return [b["custom_id"] for b in FakeDiscord.buttons(message) if not b.get("disabled")]


def key(message: JSON, *actions: str) -> str | None:
    """The first enabled button of ``message`` whose id ends in one of ``actions`` (":s", a digit…)."""
    for action in actions:
        for custom_id in ids(message):
            if (action == "digit" and custom_id[-1].isdigit()) or custom_id.endswith(action):
                return custom_id
    return None


# ------------------------------------------------------------------------------------------------- the flows


async def solo_hole(fake: FakeDiscord, player: FakeMember, other: FakeMember) -> tuple[JSON, JSON]:
    """``player`` plays a one-hole round in the channel (a hint, then columns, else the stock, to the end);
    ``other`` presses it too. The board, and the refusal ``other`` got."""
    board = await ask(fake, player, "golf play", holes=1, deal="24")
    board = await press(fake, player, board, str(key(board, ":h")))
    refused = await press(fake, other, board, str(key(board, ":s")))
    while (choice := key(board, "digit", ":s")) is not None:
        board = await press(fake, player, board, choice)
    return board, refused


async def daily_hole(fake: FakeDiscord, player: FakeMember) -> JSON:
    """``player`` plays the daily course's first hole (a turn of the stock, then concedes) and goes on to
    the second; the board (ephemeral)."""
    board = await ask(fake, player, "golf daily")
    board = await press(fake, player, board, str(key(board, ":s")))
    board = await press(fake, player, board, str(key(board, ":q")))
    return await press(fake, player, board, str(key(board, ":n")))


async def challenge(server: Server) -> tuple[JSON, dict[int, JSON], JSON]:
    """Alice challenges Bob to a one-hole match in the channel: ``play_match``."""
    offer = await ask(server.fake, server.alice, "golf challenge", member=str(server.bob.id), holes=1)
    return await play_match(server, offer)


async def play_match(server: Server, offer: JSON) -> tuple[JSON, dict[int, JSON], JSON]:
    """Bob accepts Alice's challenge (``offer``); each opens their board and plays it (Alice well, Bob
    concedes); Carol tries to open a board. The scoreboard once the match is decided, the boards, and
    Carol's refusal."""
    fake, challenger, challenged, outsider = server.fake, server.alice, server.bob, server.carol
    scoreboard = await press(fake, challenged, offer, str(key(offer, ":a")))  # Accept
    open_board = str(key(scoreboard, ":o"))  # Open my board
    refused = await press(fake, outsider, scoreboard, open_board)
    boards = {}
    for member, good in ((challenger, True), (challenged, False)):
        board = await press(fake, member, scoreboard, open_board)
        actions = ("digit", ":s", ":q") if good else (":q",)
        while (choice := key(board, *actions)) is not None:
            board = await press(fake, member, board, choice)
        boards[member.id] = board
    decided = int(scoreboard["id"])  # its buttons gone
    await fake.wait_for(lambda: not ids(fake.messages[decided]), WAIT, what="the result")
    await quiet(fake)
    return fake.messages[decided], boards, refused


def t6(message: JSON, action: str) -> str:
    """The id of the table's button for ``action`` (``t6:<table>:<version>:<action>``)."""
    prefix = next(b["custom_id"] for b in FakeDiscord.buttons(message)).rsplit(":", 1)[0]
    return f"{prefix}:{action}"


async def table_of(storage: SqliteStorage, message: JSON) -> Any:
    state = await storage.load_round(next(b["custom_id"] for b in FakeDiscord.buttons(message)).split(":")[1])
    assert state is not None
    return decode(state.payload)


SIXCARD_ACTION = {"draw": "s", "take": "p", "discard": "x"}


async def sixcard_hand(server: Server) -> tuple[JSON, list[JSON], JSON]:
    """Alice opens a Six-card table, Bob joins, a computer is added, Alice deals; the hand is played to its
    end, every turn from the stock. The table message, the cards drawn (each an ephemeral follow-up to its
    drawer), and the refusal of a press out of turn."""
    fake, storage = server.fake, server.storage
    members = {f"discord:{m.id}": m for m in (server.alice, server.bob)}
    message = await ask(fake, server.alice, "golf sixcard", clock=60)
    message = await press(fake, server.bob, message, t6(message, "j"))
    message = await press(fake, server.alice, message, t6(message, "c"))
    message = await press(fake, server.alice, message, t6(message, "g"))
    rng = random.Random(5)
    drawn: list[JSON] = []
    refused: JSON | None = None
    for _turn in range(300):
        table = await table_of(storage, message)
        hand = table.hand
        if hand.is_over:
            break
        seat = hand.to_act()[0]
        member = members[table.seats[seat].key]
        action = find_player("easy").choose(view_of(hand, seat), rng)
        kind = action.kind.value
        act = str(action.position + 1) if kind in ("flip", "place") else SIXCARD_ACTION[kind]
        if hand.phase.value == "turns" and hand.drawn is None and hand.stock:
            act = "s"
        if refused is None and hand.phase.value == "turns":
            other = server.bob if member is server.alice else server.alice
            refused = await press_for_followup(fake, other, message, t6(message, "s"))
        if act == "s":
            drawn.append(await press_for_followup(fake, member, message, t6(message, act)))
        else:
            await press(fake, member, message, t6(message, act))
        message = fake.messages[int(message["id"])]
    else:
        raise AssertionError("the hand did not end")
    assert refused is not None and drawn
    await quiet(fake)
    return fake.messages[int(message["id"])], drawn, refused


# ------------------------------------------------------------------------------------------------- reading


def walk_options(command: JSON) -> Iterator[JSON]:
    """Every sub-command and option of a synced command, nested ones included."""
    for option in command.get("options", []):
        yield option
        yield from walk_options(option)


def walk(components: list[JSON]) -> Iterator[JSON]:
    for component in components:
        yield component
        yield from walk(component.get("components", []))
        if isinstance(component.get("accessory"), dict):
            yield from walk([component["accessory"]])


def texts_of(body: JSON) -> list[str]:
    """Every text of a message the bot sent (or edited): its content, its V2 texts and button labels, its
    embeds; a callback's or a follow-up's, alike."""
    body = body.get("data", body) if "type" in body and isinstance(body.get("data"), dict) else body
    found = [str(body.get("content") or "")]
    for component in walk(body.get("components") or []):
        for field in ("content", "label", "placeholder", "description"):
            if isinstance(component.get(field), str):
                found.append(component[field])
        for item in component.get("items", []):
            if isinstance(item.get("description"), str):
                found.append(item["description"])
    for embed in body.get("embeds") or []:
        found += [str(embed.get(f) or "") for f in ("title", "description")]
        found += [str((embed.get("footer") or {}).get("text") or "")]
        found += [str(f.get(k) or "") for f in embed.get("fields", []) for k in ("name", "value")]
    return [text for text in found if text]


def labels_of(body: JSON) -> list[str]:
    body = body.get("data", body) if isinstance(body.get("data"), dict) else body
    return [str(c.get("label") or "") for c in walk(body.get("components") or []) if c.get("type") == 2]


def everything_sent(fake: FakeDiscord) -> list[str]:
    return [text for _method, _path, body in fake.sent for text in texts_of(body)]


def is_private(fake: FakeDiscord, path: str, body: JSON) -> bool:
    """Whether what the bot sent with ``body`` to ``path`` is read by one member alone (an ephemeral answer
    or follow-up, a direct message), not posted in the channel for everyone."""
    parts = path.strip("/").split("/")
    if parts[0] == "channels":
        return parts[1] != str(fake.channel_id)  # a direct message's channel
    if parts[0] == "interactions":  # a callback: a new answer (4, 5), or the pressed message edited (6, 7)
        interaction = fake.interactions[int(parts[1])]
        if body["type"] in (4, 5):
            return bool(int((body.get("data") or {}).get("flags", 0)) & EPHEMERAL)
    else:  # the interaction's webhook: a follow-up, or @original edited
        interaction = next(i for i in fake.interactions.values() if i.token == parts[2])
        if len(parts) == 3 and int(body.get("flags", 0)) & EPHEMERAL:
            return True
    original = fake.messages.get(interaction.original_id or 0)
    return original is not None and is_ephemeral(original)


def sent_to(fake: FakeDiscord, *, private: bool) -> list[str]:
    """The texts the bot sent members alone (``private``), or posted in the channel."""
    return [
        text
        for _method, path, body in fake.sent
        if is_private(fake, path, body) == private
        for text in texts_of(body)
    ]


def english_left(fake: FakeDiscord) -> dict[str, list[str]]:
    """Each text the bot sent with a plain word that is not an allowed name: English never translated."""
    left: dict[str, list[str]] = {}
    for text in everything_sent(fake):
        words = [w for w in unworded(NOT_WORDS.sub(" ", text)) if w not in ALLOWED]
        if words:
            left[text] = words
    return left


def assert_all_worded(fake: FakeDiscord, *, pictures: bool) -> None:
    """Every text the bot sent is worded (``ALLOWED`` aside), every button label fits; ``pictures``: boards
    were sent as pictures (their alt text is among the texts)."""
    galleries = [
        item
        for _method, _path, body in fake.sent
        for component in walk((body.get("data") or body).get("components") or [])
        for item in component.get("items", [])
    ]
    assert bool(galleries) == pictures
    assert all(PSEUDO_OPEN in str(item.get("description")) for item in galleries), galleries
    sent = everything_sent(fake)
    assert any(PSEUDO_OPEN in text for text in sent), "nothing was worded: is the pseudo-language on?"
    left = english_left(fake)
    assert not left, "English left:\n" + "\n".join(f"{words}: {text!r}" for text, words in left.items())
    labels = [label for _method, _path, body in fake.sent for label in labels_of(body)]
    assert labels and all(len(label) <= MAX_LABEL for label in labels), max(labels, key=len)


def is_ephemeral(message: JSON) -> bool:
    return bool(int(message.get("flags", 0)) & EPHEMERAL)


# ------------------------------------------------------------------------------------------------- pseudo

LOOKS = pytest.mark.parametrize("pictures", [False, True], ids=["text", "image"])
"""Boards as text, and as pictures (Components V2 messages: the texts beside the picture, its alt text)."""


@LOOKS
async def test_a_solo_round_in_the_pseudo_language_leaves_no_english(start: Start, pictures: bool) -> None:
    server = await start(server=PSEUDO_LOCALE, members=PSEUDO_LOCALE, pictures=pictures)
    fake = server.fake
    board, refused = await solo_hole(fake, server.alice, server.bob)
    assert not is_ephemeral(board) and is_ephemeral(refused)
    for path in ("golf help", "golf rules", "golf stats", "golf settings", "golf look", "golf language"):
        assert is_ephemeral(await ask(fake, server.alice, path))
    await ask(fake, server.carol, "golf settings", clock=120)
    await ask(fake, server.alice, "golf resume")  # nothing in play any more: a refusal
    await quiet(fake)
    assert_all_worded(fake, pictures=pictures)


@LOOKS
async def test_a_daily_hole_in_the_pseudo_language_leaves_no_english(start: Start, pictures: bool) -> None:
    server = await start(server=PSEUDO_LOCALE, members=PSEUDO_LOCALE, pictures=pictures)
    fake = server.fake
    board = await daily_hole(fake, server.alice)
    assert is_ephemeral(board)
    assert not is_ephemeral(await ask(fake, server.alice, "golf daily-share"))  # posted in the channel
    await ask(fake, server.alice, "golf leaderboard")
    await ask(fake, server.alice, "golf daily-settings")
    await quiet(fake)
    assert_all_worded(fake, pictures=pictures)


@LOOKS
async def test_a_challenge_in_the_pseudo_language_leaves_no_english(start: Start, pictures: bool) -> None:
    server = await start(server=PSEUDO_LOCALE, members=PSEUDO_LOCALE, pictures=pictures)
    fake = server.fake
    scoreboard, boards, refused = await challenge(server)
    assert not is_ephemeral(scoreboard) and is_ephemeral(refused)
    assert all(is_ephemeral(board) for board in boards.values())
    await ask(fake, server.alice, "golf table")
    await ask(fake, server.carol, "golf stats", member=str(server.bob.id))
    await quiet(fake)
    assert_all_worded(fake, pictures=pictures)


@LOOKS
async def test_a_sixcard_hand_in_the_pseudo_language_leaves_no_english(start: Start, pictures: bool) -> None:
    server = await start(server=PSEUDO_LOCALE, members=PSEUDO_LOCALE, pictures=pictures)
    table, drawn, refused = await sixcard_hand(server)
    assert not is_ephemeral(table) and all(is_ephemeral(m) for m in drawn) and is_ephemeral(refused)
    assert_all_worded(server.fake, pictures=pictures)


# ------------------------------------------------------------------------------------------------- de / fr

GERMAN, FRENCH = "de", "fr"
DISCORD_LOCALES = ("de", "es-ES", "es-419", "fr", "pt-BR", "ru")
"""The Discord locales of the shipped languages but English (the source, which needs no translation): Spain's
and Latin America's Spanish both read the Spanish shipped."""
PLAY_DESCRIPTION = "Start a round of Golf, or of TriPeaks, Black Hole … (the game option)"
WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")


def worded(language: str, message: str, /, **params: object) -> str:
    """``message`` (a msgid) as the catalogue of ``language`` words it, filled with ``params``: a translation,
    not the English (else the test would pass with the catalogue missing)."""
    with speaking(language):
        text = _(message, **params)
    with speaking("en"):
        english = _(message, **params)
    assert text != english, f"no {language} translation of {message!r}: is its catalogue compiled (make)?"
    return text


def head(text: str) -> str:
    """The part of a worded text before the first placeholder it was not given (``{card}``)."""
    return text.split("{")[0]


def strings(value: object) -> list[str]:
    """A catalogue entry's msgid or msgstr as a list: one text, or a plural's forms."""
    return [str(v) for v in value if v] if isinstance(value, (tuple, list)) else [str(value)] if value else []


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}|<[^>]+>", " ", text)) if len(w) > 2}


@functools.cache
def english_only() -> frozenset[str]:
    """The words of the English texts (the template's msgids) that neither the German nor the French
    catalogue uses: such a word in what the bot sent a German reader or a French server is English left."""
    english = set(english_words())
    for language in (GERMAN, FRENCH):
        with (LOCALE_DIR / language / "LC_MESSAGES" / "golfbot.po").open("rb") as file:
            catalogue = read_po(file, locale=language)
        for message in catalogue:
            for msgstr in strings(message.string):
                english -= words(msgstr)
    return frozenset(english - {w.lower() for w in ALLOWED})


@functools.cache
def only_in(language: str, other: str) -> frozenset[str]:
    """The words of ``language``'s translations found neither in ``other``'s nor in the English texts (nor
    a language's own name, nor an allowed name): a text with one is worded in ``language``."""
    found: dict[str, set[str]] = {}
    for code in (language, other):
        with (LOCALE_DIR / code / "LC_MESSAGES" / "golfbot.po").open("rb") as file:
            catalogue = read_po(file, locale=code)
        found[code] = set()
        for message in catalogue:
            for msgstr in strings(message.string):
                found[code] |= words(msgstr)
    common = {w.lower() for w in ALLOWED} | {w for name in NAMES.values() for w in words(name)}
    return frozenset(found[language] - found[other] - english_words() - common)


@functools.cache
def english_words() -> frozenset[str]:
    with (LOCALE_DIR / "golfbot.pot").open("rb") as file:
        template = read_po(file)
    return frozenset(word for message in template for msgid in strings(message.id) for word in words(msgid))


def assert_read_in(fake: FakeDiscord, *, private: str, channel: str) -> None:
    """What members read alone is in ``private``'s words, never ``channel``'s; what is posted in the
    channel, the other way round."""
    for audience, language, other in ((True, private, channel), (False, channel, private)):
        texts = sent_to(fake, private=audience)
        assert texts, "nothing was sent " + ("privately" if audience else "in the channel")
        wrong = {text: sorted(words(text) & only_in(other, language)) for text in texts}
        wrong = {text: found for text, found in wrong.items() if found}
        assert not wrong, f"{other} where {language} is read:\n" + "\n".join(
            f"{found}: {text!r}" for text, found in wrong.items()
        )


def assert_no_english(fake: FakeDiscord) -> None:
    left = {text: sorted(words(NOT_WORDS.sub(" ", text)) & english_only()) for text in everything_sent(fake)}
    left = {text: found for text, found in left.items() if found}
    assert not left, "English left:\n" + "\n".join(f"{found}: {text!r}" for text, found in left.items())


def shows(message: JSON, text: str, *, private: bool) -> None:
    """``message`` says ``text``; ``private``: it is ephemeral (else posted in the channel)."""
    assert is_ephemeral(message) == private, message
    assert text in FakeDiscord.text(message), f"{text!r} is not in {FakeDiscord.text(message)!r}"


def has_label(message: JSON, label: str) -> bool:
    return any(b.get("label") == label for b in FakeDiscord.buttons(message))


async def test_a_german_player_on_a_french_server_plays_a_solo_hole_and_the_daily(start: Start) -> None:
    """The server's own language is French (``guild_locale``); the members' apps run in German."""
    server = await start(server=FRENCH, members=GERMAN)
    fake, alice = server.fake, server.alice

    board, refused = await solo_hole(fake, alice, server.bob)  # in the channel: French
    shows(board, worded(FRENCH, "Hole {hole} of {holes}", hole=1, holes=1), private=False)
    assert has_label(board, worded(FRENCH, "Hint")) and has_label(board, worded(FRENCH, "Concede hole"))
    mine = worded(GERMAN, "This is another player's round. Start your own with {play}.", play="/golf play")
    shows(refused, mine, private=True)  # Bob's alone: German

    shows(await ask(fake, alice, "golf help"), worded(GERMAN, "⛳ Golf — help"), private=True)
    posts = "Posts: in {language} (the server's language; a member may choose their own: /golf language)"
    shown = await ask(fake, alice, "golf settings")  # German words, naming the server's French
    shows(shown, worded(GERMAN, posts, language="Français"), private=True)

    daily = await ask(fake, alice, "golf daily")  # the daily: hers alone, German
    assert is_ephemeral(daily) and has_label(daily, worded(GERMAN, "Concede hole"))
    daily = await press(fake, alice, daily, str(key(daily, ":q")))
    assert is_ephemeral(daily) and has_label(daily, worded(GERMAN, "Next hole ▶"))
    await press(fake, alice, daily, str(key(daily, ":n")))
    shared = await ask(fake, alice, "golf daily-share")  # posted for everyone: French
    shows(shared, head(worded(FRENCH, "{player}'s daily round:\n{card}", player="Alice")), private=False)
    await quiet(fake)
    assert_no_english(fake)
    assert_read_in(fake, private=GERMAN, channel=FRENCH)


async def test_a_german_player_on_a_french_server_plays_a_match_and_a_sixcard_hand(start: Start) -> None:
    """The server is English (``guild_locale``) until a manager chooses French for its posts with
    ``/golf settings language:fr``; the members' apps run in German. Boards are pictures (their alt texts
    and the texts beside them worded as the rest)."""
    server = await start(server="en-US", members=GERMAN, pictures=True)
    fake = server.fake
    chosen = await ask(fake, server.carol, "golf settings", language="fr")  # the manager's: German
    shows(chosen, worded(GERMAN, "Posts: in {language} (chosen here)", language="Français"), private=True)

    offer = await ask(fake, server.alice, "golf challenge", member=str(server.bob.id), holes=1)
    assert not is_ephemeral(offer) and has_label(offer, worded(FRENCH, "Accept"))
    scoreboard, boards, refused = await play_match(server, offer)
    shows(scoreboard, head(worded(FRENCH, "Result: {result}")), private=False)
    mine = worded(GERMAN, "This match is not yours: only its players have boards.")
    shows(refused, mine, private=True)  # Carol's alone: German
    for board in boards.values():  # each player's own: German
        assert is_ephemeral(board) and has_label(board, worded(GERMAN, "Concede hole"))

    table, drawn, out_of_turn = await sixcard_hand(server)
    over = worded(FRENCH, "Six-card Golf · hole {hole}/{holes} is over", hole=1, holes=9)
    shows(table, over, private=False)
    shows(out_of_turn, worded(GERMAN, "It is not your turn yet."), private=True)
    card = worded(GERMAN, "You drew {card}: put it in place of a card (1–6) or discard it (x).")
    for shown in drawn:  # the drawer's alone: German
        shows(shown, head(card), private=True)
    assert_no_english(fake)
    assert_read_in(fake, private=GERMAN, channel=FRENCH)


async def test_the_commands_carry_their_descriptions_in_every_shipped_language(start: Start) -> None:
    server = await start(server="en-US", members="en-US")
    [golf] = [c for c in server.fake.commands[None] if c["name"] == "golf"]
    described = [golf, *walk_options(golf)]
    assert len(described) > 40
    for item in described:
        assert not item.get("name_localizations"), item["name"]  # names stay English
        localized = item.get("description_localizations") or {}
        assert set(localized) == set(DISCORD_LOCALES), (item["name"], sorted(localized))
        assert all(0 < len(text) <= MAX_TEXT and text != item["description"] for text in localized.values())
    [play] = [o for o in golf["options"] if o["name"] == "play"]
    assert play["description_localizations"]["de"] == worded(GERMAN, PLAY_DESCRIPTION)
    assert play["description_localizations"]["fr"] == worded(FRENCH, PLAY_DESCRIPTION)
    [offer] = [o for o in golf["options"] if o["name"] == "challenge"]
    [stroke] = [c for o in offer["options"] for c in o.get("choices", []) if c["value"] == "stroke"]
    assert stroke["name"] == "stroke" and set(stroke["name_localizations"]) == set(DISCORD_LOCALES)
    assert stroke["name_localizations"]["de"] == worded(GERMAN, "stroke")  # a choice's name: translated
