"""Solo rounds: a player's own round of Golf patience, the first mode on the sessions (``bot.sessions``).
How a round is played is ``bot.golf_round`` (the match boards play the same way); a solo round's ids are the
``g1`` family (``bot.actions.SOLO``), its kind ``solo``."""

from __future__ import annotations

from bot.actions import SOLO
from bot.golf_round import GolfRounds

KIND = "solo"


class Solo(GolfRounds):
    """The solo mode."""

    kind = KIND
    template = SOLO
