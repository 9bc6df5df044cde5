"""Screens drawn as Discord message text: both looks, and always within Discord's limits."""

from __future__ import annotations

import itertools

import pytest

from adapters.discord.buttons import board_buttons
from adapters.discord.render import (
    MAX_CONTENT,
    card_emoji,
    discord_length,
    emoji_board,
    is_table,
    render_message,
)
from bot.models import RoundState, RoundStatus
from bot.round_screens import round_screen
from bot.screens import Screen, ScreenKind
from engine.cards import JOKER_CARD, Card, Suit
from engine.golf.deal import MAX_DEAL, deal
from engine.golf.rules import RULE_NAMES, find_rules

EVERY_RULE_SET = [
    "+".join((base, *extras))
    for base in RULE_NAMES
    for jokers, head_start, double, stuck in itertools.product(
        ("", "jokers=1", "jokers=2"), ("", "head-start"), ("", "double"), ("", "stuck-draw")
    )
    if (extras := tuple(e for e in (jokers, head_start, double, stuck) if e)) is not None
]
LONG_NOTE = "💡 Hint: play Joker from column 9."


def worst_screens(rules: str) -> list[Screen]:
    """The longest screens a round under ``rules`` can show: a fresh 18-hole board with a hint (the
    tableau is never taller than when dealt), and the end of an 18-hole round with every score on the card.
    """
    deals = tuple(MAX_DEAL - 17 + i for i in range(18))  # 20-digit deal numbers
    playing = RoundState(
        id="k3x9a0qzk3x9a0qz",
        place="discord:1",
        players=("discord:1",),
        rules=rules,
        holes=18,
        par_for_nine=45,
        casual=True,
        deals=deals,
        scores=(-40,) * 17,
        best=(-40,) * 17,
        version=999_999_998,  # the finished screen below is one version on: the largest id there is
    )
    finished = playing.bump(scores=(-40,) * 18, best=(None,) * 9 + (-40,) * 9, status=RoundStatus.FINISHED)
    opening = deal(deals[-1], find_rules(rules))
    return [
        round_screen(playing, opening, notes=(LONG_NOTE,)),
        round_screen(finished, opening.concede(), notes=(LONG_NOTE,)),
    ]


@pytest.mark.parametrize("emoji", [False, True], ids=["text", "emoji"])
@pytest.mark.parametrize("rules", EVERY_RULE_SET)
def test_every_board_fits_a_discord_message(rules, emoji):
    for screen in worst_screens(rules):
        content = render_message(
            screen, emoji=emoji, notice="This board is out of date — here is the current one."
        )

        assert discord_length(content) <= MAX_CONTENT
        assert content.count("**") == 2  # the title, whole: nothing had to be cut
        assert all(note in content for note in screen.notes)
        assert all(block in content for block in screen.blocks)
        view = board_buttons(screen)
        assert view is not None and len(view.children) <= 25
        assert all(len(item.custom_id) <= 100 for item in view.children)  # type: ignore[attr-defined]


def test_the_text_look_puts_the_board_and_the_scorecard_in_code_blocks():
    _, finished = worst_screens("strict")

    content = render_message(finished)

    assert content.startswith("**🏁 Round over:")
    assert content.count("```") == 4  # the board, the scorecard
    assert "\n-# Hole 18 of 18 · deal #99999999999999999999 · strict" in content
    assert "[" not in render_message(finished)  # nothing is playable on a finished board


def test_the_emoji_look_draws_every_card_two_emoji_wide():
    hole = deal(1, find_rules("strict+jokers=2"))
    view = round_screen(
        RoundState(
            id="abcd",
            place="p",
            players=("x",),
            rules="strict",
            holes=9,
            par_for_nine=45,
            casual=True,
            deals=(1,) * 9,
        ),
        hole,
    ).board
    assert view is not None

    lines = emoji_board(view).splitlines()

    assert lines[0] == "1️⃣⬛ 2️⃣⬛ 3️⃣⬛ 4️⃣⬛ 5️⃣⬛ 6️⃣⬛ 7️⃣⬛"
    assert len(lines) == 1 + 5 + 1
    assert lines[-1].startswith("Foundation: ") and lines[-1].endswith(f"Stock: {len(hole.stock)} left")
    assert card_emoji(Card(10, Suit.HEARTS)) == "🔟♥️"
    assert card_emoji(Card(1, Suit.SPADES)) == "🇦♠️"
    assert card_emoji(Card(13, Suit.CLUBS)) == "🇰♣️"
    assert card_emoji(Card(7, Suit.DIAMONDS)) == "7️⃣♦️"
    assert card_emoji(JOKER_CARD) == "🃏⬛"


def test_an_emptied_column_is_marked():
    hole = deal(1)
    emptied = type(hole)(
        tableau=((), *hole.tableau[1:]), foundation=hole.foundation, stock=hole.stock, rules=hole.rules
    )
    state = RoundState(
        id="abcd",
        place="p",
        players=("x",),
        rules="strict",
        holes=9,
        par_for_nine=45,
        casual=True,
        deals=(1,) * 9,
    )
    view = round_screen(state, emptied).board
    assert view is not None

    assert emoji_board(view).splitlines()[1].startswith("➖➖ ")


def test_aligned_blocks_are_tables_and_prose_is_not():
    assert is_table("Hole     1   2   Tot\nScore   18        18")
    assert is_table("/golf play   Start\n/golf help   Help")
    assert not is_table("Rounds played: 3\nHoles played: 27")
    assert not is_table("One line  with spaces")


def test_an_overlong_screen_loses_its_blocks_first_then_its_notes_never_its_title():
    screen = Screen(ScreenKind.INFO, title="Title", notes=("note",) * 3, blocks=("x" * 1500, "y" * 1500))

    content = render_message(screen)

    assert content == "**Title**\nnote\nnote\nnote\n" + "x" * 1500
    huge = render_message(Screen(ScreenKind.INFO, title="T" * 3000))
    assert discord_length(huge) == MAX_CONTENT and huge.endswith("…")


def test_length_is_counted_the_way_discord_limits_count_it():
    assert discord_length("abc") == 3
    assert discord_length("🇦") == 2  # outside the Basic Multilingual Plane: two UTF-16 units
    assert discord_length("♠️") == 2
