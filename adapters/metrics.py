"""What the running bot counts for an operator, in Prometheus' terms (the ``prometheus-client`` library),
and its health.

The adapters feed it with one small call where a thing happens (a press answered, a search done, a
delivery, a rate-limit wait); the metrics are counted whether or not anyone reads them (a counter is a
lock and an addition). ``adapters/cli/monitoring.py`` serves them, when ``GOLFBOT_METRICS_PORT`` or
``--metrics-port`` asks for it, on a thread of its own: ``/metrics`` in Prometheus' text format and
``/healthz``, 200 when the database answers and every bot of the process is connected (``HEALTH``), else
503 with the reason.

A module of the adapters that imports no other adapter: the chat adapters, the solver pool and the
composition root may all call it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from prometheus_client import Counter, Gauge, Histogram

from bot.errors import GolfError
from bot.ports import StoreUnavailable

T = TypeVar("T")

LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
SOLVE_BUCKETS = (0.01, 0.05, 0.1, 0.5, 1.0, 2.5, 5.0, 15.0, 60.0, 300.0)

PRESSES = Counter(
    "golfbot_presses", "Buttons pressed (every mode), by platform and outcome", ["platform", "outcome"]
)
PRESS_SECONDS = Histogram(
    "golfbot_press_seconds", "From a press received to its answer sent", ["platform"], buckets=LATENCY_BUCKETS
)
COMMANDS = Counter("golfbot_commands", "Commands answered, by platform and outcome", ["platform", "outcome"])
SOLVE_SECONDS = Histogram(
    "golfbot_solve_seconds", "Solver searches, queued to done, by lane", ["lane"], buckets=SOLVE_BUCKETS
)
RATE_LIMIT_WAITS = Counter("golfbot_rate_limit_waits", "Replies that waited for a rate limit", ["platform"])
DROPPED_REPLIES = Counter(
    "golfbot_dropped_replies", "Replies dropped (a stop would have waited)", ["platform"]
)
DATABASE_ERRORS = Counter(
    "golfbot_database_errors", "Presses and commands met by a database that could not be used", ["platform"]
)
EVENTS = Counter("golfbot_events", "Events (announcements) to players and places", ["platform", "outcome"])
BOT_CONNECTED = Gauge("golfbot_bot_connected", "1 while the platform's bot is connected", ["platform"])

_clock = time.perf_counter


class Press:
    """One press being answered (``with pressing(platform) as press``): counted by its outcome, its time
    from the ``with`` to its end observed. The outcome comes from what the core said (``watch``)."""

    __slots__ = ("_started", "outcome", "platform")

    def __init__(self, platform: str) -> None:
        self.platform = platform
        self.outcome = "played"
        self._started = 0.0

    def __enter__(self) -> Press:
        self._started = _clock()
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is not None and self.outcome == "played":
            self.outcome = "error"
        _child(PRESSES, self.platform, self.outcome).inc()
        _child(PRESS_SECONDS, self.platform).observe(_clock() - self._started)

    async def watch(self, work: Awaitable[T]) -> T:
        """The core's answer to the press, its outcome noted: played, refused (a GolfError: a stale or
        repeated key, not your round), unavailable (the database) or error."""
        try:
            return await work
        except StoreUnavailable:
            self.outcome = "unavailable"
            raise
        except GolfError:
            self.outcome = "refused"
            raise
        except BaseException:
            self.outcome = "error"
            raise


def pressing(platform: str) -> Press:
    """Around the answer to one press (a class, not a generator: a few microseconds less a press)."""
    return Press(platform)


_children: dict[tuple[object, ...], Any] = {}


def _child(metric: Counter | Histogram, *labels: str) -> Any:
    """``metric.labels(*labels)``, looked up once (the library's lookup takes a lock each time)."""
    key = (metric, *labels)
    child = _children.get(key)
    if child is None:
        child = _children[key] = metric.labels(*labels)
    return child


def command(platform: str, outcome: str) -> None:
    """A command answered: ``ok``, ``unavailable`` (the database) or ``error``."""
    COMMANDS.labels(platform, outcome).inc()


def counted_command(
    platform: str, callback: Callable[..., Awaitable[T]]
) -> Callable[..., Coroutine[Any, Any, T]]:
    """``callback`` (a command's handler), each run counted by its outcome."""

    async def run(*args: Any, **kwargs: Any) -> T:
        try:
            result = await callback(*args, **kwargs)
        except StoreUnavailable:
            command(platform, "unavailable")
            raise
        except Exception:
            command(platform, "error")
            raise
        command(platform, "ok")
        return result

    return run


def database_error(platform: str) -> None:
    """The database could not be used (StoreUnavailable) for a press or a command: counted where it is
    logged."""
    DATABASE_ERRORS.labels(platform).inc()


def solved(lane: str, seconds: float) -> None:
    SOLVE_SECONDS.labels(lane).observe(seconds)


def rate_limit_wait(platform: str) -> None:
    RATE_LIMIT_WAITS.labels(platform).inc()


def dropped_reply(platform: str) -> None:
    DROPPED_REPLIES.labels(platform).inc()


def event(platform: str, outcome: str) -> None:
    """An event delivered (``delivered``) or not (``failed``)."""
    EVENTS.labels(platform, outcome).inc()


# ---------------------------------------------------------------------------------------- health


class Health:
    """Whether each bot of the process is connected (told by the bots themselves), and the database."""

    def __init__(self) -> None:
        self._bots: dict[str, tuple[bool, str, float]] = {}
        """platform -> (connected, reason when not, until when a failure counts (0: until told))."""
        self._lock = threading.Lock()

    def expect(self, platform: str) -> None:
        with self._lock:
            self._bots.setdefault(platform, (False, "not connected yet", 0.0))
        BOT_CONNECTED.labels(platform).set(0)

    def connected(self, platform: str) -> None:
        with self._lock:
            self._bots[platform] = (True, "", 0.0)
        BOT_CONNECTED.labels(platform).set(1)

    def disconnected(self, platform: str, reason: str, *, for_seconds: float | None = None) -> None:
        """Not connected; ``for_seconds``: a failure of a bot that says nothing when it succeeds again
        (Telegram's polling) counts for so long."""
        until = time.monotonic() + for_seconds if for_seconds else 0.0
        with self._lock:
            self._bots[platform] = (False, reason, until)
        BOT_CONNECTED.labels(platform).set(0)

    def bots_down(self) -> list[str]:
        """``platform: reason`` of each bot not connected now."""
        now = time.monotonic()
        with self._lock:
            return [
                f"{platform}: {reason}"
                for platform, (up, reason, until) in sorted(self._bots.items())
                if not up and not (until and now >= until)
            ]


HEALTH = Health()
"""The process's bots' health (one process, one set of bots)."""
