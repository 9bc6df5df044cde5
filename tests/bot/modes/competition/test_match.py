"""Matches and group rounds through the core, on the real SQLite store with a ManualClock: a challenge
accepted, declined and expired; a full match with the scoreboard checked hole by hole; private boards; the
clocks (a hole lost, a hole scored as it stands, a forfeit); a group round of three; a restart."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.competition_actions import ACCEPT, BEGIN, DECLINE, JOIN, OPEN_BOARD
from bot.errors import BadOptionError, GolfError, NotYourRoundError, StaleActionError
from bot.events import ClockExpired, HoleFinished, MatchDecided, MatchStarted
from bot.models import Place, Player
from bot.modes.competition.match import Matches
from bot.screens import Screen, ScreenKind
from bot.timers import Timers

CAROL = Player("test", "3", "Carol")


class Table:
    """Everything a match needs, opened on one database file; ``reopen`` is a restart."""

    def __init__(self, path: Path, clock: ManualClock, solver: object) -> None:
        self.path, self.clock, self.solver = path, clock, solver
        self.notifier = MemoryNotifier()

    async def open(self) -> Table:
        self.storage = await SqliteStorage.open(self.path)
        self.club = Clubhouse(self.storage, self.solver, self.clock, rng=random.Random(3))  # type: ignore[arg-type]
        self.timers = Timers(self.storage, self.clock, notifier=self.notifier)
        self.matches = Matches(
            self.storage,
            self.club,
            self.solver,
            self.clock,
            self.timers,  # type: ignore[arg-type]
            notifier=self.notifier,
            rng=random.Random(11),
        )
        return self

    async def close(self) -> None:
        await self.club.close()
        await self.storage.close()

    async def reopen(self) -> None:
        await self.close()
        await self.open()
        await self.matches.resume()

    def events(self, kind: type) -> list[object]:
        return [e for e in self.notifier.events() if isinstance(e, kind)]


@pytest.fixture
async def table(db_path: Path, clock: ManualClock, solver: object) -> AsyncIterator[Table]:
    opened = await Table(db_path, clock, solver).open()
    yield opened
    await opened.close()


def button(screen: Screen, action: str) -> str:
    for b in screen.all_buttons:
        if b.id.rsplit(":", 1)[1] == action:
            return b.id
    raise AssertionError(f"no {action!r} button on {screen.title!r}")


async def play_hole(table: Table, player: Player, board: Screen, *, good: bool) -> Screen:
    """A good player plays columns while they can, then turns the stock; a poor one concedes at once."""
    screen = board
    while screen.kind is ScreenKind.BOARD:
        enabled = [b.id.rsplit(":", 1)[1] for b in screen.all_buttons if b.enabled]
        columns = [a for a in enabled if a.isdigit()]
        action = (columns[0] if columns else "s" if "s" in enabled else "q") if good else "q"
        screen = (await table.matches.clubhouse.door.press(player, button(screen, action))).screen
    return screen


async def next_hole(table: Table, player: Player, summary: Screen) -> Screen:
    return (await table.matches.clubhouse.door.press(player, button(summary, "n"))).screen


async def accepted(table: Table, alice: Player, bob: Player, here: Place, **options: object) -> str:
    invitation = await table.matches.challenge(alice, bob, here, **options)  # type: ignore[arg-type]
    scoreboard = await table.matches.act(bob, button(invitation, ACCEPT))
    return scoreboard.session


async def test_a_full_match_with_the_scoreboard_hole_by_hole(
    table: Table, alice: Player, bob: Player, here: Place
) -> None:
    match_id = await accepted(table, alice, bob, here, holes=9, format="match")
    assert table.events(MatchStarted) == [MatchStarted(here.key, match_id, (alice.key, bob.key))]
    boards = {p.key: await table.matches.board(p, match_id) for p in (alice, bob)}
    views = [boards[p.key].board for p in (alice, bob)]
    assert views[0] is not None and views[1] is not None
    assert views[0].columns == views[1].columns and views[0].deal is None  # the same deal, its number hidden
    statuses = []
    for hole in range(1, 10):
        a = await play_hole(table, alice, boards[alice.key], good=True)
        b = await play_hole(table, bob, boards[bob.key], good=False)
        finished = [e for e in table.events(HoleFinished) if e.hole == hole]  # type: ignore[attr-defined]
        assert {e.player for e in finished} == {alice.key, bob.key}  # type: ignore[attr-defined]
        board = await table.matches.scoreboard(match_id)
        statuses.append(board.blocks[-1])
        scores = {e.player: e.score for e in finished}  # type: ignore[attr-defined]
        assert str(scores[alice.key]) in board.blocks[0].splitlines()[1]
        if table.events(MatchDecided):
            break
        boards = {alice.key: await next_hole(table, alice, a), bob.key: await next_hole(table, bob, b)}
    assert statuses[:4] == [f"Alice {n} up after {n}." for n in range(1, 5)]
    assert statuses[4] == "Result: Alice won 5 & 4"
    assert table.events(MatchDecided) == [MatchDecided(here.key, match_id, alice.key, "5 & 4")]
    [result] = await table.storage.results(here.key)
    assert result.winner == alice.key and [(f.holes_won, f.holes_lost) for f in result.finishes] == [
        (5, 0),
        (0, 5),
    ]
    # the boards are closed; a press on one is refused, and a new match can start
    with pytest.raises(GolfError):
        await table.matches.clubhouse.door.press(alice, button(a, "n"))
    assert await accepted(table, alice, bob, here)


async def test_the_invitation_and_scoreboard_count_one_hole_as_one(
    table: Table, alice: Player, bob: Player, here: Place
) -> None:
    invitation = await table.matches.challenge(alice, bob, here, holes=1)
    assert invitation.blocks[0].startswith("1 hole, stroke play"), invitation.blocks
    scoreboard = await table.matches.act(bob, button(invitation, ACCEPT))
    assert scoreboard.title.endswith("· 1 hole, stroke play"), scoreboard.title


async def test_a_third_member_cannot_see_or_press_a_board(
    table: Table, alice: Player, bob: Player, here: Place
) -> None:
    match_id = await accepted(table, alice, bob, here)
    scoreboard = await table.matches.scoreboard(match_id)
    with pytest.raises(NotYourRoundError):
        await table.matches.act(CAROL, button(scoreboard, OPEN_BOARD))
    board = await table.matches.act(alice, button(scoreboard, OPEN_BOARD))
    assert board.owner == alice.key and board.board is not None
    with pytest.raises(NotYourRoundError):
        await table.matches.clubhouse.door.press(CAROL, button(board, "s"))
    with pytest.raises(NotYourRoundError):
        await table.matches.clubhouse.door.press(bob, button(board, "s"))
    # nothing of a board is in the place's messages: only finished holes
    assert "stock" not in " ".join(scoreboard.blocks).lower()
    # and no deal number on the board: `golfbot deal N` would tell the stock's order to a racing player
    assert board.board.deal is None and "deal #" not in " ".join((board.title, *board.notes, *board.blocks))


async def test_only_the_challenged_answers_and_a_decline_ends_it(
    table: Table, alice: Player, bob: Player, here: Place
) -> None:
    invitation = await table.matches.challenge(alice, bob, here)
    with pytest.raises(NotYourRoundError):
        await table.matches.act(CAROL, button(invitation, ACCEPT))
    answer = await table.matches.act(bob, button(invitation, DECLINE))
    assert "declined" in answer.title
    with pytest.raises(GolfError):
        await table.matches.act(bob, button(invitation, ACCEPT))


async def test_an_unanswered_challenge_expires(
    table: Table, alice: Player, bob: Player, here: Place, clock: ManualClock
) -> None:
    invitation = await table.matches.challenge(alice, bob, here)
    clock.advance(9 * 60)
    assert await table.timers.fire_due() == 0
    clock.advance(61)
    assert await table.timers.fire_due() == 1
    assert table.events(ClockExpired) == [ClockExpired(here.key, bob.key, invitation.session)]
    notice = await table.matches.clock_notice(ClockExpired(here.key, bob.key, invitation.session))
    assert notice == "⏱ Bob did not answer in time: the challenge has expired."
    with pytest.raises(StaleActionError) as late:
        await table.matches.act(bob, button(invitation, ACCEPT))
    assert late.value.template == "That challenge was called off."
    shown = late.value.screen
    assert shown is not None and shown.buttons == () and shown.blocks[-1] == "Called off."


async def test_a_player_who_does_not_start_in_time_forfeits(
    table: Table, alice: Player, bob: Player, here: Place, clock: ManualClock
) -> None:
    match_id = await accepted(table, alice, bob, here, hole_seconds=60)
    board = await table.matches.board(alice, match_id)
    await table.matches.clubhouse.door.press(alice, button(board, "s"))  # Alice starts; Bob never does
    clock.advance(61)
    await table.timers.fire_due()
    assert table.events(MatchDecided) == [MatchDecided(here.key, match_id, alice.key, "Alice won by forfeit")]
    assert ClockExpired(here.key, bob.key, match_id) in table.events(ClockExpired)
    notice = await table.matches.clock_notice(ClockExpired(here.key, bob.key, match_id))
    assert notice == "⏱ Bob did not start in time and forfeits."
    [result] = await table.storage.results(here.key)
    assert result.winner == alice.key


async def test_out_of_time_loses_the_hole_in_match_play(
    table: Table, alice: Player, bob: Player, here: Place, clock: ManualClock
) -> None:
    match_id = await accepted(table, alice, bob, here, holes=3, format="match", hole_seconds=60)
    for player in (alice, bob):
        board = await table.matches.board(player, match_id)
        await table.matches.clubhouse.door.press(player, button(board, "s"))
    await play_hole(table, bob, await table.matches.board(bob, match_id), good=False)  # Bob concedes
    clock.advance(61)  # Alice is still thinking on hole 1
    await table.timers.fire_due()
    scoreboard = await table.matches.scoreboard(match_id)
    assert "⏱" in scoreboard.blocks[0].splitlines()[1]
    assert scoreboard.blocks[-1] == "Bob 1 up after 1."
    notice = await table.matches.clock_notice(ClockExpired(here.key, alice.key, match_id))
    assert notice == "⏱ Alice ran out of time on hole 1: the hole is lost."


async def test_out_of_time_scores_the_hole_as_it_stands_in_stroke_play(
    table: Table, alice: Player, bob: Player, here: Place, clock: ManualClock
) -> None:
    match_id = await accepted(table, alice, bob, here, holes=1, hole_seconds=60)
    for player in (alice, bob):
        board = await table.matches.board(player, match_id)
        await table.matches.clubhouse.door.press(player, button(board, "s"))
    clock.advance(61)
    await table.timers.fire_due()
    notice = await table.matches.clock_notice(ClockExpired(here.key, alice.key, match_id))
    assert notice == "⏱ Alice ran out of time on hole 1: it is scored as it stands."
    decided = table.events(MatchDecided)
    assert len(decided) == 1 and decided[0].result.startswith(("Alice", "Bob"))  # type: ignore[attr-defined]
    [result] = await table.storage.results(here.key)
    assert {f.player for f in result.finishes} == {alice.key, bob.key}


async def test_a_group_round_of_three(table: Table, alice: Player, bob: Player, here: Place) -> None:
    invitation = await table.matches.open_group(alice, here, holes=2)
    invitation = await table.matches.act(bob, button(invitation, JOIN))
    invitation = await table.matches.act(CAROL, button(invitation, JOIN))
    with pytest.raises(NotYourRoundError):
        await table.matches.act(bob, button(invitation, BEGIN))
    scoreboard = await table.matches.act(alice, button(invitation, BEGIN))
    match_id = scoreboard.session
    for hole in range(2):
        for player, good in ((alice, True), (bob, False), (CAROL, True)):
            board = await table.matches.board(player, match_id)
            if board.kind is ScreenKind.SUMMARY:
                board = await next_hole(table, player, board)
            await play_hole(table, player, board, good=good)
        assert len([e for e in table.events(HoleFinished) if e.hole == hole + 1]) == 3  # type: ignore[attr-defined]
    assert len(table.events(MatchDecided)) == 1
    [result] = await table.storage.results(here.key)
    assert len(result.finishes) == 3
    bob_line = next(f for f in result.finishes if f.player == bob.key)
    assert bob_line.rank == 2 and bob_line.holes_lost == 4  # a concession loses to both on each hole


async def test_a_restart_resumes_the_match_and_its_clock(
    table: Table, alice: Player, bob: Player, here: Place, clock: ManualClock
) -> None:
    match_id = await accepted(table, alice, bob, here, holes=2, format="match", hole_seconds=60)
    board = await table.matches.board(alice, match_id)
    await table.matches.clubhouse.door.press(alice, button(board, "s"))
    await table.matches.keep_scoreboard_message(match_id, "chan:1234")
    await table.reopen()
    assert await table.matches.scoreboard_message(match_id) == "chan:1234"  # the same message is edited
    # after the restart Alice's board goes on where it was, and Bob's clock still runs
    board = await table.matches.board(alice, match_id)
    await play_hole(table, alice, board, good=False)
    clock.advance(61)
    await table.timers.fire_due()
    assert MatchDecided(here.key, match_id, alice.key, "Alice won by forfeit") in table.events(MatchDecided)


async def test_the_table_and_a_players_record(table: Table, alice: Player, bob: Player, here: Place) -> None:
    match_id = await accepted(table, alice, bob, here, holes=1, format="match")
    for player, good in ((alice, True), (bob, False)):
        await play_hole(table, player, await table.matches.board(player, match_id), good=good)
    screen = await table.matches.table(here)
    first, second = screen.blocks[0].splitlines()
    assert first.startswith(" 1. Alice — P1 W1 H0 L0 · 1 pts · holes +1 · rating ")
    assert second.startswith(" 2. Bob — P1 W0 H0 L1 · 0 pts · holes -1 · rating ")
    assert screen.blocks[1] == "Page 1 of 1."
    assert (await table.matches.record(alice, here)).startswith("Matches: 1 played, 1 won, 0 halved, 0 lost")
    assert await table.matches.record(CAROL, here) == "Matches: none yet."


async def test_two_who_never_start_both_forfeit(
    table: Table, alice: Player, bob: Player, here: Place, clock: ManualClock
) -> None:
    match_id = await accepted(table, alice, bob, here, hole_seconds=60)
    clock.advance(61)
    await table.timers.fire_due()
    assert table.events(MatchDecided) == [MatchDecided(here.key, match_id, None, "double forfeit")]
    assert {e.player for e in table.events(ClockExpired)} == {alice.key, bob.key}  # type: ignore[attr-defined]
    [result] = await table.storage.results(here.key)
    assert [f.rank for f in result.finishes] == [1, 1]  # both lost


async def test_a_press_on_a_board_of_a_match_that_is_over_says_so(
    table: Table, alice: Player, bob: Player, here: Place
) -> None:
    match_id = await accepted(table, alice, bob, here, holes=3, format="match")
    boards = {p.key: await table.matches.board(p, match_id) for p in (alice, bob)}
    while True:
        a = await play_hole(table, alice, boards[alice.key], good=True)
        b = await play_hole(table, bob, boards[bob.key], good=False)
        if table.events(MatchDecided):
            break
        boards = {alice.key: await next_hole(table, alice, a), bob.key: await next_hole(table, bob, b)}
    with pytest.raises(GolfError) as refused:
        await next_hole(table, alice, a)
    assert refused.value.message == "The match is over."
    assert refused.value.screen is not None and refused.value.screen.session == match_id


async def test_a_challenge_takes_the_places_clock_unless_it_names_one(
    table: Table, alice: Player, bob: Player, here: Place
) -> None:
    await table.club.change_place_settings(here, hole_seconds=120)
    invitation = await table.matches.challenge(alice, bob, here)
    assert "120 s a hole" in " ".join((invitation.title, *invitation.blocks))
    own = await table.matches.challenge(bob, CAROL, here, hole_seconds=45)
    assert "45 s a hole" in " ".join((own.title, *own.blocks))
    with pytest.raises(BadOptionError):
        await table.club.change_place_settings(here, hole_seconds=5)


async def test_a_match_of_pyramid_golf_has_its_own_table_and_ratings(
    table: Table, alice: Player, bob: Player, here: Place
) -> None:
    match_id = await accepted(table, alice, bob, here, holes=3, format="match", rules="pyramid")
    boards = {p.key: await table.matches.board(p, match_id) for p in (alice, bob)}
    views = [boards[p.key].board for p in (alice, bob)]
    assert views[0] is not None and views[1] is not None
    assert views[0].layout is not None and views[0].layout == views[1].layout  # one pyramid, both boards
    assert views[0].deal is None and views[0].columns == ()
    for _ in range(3):
        a = await play_hole(table, alice, boards[alice.key], good=True)
        b = await play_hole(table, bob, boards[bob.key], good=False)
        if table.events(MatchDecided):
            break
        boards = {alice.key: await next_hole(table, alice, a), bob.key: await next_hole(table, bob, b)}
    [result] = await table.storage.results(here.key)
    assert result.game == "pyramid-golf" and result.winner == alice.key
    pyramid = await table.matches.table(here, game="escalator")
    assert pyramid.title.startswith("🏆 Table · Pyramid Golf")
    assert "Alice — P1 W1" in pyramid.blocks[0] and "Bob — P1 W0 H0 L1" in pyramid.blocks[0]
    golf = await table.matches.table(here)
    assert golf.blocks[0] == "No Golf match finished here yet."
    with pytest.raises(BadOptionError):
        await table.matches.table(here, game="snap")
