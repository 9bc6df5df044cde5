"""Values the core keeps and stores: who plays, where, their rounds and finished holes."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from enum import Enum
from typing import Any

from engine.golf.scoring import cleared


@dataclass(frozen=True, slots=True)
class Player:
    """A person on one platform. ``key`` is stable and unique across platforms."""

    platform: str
    user_id: str
    name: str = ""

    @property
    def key(self) -> str:
        return f"{self.platform}:{self.user_id}"


@dataclass(frozen=True, slots=True)
class Place:
    """Where rounds are played: a Discord server, a Telegram chat, the terminal."""

    platform: str
    place_id: str
    name: str = ""

    @property
    def key(self) -> str:
        return f"{self.platform}:{self.place_id}"


class BoardLook(Enum):
    """How a board is drawn in a chat."""

    IMAGE = "image"
    """A picture of the cards (the default)."""
    TEXT = "text"
    """Monospace text in a code block."""
    EMOJI = "emoji"
    """Rank and suit as emoji (Discord; Telegram draws text)."""


@dataclass(frozen=True, slots=True)
class Look:
    """How boards are drawn for one reader: a player's own choice over their place's."""

    board: BoardLook = BoardLook.IMAGE
    four_colour: bool = False
    """Four suit colours (♠ black, ♥ red, ♦ blue, ♣ green): easier for colour-blind players and small
    screens."""


@dataclass(frozen=True, slots=True)
class PlaceSettings:
    """What a server admin may choose for their place."""

    par_for_nine: int = 45
    default_rules: str = "strict"
    look: BoardLook = BoardLook.IMAGE
    """How boards posted at the place are drawn, and private boards of players who chose nothing."""
    hole_seconds: int = 300
    """The default time a player has for each hole of a match, group round or tournament."""
    four_colour: bool = False
    language: str | None = None
    """The language of what is posted at the place (``bot.i18n.LANGUAGES``); None: as the platform says
    (a Discord server's own locale), else English."""

    @property
    def board_look(self) -> Look:
        return Look(self.look, self.four_colour)


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """What a player chose for themselves (None: as their place says)."""

    look: BoardLook | None = None
    four_colour: bool | None = None
    language: str | None = None
    """The language the player reads their own replies in (``bot.i18n.LANGUAGES``); None: the language
    their app runs in."""

    def over(self, place: Look) -> Look:
        """This player's look at a place whose look is ``place``."""
        return Look(
            place.board if self.look is None else self.look,
            place.four_colour if self.four_colour is None else self.four_colour,
        )


class RoundStatus(Enum):
    PLAYING = "playing"
    HOLE_OVER = "hole_over"
    """The current hole has ended; its board stays on show until the player moves on."""
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class Payload:
    """Mode state that does not deserve columns of its own: a JSON object, and the ``version`` of its
    layout so that a mode can read what an older release wrote (0 = nothing stored yet)."""

    version: int = 0
    data: str = "{}"

    @classmethod
    def of(cls, version: int, value: Mapping[str, Any]) -> Payload:
        return cls(version, json.dumps(dict(value), sort_keys=True, separators=(",", ":")))

    def read(self) -> dict[str, Any]:
        value = json.loads(self.data)
        if not isinstance(value, dict):
            raise ValueError(f"a payload is a JSON object, not {type(value).__name__}")
        return value


@dataclass(frozen=True, slots=True)
class RoundState:
    """A round in progress or finished: everything needed to rebuild its board exactly.

    The position of the current hole is derived, never stored: deal ``deals[hole_index]`` under ``rules``,
    replayed through ``moves``."""

    id: str
    place: str
    players: tuple[str, ...]
    """Player keys; the first is the owner."""
    rules: str
    holes: int
    par_for_nine: int
    casual: bool
    deals: tuple[int, ...]
    scores: tuple[int, ...] = ()
    best: tuple[int | None, ...] = ()
    """Best possible score of each finished hole (None when the solver could not tell in time)."""
    moves: tuple[str, ...] = ()
    version: int = 1
    status: RoundStatus = RoundStatus.PLAYING
    hints: int = 0
    undos: int = 0
    """Moves taken back (casual rounds only); like hints, they mark the round as helped."""
    kind: str = "solo"
    started_at: datetime | None = None
    updated_at: datetime | None = None
    payload: Payload = Payload()
    """What the round's mode keeps besides the columns above (stored as versioned JSON)."""

    @property
    def owner(self) -> str:
        return self.players[0]

    @property
    def hole_index(self) -> int:
        """0-based index of the hole on show (the one just finished while HOLE_OVER or FINISHED)."""
        done = len(self.scores)
        return done if self.status is RoundStatus.PLAYING else max(done - 1, 0)

    @property
    def deal(self) -> int:
        return self.deals[self.hole_index]

    @property
    def is_active(self) -> bool:
        return self.status in (RoundStatus.PLAYING, RoundStatus.HOLE_OVER)

    def bump(self, **changes: object) -> RoundState:
        """The next version of this round, with ``changes``."""
        return replace(self, version=self.version + 1, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class HoleRecord:
    """A finished hole, kept for stats and for replays."""

    round_id: str
    player: str
    place: str
    index: int
    deal: int
    rules: str
    moves: tuple[str, ...]
    score: int
    best: int | None
    finished_at: datetime

    @property
    def cleared(self) -> bool:
        return cleared(self.score)


@dataclass(frozen=True, slots=True)
class Stats:
    rounds_played: int = 0
    best_round: int | None = None
    """Lowest total of a finished nine-hole round."""
    holes_played: int = 0
    average_hole: float | None = None
    cleared_share: float | None = None
    best_hole: int | None = None


@dataclass(frozen=True, slots=True)
class Timer:
    """A persisted deadline: the core is woken at ``due`` to act on it (daily rollover, turn clocks)."""

    id: str
    kind: str
    due: datetime
    payload: str = ""
