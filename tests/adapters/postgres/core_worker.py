"""A bot core in a process of its own, for the tests of several processes on one PostgreSQL database.

``python core_worker.py URL`` opens a Clubhouse on the database at URL and answers JSON lines on stdin, one
JSON line each on stdout: ``{"op": "start", "deal": "5", "holes": 1}`` starts a solo round for the test
player, ``{"op": "press", "id": "g1:..."}`` presses a button. The answer tells whether the core accepted
it, its message if not, and the screen shown (version, the board drawn as text, the enabled buttons).
The solver is a stub (it knows no best score): these tests are about storage and caches, not solving.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from adapters.clock import SystemClock
from adapters.postgres import PostgresStorage
from bot.clubhouse import Clubhouse
from bot.errors import GolfError
from bot.models import Place, Player
from bot.render import render_board
from bot.screens import Screen
from engine.golf.course import course
from engine.golf.hole import Hole
from engine.golf.moves import Move
from engine.golf.rules import find_rules
from engine.golf.solver import Solution

PLAYER = Player("test", "1", "Alice")
PLACE = Place("test", "here", "Here")


class UnknownScores:
    async def best_score(self, hole: Hole) -> Solution | None:
        return None

    async def course(self, first: int, holes: int, rules: str) -> tuple[int, ...]:
        return course(first, holes, find_rules(rules))

    async def hint(self, hole: Hole) -> Move | None:
        return None


def answer(screen: Screen | None, ok: bool, error: str = "") -> dict[str, Any]:
    return {
        "ok": ok,
        "error": error,
        "session": "" if screen is None else screen.session,
        "version": None if screen is None else screen.version,
        "board": "" if screen is None or screen.board is None else render_board(screen.board),
        "buttons": [] if screen is None else [b.id for row in screen.buttons for b in row if b.enabled],
    }


async def main(url: str) -> None:
    storage = await PostgresStorage.open(url, pool_size=2)
    club = Clubhouse(storage, UnknownScores(), SystemClock())
    loop = asyncio.get_running_loop()
    try:
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            request = json.loads(line)
            try:
                if request["op"] == "start":
                    screen = await club.start_round(
                        PLAYER, PLACE, holes=request["holes"], deal_code=request["deal"]
                    )
                else:
                    screen = await club.press(PLAYER, request["id"])
                reply = answer(screen, True)
            except GolfError as error:
                reply = answer(error.screen, False, error.message)
            print(json.dumps(reply), flush=True)
    finally:
        await club.close()
        await storage.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
