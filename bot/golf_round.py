"""A round of Golf patience on the sessions (``bot.sessions``), as solo rounds and the boards of matches and
tournaments play it (``GolfRounds``: each of those modes is one with its own kind and id family). One seat,
the owner's, who may always act; holes in order, undo and hints in casual rounds, winnable-only courses,
best scores worked out by the solver while the hole is played.

Its buttons: a column 1-9, s turn the stock, h hint, q concede the hole, n next hole; ``u`` (undo) is not a
button but reaches ``act`` through ``Clubhouse.undo``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable, Collection
from dataclasses import replace
from typing import Any

from bot import texts
from bot.actions import Template
from bot.errors import BadOptionError, GolfError, IllegalMoveError, RoundInProgressError, StaleActionError
from bot.i18n import N_, _
from bot.models import HoleRecord, Place, Player, RoundState, RoundStatus
from bot.options import deal_option, holes_option, rules_option
from bot.places import Places
from bot.ports import ActiveRoundExists, Clock, Solver, StoreUnavailable
from bot.round_screens import card_of, round_screen, skipped_text
from bot.screens import Screen
from bot.sessions import Change, Live, Sessions
from engine.deals import MAX_DEAL, DealError
from engine.golf.moves import MoveKind
from engine.patience import Answer, Patience, Position, find_patience
from engine.spread.position import SpreadMove

log = logging.getLogger(__name__)

RANDOM_DEALS = 1_000_000
"""Random rounds draw their first deal from 1..RANDOM_DEALS; holes then follow in order."""
BEST_WAIT = 0.02
"""Seconds a hole's last press waits for its best score when the search is still on. It was asked when
the hole began, so it is nearly always in by then; when it is not (a double-deck deal, a bot with more
players than its solver keeps up with), the hole ends at once without it and the best score joins the
scorecard when it comes (``GolfRounds._follow_up``)."""
LATE_ASKS = 20
"""How many more times a best score that was not in at its hole's end is asked (each waits as long as the
solver's own time box): after that, it stays "not known"."""


ROUND_ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"


def new_round_id() -> str:
    """Eight random characters of ROUND_ID_ALPHABET (one draw from the system's generator, not eight)."""
    number = secrets.randbelow(36**8)
    letters = []
    for _letter in range(8):
        number, digit = divmod(number, 36)
        letters.append(ROUND_ID_ALPHABET[digit])
    return "".join(letters)


def patience(state: RoundState) -> Patience:
    """What the round plays: Golf under its rule set, or a game of the Golf family (``engine.patience``)."""
    return find_patience(state.rules)


def opening(state: RoundState) -> Position:
    """The hole in play as dealt."""
    return patience(state).deal(state.deal)


def position(state: RoundState) -> Position:
    """The current position of a round: its deal replayed through its moves."""
    game = patience(state)
    hole = game.deal(state.deal)
    for move in state.moves:
        hole = hole.play(game.parse_move(move))
    return hole


