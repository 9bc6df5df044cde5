"""Shared fixtures for the engine tests: the PySolFC deal list, every rule variant, small positions."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.cards import Card, parse_card
from engine.golf.hole import Hole
from engine.golf.rules import STRICT, Rules

REPO = Path(__file__).resolve().parents[3]
DEALS_TSV = REPO / "tests" / "data" / "pysolfc-golf-deals-1-1000.tsv"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One line of tests/data/pysolfc-golf-deals-1-1000.tsv (tokens as written there)."""

    number: int
    foundation: str
    columns: tuple[tuple[str, ...], ...]
    """Each column bottom..top: the last card is the available one."""
    talon: tuple[str, ...]
    """In turning order: the first card is the first one turned."""


def _load_deals() -> tuple[DealRecord, ...]:
    if not DEALS_TSV.is_file():
        raise FileNotFoundError(
            f"{DEALS_TSV} is missing: it is part of the repository (see tests/data/README.md)"
        )
    records = []
    for line in DEALS_TSV.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, foundation, columns, talon, *_optimal = line.split("\t")
        records.append(
            DealRecord(
                number=int(number),
                foundation=foundation,
                columns=tuple(tuple(col.split(",")) for col in columns.split()),
                talon=tuple(talon.split()),
            )
        )
    return tuple(records)


@pytest.fixture(scope="session")
def pysolfc_deals() -> tuple[DealRecord, ...]:
    """Deals 1-1000 as PySolFC deals them (fails loudly if the data file is absent)."""
    return _load_deals()


def all_rules() -> list[Rules]:
    """Every combination of the rule book's flags (section 4): 72 rule sets."""
    bases = [Rules(), Rules(queens_on_kings=True), Rules(wrap=True)]
    combos = itertools.product(bases, (0, 1, 2), (False, True), (1, 2), (False, True))
    return [
        Rules(
            queens_on_kings=base.queens_on_kings,
            wrap=base.wrap,
            jokers=jokers,
            empty_foundation=head_start,
            decks=decks,
            draw_only_when_stuck=stuck,
        )
        for base, jokers, head_start, decks, stuck in combos
    ]


ALL_RULES = all_rules()


@pytest.fixture(scope="session")
def all_rule_sets() -> list[Rules]:
    """The 72 rule sets of ``all_rules()``."""
    return list(ALL_RULES)


@pytest.fixture(params=ALL_RULES, ids=lambda rules: rules.name)
def any_rules(request: pytest.FixtureRequest) -> Rules:
    """Parametrizes a test over every rule variant."""
    rules: Rules = request.param
    return rules


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


@pytest.fixture(scope="session")
def cards() -> Callable[[str], tuple[Card, ...]]:
    """``cards("5H KS JK")`` -> a tuple of cards."""
    return _cards


MakeHole = Callable[..., Hole]


@pytest.fixture(scope="session")
def make_hole() -> MakeHole:
    """Build a position from text: ``make_hole(["4C 7S", "", "KH"], foundation="5D", stock="2C 9H")``.

    Columns are written bottom..top (the last card is available); an empty string is an empty column.
    """

    def build(
        columns: list[str],
        *,
        foundation: str = "",
        stock: str = "",
        rules: Rules = STRICT,
        conceded: bool = False,
    ) -> Hole:
        return Hole(
            tableau=tuple(_cards(col) for col in columns),
            foundation=_cards(foundation),
            stock=_cards(stock),
            rules=rules,
            conceded=conceded,
        )

    return build
