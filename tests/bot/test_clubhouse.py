"""The Clubhouse on the real SqliteStorage: starting, playing, conceding, resuming and abandoning solo
rounds; versioned actions (stale, repeated, racing, foreign, malformed); two players at once; stats."""

from __future__ import annotations

import asyncio
import random

import pytest

from adapters.sqlite import SqliteStorage
from bot import texts
from bot.actions import ActionId
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse, position
from bot.errors import (
    BadActionError,
    BadOptionError,
    GolfError,
    IllegalMoveError,
    NoRoundError,
    NotYourRoundError,
    RoundInProgressError,
    StaleActionError,
)
from bot.models import Place, PlaceSettings, Player, RoundState, RoundStatus
from bot.screens import Screen, ScreenKind
from engine.golf.deal import deal
from engine.golf.moves import parse_move
from engine.golf.rules import find_rules


def greedy_line(number: int, rules: str = "strict") -> tuple[list[str], int]:
    """The engine's own account of the greedy player (first playable column, else turn): moves and score."""
    hole = deal(number, find_rules(rules))
    moves = []
    while not hole.is_over:
        move = hole.legal_moves()[0]
        hole = hole.play(move)
        moves.append(str(move))
    return moves, hole.score


def action_of(button_id: str) -> str:
    return button_id.rsplit(":", 1)[1]


# ---- starting a round ----------------------------------------------------------------------------


async def test_start_round_shows_the_first_deal_and_stores_the_round(club, storage, alice, here):
    screen = await club.start_round(alice, here, holes=3, deal_code="#24")

    opening = deal(24)
    assert screen.kind is ScreenKind.BOARD
    assert screen.title == "⛳ Hole 1 of 3"
    assert screen.version == 1 and screen.owner == alice.key
    assert screen.board is not None
    assert screen.board.columns == opening.tableau
    assert screen.board.foundation == opening.top
    assert screen.board.stock_left == 16
    assert (screen.board.hole, screen.board.holes, screen.board.par) == (1, 3, 15)
    for button in screen.all_buttons:
        action = ActionId(screen.session, screen.version, action_of(button.id))
        assert button.id == str(action)
    playable = {action_of(b.id) for b in screen.all_buttons if b.enabled and action_of(b.id).isdigit()}
    assert playable == {str(c + 1) for c in opening.playable_columns()}

    state = await storage.active_round(alice.key, here.key)
    assert state is not None
    assert state.id == screen.session and state.version == 1
    assert state.deals == (24, 25, 26)
    assert state.rules == "strict" and state.status is RoundStatus.PLAYING and state.moves == ()


async def test_start_round_takes_rules_and_the_place_default(club, storage, alice, bob, here, there):
    screen = await club.start_round(alice, here, rules="putt-putt", holes=1, deal_code="7")
    assert screen.board is not None and screen.board.rules == "wrap"
    assert screen.board.columns == deal(7, find_rules("wrap")).tableau

    await storage.save_place_settings(there, PlaceSettings(par_for_nine=36, default_rules="queens-on-kings"))
    screen = await club.start_round(bob, there, deal_code="7")
    assert screen.board is not None
    assert (screen.board.rules, screen.board.holes, screen.board.par) == ("queens-on-kings", 9, 36)


async def test_a_random_round_deals_consecutive_numbers(club, storage, alice, here):
    screen = await club.start_round(alice, here, holes=4)
    state = await storage.load_round(screen.session)
    assert state is not None
    first = state.deals[0]
    assert state.deals == (first, first + 1, first + 2, first + 3)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"rules": "snooker"}, "Unknown rules"),
        ({"holes": 0}, "1 to 18 holes"),
        ({"holes": 19}, "1 to 18 holes"),
        ({"deal_code": "abc"}, "not a deal number"),
        ({"deal_code": "0"}, "does not exist"),
        ({"deal_code": str(10**20 - 1), "holes": 2}, "runs past the last deal"),
    ],
)
async def test_bad_options_are_refused_and_start_nothing(club, storage, alice, here, options, words):
    with pytest.raises(BadOptionError, match=words):
        await club.start_round(alice, here, **options)
    assert await storage.active_round(alice.key, here.key) is None


