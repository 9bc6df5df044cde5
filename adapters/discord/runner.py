"""``run_discord``: the Discord bot on a Clubhouse until it is stopped.

The token comes from Settings (the environment or ``.env``) and is handed to discord.py only; it is never
logged or printed.
"""

from __future__ import annotations

import logging

import discord

from adapters.cli.config import Settings
from adapters.discord.client import GolfClient, ShardedGolfClient
from bot.clubhouse import Clubhouse

log = logging.getLogger(__name__)


async def run_discord(
    clubhouse: Clubhouse,
    settings: Settings,
    *,
    sync_globally: bool = False,
    shards: tuple[list[int], int] | None = None,
) -> None:
    """Run until cancelled. ``shards``: this process's shard ids and the total shard count (None: one
    connection, no sharding)."""
    if not settings.discord_token:
        raise ValueError("DISCORD_TOKEN is not set")
    client = make_client(clubhouse, settings, sync_globally=sync_globally, shards=shards)
    try:
        async with client:
            await client.start(settings.discord_token)
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        raise


def make_client(
    clubhouse: Clubhouse,
    settings: Settings,
    *,
    sync_globally: bool = False,
    shards: tuple[list[int], int] | None = None,
) -> GolfClient:
    if shards is None:
        return GolfClient(clubhouse, guild_id=settings.discord_guild_id, sync_globally=sync_globally)
    shard_ids, shard_count = shards
    return ShardedGolfClient(
        clubhouse,
        guild_id=settings.discord_guild_id,
        sync_globally=sync_globally,
        shard_ids=shard_ids,
        shard_count=shard_count,
    )
