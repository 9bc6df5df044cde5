"""Tournaments through the core on the real SQLite store: a five-player knock-out with byes, a round robin
of four, Swiss, sign-up and check-in on their timers, and a restart in the middle that resumes every match
and every deadline."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.memory import MemoryNotifier
from adapters.sqlite import SqliteStorage
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.competition_actions import BEGIN, CHECK_IN, JOIN, CompetitionAction
from bot.errors import BadOptionError, GolfError, NotYourRoundError, StaleActionError
from bot.events import MatchDecided, MatchStarted, StandingsPosted
from bot.models import Place, Player
from bot.models.competition import CompetitionStatus
from bot.modes.competition.match import Matches
from bot.modes.competition.tournament import Tournaments
from bot.screens import Screen, ScreenKind
from bot.timers import Timers

HERE = Place("test", "club", "Club")


def players(n: int) -> list[Player]:
    return [Player("test", str(i), f"P{i}") for i in range(1, n + 1)]


class Club:
    def __init__(self, path: Path, clock: ManualClock, solver: object) -> None:
        self.path, self.clock, self.solver = path, clock, solver
        self.notifier = MemoryNotifier()

    async def open(self) -> Club:
        self.storage = await SqliteStorage.open(self.path)
        self.club = Clubhouse(self.storage, self.solver, self.clock, rng=random.Random(3))  # type: ignore[arg-type]
        self.timers = Timers(self.storage, self.clock, notifier=self.notifier)
        self.matches = Matches(
            self.storage,
            self.club,
            self.solver,  # type: ignore[arg-type]
            self.clock,
            self.timers,
            notifier=self.notifier,
            rng=random.Random(5),
        )
        self.tournaments = Tournaments(
            self.storage, self.matches, self.clock, self.timers, notifier=self.notifier
        )
        return self

    async def close(self) -> None:
        await self.club.close()
        await self.storage.close()

    async def restart(self) -> None:
        await self.close()
        await self.open()
        await self.matches.resume()
        await self.tournaments.resume()

    def events(self, kind: type) -> list[object]:
        return [e for e in self.notifier.events() if isinstance(e, kind)]


@pytest.fixture
async def club(db_path: Path, clock: ManualClock, solver: object) -> AsyncIterator[Club]:
    opened = await Club(db_path, clock, solver).open()
    yield opened
    await opened.close()


def button(screen: Screen, action: str) -> str:
    for b in screen.all_buttons:
        if b.id.rsplit(":", 1)[1] == action:
            return b.id
    raise AssertionError(f"no {action!r} button on {screen.title!r}")


async def finish(club: Club, match_id: str, field: list[Player], winner_first: bool = True) -> None:
    """Both players of a match play every hole; the lower-numbered player plays well, the other concedes."""
    started = next(e for e in club.events(MatchStarted) if e.session == match_id)  # type: ignore[attr-defined]
    by_key = {p.key: p for p in field}
    a, b = sorted((by_key[k] for k in started.players), key=lambda p: int(p.user_id))  # type: ignore[attr-defined]
    match = await club.storage.load_competition(match_id)
    if match is None or match.status is not CompetitionStatus.PLAYING:
        return
    for player, good in ((a, winner_first), (b, not winner_first)):
        for _ in range(9):
            screen = await club.matches.board(player, match_id)
            if screen.kind is ScreenKind.SUMMARY:
                if not any(x.id.endswith(":n") for x in screen.all_buttons):
                    break
                screen = (await club.matches.clubhouse.door.press(player, button(screen, "n"))).screen
            while screen.kind is ScreenKind.BOARD:
                enabled = [x.id.rsplit(":", 1)[1] for x in screen.all_buttons if x.enabled]
                cols = [x for x in enabled if x.isdigit()]
                action = (cols[0] if cols else "s" if "s" in enabled else "q") if good else "q"
                screen = (await club.matches.clubhouse.door.press(player, button(screen, action))).screen
            match = await club.storage.load_competition(match_id)
            assert match is not None
            if match.status is not CompetitionStatus.PLAYING:
                return


async def open_with(club: Club, field: list[Player], **options: object) -> str:
    screen = await club.tournaments.open(field[0], HERE, signup_seconds=600, **options)  # type: ignore[arg-type]
    for player in field:
        screen = await club.tournaments.act(player, button(screen, JOIN))
    return screen.session


async def play_out(club: Club, field: list[Player]) -> None:
    done: set[str] = set()
    while True:
        pending = [e.session for e in club.events(MatchStarted) if e.session not in done]  # type: ignore[attr-defined]
        if not pending:
            return
        for match_id in pending:
            await finish(club, match_id, field)
            done.add(match_id)


async def test_a_five_player_knockout_with_byes(club: Club, clock: ManualClock) -> None:
    field = players(5)
    tournament_id = await open_with(club, field, holes=1)
    clock.advance(601)
    assert await club.timers.fire_due() == 1  # sign-up closes: seeded (no ratings yet: by sign-up) and paired
    first_round = club.events(MatchStarted)
    assert [e.players for e in first_round] == [("test:4", "test:5")]  # type: ignore[attr-defined]
    await play_out(club, field)
    standings = club.events(StandingsPosted)
    assert [(e.round, e.final) for e in standings] == [(1, False), (2, False), (3, True)]  # type: ignore[attr-defined]
    screen = await club.tournaments.standings(tournament_id)
    assert screen.title == "🏆 P1 wins the tournament"
    assert len(club.events(MatchDecided)) == 4  # five players, one champion
    # the server table counts every match
    results = await club.storage.results(HERE.key)
    assert len(results) == 4


async def test_a_round_robin_of_four(club: Club, clock: ManualClock) -> None:
    field = players(4)
    tournament_id = await open_with(club, field, style="round-robin", holes=1, format="match")
    screen = await club.tournaments.act(
        field[0], button(await club.tournaments.standings(tournament_id), BEGIN)
    )
    assert screen.buttons == ()
    assert screen.blocks[-1] == "Sign-up is closed: each round's matches and standings are posted here."
    await play_out(club, field)
    assert len(club.events(MatchDecided)) == 6
    pairs = {frozenset(e.players) for e in club.events(MatchStarted)}  # type: ignore[attr-defined]
    assert len(pairs) == 6
    screen = await club.tournaments.standings(tournament_id)
    assert screen.title == "🏆 P1 wins the tournament"
    assert screen.blocks[0].splitlines()[0].startswith(" 1. P1 — 3 pts (3-0-0")
    assert screen.blocks[0].splitlines()[3].startswith(" 4. P4 — 0 pts (0-0-3")


async def test_swiss_pairs_three_rounds_for_six(club: Club, clock: ManualClock) -> None:
    field = players(6)
    tournament_id = await open_with(club, field, style="swiss", holes=1)
    clock.advance(601)
    await club.timers.fire_due()
    await play_out(club, field)
    assert len(club.events(MatchDecided)) == 9
    pairs = [frozenset(e.players) for e in club.events(MatchStarted)]  # type: ignore[attr-defined]
    assert len(set(pairs)) == 9  # no rematch
    assert (await club.tournaments.standings(tournament_id)).title == "🏆 P1 wins the tournament"


async def test_check_in_decides_who_plays(club: Club, clock: ManualClock) -> None:
    field = players(4)
    tournament_id = await open_with(club, field, holes=1, checkin_seconds=300)
    clock.advance(601)
    await club.timers.fire_due()
    assert club.events(StandingsPosted)[0].round == 0  # type: ignore[attr-defined]
    screen = await club.tournaments.standings(tournament_id)
    for player in field[:3]:
        screen = await club.tournaments.act(player, button(screen, CHECK_IN))
    with pytest.raises(NotYourRoundError):
        await club.tournaments.act(Player("test", "99", "Late"), button(screen, CHECK_IN))
    clock.advance(301)
    await club.timers.fire_due()
    started = club.events(MatchStarted)
    assert [e.players for e in started] == [("test:2", "test:3")]  # type: ignore[attr-defined]
    with pytest.raises(GolfError):
        await club.tournaments.act(
            Player("test", "98", "Later"), str(CompetitionAction(tournament_id, 1, JOIN))
        )


async def test_a_restart_mid_tournament_resumes_every_match_and_deadline(
    club: Club, clock: ManualClock
) -> None:
    field = players(4)
    tournament_id = await open_with(club, field, holes=2, hole_seconds=60)
    clock.advance(601)
    await club.timers.fire_due()
    first, second = (e.session for e in club.events(MatchStarted))  # type: ignore[attr-defined]
    await finish(club, first, field)  # one semi-final played out before the restart
    # in the other, P2 has begun and P3 has not
    p2 = field[1]
    board = await club.matches.board(p2, second)
    await club.matches.clubhouse.door.press(p2, button(board, "s"))
    await club.restart()
    clock.advance(61)  # P3's start clock was stored: it fires after the restart
    await club.timers.fire_due()
    assert MatchDecided(HERE.key, second, p2.key, "P2 won by forfeit") in club.events(MatchDecided)
    final = [e for e in club.events(MatchStarted) if e.session not in (first, second)]  # type: ignore[attr-defined]
    assert [set(e.players) for e in final] == [{"test:1", "test:2"}]  # type: ignore[attr-defined]
    await play_out(club, field)
    assert (await club.tournaments.standings(tournament_id)).title == "🏆 P1 wins the tournament"


async def test_a_challenge_in_play_does_not_block_a_tournament_match(club: Club, clock: ManualClock) -> None:
    field = players(2)
    invitation = await club.matches.challenge(field[0], field[1], HERE)
    await club.matches.act(field[1], button(invitation, "a"))
    tournament_id = await open_with(club, field, holes=1)
    clock.advance(601)
    await club.timers.fire_due()
    started = [e.session for e in club.events(MatchStarted)]  # type: ignore[attr-defined]
    assert len(started) == 2  # the challenge and the final, side by side
    await finish(club, started[1], field)
    assert (await club.tournaments.standings(tournament_id)).title == "🏆 P1 wins the tournament"


async def test_a_halved_knockout_match_says_that_the_higher_seed_goes_through(
    club: Club, clock: ManualClock
) -> None:
    field = players(2)
    tournament_id = await open_with(club, field, holes=1)
    clock.advance(601)
    await club.timers.fire_due()
    (final,) = (e.session for e in club.events(MatchStarted))  # type: ignore[attr-defined]
    for player in field:  # both concede the same deal: the same score
        board = await club.matches.board(player, final)
        await club.matches.clubhouse.door.press(player, button(board, "q"))
    scoreboard = await club.matches.scoreboard(final)
    result = scoreboard.blocks[-1]
    assert result.startswith("Result: ") and result.endswith("halved: P1 goes through as the higher seed")
    assert (await club.tournaments.standings(tournament_id)).title == "🏆 P1 wins the tournament"


async def test_the_standings_after_round_one_are_headed_round_one(club: Club, clock: ManualClock) -> None:
    field = players(4)
    tournament_id = await open_with(club, field, holes=1)
    clock.advance(601)
    await club.timers.fire_due()
    for semi in [e.session for e in club.events(MatchStarted)]:  # type: ignore[attr-defined]
        await finish(club, semi, field)
    assert [(e.round, e.final) for e in club.events(StandingsPosted)] == [(1, False)]  # type: ignore[attr-defined]
    assert len(club.events(MatchStarted)) == 3  # the final is under way
    heading = "🏆 Elimination · standings after round 1"
    assert (await club.tournaments.standings(tournament_id, 1)).title == heading
    assert (await club.tournaments.standings(tournament_id)).title == heading


async def test_a_tournament_called_off_takes_no_more_sign_ups_and_cannot_be_started(
    club: Club, clock: ManualClock
) -> None:
    field = players(3)
    opened = await club.tournaments.open(field[0], HERE, signup_seconds=600)
    joined = await club.tournaments.act(field[0], button(opened, JOIN))
    clock.advance(601)
    await club.timers.fire_due()  # one player: called off
    [posted] = club.events(StandingsPosted)
    assert posted.final  # type: ignore[attr-defined]
    called_off = await club.tournaments.standings(opened.session)
    assert called_off.title == "🏆 Tournament called off: fewer than two players"
    for player, action in ((field[1], JOIN), (field[2], JOIN), (field[0], BEGIN)):
        with pytest.raises(StaleActionError) as refused:
            await club.tournaments.act(player, button(joined, action))
        assert refused.value.template == "That tournament is called off."
        shown = refused.value.screen
        assert shown is not None and shown.buttons == ()
        assert shown.blocks[-1] == "Tournament called off: fewer than two players."
    stored = await club.storage.load_competition(opened.session)
    assert stored is not None and stored.status is CompetitionStatus.CANCELLED
    assert club.events(MatchStarted) == []


async def test_a_sign_up_of_no_time_is_refused(club: Club) -> None:
    with pytest.raises(BadOptionError, match="Sign-up lasts a minute at least"):
        await club.tournaments.open(players(1)[0], HERE, signup_seconds=0)
