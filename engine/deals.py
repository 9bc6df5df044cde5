"""Deal numbers as PySolFC numbers them, for every game of the engine: what a number may be, and the pack a
number shuffles.

The shuffle is pysol-cards' (the maintained port of PySolFC's): Microsoft's LCG for numbers up to 32000,
Mersenne Twister above, up to 20 digits. Above 32000 its steps are taken here inline (``_mersenne_shuffle``):
pysol-cards builds a generator that copies the Twister's 625-word state twice per deal, which made dealing a
quarter of the cost of starting a round; tests check the two give the same pack for every kind of pack.
Each game then deals the shuffled pack its own way (engine/golf/deal.py, engine/spread/deal.py).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable

from pysol_cards.random import shuffle as pysol_shuffle
from pysol_cards.random_base import RandomBase

from engine.cards import Card
from engine.wording import N_, WordedError

MIN_DEAL = 1
MAX_DEAL = 10**20 - 1
"""PySolFC accepts game numbers of up to 20 digits."""

_DEAL_CODE = re.compile(r"^\s*#?\s*([0-9]{1,20})\s*$", re.ASCII)


class DealError(WordedError):
    """A deal code that names no deal."""


MAX_SKIPPED = 1000
"""A winnable-only course gives up rather than search on: no game comes near this many impossible deals in a
row."""


def course(first: int, holes: int, keep: Callable[[int], bool] | None = None) -> tuple[int, ...]:
    """The deal numbers of a ``holes``-hole round from deal ``first``: consecutive numbers, or (winnable-only
    rules) the first ``holes`` numbers from ``first`` up that ``keep`` keeps (those not proven impossible).
    Raises DealError if the course would run past the last deal."""
    if holes < 1:
        raise ValueError(f"a course has at least one hole, not {holes}")
    numbers: list[int] = []
    number = first
    while len(numbers) < holes:
        if number > MAX_DEAL:
            raise DealError(
                N_("a {holes}-hole course from deal #{first} runs past the last deal"),
                holes=str(holes),
                first=str(first),
            )
        if number - first - len(numbers) > MAX_SKIPPED:
            raise DealError(
                N_("more than {most} impossible deals from #{first} on"),
                most=str(MAX_SKIPPED),
                first=str(first),
            )
        if keep is None or keep(number):
            numbers.append(number)
        number += 1
    return tuple(numbers)


def parse_deal_number(code: str | int) -> int:
    """``"#24"``, ``"24"`` or ``24`` -> 24. Raises DealError for anything that is not 1..10**20-1."""
    if isinstance(code, int):
        number = code
    else:
        match = _DEAL_CODE.match(code)
        if not match:
            raise DealError(
                # Translators: {typed} is what the player typed, quoted
                N_("{typed} is not a deal number (use a whole number from 1 to {last})"),
                typed=repr(code),
                last=str(MAX_DEAL),
            )
        number = int(match.group(1))
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise DealError(
            N_("deal {number} does not exist (deals go from 1 to {last})"),
            number=str(number),
            last=str(MAX_DEAL),
        )
    return number


def deal_name(number: int) -> str:
    return f"#{number}"


MS_DEALS = 32000
"""Deals up to this number use Microsoft's generator (as in FreeCell), the rest the Mersenne Twister."""


def shuffled(number: int, fresh: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``fresh`` (a new pack, in PySolFC's order) shuffled for deal ``number``, in dealing
    order (PySolFC deals from the end of its shuffled list)."""
    number = parse_deal_number(number)
    cards = list(fresh)
    if number <= MS_DEALS:
        pack: list[Card] = pysol_shuffle(cards, number, RandomBase.DEALS_PYSOLFC)
    else:
        pack = _mersenne_shuffle(cards, number)
    return tuple(reversed(pack))


def _mersenne_shuffle(cards: list[Card], number: int) -> list[Card]:
    """pysol-cards' shuffle for deals above MS_DEALS: its MTRandom is ``random.Random`` seeded with the
    number, and RandomBase.shuffle swaps each place from the end with ``int(random() * (n + 1))``."""
    draw = random.Random(number).random
    for n in range(len(cards) - 1, 0, -1):
        j = int(draw() * (n + 1))
        cards[n], cards[j] = cards[j], cards[n]
    return cards
