"""The Solver port's implementation: engine.golf.solver in worker processes, off the event loop."""

from adapters.solver.pool import HINT_TIMEOUT, MAX_STATES, WORKERS_VARIABLE, PooledSolver, default_workers
from adapters.workers import stop_workers

__all__ = [
    "HINT_TIMEOUT",
    "MAX_STATES",
    "WORKERS_VARIABLE",
    "PooledSolver",
    "default_workers",
    "stop_workers",
]
