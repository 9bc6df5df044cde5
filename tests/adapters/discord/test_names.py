"""Names on Discord (SimCord, the real GolfClient over the real Clubhouse and SQLite): a member who takes a
seat at a Six-card table by its Join button is recorded with their display name, as the opener is, so the
server's table (``/golf table``, which reads the stored names) shows them by name, not by their user id."""

from __future__ import annotations


async def test_a_member_who_joins_a_table_by_its_button_is_recorded_by_name(
    simcord_env, channel, alice, bob, golf
) -> None:
    opened = await alice.slash(channel, "golf sixcard", clock=60)
    joined = await bob.click(opened.response, label="Join")
    assert not joined.ephemeral and "bob" in opened.response.message.content
    stored = await golf.storage.player(f"discord:{bob.id}")
    assert stored is not None and stored.name == "bob"
    opener = await golf.storage.player(f"discord:{alice.id}")
    assert opener is not None and opener.name == "alice"