async def test_one_active_round_per_player_per_place(club, click, alice, bob, here, there):
    first = await club.start_round(alice, here, holes=2, deal_code="24")
    shown = await click(club, alice, first, "s")

    with pytest.raises(RoundInProgressError) as caught:
        await club.start_round(alice, here, holes=1, deal_code="99")
    assert caught.value.screen == shown  # the current board, at its current version

    elsewhere = await club.start_round(alice, there, holes=1, deal_code="99")
    assert elsewhere.session != first.session
    other_player = await club.start_round(bob, here, holes=1, deal_code="99")
    assert other_player.session not in (first.session, elsewhere.session)


async def test_two_starts_at_once_give_one_round(club, storage, alice, here):
    results = await asyncio.gather(
        club.start_round(alice, here, holes=1, deal_code="5"),
        club.start_round(alice, here, holes=1, deal_code="6"),
        return_exceptions=True,
    )
    started = [r for r in results if isinstance(r, Screen)]
    refused = [r for r in results if isinstance(r, RoundInProgressError)]
    assert len(started) == 1 and len(refused) == 1
    assert refused[0].screen == started[0]
    state = await storage.active_round(alice.key, here.key)
    assert state is not None and state.id == started[0].session


# ---- playing -------------------------------------------------------------------------------------