class GolfRounds:
    """Rounds of Golf patience as a mode of the sessions (registers itself with ``sessions``): a subclass
    names the kind and the id family (``bot.modes.solo.Solo``, the match boards)."""

    kind: str
    template: Template
    hide_deals = False
    """Whether the deal numbers stay off the screens: a number tells the stock's order (``golfbot deal N``),
    which a player racing others on the same deals must not have."""

    def _round_screen(
        self,
        state: RoundState,
        hole: Position,
        *,
        notes: tuple[str, ...] = (),
        solution: Answer | None = None,
    ) -> Screen:
        return round_screen(state, hole, notes=notes, solution=solution, hide_deals=self.hide_deals)

    def __init__(
        self,
        sessions: Sessions,
        places: Places,
        solver: Solver,
        clock: Clock,
        *,
        rng: random.Random | None = None,
        cache_size: int = 10_000,
        best_wait: float = BEST_WAIT,
    ) -> None:
        self._sessions = sessions
        self._places = places
        self._solver = solver
        self._clock = clock
        self._rng = rng or random.Random(secrets.randbits(64))
        self._cache_size = cache_size
        self._best_wait = best_wait
        self._best: dict[tuple[int, str], asyncio.Task[Answer | None]] = {}
        self._late: dict[tuple[int, str], int] = {}
        """Best scores worked out after their hole ended, (deal, rules) -> score: they go in the round's
        scorecard with its next change."""
        self._following: set[asyncio.Task[None]] = set()
        self._closed = False
        """Set on the way out: no more questions to the solver (a screen drawn then asks nothing)."""
        sessions.add(self)

    # ---- the session's seats and views -----------------------------------------------------------

    def position(self, state: RoundState) -> Position:
        return position(state)

    def seats(self, state: RoundState) -> Collection[str]:
        return state.players

    def to_act(self, live: Live[Position]) -> Collection[str]:
        return live.state.players  # one seat, which may always act

    def screen(self, live: Live[Position], seat: str) -> Screen:
        if live.state.status is RoundStatus.PLAYING:
            self._ask_best(live.state)  # a round resumed (after a restart, say): asked now, as at its start
        # with the best scores in since their holes ended: shown now, stored with the next press
        return self._round_screen(self._with_late_bests(live.state), live.position)

    def takes_late(self, live: Live[Position], seat: str, action: str) -> bool:
        return False  # the board a press was made on is the player's own: out of date means refused

    def concede_action(self, live: Live[Position]) -> str:
        if live.state.status is not RoundStatus.PLAYING:
            raise StaleActionError(texts.HOLE_OVER, screen=self.screen(live, live.state.owner))
        return "q"

    # ---- starting --------------------------------------------------------------------------------

    async def start(
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
        settings = await self._places.settings(place)
        rules_name = rules_option(rules or settings.default_rules)
        count = holes_option(holes)
        first = self._first_deal(deal_code, count)
        deals = await self._course(first, count, rules_name)
        async with self._sessions.locks.hold(f"start:{player.key}"):
            await self._places.ensure_player(player)
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
                kind=self.kind,
                started_at=now,
                updated_at=now,
            )
            try:
                live = await self._sessions.create(state)
            except ActiveRoundExists:
                current = await self._sessions.active(player.key, place.key, self.kind)
                if current is not None:
                    raise RoundInProgressError(
                        texts.ROUND_IN_PROGRESS, screen=self.screen(current, player.key)
                    ) from None
                live = await self._sessions.create(state)  # it ended meanwhile (another process)
        self._prefetch_best(state, live.position)
        return self._round_screen(state, live.position, notes=_skipped_note(first, deals))

    # ---- a press ---------------------------------------------------------------------------------

    async def act(self, live: Live[Position], seat: str, action: str) -> Change[Position]:
        state, hole = self._with_late_bests(live.state), live.position
        if action == "n":
            return await self._next_hole(state, hole)
        if state.status is not RoundStatus.PLAYING:
            raise StaleActionError(texts.HOLE_OVER, screen=self._round_screen(state, hole))
        if action == "h":
            return await self._hint(state, hole)
        if action == "u":
            return self._undo(state, hole)
        return await self._move(state, hole, action)

    async def _move(self, state: RoundState, hole: Position, action: str) -> Change[Position]:
        game = patience(state)
        try:
            move = game.parse_move(action)
            after = hole.play(move)
        except ValueError as error:  # a move that is not legal here, or not a move of this game
            raise IllegalMoveError.of_engine(error, screen=self._round_screen(state, hole)) from None
        now = self._clock.now()
        moves = (*state.moves, game.move_text(move))
        if not after.is_over:
            new = state.bump(moves=moves, updated_at=now)
            return Change(new, after, self._round_screen(new, after))
        score = after.score
        state = await self._with_recorded_bests(state)
        answer, late = await self._best_score(state)
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
        if not late:
            return Change(new, after, self._round_screen(new, after, solution=answer), finished=record)
        screen = self._round_screen(new, after, notes=(_(texts.BEST_LATER),))
        follow = lambda: self._follow_up(new)  # noqa: E731 - once the hole's end is committed
        return Change(new, after, screen, finished=record, then=follow)

    async def _next_hole(self, state: RoundState, hole: Position) -> Change[Position]:
        if state.status is not RoundStatus.HOLE_OVER:
            raise StaleActionError(texts.HOLE_NOT_OVER, screen=self._round_screen(state, hole))
        new = state.bump(status=RoundStatus.PLAYING, moves=(), updated_at=self._clock.now())
        dealt = position(new)
        ask = lambda: self._prefetch_best(new, dealt)  # noqa: E731 - once the hole is committed
        return Change(new, dealt, self._round_screen(new, dealt), then=ask)

    async def _hint(self, state: RoundState, hole: Position) -> Change[Position]:
        if not state.casual:
            raise GolfError(texts.NO_HINTS, screen=self._round_screen(state, hole))
        move = await self._solver.hint(hole)
        new = state.bump(hints=state.hints + 1, updated_at=self._clock.now())
        hinted = _hint_text(hole, move)
        return Change(new, hole, self._round_screen(new, hole, notes=(hinted,)))

    def _undo(self, state: RoundState, hole: Position) -> Change[Position]:
        if not state.casual:
            raise GolfError(texts.NO_UNDO, screen=self._round_screen(state, hole))
        if not state.moves:
            raise GolfError(texts.NOTHING_TO_UNDO, screen=self._round_screen(state, hole))
        new = state.bump(moves=state.moves[:-1], undos=state.undos + 1, updated_at=self._clock.now())
        before = position(new)
        return Change(new, before, self._round_screen(new, before, notes=(_(texts.UNDONE),)))

    # ---- solver ----------------------------------------------------------------------------------

    def _prefetch_best(self, state: RoundState, opening: Position) -> None:
        """Start working out the best score of the hole now in play (``opening`` is its deal), so it is
        ready when the hole ends. Answers nobody came for (rounds left unfinished) are dropped, oldest
        first."""
        key = (state.deal, state.rules)
        if key not in self._best:
            if len(self._best) >= self._cache_size:
                self._best.pop(next(iter(self._best))).cancel()
            self._best[key] = asyncio.create_task(self._solver.best_score(opening))

    def _ask_best(self, state: RoundState) -> None:
        """Ask for the best score of the hole in play unless it is asked already: a round resumed in a new
        process had its question asked by the process that dealt the hole, and its hole ending seconds
        later would wait only ``best_wait`` for a search that starts then (with a solver pool to start)."""
        if not self._closed and (state.deal, state.rules) not in self._best:
            self._prefetch_best(state, opening(state))

    async def _best_score(self, state: RoundState) -> tuple[Answer | None, bool]:
        """The best score of the hole that just ended, if it is in within ``best_wait`` seconds, and
        whether its search goes on (``late``: the answer then joins the scorecard when it comes)."""
        key = (state.deal, state.rules)
        task = self._best.pop(key, None)
        if task is None or _came_back_empty(task):
            # not asked yet, or the early question timed out: the search may have gone on since
            task = asyncio.create_task(self._solver.best_score(opening(state)))
        try:
            return await asyncio.wait_for(asyncio.shield(task), self._best_wait), False
        except TimeoutError:
            self._best[key] = task  # still on: the follow-up takes it from here
            return None, True
        except Exception:  # the solver is a nicety: a failure must never lose the player's move
            log.exception("best score of deal %s failed", state.deal)
            return None, False

    def _follow_up(self, state: RoundState) -> None:
        """The hole that ended in ``state`` without its best score: wait for it in the background."""
        task = asyncio.create_task(self._late_best(state))
        self._following.add(task)
        task.add_done_callback(self._following.discard)

    async def _late_best(self, state: RoundState) -> None:
        """Wait for the best score of ``state``'s last hole; record it with the hole, and put it in the
        scorecard: with the round's next press, or now if the round is over (a change on the system's
        behalf)."""
        key = (state.deal, state.rules)
        dealt = opening(state)
        try:
            task = self._best.pop(key, None)
            answer = await task if task is not None else None
            for _ask in range(LATE_ASKS):
                if answer is not None:
                    break
                answer = await self._solver.best_score(dealt)
            if answer is None or not answer.proven:
                return
            self._late[key] = answer.score
            while len(self._late) > self._cache_size:
                self._late.pop(next(iter(self._late)))
            await self._sessions.record_best(state.id, len(state.scores) - 1, answer.score)
            await self._sessions.amend(state.id, self._fill_in)  # if the round is over (here or elsewhere)
        except StoreUnavailable as error:  # an outage, not a bug: one line
            log.warning("late best score of deal %s not recorded: %s", state.deal, error)
        except Exception:  # a nicety: logged, and the scorecard says "not known"
            log.exception("late best score of deal %s failed", state.deal)

    def _with_late_bests(self, state: RoundState) -> RoundState:
        """``state`` with the best scores worked out here since their holes ended (the same state if none)."""
        return _with_bests(state, lambda index: self._late.get((state.deals[index], state.rules)))

    async def _with_recorded_bests(self, state: RoundState) -> RoundState:
        """At a hole's end (``state`` has this process's late bests already): with the best scores of its
        earlier holes recorded after those holes ended in another process (``record_best``)."""
        if None not in state.best:
            return state
        return _with_bests(state, (await self._sessions.hole_bests(state.id)).get)

    def _fill_in(self, live: Live[Position]) -> Change[Position] | None:
        """The change that puts late best scores in a finished round's scorecard; None if it has none to
        take, or is not over (its next press takes them: a change now would make its buttons stale)."""
        if live.state.status is not RoundStatus.FINISHED:
            return None
        filled = self._with_late_bests(live.state)
        if filled is live.state:
            return None
        new = filled.bump(updated_at=self._clock.now())
        return Change(new, live.position, self._round_screen(new, live.position))

    async def _course(self, first: int, count: int, rules: str) -> tuple[int, ...]:
        """The round's deal numbers: from ``first`` on, skipping deals proven impossible under
        winnable-only rules (worked out by the solver, off the event loop)."""
        if not find_patience(rules).winnable_only:
            return tuple(first + i for i in range(count))
        try:
            return await self._solver.course(first, count, rules)
        except DealError as error:
            raise BadOptionError.of_engine(error) from None

    def _first_deal(self, deal_code: str | None, count: int) -> int:
        if deal_code is None:
            return self._rng.randint(1, RANDOM_DEALS)
        first = deal_option(deal_code)
        if first + count - 1 > MAX_DEAL:
            # Translators: English says "An 8-hole round", "A 9-hole round": the two texts differ only so
            too_far = N_("An {holes}-hole round starting at deal #{deal} runs past the last deal.")
            if count not in (8, 11, 18):
                too_far = N_("A {holes}-hole round starting at deal #{deal} runs past the last deal.")
            raise BadOptionError(too_far, holes=count, deal=first)
        return first

    async def close(self) -> None:
        self._closed = True
        for task in (*self._best.values(), *self._following):
            task.cancel()
        self._best.clear()


