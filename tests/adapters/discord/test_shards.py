"""Sharding: ``golfbot discord --shards 0-3 --shard-count 8`` (the options, their errors in one line), and
the sharded client (discord.py's AutoShardedClient) playing in SimCord like the plain one."""

from __future__ import annotations

import discord
import pytest

from adapters.cli.config import Settings
from adapters.cli.discord_command import EXIT_BAD_SHARDS
from adapters.cli.main import build_parser, main
from adapters.discord.client import GolfClient, ShardedGolfClient
from adapters.discord.runner import make_client


def test_shard_options_are_parsed():
    args = build_parser().parse_args(["discord", "--shards", "0-3", "--shard-count", "8"])
    assert args.shards == [0, 1, 2, 3] and args.shard_count == 8
    assert build_parser().parse_args(["discord", "--shards", "1-2,6"]).shards == [1, 2, 6]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--shards", "0-3"], "go together"),
        (["--shard-count", "8"], "go together"),
        (["--shards", "6-8", "--shard-count", "8"], "from 0 to 7"),
    ],
)
def test_shards_that_do_not_fit_are_one_line(options, message, monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    assert main(["discord", *options]) == EXIT_BAD_SHARDS
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "not-a-real-token" not in err


def test_a_bad_shard_range_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["discord", "--shards", "zero"])
    assert "0-3 or 0,2,5" in capsys.readouterr().err


async def test_the_client_is_sharded_only_when_asked(tmp_path):
    settings = Settings(db_path=tmp_path / "golf.sqlite3")
    plain = make_client(None, settings)  # type: ignore[arg-type]
    sharded = make_client(None, settings, shards=([4, 5, 6, 7], 8))  # type: ignore[arg-type]
    assert type(plain) is GolfClient and not isinstance(plain, discord.AutoShardedClient)
    assert isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_ids == [4, 5, 6, 7] and sharded.shard_count == 8


@pytest.fixture
async def simcord_bot(golf):
    await golf.open()  # the storage and Clubhouse of this "process"
    clubhouse = golf.opened[-1][1]
    return make_client(clubhouse, Settings(db_path=golf.db_path), sync_globally=True, shards=([0, 1], 2))


async def test_a_sharded_client_plays(simcord_env, channel, alice, button, golf):
    assert isinstance(simcord_env.bot, ShardedGolfClient)
    play = await alice.slash(channel, "golf play", deal="1")
    assert play.acknowledged and not play.ephemeral
    click = await alice.click(play.response, label="Turn stock (16)")
    assert click.acknowledged and click.response.id == play.response.id
    assert button(play.response, "Turn stock (15)")
    assert (await golf.storage.active_round(f"discord:{alice.id}", f"discord:{alice.guild.id}")).moves == (
        "s",
    )
