"""A database written by migration 0001 alone (the schema of the first release), with rounds in progress,
is brought up to date by opening it, and nothing is lost: every round loads as it was, the Clubhouse shows
exactly the board a player left, and play goes on from there."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from adapters.memory import MemoryStorage
from adapters.sqlite import SqliteStorage, apply_migrations, available_migrations
from bot.clock import ManualClock
from bot.clubhouse import Clubhouse
from bot.models import BoardLook, Payload, Place, PlaceSettings, Player, RoundState, RoundStatus, Stats, Timer
from bot.ports import Storage
from bot.screens import Screen
from engine.golf import solver
from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.moves import Move, parse_move
from engine.golf.rules import find_rules

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ALICE = Player("test", "1", "Alice")
BOB = Player("test", "2", "Bob")
HERE = Place("test", "here", "Here")
ELSEWHERE = Place("test", "elsewhere", "Elsewhere")


class InlineSolver:
    """The real engine solver, answered on the spot (the positions here take milliseconds)."""

    async def best_score(self, hole: Hole) -> int | None:
        return solver.best_score(hole)

    async def hint(self, hole: Hole) -> Move | None:
        return solver.hint(hole)


def opening_moves(number: int, rules: str, count: int | None) -> tuple[str, ...]:
    """The first ``count`` moves of a simple player on deal ``number`` (all of them to the end if None)."""
    hole, moves = deal(number, find_rules(rules)), []
    while not hole.is_over and (count is None or len(moves) < count):
        move = hole.legal_moves()[0]
        hole = hole.play(move)
        moves.append(str(move))
    return tuple(moves)


def round_of(round_id: str, owner: Player, place: Place, **fields: object) -> RoundState:
    base: dict[str, object] = dict(
        id=round_id,
        place=place.key,
        players=(owner.key,),
        rules="strict",
        holes=3,
        par_for_nine=45,
        casual=True,
        deals=(24, 25, 26),
        started_at=T0,
        updated_at=T0,
    )
    base.update(fields)
    return RoundState(**base)  # type: ignore[arg-type]


MID_HOLE = round_of(
    "alice0001",
    ALICE,
    HERE,
    rules="wrap",
    scores=(4,),
    best=(2,),
    moves=opening_moves(25, "wrap", 9),
    version=12,
    hints=1,
)
BOB_DEAL = 10**20 - 5  # deal numbers go to 20 digits
BOB_MOVES = opening_moves(BOB_DEAL, "strict", None)
HOLE_OVER = round_of(
    "bob00001",
    BOB,
    HERE,
    deals=(BOB_DEAL, BOB_DEAL + 1, BOB_DEAL + 2),
    par_for_nine=36,
    casual=False,
    moves=BOB_MOVES,
    scores=(deal(BOB_DEAL).play_all(parse_move(m) for m in BOB_MOVES).score,),
    best=(None,),
    version=40,
    status=RoundStatus.HOLE_OVER,
)
FINISHED = round_of(
    "alice0002",
    ALICE,
    ELSEWHERE,
    holes=1,
    deals=(7,),
    scores=(-2,),
    best=(-3,),
    version=30,
    status=RoundStatus.FINISHED,
)


def write_0001_round(db: sqlite3.Connection, state: RoundState) -> None:
    """A round as the first release stored it (the 0001 columns, written by hand)."""
    db.execute(
        "INSERT INTO rounds (id, kind, place, owner, players, rules, holes, par_for_nine, casual, deals,"
        " scores, best, moves, total, version, status, hints, started_at, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            state.id,
            state.kind,
            state.place,
            state.owner,
            json.dumps(list(state.players)),
            state.rules,
            state.holes,
            state.par_for_nine,
            int(state.casual),
            json.dumps([str(d) for d in state.deals]),
            json.dumps(list(state.scores)),
            json.dumps(list(state.best)),
            " ".join(state.moves),
            sum(state.scores),
            state.version,
            state.status.value,
            state.hints,
            T0.isoformat(),
            T0.isoformat(),
        ),
    )
    for index, score in enumerate(state.scores):
        db.execute(
            "INSERT INTO holes (round_id, idx, player, place, deal, rules, moves, score, best, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                state.id,
                index,
                state.owner,
                state.place,
                str(state.deals[index]),
                state.rules,
                "q",
                score,
                state.best[index],
                T0.isoformat(),
            ),
        )


async def a_0001_database(path: Path) -> None:
    initial = available_migrations()[:1]
    assert [m.name for m in initial] == ["initial"]
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db, initial) == [1]
    with sqlite3.connect(path) as db:
        for player in (ALICE, BOB):
            db.execute(
                "INSERT INTO players (key, platform, user_id, name, created_at) VALUES (?, ?, ?, ?, ?)",
                (player.key, player.platform, player.user_id, player.name, T0.isoformat()),
            )
        db.execute(
            "INSERT INTO places (key, platform, place_id, name, par_for_nine, default_rules, emoji)"
            " VALUES (?, ?, ?, ?, 36, 'wrap', 1)",
            (HERE.key, HERE.platform, HERE.place_id, HERE.name),
        )
        for state in (MID_HOLE, HOLE_OVER, FINISHED):
            write_0001_round(db, state)
        db.execute(
            "INSERT INTO timers (id, kind, due, payload) VALUES ('daily-here', 'daily', ?, 'test:here')",
            (T0.isoformat(),),
        )


async def shown(storage: Storage, player: Player, place: Place) -> Screen:
    club = Clubhouse(storage, InlineSolver(), ManualClock(T0), rng=random.Random(1))
    try:
        return await club.resume(player, place)
    finally:
        await club.close()


async def the_same_rounds_stored_today() -> MemoryStorage:
    """The rounds as the code of today stores them, for comparison."""
    memory = MemoryStorage()
    for player in (ALICE, BOB):
        await memory.ensure_player(player)
    for state in (MID_HOLE, HOLE_OVER, FINISHED):
        await memory.create_round(state)
    return memory


def the_button(screen: Screen, key: str) -> str:
    (button,) = [b for b in screen.all_buttons if b.key == key and b.enabled]
    return button.id


async def test_the_rounds_states_are_real_positions():
    """The rounds above are what play leaves: Alice is mid-hole, Bob's first hole is over."""
    alice = deal(25, find_rules("wrap")).play_all(parse_move(m) for m in MID_HOLE.moves)
    assert not alice.is_over and len(MID_HOLE.moves) == 9
    assert HOLE_OVER.status is RoundStatus.HOLE_OVER and len(HOLE_OVER.scores) == 1


