"""Domain events on Discord: a message in a server's channel, or a direct message to a player.

A server (``discord:<guild id>``) hears an event in its system channel if the bot may write there, else in
the first text channel it may write in; a place of direct messages (``discord:dm-<user id>``) and a player
(``discord:<user id>``) get a DM. A failure (no such server, no channel to write in, DMs closed, Discord
refusing) is raised: ``bot.events.Outbox`` logs it in one line and goes on.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord

from adapters.discord.identity import PLATFORM
from bot.announcements import Words, words_of
from bot.events import BoardMoved, Event
from bot.ports import Notifier

Messageable = discord.TextChannel | discord.User


class NoChannel(LookupError):
    """Nowhere to deliver an event on Discord."""


def _id(key: str, kind: str) -> str:
    platform, _, ident = key.partition(":")
    if platform != PLATFORM or not ident:
        raise NoChannel(f"{key!r} is not a Discord {kind}")
    return ident


READY_SECONDS = 60.0
"""How long an event waits for the gateway's READY (the servers and channels) before it is given up."""


class WhenReady:
    """A Notifier that waits until the client has received its servers from the gateway: the bot plugs
    in as soon as it is logged in, and a clock that ran out while it was down fires at start."""

    def __init__(self, client: discord.Client, notifier: Notifier) -> None:
        self._client = client
        self._notifier = notifier

    async def _ready(self) -> None:
        try:
            async with asyncio.timeout(READY_SECONDS):
                await self._client.wait_until_ready()
        except TimeoutError:
            raise NoChannel(f"Discord did not get ready within {READY_SECONDS:g} s") from None

    async def to_place(self, place: str, event: Event) -> None:
        await self._ready()
        await self._notifier.to_place(place, event)

    async def to_player(self, player: str, event: Event) -> None:
        await self._ready()
        await self._notifier.to_player(player, event)


class DiscordNotifier:
    def __init__(self, client: discord.Client, words: Words | None = None) -> None:
        self._client = client
        self._words = words or words_of(None)

    async def to_place(self, place: str, event: Event) -> None:
        if isinstance(event, BoardMoved):  # a redraw (table.TableMessages), never a message
            return
        ident = _id(place, "place")
        if ident.startswith("dm-"):
            target: Messageable = await self._user(ident.removeprefix("dm-"))
        else:
            target = self._channel(ident)
        await target.send(await self._words(event))

    async def to_player(self, player: str, event: Event) -> None:
        if isinstance(event, BoardMoved):
            return
        user = await self._user(_id(player, "player"))
        await user.send(await self._words(event))

    async def _user(self, ident: str) -> discord.User:
        if not ident.isdigit():
            raise NoChannel(f"no Discord user {ident!r}")
        return self._client.get_user(int(ident)) or await self._client.fetch_user(int(ident))

    def _channel(self, ident: str) -> discord.TextChannel:
        guild = self._client.get_guild(int(ident)) if ident.isdigit() else None
        if guild is None:
            raise NoChannel(f"the bot is not in Discord server {ident}")
        candidates = [guild.system_channel] if guild.system_channel is not None else []
        candidates += sorted(guild.text_channels, key=lambda c: c.position)
        for channel in candidates:
            if channel.permissions_for(guild.me).send_messages:
                return channel
        raise NoChannel(f"no channel of Discord server {guild.name!r} where the bot may write")


if TYPE_CHECKING:
    _conforms: Notifier = DiscordNotifier(discord.Client(intents=discord.Intents.none()))
