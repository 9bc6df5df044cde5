"""A hand survives the trip to JSON and back at every point of a game played by computer players."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.sixcard import deal_hand, find_player, view_of
from engine.sixcard.encoding import hand_from_json, hand_to_json


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 4))
def test_every_hand_of_a_game_round_trips_through_json(seed, players):
    rng = random.Random(seed)
    hand = deal_hand(seed, players=players)
    player = find_player("easy")
    while True:
        assert hand_from_json(json.loads(json.dumps(hand_to_json(hand)))) == hand
        if hand.is_over:
            break
        seat = hand.to_act()[0]
        hand = hand.play(seat, player.choose(view_of(hand, seat), rng))
