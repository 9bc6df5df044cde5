"""Rule sets: names and aliases, the canonical name round trip, validation, the derived sizes, the table."""

from __future__ import annotations

import pytest

from engine.cards import ACE, JOKER, JOKER_CARD, KING, QUEEN, Card, Suit
from engine.golf.rules import (
    MODIFIER_NAMES,
    QUEENS_ON_KINGS,
    RULE_NAMES,
    STRICT,
    WRAP,
    Rules,
    RulesError,
    find_rules,
    ranks_adjacent,
    rules_name,
)

# ---- finding rule sets by name ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("strict", STRICT),
        ("dead-king", STRICT),
        ("dead-king-golf", STRICT),
        ("Dead King Golf", STRICT),
        ("queens-on-kings", QUEENS_ON_KINGS),
        ("queens_on_kings", QUEENS_ON_KINGS),
        ("golf", QUEENS_ON_KINGS),
        ("qok", QUEENS_ON_KINGS),
        ("wrap", WRAP),
        ("putt-putt", WRAP),
        ("Putt Putt", WRAP),
        ("relaxed", WRAP),
        ("relaxed-golf", WRAP),
        ("  STRICT  ", STRICT),
    ],
)
def test_find_rules_bases_and_aliases(name: str, expected: Rules) -> None:
    assert find_rules(name) == expected


def test_base_rule_sets() -> None:
    assert Rules() == STRICT
    assert STRICT.is_strict and not STRICT.queens_on_kings and not STRICT.wrap
    assert QUEENS_ON_KINGS.queens_on_kings and not QUEENS_ON_KINGS.wrap and not QUEENS_ON_KINGS.is_strict
    assert WRAP.wrap and WRAP.queens_on_kings and not WRAP.is_strict
    assert RULE_NAMES == ("strict", "queens-on-kings", "wrap")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("strict+jokers=1", Rules(jokers=1)),
        ("strict+joker", Rules(jokers=1)),
        ("strict+jokers-1", Rules(jokers=1)),
        ("strict+jokers=2", Rules(jokers=2)),
        ("strict+jokers-2", Rules(jokers=2)),
        ("strict+head-start", Rules(empty_foundation=True)),
        ("strict+empty_foundation", Rules(empty_foundation=True)),
        ("strict+double", Rules(decks=2)),
        ("strict+decks=2", Rules(decks=2)),
        ("strict+double-golf", Rules(decks=2)),
        ("strict+stuck-draw", Rules(draw_only_when_stuck=True)),
        ("strict+draw_only_when_stuck", Rules(draw_only_when_stuck=True)),
        ("putt-putt+jokers=1+double", Rules(wrap=True, jokers=1, decks=2)),
        ("golf + head-start + stuck-draw", Rules(queens_on_kings=True, empty_foundation=True,
                                                 draw_only_when_stuck=True)),
        ("wrap+double+jokers=2+head-start+stuck-draw",
         Rules(wrap=True, decks=2, jokers=2, empty_foundation=True, draw_only_when_stuck=True)),
    ],
)  # fmt: skip
def test_find_rules_modifiers(name: str, expected: Rules) -> None:
    assert find_rules(name) == expected


def test_modifier_names() -> None:
    assert MODIFIER_NAMES == ("jokers=1", "jokers=2", "head-start", "double", "stuck-draw", "winnable-only")
    for modifier in MODIFIER_NAMES:
        assert find_rules("strict+" + modifier) != STRICT


def test_modifiers_in_any_order_give_the_same_rules() -> None:
    assert find_rules("wrap+double+jokers=1") == find_rules("wrap+jokers=1+double")


def test_rules_name_round_trip(any_rules: Rules) -> None:
    rules = any_rules
    name = rules_name(rules)
    assert rules.name == name
    assert find_rules(name) == rules
    assert rules_name(find_rules(name)) == name
    assert name.split("+")[0] in RULE_NAMES


