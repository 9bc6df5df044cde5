"""The flood limiter on the way out: once the bot stops, a request that would wait (its chat's turn, a
flood wait, a spent group budget) is dropped at once and counted; one that need not wait is still sent."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from telegram.error import RetryAfter

from adapters.telegram.flood import ChatFloodLimiter, Stopping

GROUP, PRIVATE = -100777, 111001
AT_ONCE = 30.0
"""Seconds a request dropped "at once" may take on a busy machine: half the 60 s it would have waited."""


class Server:
    """A Bot API method as the limiter calls it: records what was sent; may answer a 429 first."""

    def __init__(self, floods: int = 0) -> None:
        self.sent: list[int] = []
        self.floods = floods

    async def send(self, chat: int) -> bool:
        if self.floods:
            self.floods -= 1
            raise RetryAfter(timedelta(seconds=60))
        self.sent.append(chat)
        return True


def request(limiter: ChatFloodLimiter, server: Server, chat: int) -> Any:
    return limiter.process_request(server.send, (chat,), {}, "sendMessage", {"chat_id": chat}, None)


async def test_a_stop_drops_what_waits_for_a_spent_group_budget_and_sends_what_need_not_wait() -> None:
    limiter = ChatFloodLimiter(group_max_rate=1, group_time_period=60)
    server = Server()
    assert await request(limiter, server, GROUP)  # the group's budget, spent
    waiting = [asyncio.ensure_future(request(limiter, server, GROUP)) for _ in range(3)]
    await asyncio.sleep(0.05)
    assert not any(w.done() for w in waiting)

    limiter.stop_waiting()
    results = await asyncio.wait_for(asyncio.gather(*waiting, return_exceptions=True), AT_ONCE)
    assert all(isinstance(r, Stopping) for r in results), results
    assert limiter.dropped == 3
    assert await request(limiter, server, PRIVATE)  # no wait: sent, stopping or not
    with pytest.raises(Stopping):  # would wait: dropped at once
        await asyncio.wait_for(request(limiter, server, GROUP), AT_ONCE)
    assert server.sent == [GROUP, PRIVATE] and limiter.dropped == 4


async def test_a_stop_ends_a_flood_wait_under_way() -> None:
    limiter = ChatFloodLimiter()
    server = Server(floods=1)
    sending = asyncio.ensure_future(request(limiter, server, PRIVATE))  # told to wait 60 s
    queued = asyncio.ensure_future(request(limiter, server, PRIVATE))  # behind it, in its chat
    await asyncio.sleep(0.05)
    limiter.stop_waiting()
    results = await asyncio.wait_for(asyncio.gather(sending, queued, return_exceptions=True), AT_ONCE)
    assert all(isinstance(r, Stopping) for r in results), results
    assert server.sent == [] and limiter.dropped == 2


async def test_a_429_met_while_stopping_is_not_waited_out() -> None:
    limiter = ChatFloodLimiter()
    limiter.stop_waiting()
    server = Server(floods=1)
    with pytest.raises(Stopping):
        await asyncio.wait_for(request(limiter, server, PRIVATE), AT_ONCE)
    assert limiter.dropped == 1


async def test_the_overall_budget_serves_requests_in_the_order_they_came() -> None:
    """aiolimiter hands capacity to whoever asks when it is free: a request arriving just then took the
    capacity a waiting one had been woken for, which went to the back of the line. With presses arriving
    faster than the budget lets out, some boards waited minutes. First come, first served."""
    limiter = ChatFloodLimiter(overall_max_rate=20)
    server = Server()
    waiting = [asyncio.ensure_future(request(limiter, server, chat)) for chat in range(1, 31)]
    for chat in range(31, 61):  # more keep coming, faster than 20 a second
        await asyncio.sleep(0.025)
        waiting.append(asyncio.ensure_future(request(limiter, server, chat)))
    await asyncio.gather(*waiting)
    assert server.sent == list(range(1, 61))
