"""A Hand as plain JSON data and back, for storing a hand in play (a table's session payload).

Cards are their board tokens (``"TD"``); every field of the Hand is kept, so ``hand_from_json`` of
``hand_to_json(hand)`` is ``hand``.
"""

from __future__ import annotations

from typing import Any

from engine.cards import card_name, parse_card
from engine.sixcard.hand import Grid, Hand, Phase, Source


def hand_to_json(hand: Hand) -> dict[str, Any]:
    return {
        "seed": hand.seed,
        "grids": [
            {"cards": [card_name(c) for c in g.cards], "up": [int(u) for u in g.face_up]} for g in hand.grids
        ],
        "stock": [card_name(c) for c in hand.stock],
        "discard": [card_name(c) for c in hand.discard],
        "first": hand.first,
        "turn": hand.turn,
        "phase": hand.phase.value,
        "drawn": None if hand.drawn is None else card_name(hand.drawn),
        "source": None if hand.source is None else hand.source.value,
        "turns": hand.turns,
        "reshuffles": hand.reshuffles,
        "went_out": hand.went_out,
    }


def hand_from_json(data: dict[str, Any]) -> Hand:
    """Raises ValueError (or KeyError) for data that is not a stored hand."""
    grids = tuple(
        Grid(tuple(parse_card(c) for c in g["cards"]), tuple(bool(u) for u in g["up"])) for g in data["grids"]
    )
    return Hand(
        seed=int(data["seed"]),
        grids=grids,
        stock=tuple(parse_card(c) for c in data["stock"]),
        discard=tuple(parse_card(c) for c in data["discard"]),
        first=int(data["first"]),
        turn=int(data["turn"]),
        phase=Phase(data["phase"]),
        drawn=None if data["drawn"] is None else parse_card(data["drawn"]),
        source=None if data["source"] is None else Source(data["source"]),
        turns=int(data["turns"]),
        reshuffles=int(data["reshuffles"]),
        went_out=None if data["went_out"] is None else int(data["went_out"]),
    )
