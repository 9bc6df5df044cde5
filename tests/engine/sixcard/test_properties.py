"""Properties of whole hands played by the computer players and the random player (hypothesis):

- the pack is conserved at every step; the hand always ends, as soon as one seat has six face up;
- no seat's view (nor a spectator's) ever holds a card hidden from it;
- every action a player picks is legal, and every other action is refused with an ActionError;
- the players decide from their seat's view only: reshuffling every card hidden from a seat changes
  neither its view nor any player's choice;
- scores follow an independent reading of docs/rules.md;
- a hand replays identically from its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ONE_DECK, Card
from engine.sixcard.actions import DISCARD, DRAW, TAKE, Action, ActionError
from engine.sixcard.game import SixCardGolf
from engine.sixcard.hand import Grid, Hand, Phase, Source, deal_hand
from engine.sixcard.players import PLAYERS, play_hand
from engine.sixcard.view import view_of

FLIPS = tuple(Action.flip(p) for p in range(6))
EVERY_ACTION = (DRAW, TAKE, DISCARD, *FLIPS, *(Action.place(p) for p in range(6)))

# docs/rules.md, written out again: Ace 1, Two −2, 3–10 face value, Jack and Queen 10, King 0
RULE_BOOK_VALUES = {1: 1, 2: -2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 10, 12: 10, 13: 0}


def rule_book_score(cards: tuple[Card, ...]) -> int:
    """Two rows of three; two cards of equal rank in one column score 0 together."""
    top, bottom = cards[:3], cards[3:]
    return sum(
        0 if a.rank == b.rank else RULE_BOOK_VALUES[a.rank] + RULE_BOOK_VALUES[b.rank]
        for a, b in zip(top, bottom, strict=True)
    )


def hidden_from(hand: Hand, seat: int | None) -> set[Card]:
    hidden = {c for g in hand.grids for c, up in zip(g.cards, g.face_up, strict=True) if not up}
    hidden |= set(hand.stock)
    if hand.drawn is not None and hand.source is Source.STOCK and seat != hand.turn:
        hidden.add(hand.drawn)
    return hidden


def check(hand: Hand) -> None:
    assert Counter(hand.cards()) == Counter(ONE_DECK)
    for seat in (*range(hand.players), None):
        view = view_of(hand, seat)
        assert not set(view.cards()) & hidden_from(hand, seat)
        assert len(view.cards()) + len(hidden_from(hand, seat)) == 52
        if seat is not None:
            assert view.legal == hand.legal_actions(seat)
    if not hand.is_over:
        assert not any(g.all_face_up for g in hand.grids)


NAMES = sorted(PLAYERS)
lineups = st.integers(2, 4).flatmap(lambda n: st.lists(st.sampled_from(NAMES), min_size=n, max_size=n))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), names=lineups, rng_seed=st.integers(0, 2**32))
def test_hands_played_by_the_computer_players(seed: int, names: list[str], rng_seed: int) -> None:
    players = [PLAYERS[n] for n in names]
    rng = random.Random(rng_seed)
    hand = deal_hand(seed, players=len(names), first=seed % len(names))
    check(hand)
    steps = 0
    while not hand.is_over:
        seat = rng.choice(hand.to_act())  # at the opening, seats act in any order
        action = players[seat].choose(view_of(hand, seat), rng)
        assert hand.is_legal(seat, action)
        for other in (*range(hand.players), 7):
            for illegal in EVERY_ACTION:
                if other < hand.players and hand.is_legal(other, illegal):
                    continue
                with pytest.raises(ActionError):
                    hand.play(other, illegal)
        turns, phase = hand.turns, hand.phase
        hand = hand.play(seat, action)
        check(hand)
        assert hand.turns in (turns, turns + 1)
        assert not (phase is Phase.TURNS and hand.phase is Phase.OPENING)
        steps += 1
        assert steps < 5_000
    assert hand.went_out is not None and hand.grids[hand.went_out].all_face_up
    assert all(g.all_face_up for g in hand.grids)
    assert hand.scores == tuple(rule_book_score(g.cards) for g in hand.grids)
    outcome = SixCardGolf().outcome(hand)
    assert outcome is not None and outcome.scores == hand.scores and outcome.by == hand.went_out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), names=lineups, rng_seed=st.integers(0, 2**32))
def test_a_hand_replays_from_its_seed(seed: int, names: list[str], rng_seed: int) -> None:
    players = [PLAYERS[n] for n in names]
    first = play_hand(deal_hand(seed, players=len(names)), players, random.Random(rng_seed))
    again = play_hand(deal_hand(seed, players=len(names)), players, random.Random(rng_seed))
    assert first == again


def shuffle_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same hand with every card hidden from ``seat`` dealt again among the places hidden from it."""
    hidden = [c for c in hand.cards() if c in hidden_from(hand, seat)]
    rng.shuffle(hidden)
    deck = iter(hidden)
    grids = []
    for g in hand.grids:
        cards = tuple(c if up else next(deck) for c, up in zip(g.cards, g.face_up, strict=True))
        grids.append(Grid(cards, g.face_up))
    drawn = hand.drawn
    if drawn is not None and drawn in hidden_from(hand, seat):
        drawn = next(deck)
    stock = tuple(next(deck) for _ in hand.stock)
    return replace(hand, grids=tuple(grids), stock=stock, drawn=drawn)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(2, 4),
    steps=st.integers(0, 80),
    rng_seed=st.integers(0, 2**32),
)
def test_players_decide_from_their_view_only(seed: int, players: int, steps: int, rng_seed: int) -> None:
    rng = random.Random(rng_seed)
    hand = deal_hand(seed, players=players)
    mover = PLAYERS["random"]
    for _ in range(steps):  # somewhere in a hand: the opening, a turn, a card held, or the end
        if hand.is_over:
            return
        seat = rng.choice(hand.to_act())
        hand = hand.play(seat, mover.choose(view_of(hand, seat), rng))
    for seat in hand.to_act():
        other = shuffle_hidden(hand, seat, rng)
        assert Counter(other.cards()) == Counter(ONE_DECK)
        assert view_of(other, seat) == view_of(hand, seat)
        for player in PLAYERS.values():
            mine = player.choose(view_of(hand, seat), random.Random(rng_seed))
            theirs = player.choose(view_of(other, seat), random.Random(rng_seed))
            assert mine == theirs


@given(st.permutations(ONE_DECK).map(lambda cards: tuple(cards[:6])))
def test_grid_scores_follow_the_rule_book(cards: tuple[Card, ...]) -> None:
    assert Grid(cards).score == rule_book_score(cards)
