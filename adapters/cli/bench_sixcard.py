"""``golfbot bench sixcard``: Six-card Golf hands played by the computer players, to measure their play.

Two-seat tables (easy v random, hard v random, hard v easy): the average hand score of each side and the
share of hands each won. The two sides swap seats every hand and take the first turn in turn, so neither
gains from its seat. A four-seat table (hard, easy, random, random; the seats rotate every hand): each
player's share of hands won (the lowest score; a tie shares the hand) and average hand score. Hand ``i`` of
every table is dealt from the same seed, so the tables play the same deals.
"""

from __future__ import annotations

import argparse
import time

from adapters.cli.bench import add_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:  # imported when the bench runs: `golfbot --help` starts without them
    from typing import Any

    from adapters.cli.progress import Bar

    Subparsers = Any  # argparse's _SubParsersAction is private

PAIRS = (("easy", "random"), ("hard", "random"), ("hard", "easy"))
FOUR_SEATS = ("hard", "easy", "random", "random")


def add_commands(subparsers: Subparsers) -> None:
    p = add_target(subparsers, "sixcard", help="Six-card Golf computer players against each other")
    p.add_argument("--hands", type=int, default=10_000, help="hands at each table (default 10000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and the players (default 1)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(handler=cmd_bench_sixcard)


def play_table(names: tuple[str, ...], *, hands: int, seed: int, bar: Bar | None = None) -> dict[str, Any]:
    """Play ``hands`` hands with one computer player of each name; figures per name, in ``names`` order."""
    import random

    from engine.sixcard import deal_hand, find_player, play_hand

    players = [find_player(n) for n in names]
    seats = len(names)
    deals = random.Random(f"bench-sixcard:{seed}")
    rng = random.Random(seed)
    totals = [0] * seats
    wins = [0.0] * seats
    for i in range(hands):
        shift = i % seats  # player k sits at seat (k + shift) % seats
        at_table = [players[(s - shift) % seats] for s in range(seats)]
        first = (i // seats) % seats
        hand = play_hand(deal_hand(deals.getrandbits(63), players=seats, first=first), at_table, rng)
        scores = [hand.scores[(k + shift) % seats] for k in range(seats)]
        if bar is not None:
            bar.advance()
        low = min(scores)
        winners = [k for k in range(seats) if scores[k] == low]
        for k in range(seats):
            totals[k] += scores[k]
            if k in winners:
                wins[k] += 1 / len(winners)
    return {
        "players": list(names),
        "average": [round(t / hands, 2) for t in totals],
        "won": [round(w / hands, 4) for w in wins],
    }


def run_bench(hands: int, seed: int) -> dict[str, Any]:
    from adapters.cli.progress import progress

    began = time.perf_counter()
    with progress("bench sixcard", hands * (len(PAIRS) + 1), unit="hands") as bar:
        two = [play_table(pair, hands=hands, seed=seed, bar=bar) for pair in PAIRS]
        four = play_table(FOUR_SEATS, hands=hands, seed=seed, bar=bar)
    return {
        "hands": hands,
        "seed": seed,
        "two_seats": two,
        "four_seats": four,
        "seconds": round(time.perf_counter() - began, 2),
    }


def _pct(share: float) -> str:
    return f"{share * 100:.1f}%"


def cmd_bench_sixcard(args: argparse.Namespace) -> int:
    if args.hands < 1:
        from adapters.cli.failure import EXIT_USAGE, CommandFailed

        raise CommandFailed("--hands must be at least 1", EXIT_USAGE)
    result = run_bench(args.hands, args.seed)
    if args.json:
        import json

        print(json.dumps(result))
        return 0
    lines = [
        f"six-card bench: {result['hands']} hands a table, seed {result['seed']}, {result['seconds']:.1f} s",
        "  two seats          average hand score    hands won",
    ]
    for table in result["two_seats"]:
        (a, b), (sa, sb), (wa, wb) = table["players"], table["average"], table["won"]
        lines.append(f"  {a:>6} v {b:<8}  {sa:6.2f} v {sb:<6.2f}       {_pct(wa)} v {_pct(wb)}")
    four = result["four_seats"]
    lines.append("  four seats (the seats rotate every hand)")
    for name, average, won in zip(four["players"], four["average"], four["won"], strict=True):
        lines.append(f"  {name:>6}   average {average:6.2f}   won {_pct(won)}")
    print("\n".join(lines))
    return 0
