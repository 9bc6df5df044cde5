from __future__ import annotations

import asyncio

from telegram import CallbackQuery, Update, User

from adapters.telegram.ordering import PerUserOrder


def press_by(user_id: int, update_id: int) -> Update:
    user = User(user_id, f"User{user_id}", is_bot=False)
    return Update(update_id, callback_query=CallbackQuery(str(update_id), user, chat_instance="c"))


async def test_one_users_updates_run_in_order_and_other_users_run_meanwhile() -> None:
    order = PerUserOrder(8)
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
        await asyncio.sleep(0.01)
        assert log == ["alice 1 starts", "bob starts", "bob ends", "no user starts", "no user ends"]
        gate.set()
        await asyncio.gather(*tasks)
    assert log[-3:] == ["alice 1 ends", "alice 2 starts", "alice 2 ends"]
    assert order.busy_users == 0  # nothing kept for users who are done


async def test_a_failing_update_does_not_block_the_next_one() -> None:
    order = PerUserOrder()

    async def fail() -> None:
        raise RuntimeError("boom")

    async def succeed() -> str:
        return "ok"

    first = asyncio.create_task(order.process_update(press_by(1, 1), fail()))
    second = asyncio.create_task(order.process_update(press_by(1, 2), succeed()))
    results = await asyncio.gather(first, second, return_exceptions=True)
    assert isinstance(results[0], RuntimeError) and results[1] is None
    assert order.busy_users == 0
