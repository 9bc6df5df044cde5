"""Suggestions for the rules option: every one of them names a rule set the core accepts."""

from __future__ import annotations

import pytest

from adapters.discord.rules_choices import MAX_CHOICES, describe, rules_suggestions
from engine.golf.rules import find_rules


def test_nothing_typed_offers_the_three_rule_sets_first():
    found = rules_suggestions("")

    assert found[:3] == ["strict", "queens-on-kings", "wrap"]
    assert "strict+double" in found and "wrap+jokers=1" in found


def test_a_prefix_narrows_to_its_rule_set_and_its_variants():
    assert rules_suggestions("wr") == [
        "wrap",
        "wrap+jokers=1",
        "wrap+jokers=2",
        "wrap+head-start",
        "wrap+double",
        "wrap+stuck-draw",
        "wrap+winnable-only",
    ]


def test_after_a_plus_the_modifiers_are_offered():
    assert rules_suggestions("strict+double+j") == ["strict+jokers=1+double", "strict+jokers=2+double"]
    assert rules_suggestions("wrap+") == [
        "wrap+jokers=1",
        "wrap+jokers=2",
        "wrap+head-start",
        "wrap+double",
        "wrap+stuck-draw",
        "wrap+winnable-only",
    ]


def test_what_the_core_reads_comes_first_in_its_own_name():
    assert rules_suggestions("Putt-Putt")[0] == "wrap"
    assert rules_suggestions("qok + joker")[0] == "queens-on-kings+jokers=1"


@pytest.mark.parametrize("typed", ["snooker", "wrap+turbo", "+", "strict+double+double+x"])
def test_nonsense_gets_no_suggestion(typed):
    assert rules_suggestions(typed) == []


@pytest.mark.parametrize("typed", ["", "s", "q", "w", "strict+", "wrap+double+", "queens-on-kings+jokers=2+"])
def test_every_suggestion_is_canonical_and_fits_discord(typed):
    found = rules_suggestions(typed)

    assert 0 < len(found) <= MAX_CHOICES
    assert len(set(found)) == len(found)
    assert all(find_rules(name).name == name for name in found)
    assert all(len(describe(name)) <= 100 for name in found)


def test_plain_rule_sets_are_described():
    assert describe("wrap") == "wrap — King and Ace touch (Putt Putt)"
    assert describe("wrap+double") == "wrap+double"
