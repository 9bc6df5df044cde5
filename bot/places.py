"""Places, players and their settings: a small service of their own, used by every mode.

Settings and player names are remembered, so that starting a round costs two trips to storage, not four;
starts at one place that miss the remembered settings together share one read.
Another bot process on the same database (PostgreSQL) may change them: each is trusted for
``SHARED_CACHE_SECONDS``, then read again.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime

from bot.errors import BadOptionError
from bot.i18n import N_, NAMES, normalise, resolve
from bot.models import BoardLook, Look, Place, PlaceSettings, Player, PlayerSettings
from bot.options import golf_rules_option
from bot.ports import Clock, PlaceStore
from engine.golf.scoring import PAR_PER_HOLE

SHARED_CACHE_SECONDS = 30.0
"""How long a place's settings and a player's stored name are trusted before being read again: another
process on the same database may change them."""

LANGUAGES_KEPT = 100_000
"""How many players' app languages (and places' platform languages) are remembered, in memory only."""

MIN_HOLE_SECONDS, MAX_HOLE_SECONDS = 30, 24 * 3600
"""The bounds of a clock per hole (matches, group rounds, tournaments), and so of a place's default."""


class Keep:
    """The type of ``KEEP``: leave a setting as it is (None has a meaning of its own: as the place says)."""


KEEP = Keep()