def _came_back_empty(task: asyncio.Task[Answer | None]) -> bool:
    """A question to the solver that ended without an answer (cancelled, failed or timed out)."""
    return task.done() and (task.cancelled() or task.exception() is not None or task.result() is None)


def _with_bests(state: RoundState, found: Callable[[int], int | None]) -> RoundState:
    """``state`` with the best scores not known in it filled in from ``found`` (hole index -> best, None if
    not found either); the same state if none is."""
    if None not in state.best:
        return state
    best = tuple(found(index) if known is None else known for index, known in enumerate(state.best))
    return state if best == state.best else replace(state, best=best)


def _skipped_note(first: int, deals: tuple[int, ...]) -> tuple[str, ...]:
    passed = skipped_text(deals, first)
    return (passed,) if passed else ()


def _hint_text(hole: Position, move: Any) -> str:
    """The solver's best move in words (as ``Patience.hint_text`` says it, in the reader's language)."""
    if move is None:
        return _(texts.HINT_BUSY)
    if isinstance(move, SpreadMove) and move.slot is not None:  # a family game's card
        return _("💡 Hint: play {card}.", card=hole.cards[move.slot].pretty())
    if isinstance(move, SpreadMove) or move.kind is MoveKind.TURN:
        return _("💡 Hint: turn the stock.")
    card = hole.available(move.column)
    return _(
        "💡 Hint: play {card} from column {column}.",
        card=card.pretty() if card else "?",
        column=move.column + 1,
    )
