"""A golfbot command held at the start line: imports everything, says ``ready``, waits for a line on
stdin, then runs ``golfbot <args>`` (the real entry point) and exits with its status. Several of these,
let go at once, start on one new database at the same moment."""

from __future__ import annotations

import sys

import adapters.cli.wiring  # (imported before the start: only the command itself races)
import adapters.postgres  # noqa: F401
from adapters.cli.main import main

if __name__ == "__main__":
    print("ready", flush=True)
    sys.stdin.readline()
    sys.exit(main(sys.argv[1:]))
