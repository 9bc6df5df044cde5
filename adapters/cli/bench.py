"""``golfbot bench TARGET``: one ``bench`` command whose targets (``solver``, ``core``, ...) live in the
modules that know them. Each module's ``add_commands`` calls ``add_target`` for its own target; whichever
comes first creates the ``bench`` parser, so the order of COMMAND_MODULES does not matter.
"""

from __future__ import annotations

import argparse

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every start)
if TYPE_CHECKING:
    from typing import Any

    Subparsers = Any  # argparse's _SubParsersAction is private

DEST = "bench_target"


def add_target(subparsers: Subparsers, name: str, *, help: str) -> argparse.ArgumentParser:
    """The parser of ``golfbot bench NAME`` (set its options and ``handler`` default on it)."""
    parser: argparse.ArgumentParser = _targets(subparsers).add_parser(name, help=help)
    return parser


def _targets(subparsers: Subparsers) -> Subparsers:
    """The sub-commands of ``bench``, creating ``bench`` if no module has yet."""
    bench: argparse.ArgumentParser | None = subparsers.choices.get("bench")
    if bench is None:
        bench = subparsers.add_parser("bench", help="measure a component: bench solver, bench core")
        targets: Subparsers = bench.add_subparsers(dest=DEST, metavar="TARGET", required=True)
        return targets
    for action in bench._actions:  # a `bench` another module made on its own: add to its targets
        if isinstance(action, argparse._SubParsersAction):
            return action
    raise RuntimeError("`golfbot bench` exists without targets; create it with adapters.cli.bench")
