"""The ``players`` and ``places`` rows, read and written the same way by every SQL store (SQLite and
PostgreSQL). Only the placeholders differ between the dialects, so the stores keep their statements and
share this (as ``adapters/rounds_table.py`` does for rounds)."""

from __future__ import annotations

from typing import Any

from adapters.rounds_table import stored_time
from bot.i18n import LANGUAGES
from bot.models import BoardLook, Place, PlaceSettings, Player, PlayerSettings

PLAYER_COLUMNS = "key, platform, user_id, name, created_at"
"""What an INSERT of a player writes, as ``player_values`` gives them."""

PLAYER_READ_COLUMNS = "platform, user_id, name"
"""What a SELECT of a player reads, in the order ``player_from_row`` expects."""

PLACE_COLUMNS = (
    "key, platform, place_id, name, par_for_nine, default_rules, look, four_colour, hole_seconds, language"
)
"""What an INSERT of a place and its settings writes, as ``place_values`` gives them."""

SETTINGS_COLUMNS = "par_for_nine, default_rules, look, four_colour, hole_seconds, language"
"""What a SELECT of a place's settings reads, in the order ``settings_from_row`` expects."""

SETTINGS_UPDATE = (
    "name = excluded.name, par_for_nine = excluded.par_for_nine, default_rules = excluded.default_rules,"
    " look = excluded.look, four_colour = excluded.four_colour, hole_seconds = excluded.hole_seconds,"
    " language = excluded.language"
)
"""What an upsert of a place's settings sets when the place has a row already."""

PLAYER_SETTINGS_COLUMNS = "look, four_colour, language"
"""What a player's own settings are, read and written in this order (``player_settings_values``)."""


def player_values(player: Player) -> tuple[str, str, str, str, str]:
    """The values of ``INSERT INTO players (PLAYER_COLUMNS)``: first seen now."""
    return (player.key, player.platform, player.user_id, player.name, stored_time(None))


def player_from_row(row: Any) -> Player:
    """A player from a row of ``PLAYER_READ_COLUMNS`` (an aiosqlite tuple or an asyncpg Record)."""
    return Player(row[0], row[1], row[2])


def place_values(place: Place, settings: PlaceSettings) -> tuple[Any, ...]:
    """The values of ``INSERT INTO places (PLACE_COLUMNS)``."""
    return (
        place.key,
        place.platform,
        place.place_id,
        place.name,
        settings.par_for_nine,
        settings.default_rules,
        settings.look.value,
        int(settings.four_colour),
        settings.hole_seconds,
        settings.language,
    )


def settings_from_row(row: Any) -> PlaceSettings:
    """A place's settings from a row of ``SETTINGS_COLUMNS`` (the defaults when the place has no row)."""
    if row is None:
        return PlaceSettings()
    return PlaceSettings(
        par_for_nine=row[0],
        default_rules=row[1],
        look=_look(row[2]) or BoardLook.IMAGE,
        four_colour=bool(row[3]),
        hole_seconds=row[4],
        language=_language(row[5]),
    )


def player_settings_values(settings: PlayerSettings) -> tuple[str | None, int | None, str | None]:
    """The values of ``PLAYER_SETTINGS_COLUMNS`` (NULL: as the place says)."""
    four = None if settings.four_colour is None else int(settings.four_colour)
    return (None if settings.look is None else settings.look.value, four, settings.language)


def player_settings_from_row(row: Any) -> PlayerSettings:
    """A player's settings from a row of ``PLAYER_SETTINGS_COLUMNS`` (none chosen when there is no row)."""
    if row is None:
        return PlayerSettings()
    return PlayerSettings(_look(row[0]), None if row[1] is None else bool(row[1]), _language(row[2]))


def _look(value: str | None) -> BoardLook | None:
    """A stored look; one this release does not know (written by a newer one) reads as none chosen."""
    try:
        return None if value is None else BoardLook(value)
    except ValueError:
        return None


def _language(value: str | None) -> str | None:
    """A stored language; one this release does not ship (a newer one's) reads as none chosen."""
    return None if value is None or value not in LANGUAGES else value