async def test_rounds_in_progress_resume_exactly_after_the_migrations(tmp_path):
    path = tmp_path / "first-release.sqlite3"
    await a_0001_database(path)

    storage = await SqliteStorage.open(path)  # applies every migration after 0001
    try:
        with sqlite3.connect(path) as db:
            versions = [row[0] for row in db.execute("SELECT version FROM schema_migrations ORDER BY 1")]
        assert versions == [m.version for m in available_migrations()]

        # every round loads as it was, with an empty payload of version 0
        for state in (MID_HOLE, HOLE_OVER, FINISHED):
            assert await storage.load_round(state.id) == state
            assert state.payload == Payload()
        assert await storage.active_round(ALICE.key, HERE.key) == MID_HOLE
        assert await storage.active_round(BOB.key, HERE.key) == HOLE_OVER
        assert await storage.active_round(ALICE.key, ELSEWHERE.key) is None
        assert await storage.place_settings(HERE) == PlaceSettings(
            36, "wrap", look=BoardLook.EMOJI
        )  # emoji kept (0007)
        assert await storage.player(BOB.key) == BOB
        assert await storage.due_timers(T0) == [Timer("daily-here", "daily", T0, "test:here")]
        alice_here = await storage.stats(ALICE.key, HERE.key)
        assert (alice_here.holes_played, alice_here.best_hole, alice_here.rounds_played) == (1, 4, 0)
        assert await storage.stats(ALICE.key, ELSEWHERE.key) == Stats(1, None, 1, -2.0, 1.0, -2)

        # the Clubhouse shows each player exactly the board they left
        today = await the_same_rounds_stored_today()
        for player in (ALICE, BOB):
            board = await shown(storage, player, HERE)
            assert board == await shown(today, player, HERE)
            assert board.session and board.board is not None
        alice_board = await shown(storage, ALICE, HERE)
        assert alice_board.board is not None and alice_board.board.hole == 2
        assert alice_board.version == MID_HOLE.version

        # and play goes on: a move for Alice, the next hole for Bob, each committed at the next version
        club = Clubhouse(storage, InlineSolver(), ManualClock(T0), rng=random.Random(1))
        try:
            keys = [b.key for b in alice_board.all_buttons if b.enabled and (b.key.isdigit() or b.key == "d")]
            after = await club.press(ALICE, the_button(alice_board, keys[0]))
            assert after.version == MID_HOLE.version + 1
            moved = await storage.load_round(MID_HOLE.id)
            made = str(parse_move(keys[0]))
            assert moved is not None and moved.moves == (*MID_HOLE.moves, made)

            bob_board = await club.resume(BOB, HERE)
            next_hole = await club.press(BOB, the_button(bob_board, "n"))
            assert next_hole.board is not None and next_hole.board.hole == 2
            assert next_hole.board.deal == HOLE_OVER.deals[1]
            bobs = await storage.load_round(HOLE_OVER.id)
            assert bobs is not None and bobs.status is RoundStatus.PLAYING and bobs.version == 41
        finally:
            await club.close()
    finally:
        await storage.close()
