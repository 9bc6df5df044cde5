"""The pure-Python search (engine/golf/solver/pysearch.py) against a brute-force reference on small positions
under every rule variant, and its lower bound on its own."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import Card, full_deck, parse_card
from engine.golf.deal import deal
from engine.golf.hole import Hole
from engine.golf.rules import Rules, find_rules
from engine.golf.solver import Solution, kernel_available, pysearch, solve, winnable
from engine.golf.solver.matching import cycle_matching, deficit, path_matching
from engine.golf.solver.problem import (
    KINGS_PRED,
    NO_BOUND,
    NO_TOP,
    RANKS,
    WRAP,
    Problem,
    _flags,
    adjacency,
    moves_of,
    problem_of,
)
from engine.golf.solver.pysearch import Search, _Tables, _ways_needed, blocked


def _all_rules() -> list[Rules]:
    bases = [{}, {"queens_on_kings": True}, {"wrap": True}]
    return [
        Rules(**base, jokers=jokers, empty_foundation=head, decks=decks, draw_only_when_stuck=stuck)  # type: ignore[arg-type]
        for base, jokers, head, decks, stuck in itertools.product(
            bases, (0, 1, 2), (False, True), (1, 2), (False, True)
        )
    ]


ALL_RULES = _all_rules()
DOUBLE = Rules(decks=2)


@st.composite
def small_positions(
    draw: st.DrawFn,
    rule_sets: list[Rules] = ALL_RULES,
    least_in_tableau: int = 0,
    most_in_stock: int = 7,
) -> Hole:
    """A position of one of rule_sets with few cards: up to 14 in the tableau, most_in_stock in the stock."""
    rules = draw(st.sampled_from(rule_sets))
    pack = list(full_deck(decks=rules.decks, jokers=rules.jokers))
    picks = draw(st.lists(st.integers(0, len(pack) - 1), min_size=22, max_size=22, unique=True))
    cards = [pack[i] for i in picks]
    jokers = [c for c in pack if c.is_joker and c not in cards]
    for joker in jokers:  # small positions would rarely meet a Joker otherwise
        if draw(st.booleans()):
            cards.insert(draw(st.integers(0, len(cards))), joker)
    in_tableau = draw(st.integers(least_in_tableau, 14))
    in_stock = draw(st.integers(0, most_in_stock))
    tableau: list[list[Card]] = [[] for _ in range(rules.columns)]
    for card in cards[:in_tableau]:
        tableau[draw(st.integers(0, rules.columns - 1))].append(card)
    rest = cards[in_tableau:]
    empty = rules.empty_foundation and draw(st.booleans())
    foundation = () if empty else (rest[0],)
    stock = tuple(rest[1 : 1 + in_stock])
    return Hole(tuple(tuple(col) for col in tableau), foundation, stock, rules)


def _replays(hole: Hole, solution: Solution) -> bool:
    end = hole.play_all(solution.moves)
    return end.is_over and end.score == solution.score


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hole=small_positions())
def test_python_search_equals_brute_force(brute_force: Callable[[Hole], int], hole: Hole) -> None:
    reference = brute_force(hole)
    solution = solve(hole, backend="python")
    assert solution.score == reference
    assert _replays(hole, solution)
    assert winnable(hole, backend="python") == (reference <= 0)
    if kernel_available():
        assert solve(hole, backend="c") == solution
        assert winnable(hole, backend="c") == (reference <= 0)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hole=small_positions(), probe=st.integers(1, 40))
def test_the_deepening_equals_brute_force(brute_force: Callable[[Hole], int], hole: Hole, probe: int) -> None:
    """A probe of a few positions leaves the answer to the rounds of deepening and branch and bound."""
    reference = brute_force(hole)
    solution = solve(hole, backend="python", probe_states=probe)
    assert solution.proven and solution.score == reference
    assert _replays(hole, solution)
    if kernel_available():
        assert solve(hole, backend="c", probe_states=probe) == solution


def test_python_search_on_hand_made_variant_positions(make_hole, brute_force, check_line) -> None:
    positions = [
        make_hole(["KS JK", "QH"], foundation="KD", stock="2C", rules=Rules(jokers=1)),
        make_hole(["5C", "JK 9D"], foundation="KD", stock="QS", rules=Rules(jokers=2)),
        make_hole(["AC 5H", "KD"], foundation="", stock="7S QS", rules=Rules(empty_foundation=True)),
        make_hole(["AC", "KD", "2S"], foundation="3C", stock="QH JH", rules=Rules(wrap=True)),
        make_hole(["QC", "KD"], foundation="JH", stock="5S", rules=Rules(queens_on_kings=True)),
        make_hole(["4C 5D", "3H"], foundation="4S", stock="9C 6S 2D", rules=Rules(draw_only_when_stuck=True)),
        make_hole(
            ["4C", "", "", "", "", "", "", "", "5D"], foundation="6S", stock="3S", rules=Rules(decks=2)
        ),
    ]
    for hole in positions:
        solution = solve(hole, backend="python")
        assert solution.score == brute_force(hole), hole
        check_line(hole, solution)


def test_draw_only_when_stuck_forces_the_play(make_hole, brute_force, check_line) -> None:
    """Free drawing turns JD and TS first, then runs JS QH KD. With stuck-draw the JD makes QH playable,
    which must go at once, and then JS: the King never gets its Queen."""
    columns = ["QH", "KD JS", "4C"]
    free = make_hole(columns, foundation="8D", stock="JD TS", rules=Rules())
    stuck = make_hole(columns, foundation="8D", stock="JD TS", rules=Rules(draw_only_when_stuck=True))
    for hole, score in ((free, 1), (stuck, 2)):
        solution = solve(hole, backend="python")
        assert solution.score == score == brute_force(hole)
        check_line(hole, solution)


def test_a_line_linked_through_the_fringe_turns_only_when_stuck(make_hole, brute_force, check_line) -> None:
    """The fringe search's line goes through the positions it put off, linked by the moves between them;
    with draws only when stuck, a turn there must wait until no card can be played (found by hypothesis:
    the line turned the stock with the 6S on a column and the 5C on the foundation)."""
    columns = ["AC 7S 9C 6S 3C 4C", "2C 8C 5C 2S", "", "", "", "", "", "", ""]
    rules = Rules(decks=2, draw_only_when_stuck=True)
    hole = make_hole(columns, foundation="3D", stock="6C 7C TC", rules=rules)
    for backend in ("python", "c") if kernel_available() else ("python",):
        solution = solve(hole, backend=backend)
        assert solution.score == brute_force(hole) == 2
        check_line(hole, solution)


def _tallies(problem: Problem) -> tuple[list[list[int]], list[int], list[int]]:
    """What the bounds take: the columns' ranks, how many of each rank the tableau holds, and the stock's."""
    columns = [list(col) for col in problem.columns]
    cnt = [0] * RANKS
    for col in columns:
        for r in col:
            cnt[r] += 1
    starts = [0] * RANKS
    for r in problem.stock:
        starts[r] += 1
    return columns, cnt, starts


class TestDeficit:
    """The lower bound: cards that cannot all find a predecessor of adjacent rank."""

    @staticmethod
    def _counts(text: str) -> list[int]:
        cnt = [0] * RANKS
        for token in text.split():
            cnt[parse_card(token).rank] += 1
        return cnt

    def test_nothing_left_needs_nothing(self) -> None:
        assert deficit([0] * RANKS, [0] * RANKS, 5, 0) == 0

    def test_a_dead_king_is_counted(self) -> None:
        cnt = self._counts("KS")
        assert deficit(cnt, [0] * RANKS, 5, 0) == 1
        assert deficit(cnt, [0] * RANKS, 12, 0) == 0  # a Queen on top takes it

    def test_kings_need_one_start_each(self) -> None:
        cnt = self._counts("KS KH QD")
        starts = self._counts("QC")
        assert deficit(cnt, starts, 11, 0) == 0  # J: QD, KS; then QC from the stock, KH
        assert deficit(cnt, [0] * RANKS, 11, 0) == 1

    def test_queens_on_kings_lets_a_king_take_a_queen(self) -> None:
        cnt = self._counts("QS QH")
        assert deficit(cnt, [0] * RANKS, 13, 0) == 2  # strict: the King on top takes nothing
        assert deficit(cnt, [0] * RANKS, 13, KINGS_PRED) == 1  # K takes one Queen, the other has none
        cnt = self._counts("QS KH QH")
        assert deficit(cnt, [0] * RANKS, 13, KINGS_PRED) == 0

    def test_wrap_joins_ace_and_king(self) -> None:
        cnt = self._counts("AS")
        assert deficit(cnt, [0] * RANKS, 13, KINGS_PRED) == 1
        assert deficit(cnt, [0] * RANKS, 13, KINGS_PRED | WRAP) == 0

    def test_a_joker_or_an_empty_foundation_serves_anything(self) -> None:
        cnt = self._counts("7S")
        assert deficit(cnt, [0] * RANKS, 2, 0) == 1
        assert deficit(cnt, [0] * RANKS, NO_TOP, 0) == 0
        assert deficit(cnt, [0] * RANKS, 0, 0) == 0

    @given(caps=st.lists(st.integers(0, 9), min_size=26, max_size=26))
    def test_the_wrap_cycle_is_matched_as_by_every_flow_on_its_closing_edge(self, caps: list[int]) -> None:
        """The cycle's matching is its least cover; the plain way tries every flow on the edge L13-R1 and
        matches the path left by the rest greedily."""
        by_flow = 0
        for f in range(min(caps[0], caps[-1]) + 1):
            path = [caps[0] - f, *caps[1:-1], caps[-1] - f]
            by_flow = max(by_flow, f + path_matching(path))
        assert cycle_matching(caps) == by_flow

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hole=small_positions())
    def test_never_above_the_true_cards_left(self, brute_force: Callable[[Hole], int], hole: Hole) -> None:
        problem = problem_of(hole)
        _, cnt, starts = _tallies(problem)
        bound = deficit(cnt, starts, problem.top, problem.flags)
        best = brute_force(hole)
        assert bound <= max(best, 0)


class TestBlocked:
    """The ends of the rank ladder: each separate run of cards beyond every start needs its own way in."""

    COLUMNS = ("7C 8D TS 7H 8S", "JD")
    """Bottom..top. With 9 on the foundation the plain matching is satisfied (9-8, 8-7, 7-8, J-T, T-J),
    but 7 8 | T | 7 8 and the J need three ways in from the one 9."""

    @staticmethod
    def _blocked(hole: Hole) -> bool:
        problem = problem_of(hole)
        columns, cnt, starts = _tallies(problem)
        assert deficit(cnt, starts, problem.top, problem.flags) == 0
        return blocked(columns, cnt, starts, problem.top, problem.flags)

    def test_runs_beyond_every_start_need_their_own_way_in(self, make_hole, brute_force) -> None:
        hole = make_hole([*self.COLUMNS], foundation="9C")
        assert self._blocked(hole)
        assert brute_force(hole) == 4  # 8 and 7 go; T, 7, 8 and the J stay

    def test_starts_give_more_ways_in(self, make_hole, brute_force) -> None:
        hole = make_hole([*self.COLUMNS], foundation="9C", stock="9D 9H")
        assert not self._blocked(hole)
        assert brute_force(hole) == 0  # 8 7, turn: T J, turn: 8 7

    def test_with_wrapping_the_circle_is_cut_at_a_missing_rank(self, make_hole, brute_force) -> None:
        hole = make_hole([*self.COLUMNS], foundation="9C", rules=Rules(wrap=True))
        assert self._blocked(hole)  # no Ace anywhere: the circle is the line 2 .. K
        assert brute_force(hole) == 4

    def test_with_wrapping_a_rank_alone_is_a_cut_with_one_way_in(self, make_hole, brute_force) -> None:
        # every rank is there, but the 9 is the top alone: cut there, the line T .. 8 is entered across it
        # once at most, and the other ways in are too few for its runs (7 8 | T | 7 8, and the J); on two
        # decks, that is (on one, the circle is cut only at a missing rank)
        columns = [*self.COLUMNS, "AS 2S 3S 4S 5S 6S QS KS"]
        everything = make_hole(columns, foundation="9C", rules=Rules(decks=2, wrap=True))
        assert self._blocked(everything)
        assert brute_force(everything) > 0
        assert not self._blocked(make_hole(columns, foundation="9C", rules=Rules(wrap=True)))
        # a tableau that one walk clears (8 down to the Ace, then K down to T) is never blocked, though
        # every rank is there once
        walk = make_hole(
            ["AS 2S 3S 4S 5S 6S 7S 8S", "TS JS QS KS"], foundation="9C", rules=Rules(decks=2, wrap=True)
        )
        assert not self._blocked(walk)
        assert brute_force(walk) == 0

    def test_a_king_on_top_is_no_way_in_under_strict_rules(self, make_hole, brute_force) -> None:
        hole = make_hole([*self.COLUMNS], foundation="KD", stock="9C")
        assert self._blocked(hole)  # the 9 from the stock is the one way in
        assert brute_force(hole) == 4

    @settings(max_examples=300, deadline=None)
    @given(
        columns=st.lists(st.lists(st.integers(0, 13), max_size=9), min_size=1, max_size=9),
        starts=st.lists(st.integers(0, 3), min_size=RANKS, max_size=RANKS),
        top=st.integers(0, NO_TOP),
        flags=st.sampled_from([0, KINGS_PRED, WRAP]),
        z=st.integers(0, 13),
    )
    def test_the_ways_needed_are_the_runs_beyond_each_position_less_its_starts(
        self, columns: list[list[int]], starts: list[int], top: int, flags: int, z: int
    ) -> None:
        # the one pass a column against the definition: the most separate runs, in one column, of the
        # cards ranked before (after) each position, less the starts there
        line = list(range(1, 14)) if not z else [(z + i) % 13 + 1 for i in range(12)]

        def most_runs(inside: set[int]) -> int:
            return max(
                sum(r in inside and (i == 0 or col[i - 1] not in inside) for i, r in enumerate(col))
                for col in columns
            )

        def sc(r: int) -> int:
            return 0 if r == 13 and not flags & KINGS_PRED else starts[r] + (top == r)

        before = [most_runs(set(line[:t])) - sum(map(sc, line[:t])) for t in range(len(line))]
        after = [most_runs(set(line[t + 1 :])) - sum(map(sc, line[t + 1 :])) for t in range(len(line))]
        assert _ways_needed(columns, starts, top, flags, line) == (before, after)

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hole=small_positions())
    def test_never_blocks_a_position_that_can_be_cleared(
        self, brute_force: Callable[[Hole], int], hole: Hole
    ) -> None:
        problem = problem_of(hole)
        columns, cnt, starts = _tallies(problem)
        if blocked(columns, cnt, starts, problem.top, problem.flags):
            assert brute_force(hole) > 0


def _crowded_positions(rng: random.Random, count: int) -> list[Hole]:
    """Small positions whose tableau ranks crowd a few neighbouring ranks away from the foundation and a
    short stock: the cycles the plain matching allows, and the ways in that ``blocked`` counts."""
    found: list[Hole] = []
    pack = [card for card in full_deck(decks=2) if not card.is_joker]
    while len(found) < count:
        rules = rng.choice([Rules(decks=2), Rules(decks=2, queens_on_kings=True), Rules(decks=2, wrap=True)])
        low = rng.randint(1, 10)
        near = [card for card in pack if low <= card.rank <= low + 3]
        rng.shuffle(near)
        tableau: list[list[Card]] = [[] for _ in range(rules.columns)]
        for card in near[: rng.randint(4, 10)]:
            tableau[rng.randrange(3)].append(card)
        used = {id(card) for col in tableau for card in col}
        rest = [card for card in pack if id(card) not in used]
        rng.shuffle(rest)
        hole = Hole(
            tuple(tuple(col) for col in tableau), (rest[0],), tuple(rest[1 : rng.randint(1, 4)]), rules
        )
        problem = problem_of(hole)
        columns, cnt, starts = _tallies(problem)
        if not deficit(cnt, starts, problem.top, problem.flags) and blocked(
            columns, cnt, starts, problem.top, problem.flags
        ):
            found.append(hole)
    return found


def test_blocked_positions_cannot_be_cleared(brute_force: Callable[[Hole], int], check_line) -> None:
    """Positions the plain matching lets through but ``blocked`` stops: none can be cleared, and both
    backends find the brute-force optimum."""
    for hole in _crowded_positions(random.Random(14), 40):
        best = brute_force(hole)
        assert best > 0, hole
        solution = solve(hole, backend="python")
        assert solution.score == best
        check_line(hole, solution)
        if kernel_available():
            assert solve(hole, backend="c") == solution


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hole=small_positions())
def test_the_column_plans_never_rule_out_a_clearing_line(
    brute_force: Callable[[Hole], int], hole: Hole
) -> None:
    """Where some line clears the tableau having turned u stock cards at most, every column has a plan
    with u turns (_Tables.plans_fail): the bound it adds is sound under every rule variant."""
    problem = problem_of(hole)
    if problem.flags & NO_BOUND:
        return
    tables = _Tables(problem)
    best, total = brute_force(hole), len(problem.stock)
    for u in range(total + 1):
        if best <= u - total:  # a line clears with total - u stock cards in hand
            assert tables.plans_fail(0, u, problem.top) == 0, (u, best)


def _planned_position() -> Problem:
    """A position strict+double deal 19's proof goes through: the bound lets it clear with three stock
    cards turned, but the column 7 4 J A 8 (8 on top) needs six: between its cards the foundation
    has far to go, and the other columns hold too few cards of the ranks between."""
    rules = find_rules("strict+double")
    adjacent = adjacency(rules)
    columns = ([10, 13, 9], [10, 10], [6, 2], [3, 7], [12], [2, 5, 11], [7, 4, 11, 1, 8], [1, 4], [])
    stock = [10, 11, 1, 5, 12, 2, 3, 6, 13, 6, 5, 9, 13, 2, 1, 9, 9, 9, 3, 10, 5, 7, 1, 10, 5]
    return Problem(tuple(bytes(c) for c in columns), bytes(stock), 8, adjacent, _flags(rules, adjacent))


def test_the_column_plans_rule_out_what_the_bound_lets_through() -> None:
    problem = _planned_position()
    tables = _Tables(problem)
    assert tables.bound(0, 3, 8, 1) == 0  # the matching, the cards never played and the ways in allow it
    assert [tables.plans_fail(0, u, 8) > 0 for u in range(3, 8)] == [True, True, True, False, False]
    assert tables.plan_last == 6  # the column without a plan is asked first next time


class TestWalkDeficit:
    """The walk under way plays a card on top of a column now next, or none: the top serves only such a
    card, and where it serves none, the stock cards after it likewise (their walks begin from the columns
    as they are)."""

    @pytest.mark.parametrize(
        ("columns", "foundation", "stock", "cards_left"),
        [
            # The 2 on top could take the Ace or the 3, but the Ace lies under the 4: the walk under way
            # takes the 3 or nothing, and no 2 is left for the Ace. The matching lets 2-A, 4-3 and 5-4 do it.
            (["AD 4S", "3C"], "2D", "5D JH", 1),
            # Nothing on top of a column goes onto the 5 on top, nor onto the Jack or the 7 turned after
            # it: none of their walks takes a card, and the 4 under the Ace has no 5 to go onto. The
            # matching lets the Ace and the 2 serve each other, and the 5 the 4.
            (["4D AS", "2D"], "5S", "JH 7H", 3),
        ],
        ids=["the top serves only a card on top of a column", "starts that serve no such card serve none"],
    )
    def test_rules_out_what_the_matching_lets_through(
        self, make_hole, brute_force, columns: list[str], foundation: str, stock: str, cards_left: int
    ) -> None:
        hole = make_hole(columns, foundation=foundation, stock=stock)
        problem = problem_of(hole)
        tables = _Tables(problem)
        _, cnt, starts = _tallies(problem)
        assert deficit(cnt, starts, problem.top, problem.flags) == 0
        assert tables.walk_deficit(0, 2, starts, problem.top)[0] == 1
        assert tables.bound(0, 2, problem.top, 1) > 0
        assert brute_force(hole) == cards_left
        self._solved_alike(hole, brute_force)

    @staticmethod
    def _solved_alike(hole: Hole, brute_force: Callable[[Hole], int]) -> None:
        solution = solve(hole, backend="python")
        assert solution.score == brute_force(hole)
        if kernel_available():
            assert solve(hole, backend="c") == solution


class TestLastWalk:
    """Clearing with at most u stock cards turned: if the last of them must be turned, the walk from it
    clears, in one +-1 walk, every card the walks before leave (bottoms of the columns)."""

    def test_the_last_start_must_begin_a_walk_that_clears_the_rest(self, make_hole, brute_force) -> None:
        # The 3, turned second, takes the 4 over the Ten; but the 9 that could take the Ten then is gone
        # if the 8 took it, and no card is left to take it if not. Only the Ten, turned last, takes the 9
        # and then the Ten. The matching lets 8-9, 9-T and 3-4 do it.
        hole = make_hole(["TD 4C", "9D"], foundation="8H", stock="8D 3H TC")
        problem = problem_of(hole)
        tables = _Tables(problem)
        assert tables.bound(0, 2, problem.top, 1) == 0
        assert tables.last_walk_out(0, 2, problem.top)
        assert not tables.last_walk_out(0, 3, problem.top)
        assert brute_force(hole) == 0  # clearing takes all three

    def test_the_walk_under_way_must_take_every_card_with_no_turn(self, make_hole, brute_force) -> None:
        # With wrapping the matching lets the Queen and King serve each other, and every card is playable
        # in turn; but the one walk from the Queen on top takes the Jack, then the Ten, and stops.
        hole = make_hole(["KS JS", "QC TC"], foundation="QC", stock="JD QS", rules=Rules(decks=2, wrap=True))
        problem = problem_of(hole)
        tables = _Tables(problem)
        assert tables.bound(0, 0, problem.top, 1) == 0
        assert tables.last_walk_out(0, 0, problem.top)
        assert brute_force(hole) > -len(problem.stock)  # no line clears without turning

    def test_what_the_first_turns_walk_leaves_is_the_walk_under_ways(self, make_hole, brute_force) -> None:
        # The 4 turned could take the 5 and the 6 last, once the walk under way from the Queen has cleared
        # the King, Jack, Queen and Ten above them; the matching lets the Queen and King serve each other,
        # but that walk takes the Jack, then the Ten, and stops.
        hole = make_hole(
            ["5D KS JS", "6D QC TC"], foundation="QC", stock="4C 8H", rules=Rules(decks=2, wrap=True)
        )
        problem = problem_of(hole)
        tables = _Tables(problem)
        assert tables.bound(0, 1, problem.top, 1) == 0
        assert tables.last_walk_out(0, 1, problem.top)
        assert brute_force(hole) > 1 - len(problem.stock)  # no line clears with one card turned

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hole=small_positions())
    def test_never_rules_out_a_clearing(self, brute_force: Callable[[Hole], int], hole: Hole) -> None:
        _never_rules_out_a_clearing(hole, brute_force)

    def test_crowded_positions(self, brute_force: Callable[[Hole], int], check_line) -> None:
        """Positions where it rules out what the bound lets through, under every base rule set, one and
        two decks, Jokers: none can be cleared so, and both backends find the brute-force optimum."""
        rng = random.Random(14)
        fired = 0
        while fired < 30:
            hole = _crowded_position(rng)
            if _never_rules_out_a_clearing(hole, brute_force):
                fired += 1
                solution = solve(hole, backend="python")
                assert solution.score == brute_force(hole)
                check_line(hole, solution)
                if kernel_available():
                    assert solve(hole, backend="c") == solution


def _never_rules_out_a_clearing(hole: Hole, brute_force: Callable[[Hole], int]) -> bool:
    """Checks that wherever the last walks rule out clearing with at most u cards turned (and the
    bound does not), no line clears so (its score would be at most u - len(stock)), nor with the more
    turns they say are ruled out alike (the fringe search's wait); whether they did."""
    problem = problem_of(hole)
    tables = _Tables(problem)
    left = sum(tables.height)
    fired = False
    if problem.flags & NO_BOUND or not left:
        return fired
    for u in range(len(problem.stock) + 1):  # u = 0: the walk under way must take every card
        wait = 0 if tables.bound(0, u, problem.top, 1) else tables.last_walk_out(0, u, problem.top)
        if wait:
            assert u + wait - 1 <= len(problem.stock)
            assert brute_force(hole) > u + wait - 1 - len(problem.stock), (hole, u, wait)
            fired = True
    return fired


def _crowded_position(rng: random.Random) -> Hole:
    """A few short columns of nearby ranks and a short stock, under a random base rule set."""
    rules = rng.choice(
        [Rules(decks=2), Rules(decks=2, queens_on_kings=True), Rules(decks=2, wrap=True), Rules(),
         Rules(wrap=True), Rules(decks=2, jokers=1)]
    )  # fmt: skip
    pack = list(full_deck(decks=rules.decks, jokers=rules.jokers))
    low = rng.randint(1, 10)
    near = [card for card in pack if card.is_joker or low <= card.rank <= low + 4]
    rng.shuffle(near)
    columns = rng.randint(2, 4)
    tableau: list[list[Card]] = [[] for _ in range(rules.columns)]
    for card in near[: rng.randint(3, 10)]:
        tableau[rng.randrange(columns)].append(card)
    used = {id(card) for col in tableau for card in col}
    rest = [card for card in pack if id(card) not in used]
    rng.shuffle(rest)
    return Hole(tuple(tuple(col) for col in tableau), (rest[0],), tuple(rest[1 : rng.randint(2, 6)]), rules)


def test_a_search_shares_with_one_other_at_most() -> None:
    problem = problem_of(deal(1))
    first, second, third = Search(problem), Search(problem), Search(problem)
    with pytest.raises(TypeError):
        first.share(first)
    first.share(second)
    with pytest.raises(RuntimeError):
        third.share(first)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hole=small_positions())
