from __future__ import annotations

import pytest

from adapters.telegram.arguments import PlayOptions, parse_play_arguments, parse_rules_argument
from bot.errors import BadOptionError


@pytest.mark.parametrize(
    ("line", "options"),
    [
        ("", PlayOptions()),
        ("wrap 3", PlayOptions("wrap", 3)),
        ("tripeaks", PlayOptions("tripeaks")),
        ("black hole 3", PlayOptions("black-hole", 3)),
        ("All in a Row #7", PlayOptions("all-in-a-row", None, "#7")),
        ("pyramid golf winnable", PlayOptions("pyramid-golf+winnable-only")),
        ("escalator", PlayOptions("pyramid-golf")),
        ("3 wrap", PlayOptions("wrap", 3)),
        ("5", PlayOptions(holes=5)),
        ("putt-putt #24", PlayOptions("wrap", None, "#24")),
        ("#24 putt putt", PlayOptions("wrap", None, "#24")),
        ("deal 24", PlayOptions(deal_code="#24")),
        ("deal #24", PlayOptions(deal_code="#24")),
        ("deal=24 holes=2", PlayOptions(holes=2, deal_code="#24")),
        ("DEAL:007", PlayOptions(deal_code="#7")),
        ("18 holes", PlayOptions(holes=18)),
        ("1hole", PlayOptions(holes=1)),
        ("queens on kings", PlayOptions("queens-on-kings")),
        ("Dead King", PlayOptions("strict")),
        ("wrap jokers=1 double", PlayOptions("wrap+jokers=1+double")),
        ("wrap +jokers=2", PlayOptions("wrap+jokers=2")),
        ("strict+head-start", PlayOptions("strict+head-start")),
        ("with rules qok", PlayOptions("queens-on-kings")),
        ("rules=wrap holes=3 deal=#24", PlayOptions("wrap", 3, "#24")),
        ("rules=queens-on-kings", PlayOptions("queens-on-kings")),
        ("RULES=strict+double 2", PlayOptions("strict+double", 2)),
        ("rule:wrap jokers=1", PlayOptions("wrap+jokers=1")),
        ("hole=1 deal#5", PlayOptions(holes=1, deal_code="#5")),
    ],
)
def test_play_arguments(line: str, options: PlayOptions) -> None:
    assert parse_play_arguments(line.split()) == options


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("19", "A round has 1 to 18 holes, not 19. To play deal 19, write #19."),
        ("0", "A round has 1 to 18 holes, not 0."),
        ("holes=0", "A round has 1 to 18 holes, not 0."),
        ("holes=20", "A round has 1 to 18 holes, not 20."),
        ("holes=abc", "holes= takes a number of holes from 1 to 18, not 'abc'."),
        ("rules=nonsense", "Unknown rules 'nonsense'; try one of: strict,"),
        ("rules=", "Name the rules after rules=, e.g. rules=wrap"),
        ("deal=abc", "'abc' is not a deal number (use a whole number from 1 to"),
        ("deal=", "Give a deal number after deal=, e.g. deal=24."),
        ("deal=0", "Deal 0 does not exist"),
        ("2 3", "Give one number of holes, not 2 and 3."),
        ("#1 #2", "Give one deal, not #1 and #2."),
        ("#0", "Deal 0 does not exist (deals go from 1 to 99999999999999999999)."),
        ("#", "'#' is not a deal number (use a whole number from 1 to 99999999999999999999)."),
        ("#٣", "'#٣' is not a deal number (use a whole number from 1 to 99999999999999999999)."),
        ("golfing", "Unknown rules 'golfing'; try one of: strict, queens-on-kings, wrap, dead-king,"),
        ("wrap sideways", "Unknown rule option 'sideways'; try one of: jokers=1, jokers=2, head-start,"),
    ],
)
def test_bad_play_arguments_say_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(BadOptionError) as error:
        parse_play_arguments(line.split())
    assert error.value.message.startswith(message)


def test_a_lone_deal_word_is_a_rule_word() -> None:
    with pytest.raises(BadOptionError, match="Unknown rules 'deal'"):
        parse_play_arguments(["deal"])


def test_rules_argument() -> None:
    assert parse_rules_argument([]) is None
    assert parse_rules_argument(["putt", "putt"]) == "wrap"
    assert parse_rules_argument(["wrap", "+double"]) == "wrap+double"
    assert parse_rules_argument(["rules=wrap"]) == "wrap"
    with pytest.raises(BadOptionError, match="Unknown rules 'chess'"):
        parse_rules_argument(["chess"])
