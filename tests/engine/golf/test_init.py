"""Golf patience's package surface: every exported name exists, and every error is a ValueError a player
can read."""

from __future__ import annotations

from engine import golf


def test_all_names_exist() -> None:
    for name in golf.__all__:
        assert hasattr(golf, name), name
    assert sorted(golf.__all__) == sorted(set(golf.__all__))


def test_errors_are_value_errors() -> None:
    errors = [getattr(golf, name) for name in golf.__all__ if name.endswith("Error")]
    assert {e.__name__ for e in errors} == {
        "BoardError",
        "CardError",
        "DealError",
        "MoveError",
        "RulesError",
        "ScoringError",
    }
    for error in errors:
        assert issubclass(error, ValueError)


def test_quick_tour() -> None:
    hole = golf.deal(golf.parse_deal_number("#24"), golf.find_rules("putt-putt"))
    assert golf.rules_name(hole.rules) == "wrap"
    text = golf.format_board(hole)
    assert golf.parse_board(text, hole.rules) == hole
    hole = hole.play_all(golf.parse_moves("s s"))
    assert str(hole.top) == "KC"
    assert golf.parse_card("KC") == hole.top
