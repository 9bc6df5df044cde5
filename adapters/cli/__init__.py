"""The ``golfbot`` command line: the composition root that wires adapters to the core."""
