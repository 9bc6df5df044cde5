"""Settings for the whole suite.

Hypothesis fails an example that runs longer than its ``deadline`` (200 ms by default), and calls the test
flaky when the replay is quicker: on a busy machine that is the machine, not the code. The property tests
state what they check, not how fast; the ones that must be quick say so with timeouts of their own.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("golfbot", deadline=None)
settings.load_profile("golfbot")
