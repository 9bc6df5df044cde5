"""The web table's WebSocket against the real app: presses through the Clubhouse's door, refusals that
change nothing, and pushes to every open view of a session, each seat its own view."""

from __future__ import annotations

import json
import re
from typing import Any

import aiohttp

from bot.errors import NotYourRoundError
from bot.events import BoardMoved
from bot.i18n import _, speaking
from bot.models import Place, Player
from bot.texts import NOT_YOUR_ROUND, plain

ANN = {"id": 5001, "first_name": "Ann", "last_name": "Lee", "language_code": "en"}
BOB = {"id": 5002, "first_name": "Bob", "username": "bob", "language_code": "en"}
CAROL = {"id": 5003, "first_name": "Carol", "language_code": "de"}
ANN_PLAYER = Player("telegram", "5001", "Ann Lee")
BOB_PLAYER = Player("telegram", "5002", "Bob")


def buttons(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [button for row in frame["screen"]["buttons"] for button in row]


def button(frame: dict[str, Any], ending: str) -> str:
    """The id of the screen's button whose action is ``ending`` (``:g``, ``:1``, ``:s``)."""
    [found] = [b["id"] for b in buttons(frame) if b["id"].endswith(ending)]
    return str(found)


def last_screen(page: Any) -> dict[str, Any]:
    """The last frame that brought ``page`` a screen."""
    return next(f for f in reversed(page.frames) if f.get("screen"))


def golf_move(frame: dict[str, Any]) -> str | None:
    """A Golf move the screen offers: a column's card, else the stock; None once the hole is over."""
    for role in ("column", "stock"):
        for offered in buttons(frame):
            if offered["role"] == role and offered["enabled"]:
                return str(offered["id"])
    return None


async def test_a_whole_golf_hole_played_by_pressing_the_screens_buttons(pages, told) -> None:
    page = await pages(ANN)
    shown = await page.ask(op="play")
    assert shown["type"] == "screen" and shown["screen"]["board"]["hole"] == 1
    session = shown["screen"]["session"]
    presses = 0
    while (move := golf_move(shown)) is not None and shown["screen"]["board"]["hole"] == 1:
        answer = await page.ask(op="press", id=move)
        assert answer["type"] == "screen", answer
        assert answer["screen"]["version"] > shown["screen"]["version"]
        shown, presses = answer, presses + 1
        assert presses < 100
    assert presses > 0
    assert shown["screen"]["kind"] == "summary" or shown["screen"]["board"]["hole"] == 2, shown
    # each press told the chat that the board moved, at the round's place (the player's private chat)
    assert told.places and all(place == "telegram:5001" for place, _event in told.places)
    assert {event for _place, event in told.places} == {BoardMoved("telegram:5001", session)}
    # the push after each press found the page at that version already: no screen came twice
    versions = [f["screen"]["version"] for f in page.frames if f["type"] == "screen"]
    assert versions == sorted(set(versions)) and len(versions) == presses + 1
    again = await page.ask(op="play")  # the round is resumed, not a new one
    assert again["screen"]["session"] == session


async def test_refusals_change_nothing_and_say_why(pages, club) -> None:
    ann, bob = await pages(ANN), await pages(BOB)
    board = await ann.ask(op="play")
    session = board["screen"]["session"]
    forged = f"g1:{session}:{board['screen']['version']}:z"
    refused = await ann.ask(op="press", id=forged)  # not a button of the screen shown: never reaches the core
    assert refused == {
        "type": "refused",
        "message": "That button is not on your table.",
        "screen": board["screen"],
    }
    # another player's round: refused, in the player's language; nothing of it shown
    other = await bob.ask(op="open", session=session)
    with speaking("en"):
        assert other == {"type": "refused", "message": plain(_(NOT_YOUR_ROUND)), "screen": None}
    assert (await bob.ask(op="press", id=golf_move(board)))["message"] == "That button is not on your table."
    carol = await pages(CAROL)  # a German app: the core's refusal in German
    german = await carol.ask(op="open", session=session)
    english = other["message"]
    with speaking("de"):
        assert german["message"] == NotYourRoundError(NOT_YOUR_ROUND).message != english
    unknown = await ann.ask(op="open", session="nosuchsession")
    assert unknown["type"] == "refused" and unknown["screen"] == board["screen"]
    live = await club.clubhouse.sessions.load(session)
    assert live.state.version == board["screen"]["version"]


async def test_a_stale_press_is_refused_with_the_board_as_it_stands(pages, club) -> None:
    page = await pages(ANN)
    first = await page.ask(op="play")
    old_move = golf_move(first)
    # the same board moved on elsewhere (the chat's message of it): the page is pushed the new version
    await club.clubhouse.door.press(ANN_PLAYER, old_move, "")
    pushed = await page.until(lambda f: f["type"] == "screen")
    assert pushed["screen"]["version"] == first["screen"]["version"] + 1
    stale = await page.ask(op="press", id=old_move)
    assert stale["type"] == "refused" and "out of date" in stale["message"]
    assert stale["screen"]["version"] == pushed["screen"]["version"]
    assert not [
        f
        for f in page.frames
        if f["type"] == "screen" and f["screen"]["version"] > pushed["screen"]["version"]
    ]


async def test_a_six_card_hand_with_two_pages_as_two_seats(pages, club) -> None:
    clubhouse = club.clubhouse
    for player in (ANN_PLAYER, BOB_PLAYER):
        await clubhouse.places.ensure_player(player)
    opened = await clubhouse.table.create(
        ANN_PLAYER, Place("telegram", "-100500"), limit=None, others=[BOB_PLAYER]
    )
    ann, bob, carol = await pages(ANN), await pages(BOB), await pages(CAROL)
    shown_ann = await ann.ask(op="open", session=opened.session)
    assert (await bob.ask(op="open", session=opened.session))["type"] == "screen"
    dealt = await ann.ask(op="press", id=button(shown_ann, ":g"))
    assert dealt["type"] == "screen" and dealt["screen"]["table"]["to_act"] == [0, 1]
    await bob.until(lambda f: f["type"] == "screen" and f["screen"]["version"] >= dealt["screen"]["version"])
    hand = (await clubhouse.sessions.load(opened.session)).position.hand
    hidden = {
        str(card)
        for seat, turned in ((0, (0, 3)), (1, (1, 4)))
        for i, card in enumerate(hand.grids[seat].cards)
        if i not in turned
    }
    assert len(hidden) == 8
    # the opening: each seat turns two cards, on the screen it was shown or pushed last
    version = dealt["screen"]["version"]
    for page, place in ((ann, ":1"), (bob, ":2"), (ann, ":4"), (bob, ":5")):
        await page.send(op="press", id=button(last_screen(page), place))
        version += 1
        for each in (ann, bob):
            await each.until(lambda f, v=version: f["type"] == "screen" and f["screen"]["version"] >= v)
    live = await clubhouse.sessions.load(opened.session)
    assert live.position.hand.phase.value == "turns"
    assert live.state.version == version
    to_act = live.position.hand.turn
    acting, waiting = (ann, bob) if to_act == 0 else (bob, ann)
    current = last_screen(acting)
    # not your turn: refused with the table as it stands
    refused = await waiting.ask(op="press", id=button(last_screen(waiting), ":s"))
    assert refused["type"] == "refused" and refused["screen"]["version"] == version, refused
    # a player with no seat is refused the table, and cannot press its buttons
    stranger = await carol.ask(op="open", session=opened.session)
    assert stranger["type"] == "refused" and stranger["screen"] is None
    assert (await carol.ask(op="press", id=button(current, ":s")))["type"] == "refused"
    # the seat to act draws from the stock (a line for it alone) and puts it in place of a face-up card
    drew = await acting.ask(op="press", id=button(current, ":s"))
    assert drew["type"] == "screen"
    private = await acting.until(lambda f: f["type"] == "private")
    assert private["message"]
    placed = await acting.ask(op="press", id=button(drew, ":1" if to_act == 0 else ":2"))
    assert placed["type"] == "screen"
    await waiting.until(
        lambda f: f["type"] == "screen" and f["screen"]["version"] == placed["screen"]["version"]
    )
    assert not [f for f in waiting.frames if f["type"] == "private"]
    assert (await clubhouse.sessions.load(opened.session)).state.version == placed["screen"]["version"]
    # no face-down card's value ever reached a page
    for page in (ann, bob, carol):
        for text in page.texts:
            assert not [code for code in hidden if f'"{code}"' in text], text
        for frame in page.frames:
            if frame["type"] in ("screen", "refused") and frame["screen"] and frame["screen"]["table"]:
                seats = frame["screen"]["table"]["seats"]
                assert all(seat["cards"][i] is None for seat, (i) in ((seats[0], 1), (seats[1], 0)))


async def test_the_daily_first_hole_over_the_socket_shows_no_deal_number(pages) -> None:
    page = await pages(ANN)
    shown = await page.ask(op="daily")
    assert shown["type"] == "screen" and shown["screen"]["board"]["deal"] is None
    while (
        (move := golf_move(shown)) is not None
        and shown["screen"]["board"]
        and shown["screen"]["board"]["hole"] == 1
    ):
        answer = await page.ask(op="press", id=move)
        assert answer["type"] == "screen", answer
        shown = answer
    assert shown["screen"]["kind"] == "summary" or shown["screen"]["board"]["hole"] == 2, shown
    for frame in page.frames:
        screen = frame.get("screen")
        if screen and screen["board"]:
            assert screen["board"]["deal"] is None
    assert not [text for text in page.texts if re.search(r'"deal": *[0-9]', text)]


async def test_a_page_must_say_hello_with_a_valid_token_first(base_url) -> None:
    async with aiohttp.ClientSession() as http:
        for first in ({"op": "play"}, {"op": "hello", "token": "forged.token"}, {"op": "hello"}):
            async with http.ws_connect(f"{base_url}/ws") as socket:
                await socket.send_str(json.dumps(first))
                answer = await socket.receive_json(timeout=30)
                assert answer["type"] == "error" and answer["message"]
                closing = await socket.receive(timeout=30)
                assert closing.type in (
                    aiohttp.WSMsgType.CLOSE,
                    aiohttp.WSMsgType.CLOSED,
                    aiohttp.WSMsgType.CLOSING,
                )


async def test_under_discords_proxy_path_the_socket_answers_too(base_url, sign) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{base_url}/.proxy/api/auth/telegram", json={"init_data": sign(ANN)}) as answer:
            token = (await answer.json())["token"]
        async with http.ws_connect(f"{base_url}/.proxy/ws") as socket:
            await socket.send_str(json.dumps({"op": "hello", "token": token}))
            welcome = await socket.receive_json(timeout=30)
            assert welcome == {
                "type": "welcome",
                "player": {"key": "telegram:5001", "name": "Ann Lee"},
                "language": "en",
            }
