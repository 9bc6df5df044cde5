"""``GOLFBOT_METRICS_PORT`` / ``--metrics-port``: the chat bots' metrics and health (``adapters/metrics.py``)
served while they run. Off by default; on 127.0.0.1 unless ``GOLFBOT_METRICS_ADDRESS`` says otherwise
(``0.0.0.0`` in a container, where the probe comes from outside). The port is taken before the bots
connect: a port already in use is one line and exit code 1, at start."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from contextlib import contextmanager

from adapters.cli.failure import EXIT_ENVIRONMENT, EXIT_USAGE, CommandFailed
from adapters.cli.wiring import App

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


@contextmanager
def serving_metrics(app: App, platforms: list[str]) -> Iterator[int | None]:
    """Serve /metrics and /healthz for ``app`` and the bots of ``platforms`` while inside (the port, or
    None when metrics are off)."""
    port = metrics_port()
    if port is None:
        yield None
        return
    from adapters.metrics import HEALTH, MetricsPortInUse, MetricsServer

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
