"""Domain events delivered on Discord (adapters/discord/notifier.py) through SimCord: a server hears them in
a channel the bot may write in, a player (or a place of direct messages) in a DM; a failure is one line."""

from __future__ import annotations

import logging

import discord
import pytest

from adapters.discord.notifier import DiscordNotifier, NoChannel
from bot.events import ClockExpired, HoleFinished, Outbox, YourTurn


async def test_a_server_hears_an_event_in_its_channel(simcord_bot, guild, channel):
    notifier = DiscordNotifier(simcord_bot)
    place = f"discord:{guild.id}"
    await notifier.to_place(place, HoleFinished(place, "discord:1", "r1", 2, 4, best=1))
    assert [m.content for m in channel.history()] == [
        "⛳ A player finished hole 2 with 4 cards left. Best possible: 1."
    ]


async def test_a_player_hears_an_event_in_a_direct_message(simcord_bot, guild, alice):
    notifier = DiscordNotifier(simcord_bot)
    await notifier.to_player(
        f"discord:{alice.id}", YourTurn(f"discord:{guild.id}", f"discord:{alice.id}", "r1")
    )
    await notifier.to_place(f"discord:dm-{alice.id}", ClockExpired(f"discord:dm-{alice.id}", "x", "r1"))
    assert [m.content for m in alice.user.dm_channel.history()] == [
        "⏰ Your turn, A player.",
        "⌛ A player's clock ran out.",
    ]


async def test_a_failed_delivery_is_one_line_and_the_others_go_out(simcord_bot, guild, channel, caplog):
    notifier = DiscordNotifier(simcord_bot)
    with pytest.raises(NoChannel):
        await notifier.to_place("discord:123456", ClockExpired("discord:123456", "discord:1", "r1"))
    here = f"discord:{guild.id}"
    outbox = Outbox()
    outbox.to_place(
        "discord:123456", ClockExpired("discord:123456", "discord:1", "r1")
    )  # not a server of ours
    outbox.to_place("telegram:5", ClockExpired("telegram:5", "discord:1", "r1"))  # not Discord's at all
    outbox.to_place(here, ClockExpired(here, "discord:1", "r1"))
    with caplog.at_level(logging.INFO):
        assert await outbox.publish(notifier) == 1
    failures = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(failures) == 2 and all(r.exc_info is None for r in failures)
    assert "discord:123456" in failures[0].getMessage()
    assert [m.content for m in channel.history()] == ["⌛ A player's clock ran out."]


async def test_a_channel_the_bot_may_not_write_in_is_passed_over(simcord_bot, guild):
    muted = guild.create_text_channel(
        "announcements", overwrites={simcord_bot.user: discord.PermissionOverwrite(send_messages=False)}
    )
    open_one = guild.create_text_channel("lounge")
    here = f"discord:{guild.id}"
    await DiscordNotifier(simcord_bot).to_place(here, ClockExpired(here, "discord:1", "r1"))
    assert muted.history() == [] and [m.content for m in open_one.history()] == [
        "⌛ A player's clock ran out."
    ]