async def test_playing_a_column_moves_the_card_and_bumps_the_version(club, storage, click, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    opening = deal(24)
    column = opening.playable_columns()[0]

    after = await click(club, alice, screen, str(column + 1))

    expected = opening.play(parse_move(str(column + 1)))
    assert after.version == 2
    assert after.board is not None
    assert after.board.columns == expected.tableau
    assert after.board.foundation == opening.available(column)
    assert all(action_of(b.id) and b.id.split(":")[2] == "2" for b in after.all_buttons)
    state = await storage.load_round(screen.session)
    assert state is not None and state.moves == (str(column + 1),) and state.version == 2


async def test_turning_the_stock(club, click, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    opening = deal(24)
    after = await click(club, alice, screen, "s")
    assert after.board is not None
    assert after.board.foundation == opening.stock[0]
    assert after.board.stock_left == len(opening.stock) - 1
    stock_button = next(b for b in after.all_buttons if action_of(b.id) == "s")
    assert stock_button.label == f"Turn stock ({len(opening.stock) - 1})"


async def test_an_illegal_move_is_refused_and_changes_nothing(club, storage, ids, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    blocked = next(c for c in range(7) if not deal(24).can_play(c))

    with pytest.raises(IllegalMoveError, match="cannot go on") as caught:
        await club.press(alice, ids(screen, str(blocked + 1)))
    assert caught.value.screen == screen
    with pytest.raises(IllegalMoveError, match="no column 8"):
        await club.press(alice, str(ActionId(screen.session, 1, "8")))

    state = await storage.load_round(screen.session)
    assert state is not None and state.version == 1 and state.moves == ()
    assert await club.resume(alice, here) == screen


async def test_a_hole_played_out_shows_its_score_and_the_best_possible(
    club, storage, solver, play_hole, click, alice, here
):
    solver.best = 3
    screen = await club.start_round(alice, here, holes=2, deal_code="24")
    moves, score = greedy_line(24)

    summary, pressed = await play_hole(club, alice, screen)

    assert pressed == moves
    assert summary.kind is ScreenKind.SUMMARY
    assert summary.title == "⛳ Hole 1 of 2 — finished"
    assert summary.notes[0] == f"Hole 1 over with {score} cards left: score {score}. Best possible: 3."
    card = summary.blocks[0].splitlines()
    assert card[1].split() == ["Par", "5", "5", "10"]
    assert card[2].split() == ["Score", str(score), str(score)]
    assert card[3].split() == ["Best", "3", "3"]
    assert [action_of(b.id) for b in summary.all_buttons if b.enabled] == ["n"]
    state = await storage.load_round(screen.session)
    assert state is not None
    assert state.status is RoundStatus.HOLE_OVER and state.scores == (score,) and state.best == (3,)
    assert state.moves == tuple(moves)

    second = await click(club, alice, summary, "n")
    assert second.kind is ScreenKind.BOARD and second.title == "⛳ Hole 2 of 2"
    assert second.board is not None and second.board.columns == deal(25).tableau
    assert second.blocks == (f"Round total {score} ({score - 5:+d}) · par 10",)


async def test_the_best_score_is_asked_for_when_the_hole_starts_and_may_be_unknown(
    club, solver, play_hole, alice, here
):
    solver.best = None
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    summary, _ = await play_hole(club, alice, screen)
    assert summary.notes[0].endswith("not known yet, but no line can beat -10.")  # the solver's bound
    assert solver.asked == [deal(24), deal(24)]  # not known early: asked once more at the end, not per move


async def test_a_known_best_score_is_asked_for_once(club, solver, play_hole, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    await play_hole(club, alice, screen)
    assert solver.asked == [deal(24)]


async def test_clearing_a_hole_scores_minus_the_stock_left(club, solver, play_hole, alice, here):
    _, score = greedy_line(4, "wrap")
    assert score < 0  # greedy clears wrap deal 4
    solver.best = score
    screen = await club.start_round(alice, here, rules="wrap", holes=1, deal_code="4")
    summary, _ = await play_hole(club, alice, screen)
    assert summary.notes[0] == (
        f"Hole 1 cleared with {-score} left in the stock: score {score}. "
        "That is the best possible score for this deal!"
    )


async def test_concede_a_hole_then_finish_the_round(club, storage, click, alice, here):
    screen = await club.start_round(alice, here, holes=2, deal_code="24")
    after_turn = await click(club, alice, screen, "s")
    over = await click(club, alice, after_turn, "q")
    assert over.kind is ScreenKind.SUMMARY
    assert over.notes[0].startswith("Hole 1 over with 35 cards left: score 35.")
    assert over.board is not None and not any(over.board.playable)

    # the command form concedes too; on a finished hole it refuses, showing the finished board
    with pytest.raises(StaleActionError, match="hole is over") as caught:
        await club.concede(alice, here)
    assert caught.value.screen == over
    second = await click(club, alice, over, "n")
    assert second.kind is ScreenKind.BOARD and second.title == "⛳ Hole 2 of 2"
    done = await club.concede(alice, here)
    assert done.kind is ScreenKind.SUMMARY
    assert done.title == "🏁 Round over: 70 (+60) · par 10"
    assert not any(b.enabled for b in done.all_buttons)

    state = await storage.load_round(screen.session)
    assert state is not None and state.status is RoundStatus.FINISHED and state.scores == (35, 35)
    assert await storage.active_round(alice.key, here.key) is None
    with pytest.raises(NoRoundError):
        await club.concede(alice, here)
    with pytest.raises(StaleActionError, match="round is over"):
        await club.press(alice, str(ActionId(done.session, done.version, "n")))


async def test_next_hole_only_after_the_hole_and_plays_only_during_it(club, click, alice, here):
    screen = await club.start_round(alice, here, holes=2, deal_code="24")
    with pytest.raises(StaleActionError, match="still in play") as caught:
        await club.press(alice, str(ActionId(screen.session, 1, "n")))
    assert caught.value.screen == screen

    over = await click(club, alice, screen, "q")
    for action in ("1", "s", "h", "q"):
        with pytest.raises(StaleActionError, match="Next hole"):
            await club.press(alice, str(ActionId(over.session, over.version, action)))
    assert await club.resume(alice, here) == over


# ---- versions: stale, repeated, racing -----------------------------------------------------------


async def test_a_stale_action_is_refused_with_the_current_board(club, storage, ids, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    now = await club.press(alice, ids(screen, "s"))

    with pytest.raises(StaleActionError, match="out of date") as caught:
        await club.press(alice, ids(screen, "s"))  # the same press again, from the old board
    assert caught.value.screen == now
    with pytest.raises(StaleActionError):
        await club.press(alice, str(ActionId(screen.session, 7, "s")))  # a version from the future

    state = await storage.load_round(screen.session)
    assert state is not None and state.version == 2 and state.moves == ("s",)


async def test_the_same_button_pressed_twice_at_once_is_applied_once(club, storage, ids, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    column = str(deal(24).playable_columns()[0] + 1)

    results = await asyncio.gather(
        club.press(alice, ids(screen, column)), club.press(alice, ids(screen, column)), return_exceptions=True
    )

    applied = [r for r in results if isinstance(r, Screen)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], StaleActionError)
    assert refused[0].screen == applied[0]
    state = await storage.load_round(screen.session)
    assert state is not None and state.version == 2 and state.moves == (column,)


async def test_two_buttons_of_one_board_racing_apply_only_the_first(club, storage, ids, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    column = str(deal(24).playable_columns()[0] + 1)
    presses = [club.press(alice, ids(screen, a)) for a in ("s", column, "q", "h")]

    results = await asyncio.gather(*presses, return_exceptions=True)

    assert isinstance(results[0], Screen)
    assert all(isinstance(r, StaleActionError) for r in results[1:])
    state = await storage.load_round(screen.session)
    assert state is not None and state.version == 2 and state.moves == ("s",)


async def test_racing_presses_after_a_restart_are_applied_once(
    db_path, storage, solver, clock, click, ids, alice, here
):
    """A fresh Clubhouse (a restarted process) has nothing cached: both presses load the round."""
    first = Clubhouse(storage, solver, clock)
    screen = await click(first, alice, await first.start_round(alice, here, holes=1, deal_code="24"), "s")
    await first.close()

    again = Clubhouse(storage, solver, clock)
    results = await asyncio.gather(
        again.press(alice, ids(screen, "s")), again.press(alice, ids(screen, "s")), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["RepeatedActionError", "Screen"]
    state = await storage.load_round(screen.session)
    assert state is not None and state.version == 3 and state.moves == ("s", "s")
    await again.close()


async def test_a_second_process_on_the_same_database_cannot_apply_a_stale_action(
    db_path, storage, solver, clock, ids, alice, here
):
    """Two Clubhouses on two connections to one file (two processes): the stored version decides."""
    one = Clubhouse(storage, solver, clock)
    screen = await one.start_round(alice, here, holes=1, deal_code="24")
    other_storage = await SqliteStorage.open(db_path)
    two = Clubhouse(other_storage, solver, clock)
    try:
        assert (await two.press(alice, ids(screen, "s"))).version == 2
        with pytest.raises(StaleActionError):
            await one.press(alice, ids(screen, "s"))  # `one` still has version 1 cached
        retry = await one.resume(alice, here)
        assert retry.version == 2 and retry == await two.resume(alice, here)
        assert (await one.press(alice, ids(retry, "s"))).version == 3
    finally:
        await one.close()
        await two.close()
        await other_storage.close()


# ---- foreign, malformed and unknown ids ----------------------------------------------------------


@pytest.mark.parametrize(
    "action_id",
    [
        "",
        "hello",
        "g1:abc:1:1",  # session too short
        "g2:abcdefgh:1:1",  # another format version
        "g1:abcdefgh:x:1",
        "g1:abcdefgh:1:0",
        "g1:abcdefgh:1:z",
        "g1:ABCDEFGH:1:1",
        "g1:abcdefgh:1234567890:1",
        "g1:abcdefgh:1:1:1",
        "g1:abcdefgh:1:1" + " " * 60,
    ],
)
async def test_malformed_ids_are_refused_and_change_nothing(club, storage, alice, here, action_id):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    with pytest.raises(BadActionError):
        await club.press(alice, action_id)
    assert await club.resume(alice, here) == screen
    state = await storage.load_round(screen.session)
    assert state is not None and state.version == 1


async def test_an_unknown_round_is_refused(club, alice, here):
    with pytest.raises(BadActionError, match="no longer exists"):
        await club.press(alice, "g1:zzzzzzzz:1:s")


async def test_another_players_button_is_refused_and_changes_nothing(club, storage, ids, alice, bob, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    with pytest.raises(NotYourRoundError, match="another player"):
        await club.press(bob, ids(screen, "s"))
    state = await storage.load_round(screen.session)
    assert state is not None and state.version == 1 and state.moves == ()
    assert (await club.press(alice, ids(screen, "s"))).version == 2


# ---- hints ---------------------------------------------------------------------------------------


async def test_hints_in_a_casual_round(club, storage, solver, ids, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    hinted = await club.press(alice, ids(screen, "h"))

    opening = deal(24)
    column = opening.playable_columns()[0]
    assert hinted.notes == (f"💡 Hint: play {opening.available(column).pretty()} from column {column + 1}.",)
    assert hinted.version == 2 and hinted.board == screen.board
    assert solver.hints == [opening]
    state = await storage.load_round(screen.session)
    assert state is not None and state.hints == 1 and state.moves == ()


async def test_no_hints_in_a_ranked_round(club, storage, solver, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24", casual=False)
    assert "h" not in [action_of(b.id) for b in screen.all_buttons]
    with pytest.raises(GolfError, match="Hints are off"):
        await club.press(alice, str(ActionId(screen.session, 1, "h")))
    assert solver.hints == []
    state = await storage.load_round(screen.session)
    assert state is not None and state.hints == 0 and state.version == 1


# ---- resume, abandon, restart --------------------------------------------------------------------


async def test_resume_shows_the_round_as_last_shown_even_after_a_restart(
    db_path, club, storage, solver, clock, click, alice, here
):
    with pytest.raises(NoRoundError):
        await club.resume(alice, here)
    screen = await club.start_round(alice, here, holes=3, deal_code="24")
    for action in ("s", "s", "q", "n", "s"):
        screen = await click(club, alice, screen, action)
    assert await club.resume(alice, here) == screen

    reopened = await SqliteStorage.open(db_path)
    restarted = Clubhouse(reopened, solver, clock)
    try:
        assert await restarted.resume(alice, here) == screen
        nxt = await click(restarted, alice, screen, "s")
        assert nxt.version == screen.version + 1
    finally:
        await restarted.close()
        await reopened.close()


async def test_abandon_ends_the_round_for_nothing(club, storage, ids, alice, here):
    with pytest.raises(NoRoundError):
        await club.abandon(alice, here)
    screen = await club.start_round(alice, here, holes=2, deal_code="24")
    gone = await club.abandon(alice, here)
    assert gone.kind is ScreenKind.NOTICE and "abandoned" in gone.blocks[0]

    state = await storage.load_round(screen.session)
    assert state is not None and state.status is RoundStatus.ABANDONED and state.version == 2
    assert await storage.active_round(alice.key, here.key) is None
    with pytest.raises(NoRoundError):
        await club.resume(alice, here)
    with pytest.raises(StaleActionError):
        await club.press(alice, ids(screen, "s"))
    assert (await storage.stats(alice.key)).rounds_played == 0
    fresh = await club.start_round(alice, here, holes=1, deal_code="24")
    assert fresh.session != screen.session


async def test_a_move_is_on_disk_before_its_screen_is_returned(db_path, club, click, greedy, alice, here):
    screen = await club.start_round(alice, here, holes=1, deal_code="24")
    reader = await SqliteStorage.open(db_path)
    try:
        for action in ("s", "greedy", "greedy", "h", "q"):
            screen = await click(club, alice, screen, greedy(screen) if action == "greedy" else action)
            state = await reader.load_round(screen.session)
            assert state is not None and state.version == screen.version
            assert position(state).tableau == screen.board.columns
        assert (await reader.stats(alice.key)).holes_played == 1
    finally:
        await reader.close()


# ---- several players -----------------------------------------------------------------------------


@pytest.mark.parametrize("cache_size", [10_000, 1])
async def test_two_players_play_at_once_each_round_correct(
    storage, solver, clock, alice, bob, here, greedy, ids, cache_size
):
    """Alice and Bob press in lockstep (their presses interleave on the event loop); with a cache of one
    round every press also reloads the round from storage."""
    club = Clubhouse(storage, solver, clock, cache_size=cache_size)
    screens = {
        alice: await club.start_round(alice, here, holes=2, deal_code="24"),
        bob: await club.start_round(bob, here, holes=2, deal_code="100"),
    }
    pressed: dict[Player, list[str]] = {alice: [], bob: []}

    async def step(player: Player) -> None:
        action = greedy(screens[player])
        if action is None:
            return
        screens[player] = await club.press(player, ids(screens[player], action))
        pressed[player].append(action)

    for _ in range(120):
        await asyncio.gather(step(alice), step(bob))

    for player, first_deal in ((alice, 24), (bob, 100)):
        state = await storage.load_round(screens[player].session)
        assert state is not None and state.status is RoundStatus.FINISHED
        assert state.version == 1 + len(pressed[player])
        expected = [greedy_line(first_deal)[1], greedy_line(first_deal + 1)[1]]
        assert list(state.scores) == expected
        assert screens[player].owner == player.key
    await club.close()


async def test_many_players_at_once(storage, solver, clock, greedy, ids):
    club = Clubhouse(storage, solver, clock)
    place = Place("test", "busy")
    players = [Player("test", f"p{i}") for i in range(20)]

    async def play(player: Player, number: int) -> tuple[str, int]:
        screen = await club.start_round(player, place, holes=1, deal_code=str(number))
        presses = 0
        while (action := greedy(screen)) is not None:
            screen = await club.press(player, ids(screen, action))
            presses += 1
        return screen.session, presses

    results = await asyncio.gather(*(play(p, 1000 + i) for i, p in enumerate(players)))

    for i, (session, presses) in enumerate(results):
        state = await storage.load_round(session)
        moves, score = greedy_line(1000 + i)
        assert state is not None and state.scores == (score,) and state.moves == tuple(moves)
        assert state.version == 1 + presses == 1 + len(moves)
    await club.close()


# ---- stats ---------------------------------------------------------------------------------------


async def test_stats_count_finished_rounds_and_holes(club, storage, play_hole, click, alice, here, there):
    empty = await storage.stats(alice.key)
    assert (empty.rounds_played, empty.holes_played, empty.best_round) == (0, 0, None)

    # a nine-hole round, every hole conceded at once: 35 a hole
    screen = await club.start_round(alice, here, holes=9, deal_code="1")
    for _ in range(9):
        screen = await click(club, alice, screen, "q")
        if any(action_of(b.id) == "n" for b in screen.all_buttons):
            screen = await click(club, alice, screen, "n")
    # a one-hole round cleared by the greedy player (wrap deal 4), somewhere else
    _, cleared = greedy_line(4, "wrap")
    start = await club.start_round(alice, there, rules="wrap", holes=1, deal_code="4")
    summary, _ = await play_hole(club, alice, start)
    assert summary.title.startswith("🏁")
    # a round still in play, and an abandoned one, count for nothing
    await click(club, alice, await club.start_round(alice, here, holes=2, deal_code="9"), "q")
    await club.start_round(alice, Place("test", "table-3"), holes=1, deal_code="9")
    await club.abandon(alice, Place("test", "table-3"))

    stats = await storage.stats(alice.key)
    assert stats.rounds_played == 2
    assert stats.best_round == 9 * 35
    assert stats.holes_played == 11  # the hole conceded in the round still in play counts as played
    scores = [35] * 9 + [cleared, 35]
    assert stats.average_hole == pytest.approx(sum(scores) / 11)
    assert stats.cleared_share == pytest.approx(1 / 11)
    assert stats.best_hole == cleared

    at_here = await storage.stats(alice.key, here.key)
    assert (at_here.rounds_played, at_here.holes_played, at_here.cleared_share) == (1, 10, 0)
    at_there = await storage.stats(alice.key, there.key)
    assert (at_there.rounds_played, at_there.best_round, at_there.holes_played) == (1, None, 1)
    assert at_there.cleared_share == 1


async def test_different_clubhouse_instances_draw_different_random_deals(storage, solver, alice, here, there):
    one = Clubhouse(storage, solver, ManualClock(), rng=random.Random(1))
    two = Clubhouse(storage, solver, ManualClock(), rng=random.Random(2))
    a = await one.start_round(alice, here, holes=1)
    b = await two.start_round(alice, there, holes=1)
    assert a.board is not None and b.board is not None and a.board.deal != b.board.deal


def test_position_replays_the_moves():
    state = RoundState(
        id="abcdefgh",
        place="test:x",
        players=("test:1",),
        rules="strict",
        holes=1,
        par_for_nine=45,
        casual=True,
        deals=(24,),
        moves=("s", "s"),
    )
    assert position(state) == deal(24).play(parse_move("s")).play(parse_move("s"))


# ---- the real solver pool ------------------------------------------------------------------------


async def test_the_real_solver_pool_gives_the_best_score_and_hints(storage, clock, click, ids, alice, here):
    """Integration: adapters.solver.PooledSolver (worker processes) behind the Clubhouse; its answers are the
    engine solver's own."""
    from adapters.solver.pool import PooledSolver
    from engine.golf import solver as engine_solver

    pool = PooledSolver(workers=1, timeout=60, hint_timeout=60)  # a busy machine starts workers slowly
    club = Clubhouse(storage, pool, clock, best_wait=60)  # the holes end with their best scores
    try:
        screen = await club.start_round(alice, here, holes=2, deal_code="24")
        hinted = await club.press(alice, ids(screen, "h"))
        move = engine_solver.hint(deal(24))
        assert move is not None
        assert hinted.notes[0].startswith("💡 Hint: ")
        assert (f"column {move.column + 1}" if move.column >= 0 else "turn the stock") in hinted.notes[0]

        over = await click(club, alice, hinted, "q")
        best = engine_solver.best_score(deal(24))
        assert over.notes[0] == f"Hole 1 over with 35 cards left: score 35. Best possible: {best}."
        state = await storage.load_round(screen.session)
        assert state is not None and state.best == (best,)

        second = await click(club, alice, over, "n")
        done = await click(club, alice, second, "q")
        assert (
            done.blocks[-1]
            == f"Best possible round on these deals: {best + engine_solver.best_score(deal(25))}."
        )
    finally:
        await club.close()
        pool.close()


async def test_a_repeat_of_a_press_applied_a_moment_ago_is_told_from_a_press_on_an_old_board(
    club, clock, ids, alice, here
):
    from bot.clubhouse import REPEAT_WINDOW
    from bot.errors import RepeatedActionError, StaleActionError

    board = await club.start_round(alice, here, holes=1, deal_code="24")
    after = await club.press(alice, ids(board, "s"))
    with pytest.raises(RepeatedActionError) as repeated:  # the same key, same board, same player
        await club.press(alice, ids(board, "s"))
    assert repeated.value.screen is not None and repeated.value.screen.version == after.version
    with pytest.raises(StaleActionError) as stale:  # another key of that old board: not a repeat
        await club.press(alice, ids(board, "1"))
    assert not isinstance(stale.value, RepeatedActionError)
    clock.advance(REPEAT_WINDOW.total_seconds() + 1)
    with pytest.raises(StaleActionError) as late:  # long after: a press on an old board
        await club.press(alice, ids(board, "s"))
    assert not isinstance(late.value, RepeatedActionError)


async def test_with_the_real_solver_pool_a_late_best_score_joins_the_finished_round(
    storage, clock, click, alice, here
):
    """Integration: a hole that ends before its best score is in (no wait at all) gets it on the stored
    scorecard once the worker process has it."""
    from adapters.solver.pool import PooledSolver
    from engine.golf import solver as engine_solver

    pool = PooledSolver(workers=1, timeout=60, hint_timeout=60)  # a busy machine starts workers slowly
    club = Clubhouse(storage, pool, clock, best_wait=0)
    try:
        screen = await club.start_round(alice, here, holes=1, deal_code="24")
        over = await click(club, alice, screen, "q")
        best = engine_solver.best_score(deal(24))
        if texts.BEST_LATER in over.notes:  # the usual case: a worker process takes longer than no time
            for _ in range(600):
                state = await storage.load_round(screen.session)
                if state is not None and state.best != (None,):
                    break
                await asyncio.sleep(0.1)
        state = await storage.load_round(screen.session)
        assert state is not None and state.best == (best,) and state.status is RoundStatus.FINISHED
    finally:
        await club.close()
        pool.close()
