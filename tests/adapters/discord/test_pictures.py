"""Picture boards on Discord, end to end (SimCord, the real GolfClient over the real Clubhouse and SQLite,
with a real ``Pictures``): a whole hole on Components V2 messages within Discord's limits, the player's
own look and the server's, a failed upload that falls back to the text board and the next press that
tries the picture again, and a Six-card table drawn as the channel sees it."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord

from adapters.discord.commands import NOT_AN_ADMIN
from adapters.pictures import Picture, Pictures
from bot.screens import Screen

V2 = 1 << 15
TEXT_DISPLAY, MEDIA_GALLERY = 10, 12


class SeenPictures(Pictures):
    """The process's Pictures, which also keeps every screen it was asked to draw (to check what a
    picture was drawn of; the drawing itself is the real one)."""

    def __init__(self) -> None:
        super().__init__(workers=1)
        self.screens: list[Screen] = []

    async def picture(
        self, screen: Screen, *, four_colour: bool = False, within: float | None = None
    ) -> Picture | None:
        self.screens.append(screen)
        return await super().picture(screen, four_colour=four_colour, within=within)


@pytest.fixture
def pictures() -> Iterator[SeenPictures]:
    drawn = SeenPictures()
    yield drawn
    drawn.close()


@pytest.fixture
def client_options(pictures: SeenPictures) -> dict[str, Any]:
    return {"pictures": pictures}


@pytest.fixture
def admin(simcord_env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(simcord_env.create_user("carol"), roles=[managers])


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from walk(component.get("components", []))
        if "accessory" in component:
            yield from walk([component["accessory"]])


def last_message_payload(env: simcord.Env) -> dict[str, Any]:
    """What the bot sent last to show a message: a callback's data, or the body of an edit or follow-up."""
    for entry in reversed(env.http_requests):
        body = entry.json
        if not isinstance(body, dict):
            continue
        data = body.get("data") if entry.path.endswith("/callback") else body
        if isinstance(data, dict) and ("components" in data or "content" in data):
            return data
    raise AssertionError("the bot sent no message")


def check_picture_board(env: simcord.Env, message: Any, filename: str = "board.png") -> dict[str, Any]:
    """The message is a V2 picture board within Discord's limits, its gallery showing its one attachment."""
    payload = last_message_payload(env)
    assert payload["flags"] & V2
    assert not payload.get("content")
    components = list(walk(payload["components"]))
    assert len(components) <= 40
    assert sum(len(c["content"]) for c in components if c["type"] == TEXT_DISPLAY) <= 4000
    galleries = [c for c in components if c["type"] == MEDIA_GALLERY]
    assert [item["media"]["url"] for g in galleries for item in g["items"]] == [f"attachment://{filename}"]
    assert [a["filename"] for a in payload["attachments"]] == [filename]
    stored = message.message if isinstance(message, simcord.ResponseMessage) else message
    assert stored.flags.components_v2
    assert [a.filename for a in stored.attachments] == [filename]
    return payload


def check_text_in_v2(env: simcord.Env, message: Any) -> str:
    """The message stays V2 but shows the text board: no gallery, no attachment; its text."""
    payload = last_message_payload(env)
    assert payload["flags"] & V2
    components = list(walk(payload["components"]))
    assert not [c for c in components if c["type"] == MEDIA_GALLERY]
    assert payload.get("attachments") == []
    stored = message.message if isinstance(message, simcord.ResponseMessage) else message
    assert stored.flags.components_v2 and not stored.attachments
    return "\n".join(c["content"] for c in components if c["type"] == TEXT_DISPLAY)


async def test_a_whole_hole_is_played_on_picture_boards(simcord_env, channel, alice, buttons, play_out):
    started = await alice.slash(channel, "golf play", deal="1", holes=1)
    assert started.acknowledged and not started.ephemeral
    first = check_picture_board(simcord_env, started.response)
    text = "\n".join(c["content"] for c in walk(first["components"]) if c["type"] == TEXT_DISPLAY)
    assert "Hole 1 of 1" in text and "deal #1" in text  # the title and the status line
    assert "```" not in text  # the tableau is the picture, not a text block
    assert len(buttons(started.response)) >= 7  # the columns, the stock and the rest, as on a text board

    clicks = await play_out(alice, started.response)
    assert clicks
    for click in clicks:
        assert click.response.id == started.response.id  # edited in place, every time
    check_picture_board(simcord_env, started.response)
    last = started.response.message
    assert "Round over" in "\n".join(c.content for c in last.components if isinstance(c, discord.TextDisplay))


