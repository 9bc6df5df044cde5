"""``golfbot bench discord`` and ``golfbot bench telegram``: the real bot process, timed through its chat
library, as a community feels it.

The bench starts a loopback fake of the platform in its own event loop (``benchmarks/fake_discord.py``,
``benchmarks/fake_bot_api.py``: the tests' fakes), then the real ``golfbot discord`` or ``golfbot telegram``
as a child process pointed at it (``DISCORD_API_BASE_URL``, ``TELEGRAM_API_BASE_URL``), on a new temporary
SQLite database, with the solver pool the bot starts for itself. Each simulated player starts a solo round
(``/golf play``, ``/play``) and presses what a person would, read from the board message as it arrived: a
playable column's card (on Telegram, a card the board shows in brackets), else the stock, else "Next hole";
a finished round is followed by a new one. Between presses a player thinks for a random while (exponential,
mean ``--think-ms``). A press is timed from its delivery to the bot (the gateway event, the update handed
to the long poll) to the edited board arriving at the fake; a refusal, or an answer that never comes, is an
error. The bot is stopped with SIGTERM at the end and must exit with 0, leaving no child process behind.

Two targets rather than one ``bench chat --platform``: they mirror the commands they measure (``golfbot
discord``, ``golfbot telegram``), and each has a platform of its own to fake. This module is what they share:
the options, the bot process, the players' loop and the figures; ``bench_discord`` and ``bench_telegram``
say how a player plays on each.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from adapters.cli.bench import add_target

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:  # asyncio, the fakes and the figures are imported when the bench runs
    import asyncio
    import random
    from collections.abc import Callable
    from typing import Any

    from adapters.cli.progress import Bar

    Subparsers = Any  # argparse's _SubParsersAction is private

PATIENCE = 120.0
"""Seconds a player waits for an answer before counting an error: far above any figure worth printing,
so that a slow answer is measured as slow, and a lost one still ends the run."""
UP_WITHIN = 60.0
"""Seconds the bot may take to come up (imports, migrations, the login) on a busy machine."""
STOP_WITHIN = 60.0


def add_chat_target(
    subparsers: Subparsers, name: str, *, platform: str, handler: Callable[..., int]
) -> argparse.ArgumentParser:
    """``golfbot bench NAME``, for the bot ``golfbot NAME`` on ``platform``; its parser (for options of the
    platform's own)."""
    p = add_target(
        subparsers, name, help=f"simulated players through the real `golfbot {name}` on a loopback {platform}"
    )
    p.add_argument("--players", type=int, default=200, help="concurrent players (default 200)")
    p.add_argument("--presses", type=int, default=20, help="button presses per player (default 20)")
    p.add_argument(
        "--think-ms",
        type=float,
        default=1000.0,
        help="mean pause between one player's presses, in ms (default 1000; 0 = no pause)",
    )
    p.add_argument("--holes", type=int, default=3, help="holes per round (default 3)")
    p.add_argument("--seed", type=int, default=1, help="random seed of the players and deals (default 1)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(handler=handler)
    return p


class Refused(Exception):
    """The bot answered a press with something other than the pressed board (a refusal, a new message)."""


class ChatTable:
    """How players play on one platform, against its fake (subclassed per platform). A board is whatever
    the fake shows a player (a message), kept by the player between presses as a chat client keeps it."""

    name = ""
    """The bot's command: ``golfbot NAME``."""
    target = ""
    """The bench's own name, ``golfbot bench TARGET``, where it is not the bot's (the web table's bench
    runs ``golfbot telegram``)."""
    timed = "press delivered to edited board received"
    """What a press's latency runs from and to, as the figures say it."""
    platform = ""

    async def open(self, players: int) -> None:
        """Start the fake, with ``players`` members or users in it."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def environment(self) -> dict[str, str]:
        """The variables that point the bot at the fake (token and base URL)."""
        raise NotImplementedError

    def is_up(self) -> bool:
        """The bot is connected and listening (gateway session and commands; a long poll)."""
        raise NotImplementedError

    async def start_round(self, player: int, holes: int, deal: int) -> Any:
        """Player ``player`` starts a solo round; its board, once shown."""
        raise NotImplementedError

    def choose(self, board: Any, rng: random.Random) -> str | None:
        """What the player presses on ``board`` (a button's id), or None when the round is over."""
        raise NotImplementedError

    async def press(self, player: int, board: Any, button: str, sent: list[float]) -> Any:
        """Press ``button`` on ``board``; the edited board. Appends to ``sent`` the moment the press was
        delivered to the bot. Raises Refused, or TimeoutError after PATIENCE seconds."""
        raise NotImplementedError

    def current(self, player: int, board: Any) -> Any:
        """The board as it is shown now (after an error, to carry on from what the player sees)."""
        raise NotImplementedError

    def figures(self) -> dict[str, Any]:
        """Figures of the platform's own, added to the run's (printed as ``lines`` says)."""
        return {}

    def lines(self, result: dict[str, Any]) -> str:
        """The platform's own figures as lines of the printed report ("" for none)."""
        return ""

    def unhandled(self) -> list[str]:
        """The bot's requests the fake does not serve (it answered them 404): a gap in the fake."""
        raise NotImplementedError


class Tally:
    """What the players did (a plain class: dataclasses would cost ``golfbot --help`` 5 ms)."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.starts: list[float] = []
        self.errors = 0
        self.refused = 0
        self.refusals: dict[str, int] = {}
        """What the refusals said (their first line), and how often."""
        self.rounds = 0
        self.done_at: list[float] = []
        self.all_in = 0.0
        """When the last player's first board was shown: from then on, every player is playing..."""
        self.first_out = float("inf")
        """...until the first player has pressed all it will. Between the two: the steady rate."""


async def play(
    table: ChatTable, player: int, *, presses: int, think: float, holes: int, rng: random.Random, tally: Tally
) -> None:
    """One player: a round, ``presses`` presses (a new round when one ends), a pause before each."""
    import asyncio

    async def start() -> Any:
        """A new round's board; None (an error counted) if it did not come."""
        began = time.perf_counter()
        try:
            board = await table.start_round(player, holes, rng.randint(1, 1_000_000))
        except (Refused, TimeoutError):
            tally.errors += 1
            return None
        tally.starts.append(time.perf_counter() - began)
        return board

    await asyncio.sleep(rng.uniform(0, think))  # players arrive over one think time, not all at once
    board = await start()
    tally.all_in = max(tally.all_in, time.monotonic())
    for _ in range(presses):
        if board is None:
            break  # a player whose round did not start stops (the bot is not answering)
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        button = table.choose(board, rng)
        if button is None:
            tally.rounds += 1
            board = await start()
            if board is None:
                break
            button = table.choose(board, rng)
            if button is None:
                tally.errors += 1  # a new round's board with nothing to press
                break
        sent: list[float] = []
        try:
            board = await table.press(player, board, button, sent)
        except Refused as refusal:
            tally.errors += 1
            tally.refused += 1
            said = str(refusal).strip().partition("\n")[0][:100]
            tally.refusals[said] = tally.refusals.get(said, 0) + 1
            board = table.current(player, board)
            continue
        except TimeoutError:
            tally.errors += 1
            board = table.current(player, board)
            continue
        tally.latencies.append(time.perf_counter() - sent[0])
        tally.done_at.append(time.monotonic())
    tally.first_out = min(tally.first_out, time.monotonic())


class BotProcess:
    """``golfbot NAME`` as a child process: its own session (a Ctrl-C at the bench's terminal is the
    bench's to handle), its log in a file, its CPU time and its children read from /proc where there is
    one."""

    def __init__(self, process: asyncio.subprocess.Process, log: Path) -> None:
        self.process = process
        self.log = log
        self.seen: set[int] = set()
        """Every process of the bot's seen so far (its solver and picture workers): none may outlive it."""

    @classmethod
    async def start(cls, name: str, environment: dict[str, str], folder: Path) -> BotProcess:
        import asyncio
        import os
        import sys

        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))}
        env.update(environment, GOLFBOT_DB=str(folder / "bench.sqlite3"))
        if "GOLFBOT_EVENT_LOOP" in os.environ:  # the loop asked for, in the bot as in the bench
            env["GOLFBOT_EVENT_LOOP"] = os.environ["GOLFBOT_EVENT_LOOP"]
        log = folder / "bot.log"
        with log.open("wb") as stderr:  # a file, not a pipe nobody reads while the players play
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "adapters.cli.main",
                name,
                cwd=folder,  # no .env there: the bot reads only what the bench gives it
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=stderr,
                start_new_session=True,
            )
        return cls(process, log)

    def tail(self, lines: int = 15) -> str:
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def cpu(self) -> dict[int, float]:
        """CPU seconds (user and system) of the bot and each of its descendants, by pid; {} without /proc."""
        import os

        tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        found: dict[int, float] = {}
        todo = [self.process.pid]
        while todo:
            pid = todo.pop()
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                found[pid] = (int(fields[11]) + int(fields[12])) / tick
                for task in Path(f"/proc/{pid}/task").iterdir():
                    todo += [int(c) for c in (task / "children").read_text().split()]
            except (OSError, ValueError, IndexError):
                continue
        self.seen.update(p for p in found if p != self.process.pid)
        return found

    async def stop(self) -> tuple[int | None, list[str]]:
        """SIGTERM, then its exit status (None: it had to be killed) and the children it left behind."""
        import asyncio
        import contextlib
        import os
        import signal

        self.cpu()  # the workers alive now, to check they go with it
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code: int | None = await asyncio.wait_for(self.process.wait(), STOP_WITHIN)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
            code = None
        await asyncio.sleep(0.2)  # a worker's exit is the kernel's to finish
        left = [pid for pid in sorted(self.seen) if _running(pid)]
        named = [f"{pid} {_command_line(pid)}" for pid in left]
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        return code, named


