"""The rows of players, places and timers shared by the SQL stores (adapters/places_table.py,
adapters/timers_table.py): each INSERT has a value per column, and a row read back is the model written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adapters.places_table import (
    PLACE_COLUMNS,
    PLAYER_COLUMNS,
    PLAYER_READ_COLUMNS,
    SETTINGS_COLUMNS,
    place_values,
    player_from_row,
    player_values,
    settings_from_row,
)
from adapters.timers_table import TIMER_COLUMNS, timer_from_row, timer_values, timers_from_rows
from bot.models import BoardLook, Place, PlaceSettings, Player, Timer


def _columns(names: str) -> list[str]:
    return [name.strip() for name in names.split(",")]


def test_a_player_read_back_is_the_player_written() -> None:
    player = Player("test", "42", "Ada")
    written = dict(zip(_columns(PLAYER_COLUMNS), player_values(player), strict=True))
    assert written["key"] == "test:42"
    assert player_from_row([written[name] for name in _columns(PLAYER_READ_COLUMNS)]) == player


def test_a_place_s_settings_read_back_are_those_written() -> None:
    settings = PlaceSettings(40, "wrap", BoardLook.EMOJI, 90, four_colour=True)
    written = dict(
        zip(_columns(PLACE_COLUMNS), place_values(Place("test", "7", "Lounge"), settings), strict=True)
    )
    assert (written["look"], written["four_colour"]) == ("emoji", 1)  # a flag is an integer column
    assert settings_from_row([written[name] for name in _columns(SETTINGS_COLUMNS)]) == settings
    assert settings_from_row(None) == PlaceSettings()


def test_timers_read_back_are_those_written_in_the_order_they_fall_due() -> None:
    now = datetime(2026, 11, 23, 12, tzinfo=UTC)
    later, sooner, tied = (
        Timer("b", "turn", now + timedelta(seconds=5), "x"),
        Timer("c", "day", now),
        Timer("a", "turn", now),
    )
    rows = [timer_values(t) for t in (later, sooner, tied)]
    assert all(len(row) == len(_columns(TIMER_COLUMNS)) for row in rows)
    assert timer_from_row(rows[0]) == later
    assert timers_from_rows(rows) == [tied, sooner, later]
