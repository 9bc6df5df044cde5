"""The board text format (docs/rules.md): the rule-book example, round trips, and readable errors."""

from __future__ import annotations

import contextlib
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import JOKER_CARD
from engine.golf.board import BoardError, format_board, parse_board
from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE, TURN, MoveKind
from engine.golf.rules import STRICT, WRAP, Rules

RULES_MD = Path(__file__).resolve().parents[3] / "docs" / "rules.md"

DEAL_24 = """\
Talon: TD KC 8H 8S 4S 4H KS 6D 8D 7C JD 9D 2H QD 3D AS
Foundations: JH
4C 7S 5S KH TC
5H 2C 6C 6S TS
QC QH 9C 7D AD
5D 9S 3C 8C 4D
2D 2S 6H AC QS
7H KD JC 9H 3H
AH JS TH 5C 3S
"""


def _rule_book_example() -> str:
    text = RULES_MD.read_text(encoding="utf-8")
    section = text[text.index("### Board text format") :]
    match = re.search(r"```\n(Talon:.*?)```", section, re.DOTALL)
    assert match, "docs/rules.md has no board example"
    return match.group(1)


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _board(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _walk(hole: Hole, steps: int) -> Hole:
    """A deterministic mid-game position: play the last playable column, else turn."""
    for _ in range(steps):
        moves = hole.legal_moves()
        if not moves:
            break
        plays = [m for m in moves if m.kind is MoveKind.PLAY]
        hole = hole.play(plays[-1] if plays else TURN)
    return hole


# ---- the rule-book example ------------------------------------------------------------------------


def test_rule_book_example_is_deal_24() -> None:
    example = _rule_book_example()
    assert example == DEAL_24
    assert parse_board(example) == deal(24)


def test_deal_24_prints_as_the_rule_book_example() -> None:
    assert format_board(deal(24)) == DEAL_24


def test_format_details() -> None:
    head_start = deal(24, Rules(empty_foundation=True))
    assert _lines(format_board(head_start))[1] == "Foundations: -"
    assert _lines(format_board(head_start))[0] == "Talon: JH " + _lines(DEAL_24)[0].removeprefix("Talon: ")
    hole = _walk(deal(24), 200)
    assert hole.stock == ()
    assert _lines(format_board(hole))[0] == "Talon:"
    cleared = Hole(tableau=((), ()), foundation=deal(24).cards(), stock=())
    assert _lines(format_board(cleared))[2:] == ["-", "-"]


# ---- round trips -----------------------------------------------------------------------------------


def test_round_trip_fresh(any_rules: Rules) -> None:
    for number in (1, 24, 40000):
        hole = deal(number, any_rules)
        text = format_board(hole)
        assert parse_board(text, any_rules) == hole
        assert format_board(parse_board(text, any_rules)) == text


@pytest.mark.parametrize("steps", [1, 5, 20, 200])
def test_round_trip_mid_game(any_rules: Rules, steps: int) -> None:
    hole = _walk(deal(7, any_rules), steps)
    text = format_board(hole)
    assert parse_board(text, any_rules) == hole
    assert len(_lines(text)) == 2 + any_rules.columns


def test_round_trip_of_a_conceded_hole_forgets_the_concession() -> None:
    hole = _walk(deal(3), 4).play(CONCEDE)
    assert parse_board(format_board(hole)) == replace(hole, conceded=False)


def test_round_trip_with_empty_columns() -> None:
    start = deal(9)
    emptied = (0, 3)
    foundation = start.foundation + tuple(c for i in emptied for c in start.tableau[i])
    tableau = tuple(() if i in emptied else col for i, col in enumerate(start.tableau))
    hole = replace(start, tableau=tableau, foundation=foundation)
    text = format_board(hole)
    assert _lines(text)[2] == _lines(text)[5] == "-"
    assert parse_board(text) == hole


def test_parse_is_lenient_about_spacing_case_comments_and_10() -> None:
    text = "# deal 24\n\n  talon:  " + DEAL_24.replace("TD", "10d", 1).removeprefix("Talon: ").lower()
    text = text.replace("foundations:", "Foundation :")
    assert parse_board(text) == deal(24)


def test_missing_foundations_line_means_an_empty_foundation() -> None:
    hole = deal(24, Rules(empty_foundation=True))
    lines = _lines(format_board(hole))
    del lines[1]
    assert parse_board(_board(lines), hole.rules) == hole


def test_parse_with_other_rules() -> None:
    text = format_board(deal(5, WRAP))
    assert parse_board(text, WRAP).rules == WRAP
    assert parse_board(text).rules == STRICT


# ---- errors ----------------------------------------------------------------------------------------


def _error(text: str, rules: Rules = STRICT) -> BoardError:
    with pytest.raises(BoardError) as info:
        parse_board(text, rules)
    return info.value


def test_51_cards_says_51_and_what_is_missing() -> None:
    lines = _lines(DEAL_24)
    lines[2] = "4C 7S 5S KH"  # TC gone
    error = _error(_board(lines))
    assert "51 cards" in str(error)
    assert "52" in str(error)
    assert "missing: TC" in str(error)


def test_missing_cards_of_one_rank_are_listed() -> None:
    # Regression: listing two missing cards of the same rank raised TypeError (suits were not ordered).
    lines = _lines(DEAL_24)
    lines[2] = "4C 7S KH TC"  # 5S gone
    lines[5] = "5D 9S 8C 4D"  # 3C gone
    lines[3] = "5H 2C 6C TS"  # 6S gone
    error = _error(_board(lines))
    assert "49 cards" in str(error)
    assert "missing: 3C 5S 6S" in str(error)
    lines[4] = "QC QH 9C"
    lines[6] = "2D 2S 6H"
    lines[7] = "7H"
    lines[8] = "AH"
    error = _error(_board(lines))
    assert "37 cards" in str(error)
    assert str(error).endswith(" ...)")


def test_a_card_twice_names_the_line() -> None:
    lines = _lines(DEAL_24)
    lines[4] = "QC QH 9C 7D 5H"  # 5H is already on line 4; AD goes missing
    error = _error(_board(lines))
    assert error.line == 5
    assert str(error) == "line 5: 5H appears more than once"
    assert error.reason == "5H appears more than once"


def test_a_card_twice_in_the_talon() -> None:
    lines = _lines(DEAL_24)
    lines[0] = lines[0].replace("KC", "TD")
    assert str(_error(_board(lines))) == "line 1: TD appears more than once"


def test_double_deck_allows_each_card_twice_not_three_times() -> None:
    rules = Rules(decks=2)
    lines = _lines(format_board(deal(2, rules)))
    card = lines[2].split()[0]
    lines[3] = " ".join([card, *lines[3].split()[1:]])
    lines[4] = " ".join([card, *lines[4].split()[1:]])
    seen, third = 0, 0
    for number, line in enumerate(lines, 1):
        seen += line.split().count(card)
        if seen >= 3:
            third = number
            break
    error = _error(_board(lines), rules)
    assert str(error) == f"line {third}: {card} appears more than 2 times"


def test_a_joker_outside_a_joker_pack() -> None:
    lines = _lines(DEAL_24)
    lines[0] += " JK"
    assert str(_error(_board(lines))) == "line 1: JK is not in the pack for strict Golf"
    rules = Rules(jokers=1)
    text = format_board(deal(24, rules))
    assert JOKER_CARD in parse_board(text, rules).cards()
    assert "JK appears more than once" in str(_error(text.replace("Talon:", "Talon: JK"), rules))


@pytest.mark.parametrize("token", ["ZZ", "1H", "AX", "-", "JKR"])
def test_unknown_token_names_the_line_and_token(token: str) -> None:
    lines = _lines(DEAL_24)
    lines[6] = f"2D 2S {token} AC QS"
    error = _error(_board(lines))
    assert error.line == 7
    assert str(error).startswith("line 7: ")
    assert repr(token) in str(error)
    assert "not a card" in str(error)


def test_unknown_token_in_talon_and_foundation() -> None:
    lines = _lines(DEAL_24)
    assert _error(_board([lines[0] + " XX", *lines[1:]])).line == 1
    assert _error(_board([lines[0], "Foundations: JH Q", *lines[2:]])).line == 2


def test_missing_talon_line() -> None:
    error = _error(_board(_lines(DEAL_24)[1:]))
    assert "Talon line is missing" in str(error)
    assert error.line == 1


def test_eight_columns() -> None:
    lines = _lines(DEAL_24)
    lines[8] = "AH JS TH"
    lines.append("5C 3S")
    error = _error(_board(lines))
    assert str(error) == "line 10: the board has 8 columns; strict Golf has 7"
    assert error.line == 10


def test_six_columns() -> None:
    error = _error(_board(_lines(DEAL_24)[:-1]))
    assert "the board has 6 columns; strict Golf has 7" in str(error)


def test_seven_columns_for_double_golf_is_wrong() -> None:
    error = _error(DEAL_24, Rules(decks=2))
    assert "the board has 7 columns; strict+double Golf has 9" in str(error)


def test_second_talon_and_foundations_lines() -> None:
    lines = _lines(DEAL_24)
    assert str(_error(_board([*lines, "Talon: AS"]))) == "line 10: a second Talon line"
    assert (
        str(_error(_board([*lines[:2], "Foundations: -", *lines[2:]]))) == "line 3: a second Foundations line"
    )


def test_unknown_line() -> None:
    lines = _lines(DEAL_24)
    error = _error(_board([lines[0], "Stock: 2C", *lines[1:]]))
    assert error.line == 2
    assert "unknown line 'Stock'" in str(error)


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "   "])
def test_empty_board(text: str) -> None:
    assert str(_error(text)) == "the board is empty"


