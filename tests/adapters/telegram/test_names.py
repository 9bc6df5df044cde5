"""Names on Telegram (the real Application against the loopback fake Bot API, the real Clubhouse and
SQLite): a member who takes a seat at a Six-card table by its Join button is recorded with their name, as
the opener is, so the group's ``/table`` (which reads the stored names) shows them by name, not by id."""

from __future__ import annotations

from typing import Any

from adapters.sqlite import SqliteStorage
from benchmarks.fake_bot_api import FakeChat, FakeUser


async def test_a_member_who_joins_a_table_by_its_button_is_recorded_by_name(
    golf: Any, alice: FakeUser, bob: FakeUser, group: FakeChat
) -> None:
    opened = await golf.command(alice, group, "/sixcard 60")
    await golf.press(bob, group, opened.message_id, text="Join")
    assert "Bob" in golf.fake.message(group.id, opened.message_id).text
    storage = await SqliteStorage.open(golf.db_path)  # the database the bot writes to, read beside it
    try:
        stored = await storage.player(f"telegram:{bob.id}")
        opener = await storage.player(f"telegram:{alice.id}")
    finally:
        await storage.close()
    assert stored is not None and stored.name == "Bob"
    assert opener is not None and opener.name == "Alice"