def test_rules_names_are_distinct(all_rule_sets: list[Rules]) -> None:
    assert len({r.name for r in all_rule_sets}) == len(all_rule_sets) == 72
    assert len(set(all_rule_sets)) == 72


@pytest.mark.parametrize(
    ("rules", "name"),
    [
        (STRICT, "strict"),
        (QUEENS_ON_KINGS, "queens-on-kings"),
        (WRAP, "wrap"),
        (Rules(wrap=True, queens_on_kings=False), "wrap"),
        (Rules(jokers=2, decks=2), "strict+jokers=2+double"),
        (Rules(queens_on_kings=True, empty_foundation=True, draw_only_when_stuck=True),
         "queens-on-kings+head-start+stuck-draw"),
    ],
)  # fmt: skip
def test_canonical_names(rules: Rules, name: str) -> None:
    assert rules_name(rules) == name


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "no rule name given"),
        ("   ", "no rule name given"),
        ("+double", "no rule name given before +double, e.g. strict+double"),
        ("klondike", "unknown rules 'klondike'"),
        ("jokers=1", "'jokers=1' is a rule option: add it to a rule set, e.g. strict+jokers=1"),
        ("double+wrap", "'double' is a rule option: add it to a rule set, e.g. strict+double"),
        ("strict+jokers=3", "unknown rule option 'jokers=3'"),
        ("strict+wrap", "unknown rule option 'wrap'"),
        ("strict+", "unknown rule option ''"),
        ("wrap+triple", "unknown rule option 'triple'"),
    ],
)
def test_unknown_names_raise_rules_error_with_help(name: str, words: str) -> None:
    with pytest.raises(RulesError) as info:
        find_rules(name)
    message = str(info.value)
    assert words in message
    assert "try one of" in message


def test_unknown_base_lists_the_names_and_aliases() -> None:
    with pytest.raises(RulesError) as info:
        find_rules("tripeaks")
    message = str(info.value)
    for name in (*RULE_NAMES, "putt-putt", "golf", "dead-king"):
        assert name in message


def test_unknown_modifier_lists_the_modifiers() -> None:
    with pytest.raises(RulesError) as info:
        find_rules("strict+triple")
    for name in MODIFIER_NAMES:
        assert name in str(info.value)


def test_rules_error_is_value_error() -> None:
    assert issubclass(RulesError, ValueError)


# ---- validation and derived values --------------------------------------------------------------


@pytest.mark.parametrize("jokers", [-1, 3, 4])
def test_bad_joker_count(jokers: int) -> None:
    with pytest.raises(RulesError, match="jokers must be 0, 1 or 2"):
        Rules(jokers=jokers)


@pytest.mark.parametrize("decks", [0, 3])
def test_bad_deck_count(decks: int) -> None:
    with pytest.raises(RulesError, match="decks must be 1 or 2"):
        Rules(decks=decks)


def test_wrap_implies_queens_on_kings() -> None:
    assert Rules(wrap=True).queens_on_kings
    assert Rules(wrap=True) == Rules(wrap=True, queens_on_kings=True)


def test_rules_are_frozen() -> None:
    with pytest.raises(AttributeError):
        STRICT.wrap = True  # type: ignore[misc]


@pytest.mark.parametrize(
    ("rules", "columns", "rows", "deck", "stock"),
    [
        (STRICT, 7, 5, 52, 16),
        (Rules(jokers=1), 7, 5, 53, 17),
        (Rules(jokers=2), 7, 5, 54, 18),
        (Rules(empty_foundation=True), 7, 5, 52, 17),
        (Rules(decks=2), 9, 7, 104, 40),
        (Rules(decks=2, jokers=2), 9, 7, 106, 42),
        (Rules(decks=2, empty_foundation=True), 9, 7, 104, 41),
        (Rules(jokers=1, empty_foundation=True), 7, 5, 53, 18),
    ],
)
def test_sizes(rules: Rules, columns: int, rows: int, deck: int, stock: int) -> None:
    assert (rules.columns, rules.rows) == (columns, rows)
    assert rules.tableau_size == columns * rows
    assert rules.deck_size == deck
    assert rules.stock_size == stock


