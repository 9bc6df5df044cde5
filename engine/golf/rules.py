"""Rule sets: the variant flags of the rule book, found by name, and the one question they answer.

A rule set is a small frozen value. ``find_rules("putt-putt")`` and ``rules_name(rules)`` are a pair:
every rule set has a canonical name that ``find_rules`` reads back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import lru_cache

from engine.cards import ACE, JOKER, KING, Card
from engine.wording import N_, Word, WordedError, english


class RulesError(WordedError):
    """An unknown rule name or an impossible combination of flags."""


# find_rules' refusals (engine.patience words each again, adding the Golf family's games)
# Translators: {names} lists rule names (strict, wrap, ...): keep them as they are
NO_RULE_NAME = N_("no rule name given; try one of: {names}")
# Translators: {option} is a rule option as typed (jokers=1), strict a rule name: keep them as they are
NO_RULE_NAME_BEFORE = N_("no rule name given before +{option}, e.g. strict+{option}; try one of: {names}")
# Translators: {typed} is the option typed, quoted, and {option} the same unquoted; strict is a rule name
RULE_OPTION_ALONE = N_(
    "{typed} is a rule option: add it to a rule set, e.g. strict+{option}; try one of: {names}"
)
# Translators: {typed} is the name typed, quoted; {names} lists rule names: keep them as they are
UNKNOWN_RULES = N_("unknown rules {typed}; try one of: {names}")
# Translators: {typed} is the option typed, quoted; {names} lists rule options: keep them as they are
UNKNOWN_OPTION = N_("unknown rule option {typed}; try one of: {names}")


@dataclass(frozen=True, slots=True)
class Rules:
    """The flags of docs/rules.md. The default is strict Golf (PySolFC's Dead King Golf)."""

    queens_on_kings: bool = False
    wrap: bool = False
    jokers: int = 0
    empty_foundation: bool = False
    decks: int = 1
    draw_only_when_stuck: bool = False
    winnable_only: bool = False
    """A round option, not a rule of play: a deal the solver proves impossible is skipped for the next
    number that can be cleared (engine.golf.course)."""
    # Derived; kept as fields so that the hot path reads attributes, not properties.
    columns: int = field(init=False, repr=False, compare=False)
    rows: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.jokers not in (0, 1, 2):
            raise RulesError("jokers must be 0, 1 or 2, not {jokers}", jokers=str(self.jokers))
        if self.decks not in (1, 2):
            raise RulesError("decks must be 1 or 2, not {decks}", decks=str(self.decks))
        if self.wrap and not self.queens_on_kings:
            object.__setattr__(self, "queens_on_kings", True)  # wrap implies Queens on Kings
        object.__setattr__(self, "columns", 7 if self.decks == 1 else 9)
        object.__setattr__(self, "rows", 5 if self.decks == 1 else 7)

    @property
    def is_strict(self) -> bool:
        """Strict: nothing may go onto a King, and no wrapping."""
        return not self.queens_on_kings

    @property
    def deck_size(self) -> int:
        return 52 * self.decks + self.jokers

    @property
    def tableau_size(self) -> int:
        return self.columns * self.rows

    @property
    def stock_size(self) -> int:
        """Cards in the stock of a fresh deal."""
        return self.deck_size - self.tableau_size - (0 if self.empty_foundation else 1)

    @property
    def name(self) -> str:
        return rules_name(self)

    def allows(self, card: Card, onto: Card | None) -> bool:
        """May ``card`` go onto a foundation whose top card is ``onto`` (``None``: empty foundation)?"""
        return ranks_adjacent(card.rank, None if onto is None else onto.rank, self)


def ranks_adjacent(rank: int, onto: int | None, rules: Rules) -> bool:
    """The rules table of docs/rules.md on ranks alone (suits never matter); ``onto=None``: empty pile."""
    if onto is None or onto == JOKER:
        return True
    if onto == KING and rules.is_strict:
        return False
    if rank == JOKER:
        return True
    diff = abs(rank - onto)
    if diff == 1:
        return True
    return rules.wrap and diff == KING - ACE


# ---- names: every rule set and option described once ---------------------------------------------
#
# The rule book's names, what they mean and how a player may spell them are these two tables. The rules
# screen, Discord's suggestions, the error messages, ``rules_name`` and a Hole's pickling all read them:
# a new option is a field of Rules and a row of OPTIONS.


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A base rule set: what players call it, what it means (a line of the rules screen), a few words for
    suggestions, its flags, and the other spellings ``find_rules`` reads. ``meaning`` and ``note`` are
    English templates marked for the catalogues: the bot words them (``describe``)."""

    name: str
    meaning: str
    note: str
    rules: Rules
    aliases: tuple[str, ...] = ()
    nickname: str = ""
    """The alias the rules screen mentions (``wrap`` is also ``putt-putt``)."""


@dataclass(frozen=True, slots=True)
class RuleOption:
    """A modifier added with ``+``: its name, what it means, the Rules field it sets and to what."""

    name: str
    meaning: str
    field: str
    value: object
    aliases: tuple[str, ...] = ()


RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet(
        "strict",
        N_("Strict: nothing may be played onto a King, and there is no wrapping."),
        # Translators: a few words on the rule set strict, beside its name in a list of suggestions
        N_("nothing goes on a King"),
        Rules(),
        ("dead-king", "dead-king-golf"),
    ),
    RuleSet(
        "queens-on-kings",
        N_("Queens on Kings: a Queen may be played onto a King."),
        # Translators: a few words on the rule set queens-on-kings, beside its name in a list of suggestions
        N_("a Queen may go on a King"),
        Rules(queens_on_kings=True),
        ("golf", "qok"),
    ),
    RuleSet(
        "wrap",
        N_("Putt Putt: King and Ace are neighbours both ways; a Queen may go on a King."),
        # Translators: a few words on the rule set wrap (also called Putt Putt), beside its name in a list
        N_("King and Ace touch (Putt Putt)"),
        Rules(wrap=True),
        ("putt-putt", "relaxed", "relaxed-golf"),
        nickname="putt-putt",
    ),
)
OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "jokers=1", N_("1 Joker: wild, and anything goes on one."), "jokers", 1, ("joker", "jokers-1")
    ),
    RuleOption("jokers=2", N_("2 Jokers: wild, and anything goes on one."), "jokers", 2, ("jokers-2",)),
    RuleOption(
        "head-start",
        N_("Head start: the foundation starts empty, so the first card may be any."),
        "empty_foundation",
        True,
        ("empty-foundation",),
    ),
    RuleOption(
        "double", N_("Double Golf: two decks, 9 columns of 7."), "decks", 2, ("decks=2", "double-golf")
    ),
    RuleOption(
        "stuck-draw",
        N_("The stock may be turned only when no card can be played."),
        "draw_only_when_stuck",
        True,
        ("draw-only-when-stuck",),
    ),
    RuleOption(
        "winnable-only",
        N_("Winnable only: a deal the solver proves impossible to clear is skipped for the next one."),
        "winnable_only",
        True,
        ("winnable", "redeal"),
    ),
)

_BASES: dict[str, RuleSet] = {s.name: s for s in RULE_SETS}
_BASE_ALIASES: dict[str, str] = {alias: s.name for s in RULE_SETS for alias in s.aliases}
_OPTIONS: dict[str, RuleOption] = {o.name: o for o in OPTIONS}
_OPTION_ALIASES: dict[str, str] = {alias: o.name for o in OPTIONS for alias in o.aliases}
_BASE_FIELDS = tuple(
    f.name for f in fields(Rules) if f.init and len({getattr(s.rules, f.name) for s in RULE_SETS}) > 1
)
"""The flags that tell the base rule sets apart (Queens on Kings, wrap)."""
FLAGS: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.init)
"""Every flag of a rule set, in order: what ``rules_flags`` writes and ``rules_from_flags`` reads."""

RULE_NAMES: tuple[str, ...] = tuple(_BASES)
"""The three base rule sets; modifiers are added with ``+``, e.g. ``wrap+jokers=1+double``."""
MODIFIER_NAMES: tuple[str, ...] = tuple(_OPTIONS)


def find_rules(name: str) -> Rules:
    """The rule set called ``name``: a base (``strict``, ``queens-on-kings``, ``wrap``, or an alias such
    as ``putt-putt``), optionally followed by ``+modifier`` parts (``jokers=1``, ``jokers=2``,
    ``head-start``, ``double``, ``stuck-draw``, and the round option ``winnable-only``). Raises
    RulesError for anything else."""
    return _find_rules(name)


@lru_cache(maxsize=256)
def _find_rules(name: str) -> Rules:
    # every move of a round names its rules again: they are read once (Rules are frozen, so shared)
    parts = [p.strip().lower().replace("_", "-").replace(" ", "-") for p in name.split("+")]
    if not parts[0]:
        names = ", ".join(RULE_NAMES)
        if len(parts) > 1 and parts[1]:
            raise RulesError(NO_RULE_NAME_BEFORE, option=parts[1], names=names)
        raise RulesError(NO_RULE_NAME, names=names)
    base_name = _BASE_ALIASES.get(parts[0], parts[0])
    if base_name not in _BASES and _OPTION_ALIASES.get(parts[0], parts[0]) in _OPTIONS:
        raise RulesError(
            RULE_OPTION_ALONE, typed=repr(parts[0]), option=parts[0], names=", ".join(RULE_NAMES)
        )
    if base_name not in _BASES:
        names = ", ".join(RULE_NAMES + tuple(sorted(_BASE_ALIASES)))
        raise RulesError(UNKNOWN_RULES, typed=repr(parts[0]), names=names)
    changes: dict[str, object] = {}
    for part in parts[1:]:
        key = _OPTION_ALIASES.get(part, part)
        if key not in _OPTIONS:
            raise RulesError(UNKNOWN_OPTION, typed=repr(part), names=", ".join(MODIFIER_NAMES))
        changes[_OPTIONS[key].field] = _OPTIONS[key].value
    return replace(_BASES[base_name].rules, **changes)  # type: ignore[arg-type]


def base_of(rules: Rules) -> RuleSet:
    """The base rule set ``rules`` is built on."""
    for rule_set in RULE_SETS:
        if all(getattr(rule_set.rules, f) == getattr(rules, f) for f in _BASE_FIELDS):
            return rule_set
    raise RulesError(
        "no base rule set fits {rules}", rules=repr(rules)
    )  # pragma: no cover - every flag pair has one


def options_of(rules: Rules) -> tuple[RuleOption, ...]:
    """The options ``rules`` adds to its base, in the order of OPTIONS."""
    return tuple(o for o in OPTIONS if getattr(rules, o.field) == o.value)


def rules_name(rules: Rules) -> str:
    """The canonical name of a rule set, which ``find_rules`` reads back."""
    return "+".join((base_of(rules).name, *(o.name for o in options_of(rules))))


def describe(rules: Rules, word: Word = english) -> tuple[str, ...]:
    """What ``rules`` means, a line for its base and one for each option, each worded by ``word`` (the
    bot's ``_``; English by default)."""
    return (word(base_of(rules).meaning), *(word(o.meaning) for o in options_of(rules)))


def rules_flags(rules: Rules) -> tuple[object, ...]:
    """Every flag of ``rules`` (FLAGS), e.g. to send it to another process; ``rules_from_flags`` reads it."""
    return tuple(getattr(rules, name) for name in FLAGS)


def rules_from_flags(flags: tuple[object, ...]) -> Rules:
    return Rules(**dict(zip(FLAGS, flags, strict=True)))  # type: ignore[arg-type]


STRICT = _BASES["strict"].rules
QUEENS_ON_KINGS = _BASES["queens-on-kings"].rules
WRAP = _BASES["wrap"].rules

__all__ = [
    "FLAGS",
    "MODIFIER_NAMES",
    "OPTIONS",
    "QUEENS_ON_KINGS",
    "RULE_NAMES",
    "RULE_SETS",
    "STRICT",
    "WRAP",
    "RuleOption",
    "RuleSet",
    "Rules",
    "RulesError",
    "base_of",
    "describe",
    "find_rules",
    "options_of",
    "ranks_adjacent",
    "rules_flags",
    "rules_from_flags",
    "rules_name",
]
