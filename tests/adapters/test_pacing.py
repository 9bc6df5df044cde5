"""adapters/pacing.py: the channel posts' queue at a stop."""

from __future__ import annotations

import asyncio
import logging

import pytest

from adapters.pacing import ChannelPosts


async def test_a_stop_sends_no_queued_post_and_takes_no_new_one(caplog: pytest.LogCaptureFixture) -> None:
    posts = ChannelPosts(gap=3600.0)  # one post now, the next an hour later: still queued at the stop
    sent: list[str] = []
    started = asyncio.Event()

    async def post(name: str) -> None:
        sent.append(name)
        started.set()

    for name in ("first", "second", "third"):
        posts.add(1, name, lambda n=name: post(n))
    await asyncio.wait_for(started.wait(), 30)
    with caplog.at_level(logging.INFO, logger="adapters.pacing"):
        await posts.close()
    posts.add(1, "late", lambda: post("late"))
    await posts.drain()
    assert sent == ["first"]
    assert [r.getMessage() for r in caplog.records] == [
        "stopping: 2 channel post(s) not sent (what they show is saved)"
    ]
    assert all(r.levelno == logging.INFO for r in caplog.records)