def _running(pid: int) -> bool:
    """The process exists and has not exited (a zombie waits only for whoever adopted it to reap it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] not in "ZX"


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:100]
    except OSError:
        return ""


EXIT_STOPPED = 143
"""The bench's exit status when a SIGTERM stopped it (128 + 15, as a shell reports it)."""


class BenchError(RuntimeError):
    """The bot did not come up, or did not stop cleanly."""


def _stop_on_sigterm() -> None:
    """A SIGTERM to the bench stops it as Ctrl-C does: its run is cancelled, so the bot (in a session of
    its own, which the signal does not reach) is stopped and the fake closed on the way out — never left
    running."""
    import asyncio
    import contextlib
    import signal

    run = asyncio.current_task()
    if run is not None:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # no signals here
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, run.cancel)


async def run_bench(
    table: ChatTable, *, players: int, presses: int, think_ms: float, holes: int, seed: int
) -> dict[str, Any]:
    """Start the fake and the bot, let the players play, stop the bot; the figures."""
    import asyncio
    import random
    import resource
    import tempfile

    from adapters.cli.progress import progress

    tally = Tally()
    rng = random.Random(seed)
    _stop_on_sigterm()
    await table.open(players)
    try:
        with tempfile.TemporaryDirectory(prefix="golfbot-bench-") as folder:
            bot = await BotProcess.start(table.name, table.environment(), Path(folder))
            try:
                await _wait_up(table, bot)
                cpu_before = bot.cpu()
                self_before = resource.getrusage(resource.RUSAGE_SELF)
                began = time.perf_counter()
                label = f"bench {table.target or table.name}"
                with progress(label, players * presses, unit="presses") as bar:
                    follower = asyncio.create_task(_follow(tally, bar)) if bar.shown else None
                    try:
                        await asyncio.gather(
                            *(
                                play(
                                    table,
                                    k,
                                    presses=presses,
                                    think=think_ms / 1000,
                                    holes=holes,
                                    rng=random.Random(rng.getrandbits(64)),
                                    tally=tally,
                                )
                                for k in range(players)
                            )
                        )
                    finally:
                        if follower is not None:
                            follower.cancel()
                wall = time.perf_counter() - began
                cpu_after = bot.cpu()
                self_after = resource.getrusage(resource.RUSAGE_SELF)
                unhandled = sorted(set(table.unhandled()))
            finally:
                code, left = await bot.stop()
            if code != 0 or left:
                how = "had to be killed" if code is None else f"exited with {code}"
                raise BenchError(
                    f"the bot {how} after SIGTERM"
                    + (f" and left {len(left)} child process(es) running: {', '.join(left)}" if left else "")
                    + f"; its last lines:\n{bot.tail()}"
                )
    finally:
        await table.close()
    result = figures(tally, wall, players=players, presses=presses, think_ms=think_ms)
    main = bot.process.pid
    if cpu_before and cpu_after:
        result["bot_cpu_s"] = round(cpu_after[main] - cpu_before[main], 2)
        result["solver_cpu_s"] = round(
            sum(t - cpu_before.get(pid, 0.0) for pid, t in cpu_after.items() if pid != main), 2
        )
    else:
        result["bot_cpu_s"] = result["solver_cpu_s"] = None
    result["bench_cpu_s"] = round(
        self_after.ru_utime + self_after.ru_stime - self_before.ru_utime - self_before.ru_stime, 2
    )
    result["platform"] = table.platform
    result["unhandled"] = unhandled
    result.update(table.figures())
    return result


