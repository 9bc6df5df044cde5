"""Lenient reading of what players type after a command: ``/play wrap 3``, ``/play 5``,
``/play putt-putt #24``, ``/play queens on kings 18 holes deal=7``.

Words may come in any order: a number is the number of holes, ``#24`` (or ``deal=24``, ``deal 24``) the
first deal, and the other words name the rules. Anything unreadable raises BadOptionError with a sentence
a player can act on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.errors import BadOptionError
from bot.options import deal_option, holes_option, rules_option

_HOLES = re.compile(r"(?:holes?[=:])?([0-9]+)(?:holes?)?", re.ASCII | re.IGNORECASE)
_DEAL = re.compile(r"(?:#|deal[=:#]|deal[=:]#)([0-9]+)", re.ASCII | re.IGNORECASE)
_FILLER = frozenset({"hole", "holes", "rules", "with"})


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``/play`` asked for; ``None`` leaves the choice to the core (place default, 9 holes, random)."""

    rules: str | None = None
    holes: int | None = None
    deal_code: str | None = None


def parse_play_arguments(words: Sequence[str]) -> PlayOptions:
    rule_words: list[str] = []
    holes: int | None = None
    deal_code: str | None = None
    queue = list(words)
    while queue:
        word = queue.pop(0).strip()
        lowered = word.lower()
        if not word or lowered in _FILLER:
            continue
        if lowered == "deal" and queue:
            word = "#" + queue.pop(0).strip().lstrip("#")
        if (deal := _DEAL.fullmatch(word)) or word.startswith("#"):
            number = deal_option(deal[1] if deal else word)
            if deal_code is not None:
                raise BadOptionError(f"Give one deal, not {deal_code} and #{number}.")
            deal_code = f"#{number}"
        elif count := _HOLES.fullmatch(word):
            if holes is not None:
                raise BadOptionError(f"Give one number of holes, not {holes} and {count[1]}.")
            holes = _holes(count[1])
        else:
            rule_words.append(word)
    return PlayOptions(rules=_rules(rule_words), holes=holes, deal_code=deal_code)


def parse_rules_argument(words: Sequence[str]) -> str | None:
    """The rule set named by ``/rules putt putt`` (``None`` when no words were given)."""
    return _rules(words)


def _holes(digits: str) -> int:
    holes = int(digits)
    try:
        return holes_option(holes)
    except BadOptionError as error:  # "/play 24" most likely meant deal 24
        raise BadOptionError(f"{error.message} To play deal {holes}, write #{holes}.") from None


def _rules(words: Sequence[str]) -> str | None:
    """``wrap jokers=1`` (or ``wrap +jokers=1``) -> ``wrap+jokers=1``; ``queens on kings`` ->
    ``queens-on-kings``."""
    words = [part for part in (w.strip().strip("+") for w in words) if part]
    if not words:
        return None
    try:
        return rules_option("+".join(words))
    except BadOptionError as first:
        try:
            return rules_option("-".join(words))  # "queens on kings" -> queens-on-kings
        except BadOptionError:
            raise first from None