async def test_a_whole_tripeaks_hole_on_picture_boards(
    simcord_env, channel, alice, buttons, play_out, pictures
):
    started = await alice.slash(channel, "golf play", game="tripeaks", deal="5", holes=1)
    first = check_picture_board(simcord_env, started.response)
    text = "\n".join(c["content"] for c in walk(first["components"]) if c["type"] == TEXT_DISPLAY)
    assert "TriPeaks" in text and "```" not in text and "░░" not in text  # the layout is the picture
    drawn = pictures.screens[-1].board
    assert drawn is not None and drawn.layout is not None
    hidden = [spot for line in drawn.layout.lines for spot in line if spot.card is None and not spot.gone]
    assert len(hidden) == 18  # the peaks, face down: drawn as backs, their values never handed to the art
    await play_out(alice, started.response)
    check_picture_board(simcord_env, started.response)


async def test_a_failed_upload_shows_the_text_board_once_and_the_next_press_a_picture(
    simcord_env, channel, alice, buttons, caplog
):
    started = await alice.slash(channel, "golf play", deal="1", holes=1)
    board = started.response
    simcord_env.inject_error(
        "POST", "/interactions/*/callback", status=413, code=40005, message="Request entity too large"
    )
    turn = next(b for b in buttons(board) if b["label"].startswith("Turn stock"))
    with caplog.at_level(logging.INFO):
        click = await alice.click(board, custom_id=turn["custom_id"])
    assert click.acknowledged and click.response.id == board.id
    text = check_text_in_v2(simcord_env, board)
    assert "```" in text and "Stock: 15 left" in text  # the current board, as text
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and warnings[0].exc_info is None
    assert "could not be uploaded" in warnings[0].getMessage() and "413" in warnings[0].getMessage()

    turn = next(b for b in buttons(board) if b["label"].startswith("Turn stock"))
    await alice.click(board, custom_id=turn["custom_id"])
    check_picture_board(simcord_env, board)


async def test_a_player_switches_to_text_and_back(simcord_env, channel, alice, bob, buttons):
    started = await alice.slash(channel, "golf play", deal="1", holes=1)
    board = started.response

    chose = await alice.slash(channel, "golf look", board="text")
    assert chose.ephemeral and "Your boards: text" in chose.response.content
    turn = next(b for b in buttons(board) if b["label"].startswith("Turn stock"))
    await alice.click(board, custom_id=turn["custom_id"])
    text = check_text_in_v2(simcord_env, board)  # once V2, always V2: the text in a TextDisplay
    assert "```" in text and "Stock: 15 left" in text

    other = await bob.slash(channel, "golf play", deal="2", holes=1)  # bob follows the server: pictures
    check_picture_board(simcord_env, other.response)
    again = await alice.slash(channel, "golf play", deal="3", holes=1)  # a board in progress: shown again
    assert not again.response.message.flags.components_v2 and "```" in again.response.content

    back = await alice.slash(channel, "golf look", board="server", **{"four-colour": True})
    assert "Your boards: image (four colours)" in back.response.content
    turn = next(b for b in buttons(board) if b["label"].startswith("Turn stock"))
    await alice.click(board, custom_id=turn["custom_id"])
    check_picture_board(simcord_env, board)

    shown = await alice.slash(channel, "golf look")
    assert "Look: the server's · four colours: your own choice" in shown.response.content


async def test_the_server_chooses_its_look_and_only_a_manager_may(simcord_env, channel, alice, admin):
    refused = await alice.slash(channel, "golf settings", look="text")
    assert refused.ephemeral and refused.response.content == NOT_AN_ADMIN
    refused = await alice.slash(channel, "golf settings", **{"four-colour": True})
    assert refused.ephemeral and refused.response.content == NOT_AN_ADMIN

    changed = await admin.slash(channel, "golf settings", look="text", **{"four-colour": True})
    assert "Boards: text (four colours)" in changed.response.content
    board = await alice.slash(channel, "golf play", deal="1", holes=1)
    assert not board.response.message.flags.components_v2 and "```" in board.response.content

    await admin.slash(channel, "golf settings", look="image")
    other = await admin.slash(channel, "golf play", deal="2", holes=1)
    check_picture_board(simcord_env, other.response)

    listed = await alice.slash(channel, "golf help")
    assert "/golf look [board] [four-colour]" in listed.response.content
    assert "[look] [four-colour]" in listed.response.content


async def test_a_six_card_table_is_drawn_as_the_channel_sees_it(
    simcord_env, channel, alice, bob, pictures, buttons
):
    opened = await alice.slash(channel, "golf sixcard", clock=60)
    message = opened.response
    await bob.click(message, label="Join")
    await alice.click(message, label="Deal")
    check_picture_board(simcord_env, message, "table.png")
    drawn = [s for s in pictures.screens if s.table is not None]
    assert drawn
    for screen in drawn:  # the place's view: nobody's seat, and no card face down shown
        assert screen.table is not None and screen.table.viewer is None
    seen = drawn[-1].table
    assert seen is not None
    assert all(card is None for seat in seen.seats for card in seat.cards)  # nothing turned yet
    assert seen.holding is None
