"""The screens ``golfbot render`` draws, built by the core's own functions as the bot builds them: a Golf
deal or a saved board through ``bot.round_screens.round_screen``, a Six-card hand through the table mode
itself (a table opened, dealt and its opening played, on the in-memory store)."""

from __future__ import annotations

import random

from bot.actions import TABLE
from bot.i18n import N_, _, ngettext
from bot.models import Place, Player, RoundState, RoundStatus
from bot.round_screens import round_screen
from bot.screens import Screen, ScreenKind, ShareView
from engine.golf.hole import Hole
from engine.sixcard.actions import action_name

MAX_PRESSES = 200
"""A hand ends long before (a guard against a table that waits for someone else)."""
# Translators: the name of the player's own seat in the pictures of `golfbot render`
YOU = N_("You")
ME = Player("render", "1", YOU)
HERE = Place("render", "table", "Table")


def golf_state(rules: str, deal_number: int | None) -> RoundState:
    """A one-hole round of ``deal_number`` (0 for a board with no number: it is not shown)."""
    return RoundState(
        id="render",
        place=HERE.key,
        players=(ME.key,),
        rules=rules,
        holes=1,
        par_for_nine=45,
        casual=True,
        deals=(deal_number or 0,),
    )


def golf_screen(hole: Hole, rules: str, deal_number: int | None) -> Screen:
    """The live board of ``hole``; a board read from a file has no deal number, so none is shown."""
    return round_screen(golf_state(rules, deal_number), hole, hide_deals=deal_number is None)


def golf_round(holes: int = 9, **changes: object) -> RoundState:
    """A round of ``holes`` holes from deal 24 on, with ``changes`` (its scores, best, status)."""
    fields: dict[str, object] = {
        "id": "render",
        "place": HERE.key,
        "players": (ME.key,),
        "rules": "strict",
        "holes": holes,
        "par_for_nine": 45,
        "casual": True,
        "deals": tuple(range(24, 24 + holes)),
    }
    fields.update(changes)
    return RoundState(**fields)  # type: ignore[arg-type]


def played(number: int, moves: int) -> Hole:
    """Deal ``number`` after ``moves`` moves (the first playable column, else the stock)."""
    from engine.golf.deal import deal
    from engine.golf.moves import TURN, Move

    hole = deal(number)
    for _unused in range(moves):
        if hole.is_over:
            break
        playable = hole.playable_columns()
        hole = hole.play(Move.play(playable[0]) if playable else TURN)
    return hole


def family_screen(game: str, number: int, moves: int) -> Screen:
    """Deal ``number`` of a Golf-family game, ``moves`` moves in (the first card that plays, else the
    stock), the first hole of nine."""
    from engine.patience import find_patience

    patience = find_patience(game)
    position = patience.deal(number)
    played_moves: list[str] = []
    for _unused in range(moves):
        legal = position.legal_moves()
        if not legal:
            break
        played_moves.append(patience.move_text(legal[0]))
        position = position.play(legal[0])
    state = golf_round(rules=patience.name, deals=tuple(range(number, number + 9)), moves=tuple(played_moves))
    return round_screen(state, position)


def hole_screen(number: int, moves: int, scores: tuple[int, ...] = (3, -1)) -> Screen:
    """A live hole (the third of nine by default), ``moves`` moves into deal ``number``."""
    return round_screen(golf_round(scores=scores), played(number, moves))


def hole_end_screen(number: int, moves: int = 12) -> Screen:
    """The first hole of nine just over: ``moves`` moves, then conceded."""
    from engine.golf.moves import CONCEDE

    hole = played(number, moves)
    hole = hole if hole.is_over else hole.play(CONCEDE)
    best = min(hole.score, 2)
    return round_screen(golf_round(scores=(hole.score,), best=(best,), status=RoundStatus.HOLE_OVER), hole)


ROUND_SCORES = (3, -1, 0, 5, 2, 7, 1, 0, 4, 2, 6, -2, 3, 1, 0, 5, 2, 4)
ROUND_BEST = (1, -1, 0, 3, 2, 4, 1, 0, None, 2, 3, -2, 1, 1, 0, 2, 2, 1)


def round_end_screen(number: int, moves: int = 12) -> Screen:
    """An eighteen-hole round just over (the last hole ``moves`` moves into deal ``number``)."""
    from engine.golf.moves import CONCEDE

    hole = played(number, moves)
    hole = hole if hole.is_over else hole.play(CONCEDE)
    scores = (*ROUND_SCORES[:17], hole.score)
    state = golf_round(18, scores=scores, best=ROUND_BEST, status=RoundStatus.FINISHED)
    return round_screen(state, hole)


def share_screen(scores: tuple[int, ...], best: tuple[int | None, ...], standing: str) -> Screen:
    """The daily's share card of a course played as ``scores``, as the daily makes it: its share text, the
    same as data (title, score, squares) and the standing."""
    from datetime import date

    from engine.daily import share_text

    text = share_text(date(2026, 11, 29), scores, best, len(scores), 45, word=_, ngettext=ngettext)
    title, score, squares = text.split("\n")
    card = ShareView(title=title, score=score, squares=squares, standing=standing)
    return Screen(ScreenKind.INFO, title="", blocks=(text,), share=card)


async def sixcard_screen(
    seed: int, computers: int = 1, seat: int | None = None, *, to_the_end: bool = False, moves: int = 0
) -> Screen:
    """A dealt Six-card hand after its opening (every seat has turned two cards), as ``seat`` sees it (0
    is you, 1.. the computers) or, for None, as the place sees it: the table mode's own screen. ``moves``:
    your seat then plays that many actions as an easy computer player would (the computers answer);
    ``to_the_end``: on until the hand is over (every grid face up, the pairs marked, the scores)."""
    from adapters.memory import MemoryStorage
    from bot.clock import ManualClock
    from bot.modes.table import TableMode
    from bot.sessions import Sessions
    from engine.sixcard import find_player, view_of

    me = Player(ME.platform, ME.user_id, _(YOU))
    storage = MemoryStorage()
    await storage.ensure_player(me)
    clock = ManualClock()
    sessions = Sessions(storage, clock)
    mode = TableMode(sessions, clock, rng=random.Random(seed))
    screen = await mode.create(me, HERE, limit=None, seed=seed, computers=("easy",) * computers)
    screen = await mode.press(me, TABLE.build(screen.session, screen.version, "g"))
    for position in ("1", "5"):  # your opening: two cards face up, one in each row
        screen = await mode.press(me, TABLE.build(screen.session, screen.version, position))
    live = await sessions.load(screen.session)
    if to_the_end or moves:
        player, rng = find_player("easy"), random.Random(seed)
        for _unused in range(MAX_PRESSES if to_the_end else moves):
            hand = live.position.hand
            if live.position.between_hands or hand is None or 0 not in live.position.waiting_for():
                break
            action = action_name(player.choose(view_of(hand, 0), rng)).lstrip("f")
            screen = await mode.press(me, TABLE.build(screen.session, screen.version, action))
            live = await sessions.load(screen.session)
    keys = [me.key] + [f"computer:{n + 1}" for n in range(computers)]
    return mode.seat_screen(live, "" if seat is None else keys[seat])
