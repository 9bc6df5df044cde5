"""The one door for presses (bot/door.py): every press comes in by ``Clubhouse.door.press`` and goes to the
room of its id family; a Reply carries the Screen for the pressed message and what only the presser may
see (the card drawn from a table's stock), and a table's room keeps the message the press came on."""

from __future__ import annotations

import pytest

from bot.actions import TABLE
from bot.clubhouse import Clubhouse
from bot.door import Door, Reply, Room
from bot.errors import BadActionError
from bot.models import Place, Player
from bot.screens import ButtonRole, Screen, ScreenKind
from engine.sixcard import Phase

GROUP = Place("test", "group", "The group")


def press_id(screen: Screen, action: str) -> str:
    return TABLE.build(screen.session, screen.version, action)


async def test_a_solo_press_comes_back_as_a_reply_with_its_board(
    club: Clubhouse, alice: Player, here: Place
) -> None:
    board = await club.start_round(alice, here, deal_code="24")
    stock = next(b for b in board.all_buttons if b.role is ButtonRole.STOCK)
    reply = await club.door.press(alice, stock.id)
    assert reply.screen.session == board.session and reply.screen.version == board.version + 1
    assert reply.private is None


@pytest.mark.parametrize("pressed", ["zz:abcd:1:s", "", "g1", "g1:abcd:1:z", "b1:abcdef:1:s"])
async def test_a_press_no_room_takes_is_not_ours(club: Clubhouse, alice: Player, pressed: str) -> None:
    """Unknown families, malformed ids, and a match board's id with no competition installed."""
    with pytest.raises(BadActionError):
        await club.door.press(alice, pressed)


async def test_a_claim_goes_before_its_familys_own_room(alice: Player) -> None:
    door, heard = Door(), list[tuple[str, str, str]]()

    def room(name: str) -> Room:
        async def take(player: Player, action_id: str, where: str) -> Reply:
            heard.append((name, action_id, where))
            return Reply(Screen(ScreenKind.NOTICE, title=name))

        return take

    door.add("g1", room("solo"))
    door.add("g1", room("long ids"), when=lambda action: len(action.session) == 10)
    with pytest.raises(ValueError, match="have a room already"):
        door.add("g1", room("another"))
    await door.press(alice, "g1:abcd:1:s", "chat/1")
    await door.press(alice, "g1:abcdefghij:1:s")
    assert heard == [("solo", "g1:abcd:1:s", "chat/1"), ("long ids", "g1:abcdefghij:1:s", "")]
    assert door.takes("g1") and not door.takes("t6")


async def test_a_table_press_tells_the_drawer_their_card_and_keeps_the_message(
    club: Clubhouse, alice: Player, bob: Player
) -> None:
    for player in (alice, bob):
        await club.places.ensure_player(player)
    screen = await club.table.create(alice, GROUP, limit=30, seed=11)
    screen = (await club.door.press(bob, press_id(screen, "j"), "chat/7")).screen
    screen = (await club.door.press(alice, press_id(screen, "g"), "chat/7")).screen
    for player in (alice, bob):  # the opening: each turns two cards
        for column in ("1", "2"):
            screen = (await club.door.press(player, press_id(screen, column), "chat/7")).screen
    live = await club.sessions.load(screen.session)
    assert live.position.hand.phase is Phase.TURNS
    mover = alice if live.position.seats[live.position.hand.turn].key == alice.key else bob
    reply = await club.door.press(mover, press_id(screen, "s"), "chat/9")  # the table, shown anew
    drawn = (await club.sessions.load(screen.session)).position.hand.drawn
    assert reply.private is not None and drawn.pretty() in reply.private
    assert drawn.pretty() not in "\n".join(reply.screen.blocks)  # the message is everyone's: no card
    where, _ = await club.table.message_of(screen.session) or ("", None)
    assert where == "chat/9"