def test_the_fringe_search_equals_brute_force(brute_force: Callable[[Hole], int], hole: Hole) -> None:
    """The fringe search alone (Search.fringe), under every rule variant: the optimum, and a line to it."""
    if hole.is_over:
        return
    problem = problem_of(hole)
    lower = pysearch.lower_bound(problem)
    reference = brute_force(hole)
    for second in (False, True):  # the second walks asked for too (two decks without wrapping)
        _, score, line, _, status = Search(problem).fringe(lower, 2**31 - 1, 0, second)
        assert status == "found" and score == reference
        end = hole.play_all(moves_of(line))
        assert end.is_over and end.score == score


def _small_double_holes(count: int) -> list[Hole]:
    rng = random.Random("small double")
    holes = []
    for number in range(1, count + 1):
        rules = Rules(decks=2, wrap=number % 3 == 0)
        hole = deal(number, rules)
        tableau = tuple(col[: rng.randint(0, 2)] for col in hole.tableau)
        holes.append(Hole(tableau, hole.foundation, hole.stock[: rng.randint(4, 9)], rules))
    return holes


def test_the_driver_answers_when_the_fringe_search_cannot(monkeypatch, brute_force) -> None:
    """When the fringe search runs out of log ('full') the deepening goes on from its bound; when a line
    cannot be found again from its log ('lost'), branch and bound looks for a line of the optimum it
    proved. Either way the answer is the optimum, with a line to it."""
    holes = [hole for hole in _small_double_holes(40) if not hole.is_over]
    seen = set()
    for patch in ({"FRINGE_LOG_MAX": 3}, {"LINK_NODES": 0}):
        with monkeypatch.context() as m:
            for name, value in patch.items():
                m.setattr(pysearch, name, value)
            for hole in holes:
                problem = problem_of(hole)
                seen.add(Search(problem).fringe(pysearch.lower_bound(problem), 2**31 - 1)[4])
                solution = solve(hole, backend="python")
                assert solution.proven and solution.score == brute_force(hole)
                end = hole.play_all(solution.moves)
                assert end.is_over and end.score == solution.score
    assert {"full", "lost"} <= seen
