"""Button ids ``g1:<session>:<version>:<action>``: format and parse are a pair, the ids fit Telegram's 64
bytes and Discord's 100 characters, and anything that is not one of ours is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.actions import ACTIONS, MAX_LENGTH, ActionId, format_action_id, parse_action_id
from bot.errors import BadActionError, GolfError
from bot.models import RoundState, RoundStatus
from bot.round_screens import round_screen
from engine.deal import deal

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
    assert parse_action_id("g1:k3x9a0qz:12:3") == ActionId("k3x9a0qz", 12, "3")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "g1",
        "g1:k3x9a0qz:12",
        "g1:k3x9a0qz:12:",
        "g1:k3x9a0qz:12:33",
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
