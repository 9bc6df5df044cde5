"""``GOLFBOT_METRICS_PORT`` / ``--metrics-port``: the chat bots' metrics and health (``adapters/metrics.py``)
served while they run. Off by default; on 127.0.0.1 unless ``GOLFBOT_METRICS_ADDRESS`` says otherwise
(``0.0.0.0`` in a container, where the probe comes from outside). The port is taken before the bots
connect: a port already in use is one line and exit code 1, at start."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from collections.abc import Callable, Coroutine, Iterable, Iterator
from contextlib import contextmanager
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import make_wsgi_app
from prometheus_client.core import REGISTRY, CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from adapters.cli.failure import EXIT_ENVIRONMENT, EXIT_USAGE, CommandFailed
from adapters.cli.wiring import App
from adapters.metrics import HEALTH, Health

PORT = "GOLFBOT_METRICS_PORT"
ADDRESS = "GOLFBOT_METRICS_ADDRESS"
HEALTH_PROBE_KEY = "healthz:probe"
"""The player looked up by /healthz: a read the database must answer (there is no such player)."""


def metrics_port() -> int | None:
    """The port asked for, None when metrics are off; a wrong value is one line (exit code 2)."""
    text = os.environ.get(PORT, "").strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise CommandFailed(f"{PORT} (or --metrics-port) is a port number, 1-65535, not {text!r}", EXIT_USAGE)
    return int(text)


DATABASE_WAIT = 5.0
"""Seconds /healthz waits for the database's answer."""


class _AppCollector(Collector):
    """Read at each scrape from the running app: sessions cached, the solver's queue, timers run and
    late (counted by the core; read here, so the core imports nothing of Prometheus)."""

    def __init__(self, gauges: dict[str, tuple[str, Callable[[], float]]], timers: Any) -> None:
        self._gauges = gauges
        self._timers = timers

    def collect(self) -> Iterable[Any]:
        for name, (text, read) in self._gauges.items():
            yield GaugeMetricFamily(name, text, value=read())
        if self._timers is not None:
            yield CounterMetricFamily("golfbot_timers_due", "Timers run", value=self._timers.ran)
            yield CounterMetricFamily(
                "golfbot_timers_late",
                "Timers run later than LATE_AFTER past their time",
                value=self._timers.late,
            )


class MetricsPortInUse(OSError):
    """The port cannot be listened on (one line)."""


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Server6(_Server):
    address_family = socket.AF_INET6


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class MetricsServer:
    """``/metrics`` and ``/healthz`` on ``address``:``port``, on a thread of its own."""

    def __init__(
        self,
        port: int,
        address: str,
        loop: asyncio.AbstractEventLoop,
        database: Callable[[], Coroutine[Any, Any, object]],
        *,
        gauges: dict[str, tuple[str, Callable[[], float]]] | None = None,
        timers: Any = None,
        health: Health = HEALTH,
    ) -> None:
        self._loop = loop
        self._database = database
        self._health = health
        self._metrics = make_wsgi_app(REGISTRY)
        self._collector = _AppCollector(gauges or {}, timers)
        try:
            self._server = make_server(
                address, port, self._app, _Server6 if ":" in address else _Server, handler_class=_Quiet
            )
        except OSError as error:
            raise MetricsPortInUse(
                f"cannot listen on {address}:{port} for metrics: {error.strerror}"
            ) from None
        REGISTRY.register(self._collector)
        self.port = int(self._server.server_address[1])
        self._thread = threading.Thread(target=self._server.serve_forever, name="metrics", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        REGISTRY.unregister(self._collector)

    def health(self) -> tuple[bool, str]:
        """(healthy, the reason) for /healthz; called on the server's thread."""
        problems = self._health.bots_down()
        try:
            asyncio.run_coroutine_threadsafe(self._database(), self._loop).result(DATABASE_WAIT)
        except TimeoutError:
            problems.insert(0, f"database: no answer within {DATABASE_WAIT:g} s")
        except Exception as error:
            problems.insert(0, f"database: {error}")
        if problems:
            return False, "; ".join(problems)
        return True, "ok"

    def _app(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/metrics":
            result: Iterable[bytes] = self._metrics(environ, start_response)
            return result
        if path == "/healthz":
            healthy, reason = self.health()
            status = "200 OK" if healthy else "503 Service Unavailable"
            start_response(status, [("Content-Type", "text/plain; charset=utf-8")])
            return [f"{reason}\n".encode()]
        start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
        return [b"/metrics or /healthz\n"]


@contextmanager
def serving_metrics(app: App, platforms: list[str]) -> Iterator[int | None]:
    """Serve /metrics and /healthz for ``app`` and the bots of ``platforms`` while inside (the port, or
    None when metrics are off)."""
    port = metrics_port()
    if port is None:
        yield None
        return
    for platform in platforms:
        HEALTH.expect(platform)
    address = os.environ.get(ADDRESS, "").strip() or "127.0.0.1"
    solver = app.solver
    gauges = {
        "golfbot_sessions_cached": ("Sessions (rounds, tables) cached", app.clubhouse.sessions.cached),
        "golfbot_solver_queue": ("Solver searches queued or running", lambda: getattr(solver, "pending", 0)),
    }
    try:
        server = MetricsServer(
            port,
            address,
            asyncio.get_running_loop(),
            lambda: app.storage.player(HEALTH_PROBE_KEY),
            gauges=gauges,
            timers=app.timers,
        )
    except MetricsPortInUse as error:
        raise CommandFailed(f"{error} (choose another {PORT} or --metrics-port)", EXIT_ENVIRONMENT) from None
    try:
        yield server.port
    finally:
        server.close()
