"""The terminal's look, without a terminal: colour and when it is off, the note on a board where nothing
can be played, and the command that replays a round."""

from __future__ import annotations

import io

from adapters.console.game import nothing_playable_note, replay_command
from adapters.console.style import colour, plain, wants_colour
from bot.screens import BoardView
from engine.cards import parse_card


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


def view(
    top: str | None, rules: str = "strict", *, hole: int = 1, holes: int = 9, deal: int | None = 24
) -> BoardView:
    return BoardView(
        columns=((parse_card("2C"),),),
        playable=(False,),
        foundation=parse_card(top) if top else None,
        stock_left=10,
        hole=hole,
        holes=holes,
        total=0,
        par=45,
        rules=rules,
        deal=deal,
    )


def test_colour_only_on_a_terminal_and_never_with_no_color():
    assert wants_colour(FakeTty(), {"TERM": "xterm"})
    assert not wants_colour(FakeTty(), {"TERM": "xterm", "NO_COLOR": "1"})
    assert not wants_colour(FakeTty(), {"TERM": "dumb"})
    assert not wants_colour(io.StringIO(), {"TERM": "xterm"})
    assert wants_colour(FakeTty(), {"TERM": "xterm", "NO_COLOR": ""})  # no-color.org: set and not empty


def test_colour_adds_only_escape_codes():
    text = "⛳ Hole 1 of 9\n 4♣   5♥  [10♦] [Q♠]  Joker\nFoundation: J♥"
    drawn = colour(text)
    assert plain(drawn) == text
    assert "\x1b[31m5♥\x1b[0m" in drawn and "\x1b[31mJ♥\x1b[0m" in drawn  # red suits
    assert "\x1b[31m4♣" not in drawn and "\x1b[31mQ♠" not in drawn  # black ones in the usual colour
    assert "\x1b[1m\x1b[31m10♦" in drawn and "\x1b[1mQ♠" in drawn  # playable cards stand out


def test_why_nothing_is_playable():
    assert (
        nothing_playable_note(view("KS")) == "Nothing goes on a King under strict rules — turn the stock (d)."
    )
    assert nothing_playable_note(view("KS", "queens-on-kings")) == (
        "No bottom card is one rank above or below the K♠ — turn the stock (d)."
    )
    assert nothing_playable_note(view("TD", "wrap")) == (
        "No bottom card is one rank above or below the 10♦ — turn the stock (d)."
    )


def test_the_replay_command_starts_at_the_first_deal():
    assert replay_command(view("KS", hole=3, holes=9, deal=26)) == "golfbot play --deal 24"
    assert replay_command(view("KS", "wrap+jokers=1", hole=1, holes=3, deal=7)) == (
        "golfbot play --deal 7 --holes 3 --rules wrap+jokers=1"
    )
    assert replay_command(view("KS", hole=2, deal=None)) is None  # a hidden deal (a daily course) is not told
    assert replay_command(view("KS", "tripeaks", hole=1, holes=3, deal=7)) == (
        "golfbot play --deal 7 --holes 3 --game tripeaks"
    )
    assert replay_command(view("KS", "black-hole+winnable-only", hole=2, holes=9, deal=8)) == (
        "golfbot play --deal 7 --game black-hole --rules winnable-only"
    )
