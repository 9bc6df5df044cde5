"""/dailysettings by a group's owner with a real ``golfbot telegram`` process against the loopback fake of the
Bot API (issue 45, item 3), where getChatMember answers "member list is inaccessible" (the bot is no
administrator): the change is saved (the bot asks getChatAdministrators instead); when that fails too, the
owner is told what to do; no traceback either way."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from benchmarks.fake_bot_api import FakeBotApi, FakeChat, FakeUser

GOLFBOT = Path(sys.executable).with_name("golfbot")
WAIT = 60.0  # a generous ceiling for a busy machine: every wait below is for an event


async def test_daily_settings_by_the_owner_of_a_group_that_hides_its_members(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    group = fake_api.add_chat(FakeChat.group(-100777, "Golfers"))
    ann = FakeUser(id=111001, first_name="Ann")
    fake_api.make_owner(group, ann)
    fake_api.hide_members(group)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_"))}
    env.update(
        GOLFBOT_DB=str(tmp_path / "golf.sqlite3"),
        TELEGRAM_TOKEN=fake_api.token,
        TELEGRAM_API_BASE_URL=fake_api.base_url,
    )
    log = tmp_path / "golfbot.stderr"
    with log.open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            str(GOLFBOT), "telegram", cwd=tmp_path, env=env, stderr=stderr
        )
    try:
        fake_api.push_command(ann, group, "/dailysettings holes=3")
        saved = await fake_api.wait_for(lambda: fake_api.chat_messages(group.id), timeout=WAIT)
        assert "Holes: 3" in saved[-1].text and "Saved." in saved[-1].text, saved[-1].text

        fake_api.fail_next("getChatAdministrators", description="Bad Request: member list is inaccessible")
        fake_api.push_command(ann, group, "/dailysettings holes=18")
        told = await fake_api.wait_for(lambda: fake_api.chat_messages(group.id)[1:], timeout=WAIT)
        assert told[-1].text == (
            "I could not check that you are one of this group's admins (Telegram said: Member list is"
            " inaccessible). An admin can make me an administrator of the group (I need no rights) and send"
            " the command again."
        )
    finally:
        if process.returncode is None:
            process.terminate()
        assert await asyncio.wait_for(process.wait(), WAIT) == 0
    text = log.read_text()
    assert "Traceback" not in text and 'File "' not in text and "ERROR" not in text, text
