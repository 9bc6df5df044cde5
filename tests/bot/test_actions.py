"""Button ids ``g1:<session>:<version>:<action>``: format and parse are a pair, the ids fit Telegram's 64
bytes and Discord's 100 characters, and anything that is not one of ours is refused. Each family has one
template; the buttons of a screen carry their role, so that adapters never read an id."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.actions import (
    ACTION_PATTERN,
    ACTIONS,
    MAX_LENGTH,
    SOLO,
    ActionId,
    Template,
    family_of,
    format_action_id,
    parse_action_id,
)
from bot.errors import BadActionError, GolfError
from bot.models import RoundState, RoundStatus
from bot.round_screens import round_screen
from bot.screens import ButtonRole
from engine.golf.deal import deal

sessions = st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=16)
versions = st.integers(min_value=0, max_value=999_999_999)


@given(sessions, versions, st.sampled_from(ACTIONS))
def test_format_and_parse_are_a_pair(session, version, action):
    action_id = ActionId(session, version, action)
    text = format_action_id(action_id)
    assert text == str(action_id) == f"g1:{session}:{version}:{action}"
    assert len(text.encode()) <= MAX_LENGTH <= 100
    assert parse_action_id(text) == action_id


def test_the_actions():
    assert set(ACTIONS) == {*"123456789", "s", "h", "q", "n"}


@pytest.mark.parametrize("number", ["1", "10", "28", "52"])
def test_a_family_card_is_played_by_its_number(number):
    text = SOLO.build("k3x9a0qz", 12, number)
    assert parse_action_id(text) == ActionId("k3x9a0qz", 12, number)
    assert parse_action_id("g1:k3x9a0qz:12:3") == ActionId("k3x9a0qz", 12, "3")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "g1",
        "g1:k3x9a0qz:12",
        "g1:k3x9a0qz:12:",
        "g1:k3x9a0qz:12:53",
        "g1:k3x9a0qz:-1:3",
        "g1:k3x9a0qz:1.5:3",
        "g1:k3x9a0qz:1234567890:3",  # ten digits
        "g1:k3x:12:3",
        "g1:k3x9a0qz0123456789:12:3",  # seventeen characters
        "g1:K3X9A0QZ:12:3",
        "g1:k3x9-a0qz:12:3",
        "G1:k3x9a0qz:12:3",
        "g0:k3x9a0qz:12:3",
        " g1:k3x9a0qz:12:3",
        "g1:k3x9a0qz:12:3\n",
        "g1:k3x9a0qz:12:0",
        "g1:k3x9a0qz:12:x",
        "g1:k3x9a0qz:١٢:3",  # digits, but not ASCII ones
        "x" * 5000,
    ],
)
def test_anything_else_is_refused(text):
    with pytest.raises(BadActionError) as caught:
        parse_action_id(text)
    assert isinstance(caught.value, GolfError)
    assert "not one of mine" in caught.value.message


@given(st.text(max_size=80))
def test_no_text_crashes_the_parser(text):
    try:
        action = parse_action_id(text)
    except BadActionError:
        return
    assert parse_action_id(format_action_id(action)) == action


def test_every_button_of_a_screen_names_its_round_and_version():
    state = RoundState(
        id="k3x9a0qz",
        place="test:x",
        players=("test:1",),
        rules="strict",
        holes=2,
        par_for_nine=45,
        casual=True,
        deals=(24, 25),
        scores=(4,),
        best=(1,),
        version=41,
        status=RoundStatus.HOLE_OVER,
    )
    screen = round_screen(state, deal(24))
    parsed = [parse_action_id(b.id) for b in screen.all_buttons]
    assert {(a.session, a.version) for a in parsed} == {("k3x9a0qz", 41)}
    assert [a.action for a in parsed] == [*"1234567", "s", "h", "q", "n"]
    assert [b.key for b in screen.all_buttons] == [*"1234567", "d", "h", "q", "n"]
    assert len(screen.buttons) <= 5 and all(len(row) <= 5 for row in screen.buttons)
    roles = [b.role for b in screen.all_buttons]
    assert roles == [
        *[ButtonRole.COLUMN] * 7,
        ButtonRole.STOCK,
        ButtonRole.HINT,
        ButtonRole.CONCEDE,
        ButtonRole.NEXT,
    ]


@given(sessions, versions, st.sampled_from(ACTIONS))
def test_a_template_builds_what_it_parses(session, version, action):
    text = SOLO.build(session, version, action)
    assert text == SOLO.prefix(session, version) + action
    assert SOLO.parse(text) == parse_action_id(text) == ActionId(session, version, action, "g1")
    assert family_of(text) == "g1"


def test_a_template_builds_only_its_own_actions():
    for action in ("u", "x", "53", "07", ""):
        with pytest.raises(ValueError):
            SOLO.build("k3x9a0qz", 1, action)


def test_a_family_of_its_own():
    duel = Template("t9", "ab")
    assert duel.parse("t9:k3x9a0qz:2:b") == ActionId("k3x9a0qz", 2, "b", "t9")
    for text in ("g1:k3x9a0qz:2:1", "t9:k3x9a0qz:2:s", "t9:k3x9a0qz:2:b "):
        with pytest.raises(BadActionError):
            duel.parse(text)
    with pytest.raises(BadActionError):
        parse_action_id("t9:k3x9a0qz:2:b")  # not in TEMPLATES: not an id of this bot


@given(st.text(max_size=80) | st.builds(str.__add__, st.sampled_from(["g1:abcd:1:", "g1:"]), st.text()))
def test_the_pattern_adapters_match_is_exactly_what_the_core_parses(text):
    try:
        parse_action_id(text)
        parsed = True
    except BadActionError:
        parsed = False
    assert (ACTION_PATTERN.fullmatch(text) is not None and len(text) <= MAX_LENGTH) == parsed
