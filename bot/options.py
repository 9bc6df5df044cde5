"""What players type as options (rule names, deal codes, hole counts), read the same way on every
platform: a canonical value, or a BadOptionError whose message a player can act on."""

from __future__ import annotations

from bot.errors import BadOptionError
from bot.models import BoardLook
from engine.deals import DealError, parse_deal_number
from engine.golf.rules import RulesError
from engine.golf.scoring import MAX_HOLES, MIN_HOLES
from engine.patience import find_patience, is_family

DEFAULT_LIMIT = 120
"""Seconds a human has for a turn at a Six-card table, unless the table says otherwise."""
MIN_LIMIT, MAX_LIMIT = 5, 3600
"""The turn limits a table may be opened with."""

DEFAULT_HOLES = 9


def sentence(text: str) -> str:
    """An engine message as a sentence: ``unknown rules 'x'`` -> ``Unknown rules 'x'.``"""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def rules_option(text: str) -> str:
    """The canonical name of the rules ``text`` names: a Golf rule set (any spelling ``find_rules`` reads) or
    a game of the Golf family (``tripeaks``, ``black-hole+winnable-only``: ``engine.patience``)."""
    try:
        return find_patience(text).name
    except RulesError as error:
        raise BadOptionError(sentence(str(error))) from None


def golf_rules_option(text: str) -> str:
    """The canonical name of the Golf rule set ``text`` names, for what plays Golf patience alone so far (the
    daily challenge, a place's default rules): a family game is refused in words."""
    name = rules_option(text)
    if is_family(name):
        raise BadOptionError(
            f"{find_patience(name).title} is played in solo rounds, challenges, group rounds and "
            "tournaments; the daily challenge and a place's default rules are Golf's."
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
        named = f"{', '.join(LOOK_NAMES[:-1])} or {LOOK_NAMES[-1]}"
        raise BadOptionError(f"A board look is {named}, not {text!r}.") from None


def deal_option(code: str | int) -> int:
    """A deal number from ``#24``, ``24`` or 24."""
    try:
        return parse_deal_number(code)
    except DealError as error:
        raise BadOptionError(sentence(str(error))) from None


def holes_named(holes: int) -> str:
    """``1 hole``, ``9 holes``."""
    return f"{holes} hole{'s' if holes != 1 else ''}"


def holes_option(holes: int | None) -> int:
    """A round's number of holes; ``None`` is the default nine."""
    if holes is None:
        return DEFAULT_HOLES
    if not MIN_HOLES <= holes <= MAX_HOLES:
        raise BadOptionError(f"A round has {MIN_HOLES} to {MAX_HOLES} holes, not {holes}.")
    return holes
