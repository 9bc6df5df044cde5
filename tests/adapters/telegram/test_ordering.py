from __future__ import annotations

import asyncio

from telegram import CallbackQuery, Chat, Message, Update, User

from adapters.telegram.ordering import ChatLanes

PATIENCE = 30.0
"""Seconds a test waits at most for what it waits for: a ceiling for a busy machine, not a bound."""


def press_by(user_id: int, update_id: int, *, chat_id: int | None = None, data: str = "") -> Update:
    user = User(user_id, f"User{user_id}", is_bot=False)
    message = None
    if chat_id is not None:
        message = Message(7, None, Chat(chat_id, Chat.PRIVATE if chat_id > 0 else Chat.SUPERGROUP))  # type: ignore[arg-type]
    query = CallbackQuery(str(update_id), user, chat_instance="c", message=message, data=data or None)
    return Update(update_id, callback_query=query)


async def test_one_users_updates_run_in_order_and_other_users_run_meanwhile() -> None:
    order = ChatLanes(8)
    gate = asyncio.Event()
    log: list[str] = []

    async def handle(name: str, *, wait: bool = False) -> None:
        log.append(f"{name} starts")
        if wait:
            await gate.wait()
        log.append(f"{name} ends")

    async with order:
        tasks = [
            asyncio.create_task(order.process_update(press_by(1, 1), handle("alice 1", wait=True))),
            asyncio.create_task(order.process_update(press_by(1, 2), handle("alice 2"))),
            asyncio.create_task(order.process_update(press_by(2, 3), handle("bob"))),
            asyncio.create_task(order.process_update(object(), handle("no user"))),
        ]
        await asyncio.wait_for(asyncio.gather(*tasks[2:]), PATIENCE)  # bob's and the one without a user
        assert log == ["alice 1 starts", "bob starts", "bob ends", "no user starts", "no user ends"]
        gate.set()
        await asyncio.gather(*tasks)
    assert log[-3:] == ["alice 1 ends", "alice 2 starts", "alice 2 ends"]
    assert order.busy_lanes == 0  # nothing kept for users who are done


async def test_a_backlog_holds_no_slot_another_chat_needs() -> None:
    """70 presses waiting in one group lane (and 8 group players stuck): a private chat still runs."""
    order = ChatLanes(4096, per_chat=8)
    gate = asyncio.Event()
    ran: list[str] = []

    async def stuck() -> None:
        await gate.wait()

    async def private() -> None:
        ran.append("private")

    async with order:
        backlog = [
            asyncio.create_task(
                order.process_update(press_by(1 + n % 9, n, chat_id=-100, data=str(n)), stuck())
            )
            for n in range(70)
        ]
        await asyncio.sleep(0.01)
        await asyncio.wait_for(order.process_update(press_by(50, 999, chat_id=50), private()), PATIENCE)
        assert ran == ["private"]
        gate.set()
        await asyncio.gather(*backlog)
    assert order.busy_lanes == 0


async def test_a_repeated_press_does_not_wait_behind_the_one_it_repeats() -> None:
    order = ChatLanes()
    gate = asyncio.Event()
    log: list[str] = []

    async def first() -> None:
        await gate.wait()
        log.append("first")

    async def again(name: str) -> None:
        log.append(name)

    async with order:
        running = asyncio.create_task(
            order.process_update(press_by(1, 1, chat_id=-5, data="g1:a:1:3"), first())
        )
        await asyncio.sleep(0)
        await asyncio.wait_for(
            order.process_update(press_by(1, 2, chat_id=-5, data="g1:a:1:3"), again("same")), PATIENCE
        )
        other = asyncio.create_task(
            order.process_update(press_by(1, 3, chat_id=-5, data="g1:a:1:4"), again("other"))
        )
        await asyncio.sleep(0.01)
        assert log == ["same"]  # a different key waits its turn
        gate.set()
        await asyncio.gather(running, other)
    assert log == ["same", "first", "other"]


async def test_a_failing_update_does_not_block_the_next_one() -> None:
    order = ChatLanes()

    async def fail() -> None:
        raise RuntimeError("boom")

    async def succeed() -> str:
        return "ok"

    first = asyncio.create_task(order.process_update(press_by(1, 1), fail()))
    second = asyncio.create_task(order.process_update(press_by(1, 2), succeed()))
    results = await asyncio.gather(first, second, return_exceptions=True)
    assert isinstance(results[0], RuntimeError) and results[1] is None
    assert order.busy_lanes == 0
