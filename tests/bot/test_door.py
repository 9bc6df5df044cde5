"""The one door for presses (bot/door.py): every press comes in by ``Clubhouse.door.press`` and goes to the
room of its id family; a Reply carries the Screen for the pressed message and what only the presser may
see (the card drawn from a table's stock), and a table's room keeps the message the press came on. The
competitions' own buttons (``c1``) go to the match or the tournament by the competition's kind; a board
opened from a scoreboard is the presser's alone."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from adapters.sqlite import SqliteStorage
from bot.actions import TABLE
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.competition_actions import ACCEPT, BEGIN, CHECK_IN, DECLINE, JOIN, OPEN_BOARD
from bot.door import Door, Reply, Room
from bot.errors import BadActionError, GolfError, NotYourRoundError
from bot.models import Place, Player
from bot.modes.competition.service import Competition
from bot.screens import ButtonRole, Screen, ScreenKind
from engine.sixcard import Phase

GROUP = Place("test", "group", "The group")
CAROL = Player("test", "3", "Carol")


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
    door.add("g1", room("long ids"), when=lambda action_id: len(action_id.split(":")[1]) == 10)
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


# ---- the competitions' own buttons (c1: bot/modes/competition/room.py) ------------------------------------


def c1_button(screen: Screen, action: str) -> str:
    [found] = [b.id for b in screen.all_buttons if b.id.startswith("c1:") and b.id.endswith(":" + action)]
    return found


@pytest.fixture
async def competition(
    storage: SqliteStorage, club: Clubhouse, solver: object, clock: ManualClock
) -> AsyncIterator[Competition]:
    built = Competition(storage, club, solver, clock)  # type: ignore[arg-type]
    yield built
    await built.matches.close()


async def test_a_c1_press_reaches_the_match_and_keeps_the_pressed_message_as_its_scoreboard(
    competition: Competition, club: Clubhouse, alice: Player, bob: Player, here: Place
) -> None:
    matches = competition.matches
    offer = await matches.challenge(alice, bob, here, holes=1, channel="chan")
    assert offer.session is not None
    accepted = await club.door.press(bob, c1_button(offer, ACCEPT), "chan/5")
    assert accepted.screen.session == offer.session and "Alice v Bob" in accepted.screen.title
    assert not accepted.alone  # the pressed message shows the match now: its scoreboard
    assert await matches.scoreboard_message(offer.session) == "chan/5"

    opened = await club.door.press(alice, c1_button(accepted.screen, OPEN_BOARD), "chan/5")
    assert opened.alone and opened.screen.kind is ScreenKind.BOARD  # Alice's own board, for her alone
    assert opened.screen.all_buttons[0].id.startswith("b1:")
    with pytest.raises(NotYourRoundError):  # nobody else's
        await club.door.press(CAROL, c1_button(accepted.screen, OPEN_BOARD), "chan/5")
    assert await matches.scoreboard_message(offer.session) == "chan/5"


async def test_a_c1_press_on_a_private_message_keeps_no_scoreboard(
    competition: Competition, club: Clubhouse, alice: Player, bob: Player, here: Place
) -> None:
    matches = competition.matches
    offer = await matches.open_group(alice, here, holes=1, channel="chan")
    assert offer.session is not None
    await matches.keep_scoreboard_message(offer.session, "12345")  # a row kept in Discord's old form
    joined = await club.door.press(bob, c1_button(offer, JOIN), "")
    assert "Bob" in "\n".join(joined.screen.blocks) and not joined.alone
    assert await matches.scoreboard_message(offer.session) == "12345"  # left as it was
    started = await club.door.press(alice, c1_button(joined.screen, BEGIN), "chan/6")
    assert started.screen.session == offer.session
    assert await matches.scoreboard_message(offer.session) == "chan/6"  # written anew, in the door's form


async def test_a_c1_press_reaches_the_tournament_by_its_kind(
    competition: Competition, club: Clubhouse, alice: Player, bob: Player, here: Place
) -> None:
    tournaments = competition.tournaments
    signup = await tournaments.open(alice, here, channel="chan")
    assert signup.session is not None
    joined = await club.door.press(bob, c1_button(signup, JOIN), "chan/8")
    assert joined.screen.session == signup.session and not joined.alone
    assert "Bob" in "\n".join(joined.screen.blocks)
    assert await tournaments.signup_message(signup.session) is None  # the room keeps no tournament's message
    # a match's button forged with the tournament's id is the tournament's to refuse, not a match's
    forged = f"c1:{signup.session}:{joined.screen.version}:{OPEN_BOARD}"
    with pytest.raises(GolfError, match="for a match"):
        await club.door.press(bob, forged, "chan/8")


@pytest.mark.parametrize("action", [ACCEPT, DECLINE, JOIN, BEGIN, OPEN_BOARD, CHECK_IN])
async def test_a_forged_c1_id_of_an_unknown_competition_is_refused_cleanly(
    competition: Competition, club: Clubhouse, storage: SqliteStorage, alice: Player, action: str
) -> None:
    with pytest.raises(GolfError, match="not known"):
        await club.door.press(alice, f"c1:zzzz9999:1:{action}", "chan/1")
    assert await storage.load_competition("zzzz9999") is None


@pytest.mark.parametrize("pressed", ["c1:ab:1:a", "c1:abcdefgh:1:x", "c1:abcdefgh:a", "c1:"])
async def test_a_malformed_c1_id_is_not_ours(
    competition: Competition, club: Clubhouse, alice: Player, pressed: str
) -> None:
    with pytest.raises(BadActionError):
        await club.door.press(alice, pressed, "chan/1")
