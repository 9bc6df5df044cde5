"""The text renderer and the round screens it draws: the tableau of deal 24 as the rule book shows it,
suit symbols, hole n of N, the stock count, total and par, and never wider than an 80-column terminal."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from bot.info_screens import help_screen, rules_screen, stats_screen
from bot.models import RoundState, RoundStatus, Stats
from bot.render import WIDTH, render_board, render_screen, text_width
from bot.round_screens import round_screen, scorecard
from bot.screens import ScreenKind, notice
from engine.golf.deal import deal
from engine.golf.moves import CONCEDE, TURN
from engine.golf.rules import find_rules

DEAL_24 = """\
⛳ Hole 1 of 1

   1      2      3      4      5      6      7
  ───    ───    ───    ───    ───    ───    ───
   4♣     5♥     Q♣     5♦     2♦     7♥     A♥
   7♠     2♣     Q♥     9♠     2♠     K♦     J♠
   5♠     6♣     9♣     3♣     6♥     J♣    10♥
   K♥     6♠     7♦     8♣     A♣     9♥     5♣
 [10♣]  [10♠]    A♦     4♦    [Q♠]    3♥     3♠

Foundation: J♥   Stock: 16 left
Hole 1 of 1 · deal #24 · strict · total 0 · par 5

Keys: 1 10♣ · 2 10♠ · 5 Q♠ · d Turn stock (16) · h Hint · q Concede hole"""


def make_state(**changes: object) -> RoundState:
    fields: dict[str, object] = {
        "id": "abcdefgh",
        "place": "test:x",
        "players": ("test:1",),
        "rules": "strict",
        "holes": 1,
        "par_for_nine": 45,
        "casual": True,
        "deals": (24,),
    }
    fields.update(changes)
    return RoundState(**fields)  # type: ignore[arg-type]


def widest(text: str) -> int:
    return max(text_width(line) for line in text.splitlines())


def test_deal_24_as_the_rule_book_lays_it_out():
    """docs/rules.md: deal 24 has columns 4C 7S 5S KH TC, 5H 2C 6C 6S TS, ... and JH on the foundation;
    each column is drawn top to bottom, its available card last, in brackets when it can be played."""
    assert render_screen(round_screen(make_state(), deal(24)), with_keys=True) == DEAL_24


def test_after_turning_the_whole_stock():
    hole = deal(24).play_all([TURN] * 16)
    text = render_board(round_screen(make_state(), hole).board)  # type: ignore[arg-type]
    assert text.splitlines()[0].split() == ["1", "2", "3", "4", "5", "6", "7"]
    assert text.endswith("Foundation: A♠   Stock: 0 left")  # the last card of the talon (GOLF.md)
    assert "[" not in text and hole.is_over  # no 2 (and no King: strict) is available


def test_an_empty_column_is_a_dot_and_an_empty_foundation_says_so():
    rules = find_rules("strict+head-start")
    opening = deal(24, rules)
    hole = replace(opening, tableau=((), *opening.tableau[1:]))
    text = render_board(round_screen(make_state(rules=rules.name), hole).board)  # type: ignore[arg-type]
    assert text.splitlines()[2].startswith("   ·      5♥")
    assert text.endswith("Foundation: empty   Stock: 17 left")
    assert text.count("[") == 6  # anything may start an empty foundation


def test_suit_symbols_hole_n_of_n_stock_total_and_par():
    state = make_state(holes=9, deals=tuple(range(24, 33)), scores=(3, -2), best=(1, -4))
    text = render_screen(round_screen(state, deal(26).play(TURN)))
    assert set("♥♣♦♠") <= set(text)
    assert "⛳ Hole 3 of 9" in text
    assert "Stock: 15 left" in text
    assert "total 1 · par 45" in text
    assert "Round total 1 (-9) · par 45" in text


def test_par_36_and_the_keys_legend():
    state = make_state(par_for_nine=36, holes=9, deals=tuple(range(24, 33)))
    screen = round_screen(state, deal(24))
    assert "par 36" in render_screen(screen)
    assert "Keys:" not in render_screen(screen)
    legend = render_screen(screen, with_keys=True).splitlines()[-1]
    assert legend == "Keys: 1 10♣ · 2 10♠ · 5 Q♠ · d Turn stock (16) · h Hint · q Concede hole"
    ranked = round_screen(make_state(casual=False), deal(24))
    assert "h Hint" not in render_screen(ranked, with_keys=True)


def test_a_finished_hole_and_round():
    hole = deal(24).play(CONCEDE)
    over = round_screen(
        make_state(holes=2, deals=(24, 25), scores=(35,), best=(None,), status=RoundStatus.HOLE_OVER), hole
    )
    text = render_screen(over, with_keys=True)
    assert over.kind is ScreenKind.SUMMARY
    words = " ".join(text.split())
    assert (
        "Hole 1 over with 35 cards left: score 35. "
        "The best possible score is not known yet, but no line can beat -10." in words
    )
    assert "Hole     1   2   Tot\nPar      5   5    10\nScore   35        35\n\n" in text  # no best row
    assert text.endswith("Keys: n Next hole ▶")
    assert "[" not in render_board(over.board)  # type: ignore[arg-type]

    done = round_screen(
        make_state(holes=2, deals=(24, 25), scores=(35, -3), best=(2, -3), status=RoundStatus.FINISHED), hole
    )
    text = render_screen(done, with_keys=True)
    assert done.title == "🏁 Round over: 32 (+22) · par 10"
    assert "Best possible round on these deals: -1." in text
    assert "Keys:" not in text


def test_an_eighteen_hole_scorecard_is_two_nines():
    state = make_state(
        holes=18, deals=tuple(range(1, 19)), scores=tuple(range(-8, 9)), best=(None,) * 16 + (5,)
    )
    card = scorecard(state).splitlines()
    assert card[0].split() == ["Hole", *map(str, range(1, 10)), "Out"]
    assert card[1].split() == ["Par", *["5"] * 9, "45"]
    assert card[2].split() == ["Score", *map(str, range(-8, 1)), str(sum(range(-8, 1)))]
    assert card[3].split() == ["Best", *["?"] * 9, "0"]
    assert card[4] == ""
    assert card[5].split() == ["Hole", *map(str, range(10, 19)), "In", "Tot"]
    assert card[6].split() == ["Par", *["5"] * 9, "45", "90"]
    assert card[7].split() == ["Score", *map(str, range(1, 9)), str(sum(range(1, 9))), str(sum(range(-8, 9)))]
    assert card[8].split() == ["Best", *["?"] * 7, "5", "5", "5"]
    assert max(map(text_width, card)) <= WIDTH


def _widest_states():
    """Rounds drawn as wide as they get: a double deck with Jokers, 18 holes, big and negative scores."""
    rules = find_rules("wrap+jokers=2+double")
    for holes, status, casual in itertools.product((1, 9, 18), RoundStatus, (True, False)):
        if status is RoundStatus.ABANDONED:
            continue
        done = {RoundStatus.PLAYING: holes - 1, RoundStatus.HOLE_OVER: max(holes - 1, 1)}.get(status, holes)
        yield make_state(
            rules=rules.name,
            holes=holes,
            deals=tuple(range(10**19, 10**19 + holes)),
            scores=tuple(63 if i % 2 else -40 for i in range(done)),
            best=tuple(None if i % 3 else -40 for i in range(done)),
            status=status,
            casual=casual,
            hints=99,
        )


@pytest.mark.parametrize(
    "state", list(_widest_states()), ids=lambda s: f"{s.holes}-{s.status.value}-{s.casual}"
)
def test_every_round_screen_fits_80_columns(state):
    hole = deal(state.deal, find_rules(state.rules))
    screen = round_screen(state, hole, notes=("💡 Hint: play Joker from column 9.",))
    assert widest(render_screen(screen, with_keys=True)) <= WIDTH


def test_the_widest_legend_wraps_within_80_columns():
    rules = find_rules("wrap+jokers=2+double")
    state = make_state(rules=rules.name, deals=(22,))
    hole = deal(22, rules)
    text = render_screen(round_screen(state, hole), with_keys=True)
    legend = text[text.index("Keys:") :].splitlines()
    assert len(legend) == 2 and all(text_width(line) <= WIDTH for line in legend)
    assert "[Joker]" in render_board(round_screen(state, hole).board) or "Joker" in text  # type: ignore[arg-type]


def test_info_and_notice_screens_fit_80_columns():
    stats = Stats(
        rounds_played=12, best_round=-7, holes_played=108, average_hole=3.25, cleared_share=0.25, best_hole=-9
    )
    text = render_screen(stats_screen("Alice", stats, where="terminal"))
    assert "Rounds played: 12" in text and "Holes cleared: 25%" in text and "Average hole score: 3.25" in text
    assert "Best nine-hole round: -7" in text
    for screen in (
        stats_screen("Alice", stats),
        stats_screen("Nobody", Stats()),
        rules_screen("wrap+jokers=2+double+stuck-draw"),
        help_screen({"/play": "start a round " * 10, "/stats": "your stats"}),
        notice("This board is out of date — here is the current one. " * 4, title="Stale"),
    ):
        assert widest(render_screen(screen)) <= WIDTH


def test_text_width_counts_wide_characters_twice():
    assert text_width("⛳ Hole") == 7
    assert text_width("10♥ K♠") == 6
    assert text_width("🏁") == 2


def test_the_rules_screen_names_every_option_and_describes_those_in_play():
    from bot.info_screens import rules_screen
    from engine.golf.rules import OPTIONS

    screen = rules_screen("putt-putt+winnable-only")
    assert screen.blocks[1] == (
        "Putt Putt: King and Ace are neighbours both ways; a Queen may go on a King.\n"
        "Winnable only: a deal the solver proves impossible to clear is skipped for the next one."
    )
    assert screen.blocks[2] == (
        "Rule sets: strict, queens-on-kings, wrap (also putt-putt); add "
        "+jokers=1, +jokers=2, +head-start, +double, +stuck-draw, +winnable-only."
    )
    assert all(f"+{o.name}" in screen.blocks[2] for o in OPTIONS)