class Places:
    def __init__(self, store: PlaceStore, clock: Clock) -> None:
        self._store = store
        self._clock = clock
        self._settings: dict[str, tuple[PlaceSettings, datetime]] = {}
        """Place key -> its settings, and when they were read or written."""
        self._reading: dict[str, asyncio.Future[PlaceSettings]] = {}
        """Place key -> the read of its settings on its way, which those who miss meanwhile share."""
        self._known: dict[str, tuple[str, datetime]] = {}
        """Player key -> the name last stored for them, and when."""
        self._chosen: dict[str, tuple[PlayerSettings, datetime]] = {}
        """Player key -> their own settings, and when they were read or written."""
        self._apps: dict[str, str] = {}
        """Player key -> the language their app last said it runs in (``player_language``)."""
        self._platforms: dict[str, str] = {}
        """Place key -> the language its platform last said it speaks (``place_language``)."""

    async def ensure_player(self, player: Player) -> None:
        """Record the player, or their new name (a trip to storage only when the name is not known, or
        was stored more than SHARED_CACHE_SECONDS ago)."""
        known = self._known.get(player.key)
        if known is None or known[0] != player.name or self._expired(known[1]):
            await self._store.ensure_player(player)
            self._known[player.key] = (player.name, self._clock.now())

    async def look(self, place: Place, player: Player | None = None) -> Look:
        """How boards are drawn for ``player`` at ``place`` (their own choice over the place's), or for the
        place itself (``player`` None: what is posted there for everyone)."""
        look = (await self.settings(place)).board_look
        return look if player is None else (await self.player_settings(player)).over(look)

    async def player_settings(self, player: Player) -> PlayerSettings:
        cached = self._chosen.get(player.key)
        if cached is not None and not self._expired(cached[1]):
            return cached[0]
        chosen = await self._store.player_settings(player.key)
        self._chosen[player.key] = (chosen, self._clock.now())
        return chosen

    async def change_player_settings(
        self,
        player: Player,
        *,
        look: BoardLook | Keep | None = KEEP,
        four_colour: bool | Keep | None = KEEP,
        language: str | Keep | None = KEEP,
    ) -> tuple[PlayerSettings, bool]:
        """Change what is given (None: as the place says; for the language, as the player's app says);
        returns the player's settings now and whether anything changed. Raises BadOptionError for a
        language not shipped."""
        current = await self.player_settings(player)
        new = replace(
            current,
            look=current.look if isinstance(look, Keep) else look,
            four_colour=current.four_colour if isinstance(four_colour, Keep) else four_colour,
            language=current.language if isinstance(language, Keep) else language_option(language),
        )
        if new != current:
            await self._store.save_player_settings(player, new)
            self._chosen[player.key] = (new, self._clock.now())
        return new, new != current

    async def player_language(self, player: Player, app: str | None = None) -> str:
        """The language ``player`` reads their own replies in: their own choice, else ``app`` (the language
        their app runs in, as the platform tells it with their update; else the one it told last, kept
        for what the bot sends them unasked, such as a turn's notice), else English."""
        return resolve((await self.player_settings(player)).language, self._told(self._apps, player.key, app))

    async def place_language(self, place: Place, platform: str | None = None) -> str:
        """The language of what is posted at ``place``: its admins' choice, else ``platform`` (what the
        platform says of the place with an update: a Discord server's locale; else the one it said last,
        kept for what the bot posts there unasked, such as a clock's redraw), else English."""
        return resolve(
            (await self.settings(place)).language, self._told(self._platforms, place.key, platform)
        )

    async def language_of(self, key: str, *, place: bool) -> str:
        """The language of what the bot sends unasked (an event, a clock's redraw) to the place or the
        player of ``key`` (``<platform>:<id>``): as ``place_language`` or ``player_language`` say."""
        platform, _sep, ident = key.partition(":")
        if place:
            return await self.place_language(Place(platform, ident))
        return await self.player_language(Player(platform, ident))

    @staticmethod
    def _told(memory: dict[str, str], key: str, code: str | None) -> str | None:
        """``code`` remembered for ``key`` when given (the latest last: the oldest is forgotten first),
        else the one remembered."""
        if not code:
            return memory.get(key)
        memory.pop(key, None)
        memory[key] = code
        if len(memory) > LANGUAGES_KEPT:
            del memory[next(iter(memory))]
        return code

    async def settings(self, place: Place) -> PlaceSettings:
        cached = self._settings.get(place.key)
        if cached is not None and not self._expired(cached[1]):
            return cached[0]
        reading = self._reading.get(place.key)
        if reading is None:  # the first to miss reads; those who miss meanwhile wait for that read
            reading = asyncio.ensure_future(self._read_settings(place))
            self._reading[place.key] = reading
            reading.add_done_callback(lambda _: self._reading.pop(place.key, None))
        return await asyncio.shield(reading)  # one caller cancelled does not cancel the others' read

    async def _read_settings(self, place: Place) -> PlaceSettings:
        began = self._clock.now()
        settings = await self._store.place_settings(place)
        written = self._settings.get(place.key)
        if written is not None and written[1] >= began:  # changed here while this read was on its way
            return written[0]
        self._settings[place.key] = (settings, self._clock.now())
        return settings

    def _expired(self, since: datetime) -> bool:
        return (self._clock.now() - since).total_seconds() >= SHARED_CACHE_SECONDS

    async def change_settings(
        self,
        place: Place,
        *,
        par_for_nine: int | None = None,
        rules: str | None = None,
        look: BoardLook | None = None,
        four_colour: bool | None = None,
        hole_seconds: int | None = None,
        language: str | Keep | None = KEEP,
    ) -> tuple[PlaceSettings, bool]:
        """Change what is given; returns the settings now in force and whether anything changed. Raises
        BadOptionError for a par other than 45 or 36, or unknown rules. Permission checks are the adapter's
        (each platform has its own notion of an admin)."""
        current = await self.settings(place)
        if par_for_nine is not None and par_for_nine not in PAR_PER_HOLE:
            raise BadOptionError(N_("Par for nine holes is 45 or 36, not {par}."), par=par_for_nine)
        if hole_seconds is not None and not MIN_HOLE_SECONDS <= hole_seconds <= MAX_HOLE_SECONDS:
            raise BadOptionError(
                N_("The clock is {fewest} seconds to {most} hours a hole, not {seconds} seconds."),
                fewest=MIN_HOLE_SECONDS,
                most=MAX_HOLE_SECONDS // 3600,
                seconds=hole_seconds,
            )
        new = replace(
            current,
            par_for_nine=current.par_for_nine if par_for_nine is None else par_for_nine,
            default_rules=current.default_rules if rules is None else golf_rules_option(rules),
            look=current.look if look is None else look,
            four_colour=current.four_colour if four_colour is None else four_colour,
            hole_seconds=current.hole_seconds if hole_seconds is None else hole_seconds,
            language=current.language if isinstance(language, Keep) else language_option(language),
        )
        if new != current:
            await self._store.save_place_settings(place, new)
            self._settings[place.key] = (new, self._clock.now())
        return new, new != current


def language_option(text: str | None) -> str | None:
    """The shipped language ``text`` names (``de``, ``pt-BR``, ``Deutsch``), or None for ``None``, ``""``
    or ``auto`` (as the platform says). Raises BadOptionError for a language not shipped."""
    if text is None or text.strip().lower() in ("", "auto"):
        return None
    by_name = {name.lower(): code for code, name in NAMES.items()}
    language = by_name.get(text.strip().lower()) or normalise(text)
    if language is None:
        raise BadOptionError(
            N_("I do not speak {language} yet. I speak: {languages}."),
            language=text.strip(),
            languages=", ".join(f"{code} ({name})" for code, name in NAMES.items()),
        )
    return language
