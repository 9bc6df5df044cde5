"""Engine invariants, checked with hypothesis against an independent reference of the rule book.

The reference below is written from docs/rules.md alone (a literal table of which rank may go
onto which), not from engine/golf/rules.py, so that a slip in the engine's arithmetic shows up as a mismatch.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import event, given, settings
from hypothesis import strategies as st

from engine.cards import JOKER_CARD, Card, Suit, full_deck
from engine.golf.board import format_board, parse_board
from engine.golf.deal import MAX_DEAL, deal
from engine.golf.hole import Hole
from engine.golf.moves import CONCEDE, TURN, Move, MoveError, MoveKind
from engine.golf.rules import Rules

JOKER, A, J, Q, K = 0, 1, 11, 12, 13

# ---- the reference: docs/rules.md ------------------------------------------------------

STRICT_ONTO: dict[int, frozenset[int]] = {
    # foundation top -> the ranks that may be played onto it under strict rules (section 1):
    # exactly one above or one below; nothing onto a King; no wrapping (no Ace on King, no King on Ace).
    A: frozenset({2}),
    2: frozenset({A, 3}),
    3: frozenset({2, 4}),
    4: frozenset({3, 5}),
    5: frozenset({4, 6}),
    6: frozenset({5, 7}),
    7: frozenset({6, 8}),
    8: frozenset({7, 9}),
    9: frozenset({8, 10}),
    10: frozenset({9, J}),
    J: frozenset({10, Q}),
    Q: frozenset({J, K}),  # a King may still be played onto a Queen
    K: frozenset(),  # nothing onto a King
}


def reference_allows(rank: int, onto: int | None, *, queens_on_kings: bool, wrap: bool) -> bool:
    """May a card of ``rank`` go onto a foundation showing ``onto`` (None: empty)?"""
    if onto is None:
        return True  # head start: the first card may be any available card
    if onto == JOKER:
        return True  # any card may be played onto a Joker
    strict = not (queens_on_kings or wrap)  # wrap implies Queens on Kings
    if rank == JOKER:
        return not (strict and onto == K)  # wild, except onto a King under strict rules
    allowed = set(STRICT_ONTO[onto])
    if onto == K and (queens_on_kings or wrap):
        allowed.add(Q)
    if wrap:
        if onto == K:
            allowed.add(A)
        if onto == A:
            allowed.add(K)
    return rank in allowed


def _allows(rules: Rules, card: Card, top: Card | None) -> bool:
    return reference_allows(
        card.rank, None if top is None else top.rank, queens_on_kings=rules.queens_on_kings, wrap=rules.wrap
    )


def reference_plays(hole: Hole) -> list[int]:
    if hole.conceded:
        return []
    top = hole.foundation[-1] if hole.foundation else None
    return [i for i, col in enumerate(hole.tableau) if col and _allows(hole.rules, col[-1], top)]


def reference_is_over(hole: Hole) -> bool:
    """Section 1: the tableau is empty, or the stock is empty and no move is left; or the player conceded."""
    if hole.conceded or all(not col for col in hole.tableau):
        return True
    return not hole.stock and not reference_plays(hole)


def reference_is_legal(hole: Hole, move: Move) -> bool:
    if reference_is_over(hole):
        return False
    if move.kind is MoveKind.CONCEDE:
        return True
    if move.kind is MoveKind.TURN:
        # Any time, unless draw_only_when_stuck and a tableau move exists.
        return bool(hole.stock) and not (hole.rules.draw_only_when_stuck and reference_plays(hole))
    return move.column in reference_plays(hole)


def reference_score(hole: Hole) -> int:
    """Section 2: cards left in the tableau; if cleared, minus the cards still in the stock."""
    left = sum(len(col) for col in hole.tableau)
    return left if left else -len(hole.stock)


def candidate_moves(hole: Hole) -> list[Move]:
    """Every move worth asking about, legal or not (including a column past the last one)."""
    return [*(Move.play(c) for c in range(len(hole.tableau) + 1)), TURN, CONCEDE]


def check_position(hole: Hole) -> list[Move]:
    """Compare the engine with the reference on every candidate move; return the legal ones."""
    assert hole.is_over == reference_is_over(hole)
    legal = []
    for move in candidate_moves(hole):
        expected = reference_is_legal(hole, move)
        assert hole.is_legal(move) == expected, (move, format_board(hole), hole.rules)
        try:
            hole.play(move)
        except MoveError as error:
            assert not expected, (move, str(error))
            assert str(error)
        else:
            assert expected, (move, format_board(hole), hole.rules)
            legal.append(move)
    listed = [m for m in legal if m.kind is not MoveKind.CONCEDE]
    assert list(hole.legal_moves()) == listed  # column plays in order, then the stock
    assert hole.playable_columns() == tuple(reference_plays(hole)) or hole.is_over
    return legal


# ---- strategies -----------------------------------------------------------------------------------

deal_numbers = st.one_of(
    st.integers(1, 32000), st.integers(32001, MAX_DEAL), st.sampled_from([1, 24, MAX_DEAL])
)
any_rules = st.builds(
    Rules,
    queens_on_kings=st.booleans(),
    wrap=st.booleans(),
    jokers=st.sampled_from([0, 1, 2]),
    empty_foundation=st.booleans(),
    decks=st.sampled_from([1, 2]),
    draw_only_when_stuck=st.booleans(),
)
SETTINGS = settings(max_examples=120, deadline=None)


def _pack(rules: Rules) -> Counter[Card]:
    return Counter(full_deck(decks=rules.decks, jokers=rules.jokers))


# ---- the rules table ------------------------------------------------------------------------------


def test_allows_matches_the_reference_table_exhaustively() -> None:
    cards = [JOKER_CARD, *(Card(rank, Suit.SPADES) for rank in range(A, K + 1))]
    for queens_on_kings in (False, True):
        for wrap in (False, True):
            for jokers in (0, 2):
                rules = Rules(queens_on_kings=queens_on_kings, wrap=wrap, jokers=jokers)
                for onto in (None, *cards):
                    for card in cards:
                        expected = _allows(rules, card, onto)
                        assert rules.allows(card, onto) == expected, (rules.name, card, onto)
                        foundation = () if onto is None else (onto,)
                        hole = Hole(tableau=((card,), ()), foundation=foundation, stock=(), rules=rules)
                        assert hole.is_legal(Move.play(0)) == expected
                        if expected:
                            assert hole.play(Move.play(0)).top == card
                        else:
                            assert hole.is_over  # nothing to play and no stock
                            hole = replace(hole, stock=(Card(5, Suit.HEARTS),))
                            try:
                                hole.play(Move.play(0))
                            except MoveError as error:
                                assert "cannot go on" in str(error)
                            else:
                                raise AssertionError(f"{card} went onto {onto} under {rules.name}")


def test_reference_table_spot_checks() -> None:
    # Guard the reference itself against a typo, with the rule book's own sentences.
    strict = {"queens_on_kings": False, "wrap": False}
    qok = {"queens_on_kings": True, "wrap": False}
    wrap = {"queens_on_kings": False, "wrap": True}
    assert reference_allows(K, Q, **strict)  # "A King may still be played onto a Queen"
    assert not reference_allows(Q, K, **strict)  # "nothing may be played onto a King"
    assert not reference_allows(A, K, **strict) and not reference_allows(K, A, **strict)
    assert reference_allows(Q, K, **qok) and not reference_allows(A, K, **qok)
    assert (
        reference_allows(A, K, **wrap) and reference_allows(K, A, **wrap) and reference_allows(Q, K, **wrap)
    )
    assert not reference_allows(JOKER, K, **strict) and reference_allows(JOKER, K, **qok)
    assert all(reference_allows(r, JOKER, **strict) for r in range(JOKER, K + 1))
    assert all(reference_allows(r, None, **strict) for r in range(JOKER, K + 1))
    assert sum(len(v) for v in STRICT_ONTO.values()) == 23  # 12 neighbouring pairs both ways, less Q on K


# ---- random play from real deals ------------------------------------------------------------------


@SETTINGS
@given(number=deal_numbers, rules=any_rules, seed=st.integers(0, 2**32))
def test_random_games_conserve_cards_follow_the_rules_and_score_by_the_book(
    number: int, rules: Rules, seed: int
) -> None:
    rnd = random.Random(seed)  # the game's choices; hypothesis's own randoms lean towards 0.0
    hole = deal(number, rules)
    pack = _pack(rules)
    assert Counter(hole.cards()) == pack
    concede_chance = rnd.choice([0.0, 0.0, 0.0, 0.02])
    prefer_plays = rnd.choice([0.5, 0.9, 1.0])  # playing greedily clears more holes than turning at random
    snapshot_at = rnd.randrange(0, 60)
    steps = 0
    while True:
        legal = check_position(hole)
        if not legal:
            break
        plays = [m for m in legal if m.kind is MoveKind.PLAY]
        if rnd.random() < concede_chance or legal == [CONCEDE]:
            move = CONCEDE
        elif plays and (TURN not in legal or rnd.random() < prefer_plays):
            move = rnd.choice(plays)
        else:
            move = TURN
        before = hole
        hole = hole.play(move)
        steps += 1
        assert Counter(hole.cards()) == pack  # every move conserves the cards
        assert before.play(move) == hole  # and never mutated the old position
        if move.kind is MoveKind.PLAY:
            assert hole.top == before.tableau[move.column][-1]
            assert hole.cards_in_tableau == before.cards_in_tableau - 1
        elif move.kind is MoveKind.TURN:
            assert hole.top == before.stock[0] and hole.stock == before.stock[1:]
        if steps == snapshot_at:
            assert parse_board(format_board(hole), rules) == replace(hole, conceded=False)
    assert hole.is_over
    assert hole.score == reference_score(hole)
    event("conceded" if hole.conceded else "cleared" if hole.is_cleared else "stuck")
    if hole.conceded:
        assert hole.score == hole.cards_in_tableau  # conceded: the stock gives nothing
    elif hole.is_cleared:
        assert hole.score == -len(hole.stock) <= 0
    else:
        assert hole.stock == () and hole.score > 0
    assert steps <= rules.tableau_size + rules.stock_size + 1


@SETTINGS
@given(number=deal_numbers, rules=any_rules)
def test_fresh_deals_have_the_rule_book_shape(number: int, rules: Rules) -> None:
    hole = deal(number, rules)
    columns, rows = (9, 7) if rules.decks == 2 else (7, 5)
    assert len(hole.tableau) == columns
    assert all(len(col) == rows for col in hole.tableau)
    assert len(hole.foundation) == (0 if rules.empty_foundation else 1)
    # strict: 16 in the stock; each Joker adds one; head start adds the foundation card; double: 40.
    base_stock = 40 if rules.decks == 2 else 16
    assert len(hole.stock) == base_stock + rules.jokers + (1 if rules.empty_foundation else 0)
    assert Counter(hole.cards()) == _pack(rules)
    assert hole.score == columns * rows
    assert not hole.conceded
    assert deal(number, rules) == hole  # deterministic


# ---- random positions, reachable or not -----------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> Hole:
    """A whole pack cut into columns (of any height), a foundation pile and a stock, in any order."""
    rules = draw(any_rules)
    pack = list(full_deck(decks=rules.decks, jokers=rules.jokers))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    rnd.shuffle(pack)
    in_tableau = draw(st.integers(0, min(len(pack), rules.tableau_size)))
    in_stock = draw(st.integers(0, len(pack) - in_tableau))
    tableau_cards, stock = pack[:in_tableau], tuple(pack[in_tableau : in_tableau + in_stock])
    foundation = tuple(pack[in_tableau + in_stock :])
    cuts = sorted(rnd.randint(0, in_tableau) for _ in range(rules.columns - 1))
    bounds = [0, *cuts, in_tableau]
    tableau = tuple(tuple(tableau_cards[bounds[i] : bounds[i + 1]]) for i in range(rules.columns))
    conceded = draw(st.booleans()) and draw(st.booleans())
    return Hole(tableau=tableau, foundation=foundation, stock=stock, rules=rules, conceded=conceded)


@settings(max_examples=300, deadline=None)
@given(hole=positions())
def test_any_position_agrees_with_the_reference(hole: Hole) -> None:
    check_position(hole)
    assert hole.score == reference_score(hole)
    assert Counter(hole.cards()) == _pack(hole.rules)
    for move in hole.legal_moves():
        assert Counter(hole.play(move).cards()) == _pack(hole.rules)
    assert parse_board(format_board(hole), hole.rules) == replace(hole, conceded=False)
