"""The patiences a Golf round plays: one player, PySolFC's deal numbers, a solver that knows the deal.

A round names what it plays by one name, its *rules*: a Golf rule set (``strict``, ``wrap+jokers=1``, read
by ``engine.golf.rules.find_rules``) or a game of the Golf family (``tripeaks``, ``black-hole``, with the
round option ``+winnable-only``). ``find_patience`` reads either and gives the one object the bot plays it
through: dealing, reading and writing moves, the solver's best score and hints, the winnable-only course.
It finds the family's games in engine.registry (a new game registered there is playable here too).

A position is the game's own (a Golf ``Hole``, a family ``Spread``); both are immutable, hashable (the
solver's pool remembers answers by position) and answer ``play``, ``is_over``, ``score``, ``top`` and
``stock``.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from engine.deals import course as dealt_course
from engine.game import GameError
from engine.golf import solver as golf_solver
from engine.golf.course import WINNABLE_STATES
from engine.golf.course import course as golf_course
from engine.golf.deal import deal as golf_deal
from engine.golf.hole import Hole
from engine.golf.moves import Move, MoveKind, move_name, parse_move
from engine.golf.rules import (
    NO_RULE_NAME,
    NO_RULE_NAME_BEFORE,
    OPTIONS,
    RULE_OPTION_ALONE,
    UNKNOWN_RULES,
    Rules,
    RulesError,
    find_rules,
)
from engine.registry import FAMILY as FAMILY
from engine.registry import find_game
from engine.spread import solver as spread_solver
from engine.spread.game import SpreadGame
from engine.spread.position import Spread, SpreadMove
from engine.wording import N_

_WINNABLE_OPTION = next(option for option in OPTIONS if option.field == "winnable_only")
WINNABLE = _WINNABLE_OPTION.name
_WINNABLE_SPELLINGS = (WINNABLE, *_WINNABLE_OPTION.aliases)
"""The round option winnable-only as the rule book spells it (engine.golf.rules' table), for every game."""
Position = Any
"""A position of any of them (a Golf ``Hole``, a family ``Spread``): what a round's moves are played on."""
SearchLimitError = golf_solver.SearchLimitError
"""What ``solve`` raises past its bound, for every game."""


class PatienceError(RulesError):
    """A name that is neither a Golf rule set nor a family game, or an option a game does not have."""


_OR_A_GAME = {
    # Translators: {names} lists rule names, {games} games' names (strict, tripeaks): keep them as they are
    NO_RULE_NAME: N_("no rule name given; try one of: {names}; or a game of the Golf family: {games}"),
    NO_RULE_NAME_BEFORE: N_(
        "no rule name given before +{option}, e.g. strict+{option}; try one of: {names}; "
        "or a game of the Golf family: {games}"
    ),
    RULE_OPTION_ALONE: N_(
        "{typed} is a rule option: add it to a rule set, e.g. strict+{option}; try one of: {names}; "
        "or a game of the Golf family: {games}"
    ),
    UNKNOWN_RULES: N_("unknown rules {typed}; try one of: {names}; or a game of the Golf family: {games}"),
}
"""find_rules' refusals of a name that is no Golf rule set, worded again to name the family's games too."""


class Answer(Protocol):
    """The solver's answer for a position: the best score found, the line reaching it (its first move a
    best next move), and ``lower_bound``: no line scores less (``proven`` when the two meet)."""

    @property
    def score(self) -> int: ...
    @property
    def lower_bound(self) -> int: ...
    @property
    def proven(self) -> bool: ...
    @property
    def first_move(self) -> Any: ...
    @property
    def moves(self) -> tuple[Any, ...]: ...


class Patience(Protocol):
    """One patience under one name, as a Golf round plays it."""

    @property
    def name(self) -> str:
        """The canonical name ``find_patience`` reads back (a round's ``rules``)."""
        ...

    @property
    def title(self) -> str:
        """Its name for people: ``TriPeaks``; Golf's rule set name (``strict``)."""
        ...

    @property
    def winnable_only(self) -> bool: ...

    @property
    def heavy(self) -> bool:
        """Whether its searches can take seconds (the solver's pool gives those a lane of their own)."""
        ...

    def deal(self, number: int) -> Any:
        """The opening position of deal ``number``. Raises DealError for a number that is no deal."""
        ...

    def parse_move(self, text: str) -> Any:
        """A move from its text (a button's action). Raises ValueError, in words a player can read."""
        ...

    def move_text(self, move: Any) -> str:
        """The text ``parse_move`` reads back."""
        ...

    def lower_bound(self, position: Any) -> int:
        """A score no line from ``position`` can beat, at once."""
        ...

    def solve(self, position: Any, *, max_states: int | None = None) -> Answer:
        """The best score from ``position``; past ``max_states`` the best found (Golf) or SearchLimitError."""
        ...

    def course(self, first: int, holes: int) -> tuple[int, ...]:
        """The deal numbers of a round from ``first`` (winnable-only: impossible deals skipped)."""
        ...

    def hint_text(self, position: Any, move: Any) -> str:
        """A best move in words: ``play 7♠ from column 3``, ``turn the stock``."""
        ...


@dataclass(frozen=True, slots=True)
class GolfRules:
    """Golf patience under a rule set."""

    rules: Rules

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.name

    @property
    def winnable_only(self) -> bool:
        return self.rules.winnable_only

    @property
    def heavy(self) -> bool:
        return self.rules.decks > 1 or self.rules.jokers > 0

    def deal(self, number: int) -> Hole:
        return golf_deal(number, self.rules)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def move_text(self, move: Move) -> str:
        return move_name(move)

    def lower_bound(self, position: Hole) -> int:
        return golf_solver.lower_bound(position)

    def solve(self, position: Hole, *, max_states: int | None = None) -> golf_solver.Solution:
        return golf_solver.solve(position, max_states=max_states)

    def course(self, first: int, holes: int) -> tuple[int, ...]:
        return golf_course(first, holes, self.rules)

    def hint_text(self, position: Hole, move: Move) -> str:
        if move.kind is MoveKind.TURN:
            return "turn the stock"
        card = position.available(move.column)
        return f"play {card.pretty() if card else '?'} from column {move.column + 1}"


@dataclass(frozen=True, slots=True)
class FamilyAnswer:
    """A family search's answer: always proven (a search past its bound raises instead)."""

    score: int
    moves: tuple[SpreadMove, ...]
    states: int

    @property
    def lower_bound(self) -> int:
        return self.score

    @property
    def proven(self) -> bool:
        return True

    @property
    def first_move(self) -> SpreadMove | None:
        return self.moves[0] if self.moves and not self.moves[0].concede else None


@dataclass(frozen=True, slots=True)
class FamilyGame:
    """A game of the Golf family (engine/spread/), optionally with the round option winnable-only."""

    game: SpreadGame
    winnable_only: bool = False

    @property
    def name(self) -> str:
        return self.game.name + (f"+{WINNABLE}" if self.winnable_only else "")

    @property
    def title(self) -> str:
        return self.game.layout.title

    @property
    def heavy(self) -> bool:
        return not self.game.layout.stock  # Black Hole, All in a Row: their worst deals take a second or so

    def deal(self, number: int) -> Spread:
        return self.game.new_hole(number)

    def parse_move(self, text: str) -> SpreadMove:
        return self.game.parse_action(text)

    def move_text(self, move: SpreadMove) -> str:
        return "q" if move.concede else self.game.action_name(move)

    def lower_bound(self, position: Spread) -> int:
        """No line clears more than the tableau with every stock card left."""
        return position.score if position.is_over else -len(position.stock)

    def solve(self, position: Spread, *, max_states: int | None = None) -> FamilyAnswer:
        try:
            found = spread_solver.solve(position, max_states=max_states)
        except spread_solver.SearchTooLarge as error:
            raise SearchLimitError(str(error)) from None
        return FamilyAnswer(found.score, found.line, found.states)

    def course(self, first: int, holes: int) -> tuple[int, ...]:
        return dealt_course(first, holes, self._clearable if self.winnable_only else None)

    def _clearable(self, number: int) -> bool:
        """False only when the solver proves deal ``number`` cannot be cleared (within WINNABLE_STATES)."""
        with contextlib.suppress(SearchLimitError):
            return self.solve(self.deal(number), max_states=WINNABLE_STATES).score <= 0
        return True

    def hint_text(self, position: Spread, move: SpreadMove) -> str:
        if move.slot is None:
            return "turn the stock"
        return f"play {position.cards[move.slot].pretty()}"


def find_patience(name: str) -> Patience:
    """What the rules ``name`` plays: a Golf rule set or a family game (with ``+winnable-only``). Raises
    PatienceError (a RulesError) naming both kinds otherwise."""
    return _find(name)


@lru_cache(maxsize=256)
def _find(name: str) -> Patience:
    parts = ["-".join(p.strip().lower().replace("_", " ").replace("-", " ").split()) for p in name.split("+")]
    try:
        found = find_game(parts[0])  # the registry's names and aliases
    except GameError:
        found = None
    game = found if isinstance(found, SpreadGame) else None
    if game is None:
        try:
            return GolfRules(find_rules(name))
        except RulesError as error:
            if _is_golf_base(name) or error.template not in _OR_A_GAME:
                raise  # a Golf rule set with an option it has not: Golf's own words say which
            games = ", ".join(g.name for g in FAMILY)
            raise PatienceError(_OR_A_GAME[error.template], games=games, **error.params) from None
    options = parts[1:]
    unknown = [o for o in options if o not in _WINNABLE_SPELLINGS]
    if unknown:
        raise PatienceError(
            # Translators: {game} is a game's name (TriPeaks), {option} the option typed and {winnable} the
            # one option the game has (winnable-only): keep the options as they are
            N_("{game} has no option +{option} (only +{winnable}: its rules are fixed)"),
            game=game.layout.title,
            option=unknown[0],
            winnable=WINNABLE,
        )
    return FamilyGame(game, winnable_only=bool(options))


def _is_golf_base(name: str) -> bool:
    try:
        find_rules(name.split("+")[0])
    except RulesError:
        return False
    return True


def is_family(name: str) -> bool:
    """Whether the rules ``name`` name a game of the Golf family (not Golf patience itself)."""
    try:
        return isinstance(find_patience(name), FamilyGame)
    except RulesError:
        return False


GOLF = "golf"
"""The game of every Golf rule set, as a match's result and the ratings name it."""


def game_of(rules: str) -> str:
    """The game the rules ``rules`` play: ``golf`` for a Golf rule set, else the family game's name
    (``tripeaks``: its winnable-only option is the same game)."""
    found = find_patience(rules)
    return found.game.name if isinstance(found, FamilyGame) else GOLF


def game_title(game: str) -> str:
    """A game's name for people: ``Golf``, ``TriPeaks``."""
    return "Golf" if game == GOLF else find_patience(game).title


def patience_of(position: Position) -> Patience:
    """What a position is a position of (the solver's pool is handed positions alone)."""
    if isinstance(position, Spread):
        return find_patience(position.layout.name)
    return GolfRules(position.rules)