async def _wait_up(table: ChatTable, bot: BotProcess) -> None:
    import asyncio

    deadline = time.monotonic() + UP_WITHIN
    while not table.is_up():
        if bot.process.returncode is not None:
            raise BenchError(f"the bot exited ({bot.process.returncode}) before it was up:\n{bot.tail()}")
        if time.monotonic() > deadline:
            raise BenchError(f"the bot was not up within {UP_WITHIN:g} s:\n{bot.tail()}")
        await asyncio.sleep(0.05)


async def _follow(tally: Tally, bar: Bar) -> None:
    """The presses answered so far, on the bar, a few times a second."""
    import asyncio

    while True:
        bar.set(len(tally.latencies) + tally.errors)
        await asyncio.sleep(0.25)


def figures(tally: Tally, wall: float, *, players: int, presses: int, think_ms: float) -> dict[str, Any]:
    from adapters.cli.bench_core import _percentiles

    ms = sorted(x * 1000 for x in tally.latencies)
    cuts = _percentiles(ms)
    starts = _percentiles([x * 1000 for x in tally.starts])
    start, end = tally.all_in, tally.first_out
    steady = (
        round(sum(start <= t <= end for t in tally.done_at) / (end - start), 1) if end - start >= 1 else None
    )
    return {
        "presses": len(ms),
        "presses_per_s": round(len(ms) / wall, 1) if wall else 0.0,
        "steady_presses_per_s": steady,
        "p50_ms": round(cuts[49], 2),
        "p99_ms": round(cuts[98], 2),
        "max_ms": round(ms[-1], 2) if ms else 0.0,
        "errors": tally.errors,
        "refused": tally.refused,
        "refusals": dict(sorted(tally.refusals.items(), key=lambda kv: -kv[1])[:3]),
        "players": players,
        "presses_per_player": presses,
        "think_ms": think_ms,
        "seconds": round(wall, 2),
        "rounds_finished": tally.rounds,
        "start_p99_ms": round(starts[98], 2),
    }


