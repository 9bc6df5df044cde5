"""/dailysettings and the daily link when Telegram will not say who is a member (issue 45, item 3).

getChatMember is only guaranteed to a bot that is an administrator of the group; to any other bot Telegram
may answer "Bad Request: member list is inaccessible". The admin check then asks getChatAdministrators
(which any member bot may), and when that fails too the admin is told what to do; nothing is a traceback.
"""

from __future__ import annotations

import logging

import pytest

from adapters.telegram.daily import NOT_AN_ADMIN
from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser
from tests.adapters.telegram.test_daily import DailyTable, open_link, table  # noqa: F401 (the fixture)


async def test_settings_by_an_admin_are_saved_when_the_member_list_is_inaccessible(
    table: DailyTable,  # noqa: F811
    fake_api: FakeBotApi,
    alice: FakeUser,
    bob: FakeUser,
    group: FakeChat,
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake_api.make_owner(group, bob)
    fake_api.hide_members(group)
    with caplog.at_level(logging.INFO):
        done = await table.command(bob, group, "/dailysettings holes=3")
        refused = await table.command(alice, group, "/dailysettings holes=18")
    assert "Holes: 3" in done.text and "Saved." in done.text
    assert refused.text == NOT_AN_ADMIN
    assert [c.method for c in fake_api.calls].count("getChatAdministrators") == 2
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


async def test_settings_say_what_to_do_when_telegram_will_not_tell_who_is_an_admin(
    table: DailyTable,  # noqa: F811
    fake_api: FakeBotApi,
    bob: FakeUser,
    group: FakeChat,
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake_api.make_owner(group, bob)
    fake_api.hide_members(group)
    fake_api.fail_next("getChatAdministrators", description="Bad Request: member list is inaccessible")
    with caplog.at_level(logging.INFO):
        reply = await table.command(bob, group, "/dailysettings holes=3")
    assert reply.text == (
        "I could not check that you are one of this group's admins (Telegram said: Member list is"
        " inaccessible). An admin can make me an administrator of the group (I need no rights) and send"
        " the command again."
    )
    shown = await table.command(bob, group, "/dailysettings")  # nothing changed
    assert "Holes: 9" in shown.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 1


async def test_the_daily_link_lets_a_member_in_when_the_member_list_is_inaccessible(
    table: DailyTable,  # noqa: F811
    fake_api: FakeBotApi,
    alice: FakeUser,
    group: FakeChat,
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake_api.hide_members(group)
    with caplog.at_level(logging.INFO):
        board = await open_link(table, alice, group)
    assert board.text.startswith("📅 Daily ")
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


async def test_settings_say_try_again_when_telegram_does_not_answer_the_admin_check(
    table: DailyTable,  # noqa: F811
    fake_api: FakeBotApi,
    bob: FakeUser,
    group: FakeChat,
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake_api.make_owner(group, bob)
    fake_api.hide_members(group)
    fake_api.fail_next("getChatAdministrators", status=502, description="Bad Gateway")
    with caplog.at_level(logging.INFO):
        reply = await table.command(bob, group, "/dailysettings holes=3")
    assert reply.text.startswith(
        "I could not check that you are one of this group's admins: Telegram did not"
    )
    assert reply.text.endswith("Nothing was changed; send the command again in a minute.")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_an_admin_who_stays_anonymous_may_change_the_settings(
    table: DailyTable,  # noqa: F811
    fake_api: FakeBotApi,
    alice: FakeUser,
    group: FakeChat,
) -> None:
    """An anonymous admin's command comes from Telegram's stand-in bot on behalf of the group itself (only
    admins can write so): it is an admin's, without asking Telegram who the stand-in is."""
    before = len(fake_api.chat_messages(group.id))
    fake_api.push_command(alice, group, "/dailysettings holes=3", anonymous=True)
    done = (await fake_api.wait_for(lambda: fake_api.chat_messages(group.id)[before:], what="settings"))[0]
    assert "Holes: 3" in done.text and "Saved." in done.text
    assert not [c for c in fake_api.calls if c.method in ("getChatMember", "getChatAdministrators")]
    before = len(fake_api.chat_messages(group.id))
    fake_api.push_command(alice, group, "/settings look=text", anonymous=True)
    looked = (await fake_api.wait_for(lambda: fake_api.chat_messages(group.id)[before:], what="look"))[0]
    assert "Saved" in looked.text, looked.text
    refused = await table.command(alice, group, "/dailysettings holes=18")  # alice herself is no admin
    assert refused.text == NOT_AN_ADMIN
