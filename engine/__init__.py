"""The games, pure and synchronous: no I/O, no clock, no global random state. Every value is immutable.

One package a game — ``engine.golf`` (Golf patience) and ``engine.sixcard`` (Six-card Golf) — and at the
top what every game shares: the cards (``engine.cards``), the ``Game`` protocol (``engine.game``), the
registry that finds a game by name (``engine.registry.find_game``), pairings (``engine.pairing``) and the
daily challenge's course (``engine.daily``). The games never import each other, and of the shared top only
the registry imports a game, to register it — and the daily challenge, Golf patience's alone today (its
holes are Golf patience deals, its par Golf patience's). import-linter checks both (``pyproject.toml``).

The cards are named here as well; a game's own names come from its package (``from engine.golf import
Hole``), and this module imports no game, so that importing a shared module loads none.
"""

from engine.cards import Card, CardError, Suit, card_name, parse_card

__all__ = ["Card", "CardError", "Suit", "card_name", "parse_card"]