def cmd_bench_chat(args: argparse.Namespace, table: ChatTable) -> int:
    import asyncio
    import os

    from adapters.cli.eventloop import loop_name, run
    from adapters.cli.failure import EXIT_ENVIRONMENT, EXIT_USAGE, CommandFailed

    if args.players < 1 or args.presses < 1 or args.think_ms < 0 or not 1 <= args.holes <= 18:
        raise CommandFailed(
            "--players and --presses must be at least 1, --think-ms at least 0, --holes 1 to 18", EXIT_USAGE
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    try:
        result = run(
            run_bench(
                table,
                players=args.players,
                presses=args.presses,
                think_ms=args.think_ms,
                holes=args.holes,
                seed=args.seed,
            )
        )
    except BenchError as error:
        raise CommandFailed(str(error), EXIT_ENVIRONMENT) from error
    except asyncio.CancelledError:
        raise CommandFailed("stopped by SIGTERM; the bot was stopped too", EXIT_STOPPED) from None
    result["event_loop"] = loop_name()
    result["load_average"] = round(load, 2) if load is not None else None
    if args.json:
        import json

        print(json.dumps(result))
        return 0
    cpu = result["bot_cpu_s"]
    per_press = f" ({cpu / result['presses'] * 1e6:.0f} µs a press)" if cpu and result["presses"] else ""
    steady = result["steady_presses_per_s"]
    print(
        f"{table.target or table.name} bench: {result['players']} players, {result['presses']} presses in "
        f"{result['seconds']:.2f} s, think {result['think_ms']:g} ms, one `golfbot {table.name}` process "
        f"(load average {result['load_average']} at the start)\n"
        f"  presses/s   {'' if steady is None else f'{steady:.1f} while every player played · '}"
        f"{result['presses_per_s']:.1f} over the whole run\n"
        f"  latency     p50 {result['p50_ms']:.1f} ms · p99 {result['p99_ms']:.1f} ms · "
        f"max {result['max_ms']:.1f} ms ({table.timed})\n"
        f"  errors      {result['errors']} ({result['refused']} refused, "
        f"the rest unanswered in {PATIENCE:g} s)"
        + "".join(f"\n              {n} × {said!r}" for said, n in result["refusals"].items())
        + "\n"
        f"  CPU         bot {cpu if cpu is not None else 'not known'} s{per_press} · "
        f"its workers (solver, pictures) {result['solver_cpu_s']} s · this bench (fake and players) "
        f"{result['bench_cpu_s']} s\n"
        f"  rounds      {result['rounds_finished']} finished; "
        f"a new round's board p99 {result['start_p99_ms']:.1f} ms"
        + (f"\n  the fake   did not serve: {', '.join(result['unhandled'])}" if result["unhandled"] else "")
        + table.lines(result)
    )
    return 0
