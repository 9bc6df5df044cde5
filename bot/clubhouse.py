"""The Clubhouse: solo rounds of Golf for every player of every place, through one async interface.

Every action names the round and the version it was shown at. Under the owner's lock the core checks the
version, applies the move with the engine, commits the new state, and only then returns the next Screen;
a stale, repeated, foreign or malformed action is refused and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections import deque
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot import texts
from bot.actions import parse_action_id
from bot.errors import (
    BadActionError,
    BadOptionError,
    GolfError,
    IllegalMoveError,
    NoRoundError,
    NotYourRoundError,
    RepeatedActionError,
    RoundInProgressError,
    StaleActionError,
)
from bot.locks import PlayerLocks
from bot.models import HoleRecord, Place, PlaceSettings, Player, RoundState, RoundStatus, Stats
from bot.options import deal_option, holes_option, rules_option, sentence
from bot.ports import ActiveRoundExists, Clock, Solver, Storage, VersionConflict
from bot.round_screens import card_of, round_screen, skipped_text
from bot.screens import Screen, ScreenKind
from engine.course import skipped
from engine.deal import MAX_DEAL, DealError, deal
from engine.hole import Hole
from engine.moves import Move, MoveError, MoveKind, parse_move
from engine.rules import find_rules
from engine.scoring import PAR_PER_HOLE
from engine.solver import Solution

log = logging.getLogger(__name__)

RANDOM_DEALS = 1_000_000
"""Random rounds draw their first deal from 1..RANDOM_DEALS; holes then follow in order."""
REPEAT_WINDOW = timedelta(seconds=15)
"""A press equal to one the same player had applied this long ago at most is a repeat (a double click, a
burst of taps; Telegram gives up on a press after about 15 s), not a press on an old board."""


@dataclass(frozen=True, slots=True)
class _Live:
    state: RoundState
    hole: Hole


def new_round_id() -> str:
    return "".join(secrets.choice("0123456789abcdefghijklmnopqrstuvwxyz") for _ in range(8))


class Clubhouse:
    def __init__(
        self,
        storage: Storage,
        solver: Solver,
        clock: Clock,
        *,
        rng: random.Random | None = None,
        cache_size: int = 10_000,
    ) -> None:
        self._storage = storage
        self._solver = solver
        self._clock = clock
        self._rng = rng or random.Random(secrets.randbits(64))
        self._locks = PlayerLocks()
        self._live: dict[str, _Live] = {}
        self._cache_size = cache_size
        self._best: dict[tuple[int, str], asyncio.Task[Solution | None]] = {}
        # Remembered so that starting a round costs two trips to storage, not four. Both change only
        # through this Clubhouse (one bot process per database).
        self._settings: dict[str, PlaceSettings] = {}
        self._known: dict[str, str] = {}
        """Player key -> the name last stored for them."""
        self._applied: dict[str, deque[tuple[int, str, str, datetime]]] = {}
        """Round id -> its last actions applied: (version pressed, action, player key, when)."""

    # ---- starting and finding rounds --------------------------------------------------------------

    async def start_round(
        self,
        player: Player,
        place: Place,
        *,
        rules: str | None = None,
        holes: int | None = None,
        deal_code: str | None = None,
        casual: bool = True,
    ) -> Screen:
        """Start a solo round. Raises RoundInProgressError (with the current board) if one is going."""
        settings = await self.place_settings(place)
        rules_name = rules_option(rules or settings.default_rules)
        count = holes_option(holes)
        first = self._first_deal(deal_code, count)
        deals = await self._course(first, count, rules_name)
        async with self._locks.hold(player.key):
            if self._known.get(player.key) != player.name:
                await self._storage.ensure_player(player)
                self._known[player.key] = player.name
            now = self._clock.now()
            state = RoundState(
                id=new_round_id(),
                place=place.key,
                players=(player.key,),
                rules=rules_name,
                holes=count,
                par_for_nine=settings.par_for_nine,
                casual=casual,
                deals=deals,
                started_at=now,
                updated_at=now,
            )
            try:
                await self._storage.create_round(state)
            except ActiveRoundExists:
                current = await self._storage.active_round(player.key, place.key)
                if current is not None:
                    live = await self._get(current.id)
                    raise RoundInProgressError(
                        texts.ROUND_IN_PROGRESS, screen=round_screen(live.state, live.hole)
                    ) from None
                await self._storage.create_round(state)  # it ended meanwhile (another process)
            live = self._remember(state)
            self._prefetch_best(state, live.hole)
            return round_screen(state, live.hole, notes=_skipped_note(first, deals))

    async def resume(self, player: Player, place: Place) -> Screen:
        state = await self._storage.active_round(player.key, place.key)
        if state is None:
            raise NoRoundError(texts.NO_ROUND)
        live = await self._get(state.id)
        return round_screen(live.state, live.hole)

    async def concede(self, player: Player, place: Place) -> Screen:
        """Concede the hole in play (the command form of the Concede button)."""
        state = await self._storage.active_round(player.key, place.key)
        if state is None:
            raise NoRoundError(texts.NO_ROUND)
        if state.status is not RoundStatus.PLAYING:
            live = await self._get(state.id)
            raise StaleActionError(texts.HOLE_OVER, screen=round_screen(live.state, live.hole))
        return await self._act(player, state.id, state.version, "q")

    async def abandon(self, player: Player, place: Place) -> Screen:
        """Give up the whole round: it is kept, marked abandoned, and counts for nothing."""
        async with self._locks.hold(player.key):
            state = await self._storage.active_round(player.key, place.key)
            if state is None:
                raise NoRoundError(texts.NO_ROUND)
            live = await self._get(state.id)
            new = live.state.bump(status=RoundStatus.ABANDONED, updated_at=self._clock.now())
            await self._save(live.state, new, None, live.hole)
            self._live.pop(new.id, None)
            return Screen(ScreenKind.NOTICE, title="Round abandoned", blocks=(texts.ABANDONED,))

    async def undo(self, player: Player, round_id: str, version: int) -> Screen:
        """Take back the last move of the hole in play (casual rounds only; counted like hints)."""
        return await self._act(player, round_id, version, "u")

    async def stats(self, player: Player, place: Place | None = None) -> Stats:
        """The player's record at ``place``, or at every place of their platform when ``None``."""
        return await self._storage.stats(player.key, place.key if place is not None else None)

    # ---- places ----------------------------------------------------------------------------------

    async def place_settings(self, place: Place) -> PlaceSettings:
        settings = self._settings.get(place.key)
        if settings is None:
            settings = self._settings[place.key] = await self._storage.place_settings(place)
        return settings

    async def change_place_settings(
        self,
        place: Place,
        *,
        par_for_nine: int | None = None,
        rules: str | None = None,
        emoji: bool | None = None,
    ) -> tuple[PlaceSettings, bool]:
        """Change what is given; returns the settings now in force and whether anything changed. Raises
        BadOptionError for a par other than 45 or 36, or unknown rules. Permission checks are the adapter's
        (each platform has its own notion of an admin)."""
        current = await self.place_settings(place)
        if par_for_nine is not None and par_for_nine not in PAR_PER_HOLE:
            raise BadOptionError(f"Par for nine holes is 45 or 36, not {par_for_nine}.")
        new = replace(
            current,
            par_for_nine=current.par_for_nine if par_for_nine is None else par_for_nine,
            default_rules=current.default_rules if rules is None else rules_option(rules),
            emoji=current.emoji if emoji is None else emoji,
        )
        if new != current:
            await self._storage.save_place_settings(place, new)
            self._settings[place.key] = new
        return new, new != current

    # ---- buttons ---------------------------------------------------------------------------------

    async def press(self, player: Player, action_id: str) -> Screen:
        """A button or callback press, e.g. ``g1:k3x9a0qz:12:3``."""
        action = parse_action_id(action_id)
        return await self._act(player, action.session, action.version, action.action)

    async def _act(self, player: Player, round_id: str, version: int, action: str) -> Screen:
        live = await self._get(round_id)
        if player.key not in live.state.players:
            raise NotYourRoundError(texts.NOT_YOUR_ROUND)
        async with self._locks.hold(live.state.owner):
            live = await self._get(round_id)
            state, hole = live.state, live.hole
            if state.status is RoundStatus.ABANDONED:  # it has no board left to show
                raise StaleActionError(texts.ROUND_OVER)
            # a refusal shows the board as it stands; it is drawn only then
            if version != state.version:
                if self._is_repeat(round_id, version, action, player.key):
                    raise RepeatedActionError(texts.STALE, screen=round_screen(state, hole))
                raise StaleActionError(texts.STALE, screen=round_screen(state, hole))
            if not state.is_active:
                raise StaleActionError(texts.ROUND_OVER, screen=round_screen(state, hole))
            if action == "n":
                screen = await self._next_hole(state, hole)
            elif state.status is not RoundStatus.PLAYING:
                raise StaleActionError(texts.HOLE_OVER, screen=round_screen(state, hole))
            elif action == "h":
                screen = await self._hint(state, hole)
            elif action == "u":
                screen = await self._undo(state, hole)
            else:
                screen = await self._move(state, hole, parse_move(action))
            self._note_applied(round_id, version, action, player.key)
            return screen

    def _note_applied(self, round_id: str, version: int, action: str, player: str) -> None:
        applied = self._applied.pop(round_id, None) or deque(maxlen=4)
        applied.append((version, action, player, self._clock.now()))
        if len(self._applied) >= self._cache_size:
            self._applied.pop(next(iter(self._applied)))
        self._applied[round_id] = applied  # last: the least recently used goes first

    def _is_repeat(self, round_id: str, version: int, action: str, player: str) -> bool:
        """Did ``player`` apply ``action`` at ``version`` a moment ago?"""
        since = self._clock.now() - REPEAT_WINDOW
        return any(
            (v, a, p) == (version, action, player) and at >= since
            for v, a, p, at in self._applied.get(round_id, ())
        )

    async def _move(self, state: RoundState, hole: Hole, move: Move) -> Screen:
        try:
            after = hole.play(move)
        except MoveError as error:
            raise IllegalMoveError(sentence(str(error)), screen=round_screen(state, hole)) from None
        now = self._clock.now()
        moves = (*state.moves, str(move))
        if not after.is_over:
            new = state.bump(moves=moves, updated_at=now)
            await self._save(state, new, None, after)
            return round_screen(new, after)
        score = after.score
        answer = await self._best_score(state)
        best = answer.score if answer is not None and answer.proven else None
        last = card_of(state).on_last_hole
        new = state.bump(
            moves=moves,
            scores=(*state.scores, score),
            best=(*state.best, best),
            status=RoundStatus.FINISHED if last else RoundStatus.HOLE_OVER,
            updated_at=now,
        )
        record = HoleRecord(
            round_id=state.id,
            player=state.owner,
            place=state.place,
            index=len(state.scores),
            deal=state.deal,
            rules=state.rules,
            moves=moves,
            score=score,
            best=best,
            finished_at=now,
        )
        await self._save(state, new, record, after)
        if last:
            self._live.pop(new.id, None)
        return round_screen(new, after, solution=answer)

    async def _next_hole(self, state: RoundState, hole: Hole) -> Screen:
        if state.status is not RoundStatus.HOLE_OVER:
            raise StaleActionError(texts.HOLE_NOT_OVER, screen=round_screen(state, hole))
        new = state.bump(status=RoundStatus.PLAYING, moves=(), updated_at=self._clock.now())
        opening = position(new)
        await self._save(state, new, None, opening)
        self._prefetch_best(new, opening)
        return round_screen(new, opening)

    async def _hint(self, state: RoundState, hole: Hole) -> Screen:
        if not state.casual:
            raise GolfError(texts.NO_HINTS, screen=round_screen(state, hole))
        move = await self._solver.hint(hole)
        new = state.bump(hints=state.hints + 1, updated_at=self._clock.now())
        await self._save(state, new, None, hole)
        return round_screen(new, hole, notes=(_hint_text(hole, move),))

    async def _undo(self, state: RoundState, hole: Hole) -> Screen:
        if not state.casual:
            raise GolfError(texts.NO_UNDO, screen=round_screen(state, hole))
        if not state.moves:
            raise GolfError(texts.NOTHING_TO_UNDO, screen=round_screen(state, hole))
        new = state.bump(moves=state.moves[:-1], undos=state.undos + 1, updated_at=self._clock.now())
        before = position(new)
        await self._save(state, new, None, before)
        return round_screen(new, before, notes=(texts.UNDONE,))

    # ---- state -----------------------------------------------------------------------------------

    async def _get(self, round_id: str) -> _Live:
        live = self._live.get(round_id)
        if live is not None:
            return live
        state = await self._storage.load_round(round_id)
        if state is None:
            raise BadActionError(texts.UNKNOWN_ROUND)
        cached = self._live.get(round_id)
        if cached is not None and cached.state.version >= state.version:
            return cached  # a press saved a newer version while this one was loading
        return self._remember(state)

    def _remember(self, state: RoundState, hole: Hole | None = None) -> _Live:
        """Cache a round with its position (``hole``, when the caller has it, saves replaying the deal)."""
        live = _Live(state, position(state) if hole is None else hole)
        self._live.pop(state.id, None)  # re-inserted last: the cache drops the least recently used
        if len(self._live) >= self._cache_size:
            self._live.pop(next(iter(self._live)))
        self._live[state.id] = live
        return live

    async def _save(self, old: RoundState, new: RoundState, record: HoleRecord | None, hole: Hole) -> None:
        """Commit ``new`` (``hole`` is its position), then cache it."""
        try:
            await self._storage.save_round(new, previous_version=old.version, finished=record)
        except VersionConflict:
            self._live.pop(old.id, None)
            raise StaleActionError(texts.STALE) from None
        self._remember(new, hole)

    # ---- solver ----------------------------------------------------------------------------------

    def _prefetch_best(self, state: RoundState, opening: Hole) -> None:
        """Start working out the best score of the hole now in play (``opening`` is its deal), so it is
        ready when the hole ends. Answers nobody came for (rounds left unfinished) are dropped, oldest
        first."""
        key = (state.deal, state.rules)
        if key not in self._best:
            if len(self._best) >= self._cache_size:
                self._best.pop(next(iter(self._best))).cancel()
            self._best[key] = asyncio.create_task(self._solver.best_score(opening))

    async def _best_score(self, state: RoundState) -> Solution | None:
        task = self._best.pop((state.deal, state.rules), None)
        try:
            if task is not None and (best := await task) is not None:
                return best
            # not asked yet, or the early question timed out: the search may have gone on since
            return await self._solver.best_score(deal(state.deal, find_rules(state.rules)))
        except Exception:  # the solver is a nicety: a failure must never lose the player's move
            log.exception("best score of deal %s failed", state.deal)
            return None

    async def _course(self, first: int, count: int, rules: str) -> tuple[int, ...]:
        """The round's deal numbers: from ``first`` on, skipping deals proven impossible under
        winnable-only rules (worked out by the solver, off the event loop)."""
        if not find_rules(rules).winnable_only:
            return tuple(first + i for i in range(count))
        try:
            return await self._solver.course(first, count, rules)
        except DealError as error:
            raise BadOptionError(sentence(str(error))) from None

    def _first_deal(self, deal_code: str | None, count: int) -> int:
        if deal_code is None:
            return self._rng.randint(1, RANDOM_DEALS)
        first = deal_option(deal_code)
        if first + count - 1 > MAX_DEAL:
            article = "An" if count in (8, 11, 18) else "A"
            raise BadOptionError(
                f"{article} {count}-hole round starting at deal #{first} runs past the last deal."
            )
        return first

    async def close(self) -> None:
        for task in self._best.values():
            task.cancel()
        self._best.clear()


def position(state: RoundState) -> Hole:
    """The current position of a round: its deal replayed through its moves."""
    opening = deal(state.deal, find_rules(state.rules))
    return opening.play_all(parse_move(m) for m in state.moves)


def _skipped_note(first: int, deals: tuple[int, ...]) -> tuple[str, ...]:
    passed = skipped(deals, first)
    return (skipped_text(passed),) if passed else ()


def _hint_text(hole: Hole, move: Move | None) -> str:
    if move is None:
        return texts.HINT_BUSY
    if move.kind is MoveKind.TURN:
        return "💡 Hint: turn the stock."
    card = hole.available(move.column)
    label = card.pretty() if card else "?"
    return f"💡 Hint: play {label} from column {move.column + 1}."