def test_line_numbers_count_blank_lines_and_comments() -> None:
    lines = _lines(DEAL_24)
    lines[6] = "2D 2S ?? AC QS"
    error = _error("# a comment\n\n" + _board(lines))
    assert error.line == 9


def test_board_error_is_value_error() -> None:
    assert issubclass(BoardError, ValueError)
    assert BoardError("x").line == 0
    assert str(BoardError("x")) == "x"
    assert str(BoardError("x", 3)) == "line 3: x"


# ---- never another exception ----------------------------------------------------------------------

_TOKENS = st.sampled_from(
    ["AH", "TD", "JK", "10S", "ZZ", "-", "#", ":", "Talon:", "Foundations:", "5", "", "é"]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    rules=st.sampled_from([STRICT, Rules(jokers=1), Rules(decks=2), Rules(empty_foundation=True)]),
)
def test_mangled_boards_raise_board_error_or_parse(data: st.DataObject, rules: Rules) -> None:
    lines = _lines(format_board(deal(data.draw(st.integers(1, 100)), rules)))
    for _ in range(data.draw(st.integers(1, 4))):
        row = data.draw(st.integers(0, len(lines) - 1))
        tokens = lines[row].split(" ")
        action = data.draw(st.sampled_from(["drop", "insert", "swap-lines", "delete-line", "duplicate-line"]))
        if action == "drop" and tokens:
            del tokens[data.draw(st.integers(0, len(tokens) - 1))]
        elif action == "insert":
            tokens.insert(data.draw(st.integers(0, len(tokens))), data.draw(_TOKENS))
        elif action == "swap-lines":
            other = data.draw(st.integers(0, len(lines) - 1))
            lines[row], lines[other] = lines[other], lines[row]
            continue
        elif action == "delete-line" and len(lines) > 1:
            del lines[row]
            continue
        elif action == "duplicate-line":
            lines.insert(row, lines[row])
            continue
        lines[row] = " ".join(tokens)
    try:
        hole = parse_board(_board(lines), rules)
    except BoardError as error:
        assert str(error)
    else:
        assert sorted(hole.cards()) == sorted(deal(1, rules).cards())


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_raises_board_error_or_parses(text: str) -> None:
    with contextlib.suppress(BoardError):
        assert isinstance(parse_board(text), Hole)
