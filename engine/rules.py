"""Rule sets: the variant flags of the rule book, found by name, and the one question they answer.

A rule set is a small frozen value. ``find_rules("putt-putt")`` and ``rules_name(rules)`` are a pair:
every rule set has a canonical name that ``find_rules`` reads back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.cards import ACE, JOKER, KING, Card


class RulesError(ValueError):
    """An unknown rule name or an impossible combination of flags."""


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
    number that can be cleared (engine.course)."""
    # Derived; kept as fields so that the hot path reads attributes, not properties.
    columns: int = field(init=False, repr=False, compare=False)
    rows: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.jokers not in (0, 1, 2):
            raise RulesError(f"jokers must be 0, 1 or 2, not {self.jokers}")
        if self.decks not in (1, 2):
            raise RulesError(f"decks must be 1 or 2, not {self.decks}")
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


# ---- names -------------------------------------------------------------------------------------

_BASES: dict[str, Rules] = {
    "strict": Rules(),
    "queens-on-kings": Rules(queens_on_kings=True),
    "wrap": Rules(wrap=True),
}
_BASE_ALIASES = {
    "dead-king": "strict",
    "dead-king-golf": "strict",
    "golf": "queens-on-kings",
    "qok": "queens-on-kings",
    "putt-putt": "wrap",
    "relaxed": "wrap",
    "relaxed-golf": "wrap",
}
_MODIFIERS: dict[str, dict[str, object]] = {
    "jokers=1": {"jokers": 1},
    "jokers=2": {"jokers": 2},
    "head-start": {"empty_foundation": True},
    "double": {"decks": 2},
    "stuck-draw": {"draw_only_when_stuck": True},
    "winnable-only": {"winnable_only": True},
}
_MODIFIER_ALIASES = {
    "joker": "jokers=1",
    "jokers-1": "jokers=1",
    "jokers-2": "jokers=2",
    "empty-foundation": "head-start",
    "decks=2": "double",
    "double-golf": "double",
    "draw-only-when-stuck": "stuck-draw",
    "winnable": "winnable-only",
    "redeal": "winnable-only",
}

RULE_NAMES: tuple[str, ...] = tuple(_BASES)
"""The three base rule sets; modifiers are added with ``+``, e.g. ``wrap+jokers=1+double``."""
MODIFIER_NAMES: tuple[str, ...] = tuple(_MODIFIERS)


def find_rules(name: str) -> Rules:
    """The rule set called ``name``: a base (``strict``, ``queens-on-kings``, ``wrap``, or an alias such
    as ``putt-putt``), optionally followed by ``+modifier`` parts (``jokers=1``, ``jokers=2``,
    ``head-start``, ``double``, ``stuck-draw``, and the round option ``winnable-only``). Raises
    RulesError for anything else."""
    parts = [p.strip().lower().replace("_", "-").replace(" ", "-") for p in name.split("+")]
    if not parts[0]:
        raise RulesError("no rule name given; try one of: " + ", ".join(RULE_NAMES))
    base_name = _BASE_ALIASES.get(parts[0], parts[0])
    if base_name not in _BASES:
        raise RulesError(
            f"unknown rules {parts[0]!r}; try one of: " + ", ".join(RULE_NAMES + tuple(sorted(_BASE_ALIASES)))
        )
    changes: dict[str, object] = {}
    for part in parts[1:]:
        key = _MODIFIER_ALIASES.get(part, part)
        if key not in _MODIFIERS:
            raise RulesError(f"unknown rule option {part!r}; try one of: " + ", ".join(MODIFIER_NAMES))
        changes.update(_MODIFIERS[key])
    return replace(_BASES[base_name], **changes)  # type: ignore[arg-type]


def rules_name(rules: Rules) -> str:
    """The canonical name of a rule set, which ``find_rules`` reads back."""
    base = "wrap" if rules.wrap else "queens-on-kings" if rules.queens_on_kings else "strict"
    parts = [base]
    if rules.jokers:
        parts.append(f"jokers={rules.jokers}")
    if rules.empty_foundation:
        parts.append("head-start")
    if rules.decks == 2:
        parts.append("double")
    if rules.draw_only_when_stuck:
        parts.append("stuck-draw")
    if rules.winnable_only:
        parts.append("winnable-only")
    return "+".join(parts)


STRICT = _BASES["strict"]
QUEENS_ON_KINGS = _BASES["queens-on-kings"]
WRAP = _BASES["wrap"]

__all__ = [
    "QUEENS_ON_KINGS",
    "RULE_NAMES",
    "STRICT",
    "WRAP",
    "Rules",
    "RulesError",
    "find_rules",
    "ranks_adjacent",
    "rules_name",
]
