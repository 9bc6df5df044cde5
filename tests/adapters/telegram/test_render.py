from __future__ import annotations

from dataclasses import replace

from adapters.telegram.render import board_text, keyboard, render_message, screen_html
from bot.info_screens import help_screen, stats_screen
from bot.models import RoundState, RoundStatus, Stats
from bot.round_screens import round_screen
from bot.screens import Screen, ScreenKind, notice
from engine.golf.deal import deal
from engine.golf.rules import find_rules


def a_round(rules: str = "strict", *, status: RoundStatus = RoundStatus.PLAYING) -> RoundState:
    finished = status is not RoundStatus.PLAYING
    return RoundState(
        id="abcd1234",
        place="telegram:1",
        players=("telegram:1",),
        rules=rules,
        holes=2,
        par_for_nine=45,
        casual=True,
        deals=(24, 25),
        scores=(35,) if finished else (),
        best=(3,) if finished else (),
        status=status,
    )


def test_the_board_is_35_columns_wide_with_playable_cards_in_brackets() -> None:
    screen = round_screen(a_round(), deal(24, find_rules("strict")))
    assert screen.board is not None
    assert board_text(screen.board) == (
        "  1    2    3    4    5    6    7\n"
        "  4♣   5♥   Q♣   5♦   2♦   7♥   A♥\n"
        "  7♠   2♣   Q♥   9♠   2♠   K♦   J♠\n"
        "  5♠   6♣   9♣   3♣   6♥   J♣  10♥\n"
        "  K♥   6♠   7♦   8♣   A♣   9♥   5♣\n"
        "[10♣][10♠]  A♦   4♦  [Q♠]  3♥   3♠\n"
        "\n"
        "Foundation: J♥   Stock: 16 left"
    )


def test_empty_columns_show_a_dot() -> None:
    view = round_screen(a_round(), deal(24, find_rules("strict"))).board
    assert view is not None
    emptied = replace(view, columns=((), *view.columns[1:]), playable=(False, *view.playable[1:]))
    assert board_text(emptied).splitlines()[1].startswith("  ·    5♥")


def test_a_live_board_keeps_every_key_so_a_press_can_be_answered() -> None:
    screen = round_screen(a_round(), deal(24, find_rules("strict")))
    markup = keyboard(screen)
    assert markup is not None
    rows = [[(k.text, k.callback_data) for k in row] for row in markup.inline_keyboard]
    assert [t for t, _ in rows[0]] == ["10♣", "10♠", "A♦", "4♦", "Q♠", "3♥", "3♠"]
    assert [t for t, _ in rows[1]] == ["Turn stock (16)", "Hint", "Concede hole"]
    assert rows[0][2][1] == "g1:abcd1234:1:3"  # A♦ cannot be played, and keeps its own action


def test_a_finished_hole_shows_only_what_can_be_pressed() -> None:
    screen = round_screen(a_round(status=RoundStatus.HOLE_OVER), deal(24, find_rules("strict")))
    markup = keyboard(screen)
    assert markup is not None
    assert [[k.text for k in row] for row in markup.inline_keyboard] == [["Next hole ▶"]]
    finished = round_screen(a_round(status=RoundStatus.FINISHED), deal(24, find_rules("strict")))
    assert keyboard(finished) is None


def test_nine_columns_take_two_rows() -> None:
    screen = round_screen(a_round("strict+double"), deal(24, find_rules("strict+double")))
    markup = keyboard(screen)
    assert markup is not None
    assert [len(row) for row in markup.inline_keyboard] == [5, 4, 3]


def test_text_is_escaped_for_html() -> None:
    screen = Screen(ScreenKind.INFO, title="<b>&", notes=("a < b",), blocks=("x > y & z",))
    assert screen_html(screen) == "<b>&lt;b&gt;&amp;</b>\n\na &lt; b\n\nx &gt; y &amp; z"
    assert screen_html(notice('It\'s "fine"')) == 'It\'s "fine"'


def test_tables_go_in_pre_and_prose_does_not() -> None:
    html = screen_html(help_screen({"/play": "start", "/help": "this"}))
    assert "<pre>/play  start\n/help  this</pre>" in html
    stats = screen_html(stats_screen("Al", Stats(rounds_played=1, holes_played=9, best_hole=-2)))
    assert "<pre>" not in stats


def test_a_rounds_title_names_its_player_and_a_note_goes_on_top() -> None:
    screen = round_screen(a_round(), deal(24, find_rules("strict")))
    shown = render_message(screen, player_name="Alice <3", note="Here it is.")
    assert shown.text.startswith("<i>Here it is.</i>\n\n<b>⛳ Hole 1 of 2 · Alice &lt;3</b>\n\n<pre>")
    assert render_message(help_screen({}), player_name="Alice").text.startswith("<b>⛳ Golf — help</b>")
