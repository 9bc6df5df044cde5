"""Options as players type them: one reading for every platform."""

import pytest

from bot.errors import BadOptionError
from bot.options import deal_option, holes_option, rules_option, sentence


def test_rules_are_read_in_any_spelling_the_rule_book_knows() -> None:
    assert rules_option("putt-putt") == "wrap"
    assert rules_option("Golf+Joker") == "queens-on-kings+jokers=1"
    with pytest.raises(BadOptionError, match=r"^Unknown rules 'mini'.*\.$"):
        rules_option("mini")


def test_deals_and_holes() -> None:
    assert deal_option("#24") == deal_option(24) == 24
    with pytest.raises(BadOptionError, match=r"^'abc' is not a deal number"):
        deal_option("abc")
    assert holes_option(None) == 9 and holes_option(18) == 18
    with pytest.raises(BadOptionError, match=r"A round has 1 to 18 holes, not 19\."):
        holes_option(19)


def test_an_engine_message_becomes_a_sentence() -> None:
    assert sentence(" 4♥ cannot go on 10♥ ") == "4♥ cannot go on 10♥."
    assert sentence("Done!") == "Done!"
