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
from engine.deal import DealError, parse_deal_number
from engine.rules import RulesError, find_rules
from engine.scoring import MAX_HOLES, MIN_HOLES

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
            number = _deal_number(deal[1] if deal else word)
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


def _deal_number(code: str) -> int:
    try:
        return parse_deal_number(code)
    except DealError as error:
        raise BadOptionError(_sentence(str(error))) from None


def _holes(digits: str) -> int:
    holes = int(digits)
    if not MIN_HOLES <= holes <= MAX_HOLES:
        raise BadOptionError(
            f"A round has {MIN_HOLES} to {MAX_HOLES} holes, not {holes}. "
            f"To play deal {holes}, write #{holes}."
        )
    return holes


def _rules(words: Sequence[str]) -> str | None:
    """``wrap jokers=1`` (or ``wrap +jokers=1``) -> ``wrap+jokers=1``; ``queens on kings`` ->
    ``queens-on-kings``."""
    words = [part for part in (w.strip().strip("+") for w in words) if part]
    if not words:
        return None
    first_error: RulesError | None = None
    for candidate in ("+".join(words), "-".join(words)):
        try:
            return find_rules(candidate).name
        except RulesError as error:
            first_error = first_error or error
    assert first_error is not None
    raise BadOptionError(_sentence(str(first_error)))


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
