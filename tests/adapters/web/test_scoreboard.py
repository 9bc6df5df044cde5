"""A match board at the web table comes with the match's live scoreboard beside it: sent with the board, and
pushed again when the match moves on (here: the opponent finishes a hole on their own board, in the chat),
as the place sees it (finished holes only, never the opponent's board). Anything else takes it down."""

from __future__ import annotations

from typing import Any

from bot.competition_actions import ACCEPT
from bot.models import Place, Player

ANN = {"id": 5001, "first_name": "Ann", "last_name": "Lee", "language_code": "en"}
BOB = {"id": 5002, "first_name": "Bob", "username": "bob", "language_code": "en"}
ANN_PLAYER = Player("telegram", str(ANN["id"]), "Ann Lee")
BOB_PLAYER = Player("telegram", str(BOB["id"]), "Bob")
GROUP = Place("telegram", "-100777", "Golf club")


def button(screen: Any, action: str) -> str:
    return next(b.id for b in screen.all_buttons if b.id.rsplit(":", 1)[1] == action)


async def test_a_match_board_comes_with_its_scoreboard_pushed_as_the_match_moves(club, pages) -> None:
    matches = club.competition.matches
    for player in (ANN_PLAYER, BOB_PLAYER):
        await club.clubhouse.places.ensure_player(player)
    invitation = await matches.challenge(ANN_PLAYER, BOB_PLAYER, GROUP, holes=3)
    match_id = (await matches.act(BOB_PLAYER, button(invitation, ACCEPT))).session
    ann_board = await matches.board(ANN_PLAYER, match_id)

    page = await pages(ANN)
    await page.send(op="open", session=ann_board.session)
    shown = await page.until(lambda f: f["type"] == "screen")
    assert shown["screen"]["session"] == ann_board.session
    first = await page.until(lambda f: f["type"] == "scoreboard")
    assert first["screen"]["session"] == match_id and first["screen"]["board"] is None

    # Bob concedes his first hole in the chat: the match's scoreboard moves on, and Ann's page is told
    bob_board = await matches.board(BOB_PLAYER, match_id)
    await club.clubhouse.door.press(BOB_PLAYER, button(bob_board, "q"), "")
    pushed = await page.until(lambda f: f["type"] == "scoreboard")
    assert pushed["screen"]["blocks"] != first["screen"]["blocks"]
    assert "Bob" in " ".join(pushed["screen"]["blocks"])
    assert all(
        f.get("screen", {}) is None or f["screen"].get("session") != bob_board.session
        for f in page.frames
        if f["type"] == "screen"
    )  # never Bob's board

    await page.send(op="play")  # her solo round: no scoreboard beside it
    await page.until(lambda f: f["type"] == "screen")
    gone = await page.until(lambda f: f["type"] == "scoreboard")
    assert gone["screen"] is None
