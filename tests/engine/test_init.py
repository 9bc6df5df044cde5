"""The package surface: every exported name exists, and every error is a ValueError a player can read."""

from __future__ import annotations

import engine


def test_all_names_exist() -> None:
    for name in engine.__all__:
        assert hasattr(engine, name), name
    assert sorted(engine.__all__) == sorted(set(engine.__all__))


def test_errors_are_value_errors() -> None:
    errors = [getattr(engine, name) for name in engine.__all__ if name.endswith("Error")]
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
    hole = engine.deal(engine.parse_deal_number("#24"), engine.find_rules("putt-putt"))
    assert engine.rules_name(hole.rules) == "wrap"
    text = engine.format_board(hole)
    assert engine.parse_board(text, hole.rules) == hole
    hole = hole.play_all(engine.parse_moves("s s"))
    assert str(hole.top) == "KC"
    assert engine.parse_card("KC") == hole.top
