"""In-memory adapters: storage and a notifier kept in dicts and lists, for tests, benchmarks and a bot that
needs nothing kept. They pass the same contract tests as the real ones."""

from adapters.memory.notifier import MemoryNotifier
from adapters.memory.store import MemoryStorage

__all__ = ["MemoryNotifier", "MemoryStorage"]
