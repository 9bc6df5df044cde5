"""Signing in at the web table: Telegram's initData checked as Telegram signs it, our tokens, Discord's code
exchanged against a loopback fake of its OAuth2 endpoints, and the site's other HTTP answers."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from adapters.web.auth import (
    OUT_OF_DATE,
    UNKNOWN_PLAYER,
    DiscordOAuth,
    Identity,
    SignInRefused,
    Tokens,
    check_init_data,
    token_key,
)
from adapters.web.runner import WebSettings, open_site
from bot.models import Player

TOKEN = "424242:TEST-token-of-the-web-table"
ANN = {"id": 5001, "first_name": "Ann", "last_name": "Lee", "username": "ann", "language_code": "de"}
SECRET = "discord-client-secret-never-shown"


def refusal(call: Any) -> str:
    with pytest.raises(SignInRefused) as refused:
        call()
    return refused.value.msgid


def test_signed_init_data_names_the_player_their_language_and_start(sign) -> None:
    identity = check_init_data(sign(ANN, start_param="abc123"), TOKEN)
    assert identity == Identity(Player("telegram", "5001", "Ann Lee"), language="de", start="abc123")
    username_only = check_init_data(sign({"id": 7, "username": "seven"}), TOKEN)
    assert username_only.player == Player("telegram", "7", "seven")


def test_forged_expired_or_anonymous_init_data_is_refused(sign) -> None:
    good = sign(ANN)
    forged = good.replace("Ann", "Eve")  # the user changed, the hash kept
    assert refusal(lambda: check_init_data(forged, TOKEN)) == UNKNOWN_PLAYER
    assert refusal(lambda: check_init_data(good, "999:another-bot")) == UNKNOWN_PLAYER
    unsigned = "&".join(part for part in good.split("&") if not part.startswith("hash="))
    assert refusal(lambda: check_init_data(unsigned, TOKEN)) == UNKNOWN_PLAYER
    day_and_more = int(time.time()) - 86_400 - 5
    assert refusal(lambda: check_init_data(sign(ANN, auth_date=day_and_more), TOKEN)) == OUT_OF_DATE
    future = int(time.time()) + 3600
    assert refusal(lambda: check_init_data(sign(ANN, auth_date=future), TOKEN)) == OUT_OF_DATE
    nearly_a_day = int(time.time()) - 86_000
    assert check_init_data(sign(ANN, auth_date=nearly_a_day), TOKEN).player.user_id == "5001"
    no_user = sign(ANN).replace("user=", "receiver=")
    assert refusal(lambda: check_init_data(no_user, TOKEN)) == UNKNOWN_PLAYER


def test_tokens_are_signed_expire_after_a_day_and_agree_across_processes() -> None:
    now = [1_000_000.0]
    tokens = Tokens(token_key(TOKEN, SECRET), clock=lambda: now[0])
    identity = Identity(Player("discord", "42", "Dee"), language="fr", guild="9001")
    token = tokens.issue(identity)
    assert tokens.read(token) == identity
    assert Tokens(token_key(TOKEN, SECRET), clock=lambda: now[0]).read(token) == identity  # another process
    other_bot = Tokens(token_key("1:other", SECRET), clock=lambda: now[0])
    assert refusal(lambda: other_bot.read(token)) == UNKNOWN_PLAYER
    body, signature = token.split(".")
    assert refusal(lambda: tokens.read(body[:-2] + "xx." + signature)) == UNKNOWN_PLAYER
    assert refusal(lambda: tokens.read("nonsense")) == UNKNOWN_PLAYER
    assert TOKEN not in token and SECRET not in token
    now[0] += 86_400 + 1
    assert refusal(lambda: tokens.read(token)) == OUT_OF_DATE


async def test_telegram_sign_in_over_http(base_url, sign) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{base_url}/api/auth/telegram", json={"init_data": sign(ANN, start_param="s1")}
        ) as ok:
            assert ok.status == 200
            answer = await ok.json()
        assert answer["player"] == {"key": "telegram:5001", "name": "Ann Lee"}
        assert answer["language"] == "de" and answer["start"] == "s1" and answer["token"]
        expired = sign(ANN, auth_date=int(time.time()) - 90_000)
        async with http.post(f"{base_url}/.proxy/api/auth/telegram", json={"init_data": expired}) as late:
            assert late.status == 401
            assert await late.json() == {
                "error": "This table link is out of date: open it again from the chat."
            }
        forged = sign(ANN).replace("5001", "5002")
        async with http.post(f"{base_url}/api/auth/telegram", json={"init_data": forged}) as bad:
            assert bad.status == 401
            line = (await bad.json())["error"]
            assert line == "This table could not tell who you are: open it again from the chat."
        async with http.post(f"{base_url}/api/auth/telegram", data="not json") as broken:
            assert broken.status == 400 and "error" in await broken.json()


async def test_the_page_the_card_art_and_the_config(base_url) -> None:
    async with aiohttp.ClientSession() as http:
        for prefix in ("", "/.proxy"):
            async with http.get(f"{base_url}{prefix}/cards/TD.png") as card:
                assert card.status == 200 and card.content_type == "image/png"
                assert (await card.read()).startswith(b"\x89PNG") and "max-age" in card.headers[
                    "Cache-Control"
                ]
            async with http.get(f"{base_url}{prefix}/cards/back.png") as back:
                assert back.status == 200
            async with http.get(f"{base_url}{prefix}/api/config") as config:
                offered = await config.json()
                assert offered["discord_client_id"] == "777" and offered["web_app"] == "table"
                names = [game["name"] for game in offered["games"]]
                assert names[:3] == ["strict", "queens-on-kings", "wrap"] and "tripeaks" in names
            async with http.get(f"{base_url}{prefix}/") as page:
                assert page.status == 200 and page.content_type == "text/html"
        for missing in (
            "/cards/ZZ.png",
            "/cards/10d.png",
            "/nowhere",
            "/static/..%2Fauth.py",
            "/static/nope.js",
        ):
            async with http.get(f"{base_url}{missing}") as answer:
                assert answer.status == 404, missing
                assert set(await answer.json()) == {"error"}


@pytest.fixture
async def fake_discord() -> AsyncIterator[tuple[str, list[dict[str, Any]]]]:
    """A loopback fake of Discord's ``/oauth2/token`` and ``/users/@me``: the code ``good-code`` is worth the
    access token ``access-1``, which belongs to the user 880001. Yields its base URL and the forms it got."""
    forms: list[dict[str, Any]] = []

    async def token(request: web.Request) -> web.Response:
        form = dict(await request.post())
        forms.append(form)
        if form.get("client_secret") != SECRET or form.get("code") != "good-code":
            return web.json_response({"error": "invalid_grant"}, status=400)
        assert form["grant_type"] == "authorization_code" and form["client_id"] == "777"
        return web.json_response({"access_token": "access-1", "token_type": "Bearer", "scope": "identify"})

    async def me(request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != "Bearer access-1":
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        return web.json_response({"id": "880001", "username": "dee", "global_name": "Dee", "locale": "fr"})

    app = web.Application()
    app.router.add_post("/api/v10/oauth2/token", token)
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = next(address[1] for address in runner.addresses if isinstance(address, tuple))
    try:
        yield f"http://127.0.0.1:{port}/api/v10", forms
    finally:
        await runner.cleanup()


async def test_discord_code_exchange_against_a_loopback_fake(fake_discord) -> None:
    api, forms = fake_discord
    signed = await DiscordOAuth("777", SECRET, api).sign_in("good-code", "123456")
    assert signed.access_token == "access-1"
    assert signed.identity == Identity(Player("discord", "880001", "Dee"), language="fr", guild="123456")
    assert forms[-1]["code"] == "good-code"
    with pytest.raises(SignInRefused):
        await DiscordOAuth("777", SECRET, api).sign_in("bad-code")
    with pytest.raises(SignInRefused):
        await DiscordOAuth("777", "", api).sign_in("good-code")  # no secret set: never asks
    assert len(forms) == 2


async def test_discord_sign_in_over_http_then_the_socket(club, fake_discord) -> None:
    api, _forms = fake_discord
    settings = WebSettings(
        telegram_token=TOKEN, discord_client_id="777", discord_client_secret=SECRET, discord_api_base=api
    )
    async with open_site(club.clubhouse, club.daily, settings) as site, aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{site.port}/.proxy"
        async with http.post(f"{base}/api/auth/discord", json={"code": "good-code", "guild": "123456"}) as ok:
            assert ok.status == 200
            text = await ok.text()
        answer = json.loads(text)
        assert SECRET not in text
        assert answer["access_token"] == "access-1"
        assert answer["player"] == {"key": "discord:880001", "name": "Dee"} and answer["language"] == "fr"
        async with http.post(f"{base}/api/auth/discord", json={"code": "bad-code"}) as refused:
            assert refused.status == 401 and set(await refused.json()) == {"error"}
        async with http.get(f"{base}/api/config") as config:
            assert SECRET not in await config.text()
        async with http.ws_connect(f"{base}/ws") as socket:
            await socket.send_str(json.dumps({"op": "hello", "token": answer["token"]}))
            assert (await socket.receive_json(timeout=30))["type"] == "welcome"
            await socket.send_str(json.dumps({"op": "play"}))
            shown = await socket.receive_json(timeout=30)
            assert shown["type"] == "screen" and shown["screen"]["board"]["hole"] == 1
        live = await club.clubhouse.sessions.load(shown["screen"]["session"])
        assert live.state.place == "discord:123456"  # the guild the Activity was opened in


def test_without_any_secret_no_token_can_be_forged() -> None:
    """A key derived from nothing would be everyone's: without a secret the key is random, each time."""
    assert token_key("", "") != token_key("", "")
    assert token_key("123:abc", "") == token_key("123:abc", "")