# ---- the rules table (docs/rules.md), by example --------------------------------------

H = Suit.HEARTS


def _c(rank: int) -> Card:
    return JOKER_CARD if rank == JOKER else Card(rank, H)


@pytest.mark.parametrize(
    ("rank", "onto", "strict", "qok", "wrap"),
    [
        (5, 6, True, True, True),  # one below
        (7, 6, True, True, True),  # one above
        (6, 6, False, False, False),  # same rank
        (8, 6, False, False, False),  # two apart
        (KING, QUEEN, True, True, True),  # a King may still go onto a Queen
        (QUEEN, KING, False, True, True),  # nothing onto a King under strict rules
        (2, ACE, True, True, True),
        (ACE, 2, True, True, True),
        (ACE, KING, False, False, True),  # wrapping: Ace on King
        (KING, ACE, False, False, True),  # wrapping: King on Ace
        (JOKER, 6, True, True, True),  # a Joker is wild
        (JOKER, KING, False, True, True),  # ... except onto a King under strict rules
        (JOKER, ACE, True, True, True),
        (KING, JOKER, True, True, True),  # anything onto a Joker
        (7, JOKER, True, True, True),
        (JOKER, JOKER, True, True, True),
        (JOKER, QUEEN, True, True, True),
        (11, KING, False, False, False),  # a Jack never goes onto a King
        (QUEEN, ACE, False, False, False),
        (2, KING, False, False, False),
    ],
)
def test_allows_examples(rank: int, onto: int, strict: bool, qok: bool, wrap: bool) -> None:
    for rules, expected in ((STRICT, strict), (QUEENS_ON_KINGS, qok), (WRAP, wrap)):
        assert rules.allows(_c(rank), _c(onto)) is expected, rules.name
        assert ranks_adjacent(rank, onto, rules) is expected, rules.name


@pytest.mark.parametrize("rank", [JOKER, *range(ACE, KING + 1)])
def test_empty_foundation_accepts_anything(rank: int) -> None:
    for rules in (STRICT, QUEENS_ON_KINGS, WRAP):
        assert rules.allows(_c(rank), None)
        assert ranks_adjacent(rank, None, rules)


def test_suits_never_matter() -> None:
    for suit in (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS):
        assert STRICT.allows(Card(5, H), Card(6, suit))
        assert STRICT.allows(Card(5, suit), Card(6, H))
        assert not STRICT.allows(Card(6, suit), Card(6, H))


def test_the_tables_describe_every_option_once():
    """A new option is a Rules field and a row of OPTIONS: its names, meaning and flags come from there."""
    from dataclasses import fields

    from engine.golf.rules import FLAGS, OPTIONS, RULE_SETS, describe, rules_flags, rules_from_flags

    init_fields = tuple(f.name for f in fields(Rules) if f.init)
    assert init_fields == FLAGS
    assert {o.field for o in OPTIONS} | {"queens_on_kings", "wrap"} == set(init_fields)
    for rule_set in RULE_SETS:
        for spelling in (rule_set.name, *rule_set.aliases):
            assert find_rules(spelling) == rule_set.rules
        assert describe(rule_set.rules) == (rule_set.meaning,)
    for option in OPTIONS:
        for spelling in (option.name, *option.aliases):
            rules = find_rules(f"strict+{spelling}")
            assert getattr(rules, option.field) == option.value
            assert rules.name == f"strict+{option.name}"
            assert describe(rules) == (RULE_SETS[0].meaning, option.meaning)
    everything = find_rules("wrap+" + "+".join(o.name for o in OPTIONS if o.name != "jokers=2"))
    assert rules_from_flags(rules_flags(everything)) == everything
    assert everything.winnable_only and rules_flags(everything)[FLAGS.index("winnable_only")] is True
