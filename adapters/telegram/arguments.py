"""Lenient reading of what players type after a command: ``/play wrap 3``, ``/play 5``,
``/play putt-putt #24``, ``/play queens on kings 18 holes deal=7``, ``/play rules=wrap holes=3``.

Words may come in any order. ``key=value`` (or ``key:value``) names an option outright: ``rules=``,
``deal=`` and ``holes=``, the same options as everywhere else. Bare words are read by their look: a number
is the number of holes, ``#24`` (or ``deal 24``) the first deal, and the other words name the rules.
Anything unreadable raises BadOptionError with a sentence that speaks of the option it is about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.errors import BadOptionError
from bot.i18n import N_
from bot.options import deal_option, holes_option, rules_option
from engine.golf.deal import MAX_DEAL
from engine.golf.scoring import MAX_HOLES, MIN_HOLES
from engine.registry import FAMILY, names_of

_KEYED = re.compile(r"(rules?|deal|holes?)[=:](.*)", re.ASCII | re.IGNORECASE | re.DOTALL)
_HOLES = re.compile(r"([0-9]+)(?:holes?)?", re.ASCII | re.IGNORECASE)
_FILLER = frozenset({"hole", "holes", "rules", "with"})
_GAME_WORDS = tuple(
    (tuple(spelling.split("-")), game.name)
    for game in FAMILY
    for spelling in names_of(game.name)
    if "-" in spelling
)
"""A Golf-family game's name typed as words (``/play black hole``, ``three peaks``): one word, before
"hole" is read as filler. From the registry's names and aliases."""


def game_words(words: Sequence[str]) -> list[str]:
    """``words`` with a game's name in several words joined into one."""
    out = list(words)
    for name, joined in _GAME_WORDS:
        for at in range(len(out) - len(name) + 1):
            if tuple(w.strip().lower() for w in out[at : at + len(name)]) == name:
                out[at : at + len(name)] = [joined]
                break
    return out


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``/play`` asked for; ``None`` leaves the choice to the core (place default, 9 holes, random)."""

    rules: str | None = None
    holes: int | None = None
    deal_code: str | None = None


@dataclass(slots=True)
class _Reading:
    rule_words: list[str]
    holes: int | None = None
    deal_code: str | None = None

    def deal(self, text: str) -> None:
        number = deal_option(text)
        if self.deal_code is not None:
            raise BadOptionError(
                N_("Give one deal, not {first_deal} and #{second_deal}."),
                first_deal=self.deal_code,
                second_deal=number,
            )
        self.deal_code = f"#{number}"

    def hole_count(self, holes: int) -> None:
        if self.holes is not None:
            raise BadOptionError(
                N_("Give one number of holes, not {first_holes} and {second_holes}."),
                first_holes=self.holes,
                second_holes=holes,
            )
        self.holes = holes


def parse_play_arguments(words: Sequence[str]) -> PlayOptions:
    reading = _Reading(rule_words=[])
    queue = game_words(words)
    while queue:
        word = queue.pop(0).strip()
        lowered = word.lower()
        if not word or lowered in _FILLER:
            continue
        if keyed := _KEYED.fullmatch(word):
            _read_keyed(reading, keyed[1].lower().rstrip("s"), keyed[2].strip())
        elif lowered.startswith("deal#"):
            reading.deal(word[4:])
        elif lowered == "deal" and queue:
            reading.deal(queue.pop(0).strip())
        elif word.startswith("#"):
            reading.deal(word)
        elif count := _HOLES.fullmatch(word):
            reading.hole_count(_bare_holes(count[1]))
        else:
            reading.rule_words.append(word)
    return PlayOptions(rules=_rules(reading.rule_words), holes=reading.holes, deal_code=reading.deal_code)


def _read_keyed(reading: _Reading, key: str, value: str) -> None:
    """``rules=wrap``, ``deal=24`` / ``deal=#24``, ``holes=3``: the error names the option."""
    if key == "rule":
        if not value:
            # Translators: keep rules=, rules=wrap and rules=strict+double as they are (they are typed)
            raise BadOptionError(N_("Name the rules after rules=, e.g. rules=wrap or rules=strict+double."))
        reading.rule_words.append(value)
    elif key == "deal":
        if not value:
            # Translators: keep deal= and deal=24 as they are (they are typed)
            raise BadOptionError(N_("Give a deal number after deal=, e.g. deal=24."))
        reading.deal(value)
    elif not value.isascii() or not value.isdigit():
        raise _bad_holes(value)
    else:
        reading.hole_count(holes_option(int(value)))


def _bad_holes(value: str) -> BadOptionError:
    """The refusal of ``holes=<value>`` that is not a number (``value`` quoted as typed)."""
    if not value:
        return BadOptionError(
            # Translators: keep holes= as it is (it is typed)
            N_("holes= takes a number of holes from {least} to {most}, not 'nothing'."),
            least=MIN_HOLES,
            most=MAX_HOLES,
        )
    return BadOptionError(
        # Translators: keep holes= as it is (it is typed); {value} is what was typed, quoted
        N_("holes= takes a number of holes from {least} to {most}, not {value}."),
        least=MIN_HOLES,
        most=MAX_HOLES,
        value=repr(value),
    )


def parse_rules_argument(words: Sequence[str]) -> str | None:
    """The rule set named by ``/rules putt putt`` or ``/rules rules=wrap`` (``None`` when no words)."""
    return _rules([_strip_rules_key(w) for w in words])


def _strip_rules_key(word: str) -> str:
    keyed = _KEYED.fullmatch(word.strip())
    return keyed[2] if keyed and keyed[1].lower().startswith("rule") else word


def _bare_holes(digits: str) -> int:
    """A bare number is a number of holes; one out of range that is a deal gets the hint to write #N."""
    holes = int(digits)
    try:
        return holes_option(holes)
    except BadOptionError as error:
        if 1 <= holes <= MAX_DEAL:  # "/play 24" most likely meant deal 24
            raise BadOptionError(
                # Translators: {refusal} is why the number is not a number of holes (a whole sentence)
                N_("{refusal} To play deal {deal}, write #{deal}."),
                refusal=error.template,
                deal=holes,
            ) from None
        raise


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
