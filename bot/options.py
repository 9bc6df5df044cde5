"""What players type as options (rule names, deal codes, hole counts), read the same way on every
platform: a canonical value, or a BadOptionError whose message a player can act on."""

from __future__ import annotations

from bot.errors import BadOptionError
from bot.errors import sentence as sentence  # (what tests and callers read here before bot.errors had it)
from bot.i18n import N_, ngettext
from bot.models import BoardLook
from engine.deals import DealError, parse_deal_number
from engine.game import GameError
from engine.golf.rules import RulesError
from engine.golf.scoring import MAX_HOLES, MIN_HOLES
from engine.patience import FAMILY, find_patience, is_family
from engine.registry import find_game

DEFAULT_LIMIT = 120
"""Seconds a human has for a turn at a Six-card table, unless the table says otherwise."""
MIN_LIMIT, MAX_LIMIT = 5, 3600
"""The turn limits a table may be opened with."""

DEFAULT_HOLES = 9
FAMILY_NAMES = tuple(game.name for game in FAMILY)
"""The Golf family's games a round may play, as the game option takes them."""


def rules_option(text: str) -> str:
    """The canonical name of the rules ``text`` names: a Golf rule set (any spelling ``find_rules`` reads) or
    a game of the Golf family (``tripeaks``, ``black-hole+winnable-only``: ``engine.patience``)."""
    try:
        return find_patience(text).name
    except RulesError as error:
        raise BadOptionError.of_engine(error) from None


def game_rules(game: str | None, rules: str | None) -> str | None:
    """The rules a round plays from a game option and a rules option (either may be missing): Golf's rule
    set, or the family game with ``+winnable-only`` when the rules option says so. None: neither given
    (the place's default rules). The game is found by the registry's names (``engine.registry``)."""
    try:
        found = None if game is None else find_game(game)
    except GameError:
        known = ", ".join(("golf", *FAMILY_NAMES))
        raise BadOptionError(
            N_("{game} is not a game I deal; try one of: {games}."), game=repr(str(game).strip()), games=known
        ) from None
    if found is None or not is_family(found.name):
        if found is not None and found.name != find_game("golf").name:  # Six-card Golf, the one other
            raise BadOptionError(N_("Six-card Golf is played at a table: open one with the table command."))
        return None if rules is None else rules_option(rules)
    if rules is None:
        return found.name
    try:  # the family's one option, as the rule book spells it
        return rules_option(f"{found.name}+{rules.strip().removeprefix('+')}")
    except BadOptionError:
        title = find_patience(found.name).title
        raise BadOptionError(
            N_("{game} has rules of its own: with it, the rules option takes only winnable-only."), game=title
        ) from None


def golf_rules_option(text: str) -> str:
    """The canonical name of the Golf rule set ``text`` names, for what plays Golf patience alone so far (the
    daily challenge, a place's default rules): a family game is refused in words."""
    name = rules_option(text)
    if is_family(name):
        raise BadOptionError(
            N_(
                "{game} is played in solo rounds, challenges, group rounds and tournaments; the daily "
                "challenge and a place's default rules are Golf's."
            ),
            game=find_patience(name).title,
        )
    return name


LOOK_NAMES = tuple(look.value for look in BoardLook)
"""The looks a place or a player may choose, as they are typed."""
AS_THE_PLACE = "place"
"""What a player types to drop their own look and follow their place's."""


def look_option(text: str) -> BoardLook:
    """The board look ``text`` names: image, text or emoji."""
    try:
        return BoardLook(text.strip().lower())
    except ValueError:
        raise BadOptionError(
            N_("A board look is {looks} or {last}, not {look}."),
            looks=", ".join(LOOK_NAMES[:-1]),
            last=LOOK_NAMES[-1],
            look=repr(text),
        ) from None


def deal_option(code: str | int) -> int:
    """A deal number from ``#24``, ``24`` or 24."""
    try:
        return parse_deal_number(code)
    except DealError as error:
        raise BadOptionError.of_engine(error) from None


def holes_named(holes: int) -> str:
    """``1 hole``, ``9 holes``."""
    return ngettext("{count} hole", "{count} holes", holes)


def holes_option(holes: int | None) -> int:
    """A round's number of holes; ``None`` is the default nine."""
    if holes is None:
        return DEFAULT_HOLES
    if not MIN_HOLES <= holes <= MAX_HOLES:
        raise BadOptionError(
            N_("A round has {fewest} to {most} holes, not {holes}."),
            fewest=MIN_HOLES,
            most=MAX_HOLES,
            holes=holes,
        )
    return holes
