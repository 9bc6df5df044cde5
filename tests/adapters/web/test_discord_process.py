"""The Discord Activity's sign-in with the real ``golfbot discord`` process against the loopback fake of
Discord: the page's authorisation code is exchanged by the bot at Discord's ``/oauth2/token`` with the client
secret from the environment, Discord's ``/users/@me`` says who the player is, and the page's token opens a
table of their own in the server the Activity was opened in. ``/golf web-table`` launches the Activity."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp
from browsers import serving_discord_table

from benchmarks.fake_discord import FakeDiscord

WAIT = 60.0
GUILD_CALLBACK_LAUNCH_ACTIVITY = 12


async def test_the_activity_signs_in_through_discord_and_plays_at_the_table(tmp_path: Path) -> None:
    async with FakeDiscord() as discord:
        alice = discord.add_member("alice")
        async with serving_discord_table(tmp_path, discord) as (base, log):
            launched = discord.slash(alice, "golf web-table")
            await discord.wait_for(lambda: discord.activities, timeout=WAIT, what="the Activity launched")

            discord.authorize_code("code-of-alice", alice)
            async with aiohttp.ClientSession() as http:
                sign_in = (
                    f"{base}/.proxy/api/auth/discord"  # as the Activity reaches it, through Discord's proxy
                )
                async with http.post(
                    sign_in, json={"code": "code-of-alice", "guild": str(discord.guild_id)}
                ) as ok:
                    signed = await ok.json()
                    assert ok.status == 200, signed
                assert signed["player"]["key"] == f"discord:{alice.id}" and signed["access_token"]
                async with http.post(sign_in, json={"code": "code-of-alice"}) as again:  # a code is good once
                    assert again.status == 401 and (await again.json())["error"]

                async with http.ws_connect(f"{base}/.proxy/ws") as socket:
                    await socket.send_json({"op": "hello", "token": signed["token"]})
                    assert (await socket.receive_json(timeout=WAIT))["type"] == "welcome"
                    await socket.send_json({"op": "play"})
                    screen = (await socket.receive_json(timeout=WAIT))["screen"]
                    stock = next(b for row in screen["buttons"] for b in row if b["role"] == "stock")
                    await socket.send_json({"op": "press", "id": stock["id"]})
                    pressed = await socket.receive_json(timeout=WAIT)
                    assert pressed["type"] == "screen" and pressed["screen"]["version"] > screen["version"]
            assert launched is not None
        sent = json.dumps(discord.sent, default=str)
        assert discord.client_secret not in sent
        text = log.read_text()
        assert "Traceback" not in text and "ERROR" not in text and discord.client_secret not in text, text
