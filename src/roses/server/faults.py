"""Failures made visible (issue 41: no silent fallback). Every record logged at ERROR under the
``roses`` loggers while the app runs is counted here and shown by ``/api/health`` (``errors``),
beside the thinking service's own figures; the server's log keeps each one's traceback.

Bot failures have their own logger, :data:`BOTS` (a bot that could not talk, a table whose
background task failed), as the thinking service has ``roses.server.thinking``: the test suite
fails any test in which one of these logged an error (``tests/conftest.py``).
"""
from __future__ import annotations

import collections
import logging
import threading
from typing import Any

#: The logger of failures of the bots at the tables (outside the thinking service).
BOTS = "roses.server.bots"
#: The loggers whose errors fail a test (tests/conftest.py): the bots and the thinking service.
BOT_LOGGERS = (BOTS, "roses.server.thinking")


class Faults(logging.Handler):
    """Counts ERROR records of the ``roses`` loggers (installed by the app for its lifetime)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.by_logger: collections.Counter[str] = collections.Counter()
        self.last: collections.deque[str] = collections.deque(maxlen=5)
        self.guard = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        with self.guard:
            self.count += 1
            self.by_logger[record.name] += 1
            self.last.append(record.getMessage()[:200])

    def install(self) -> "Faults":
        logging.getLogger("roses").addHandler(self)
        return self

    def remove(self) -> None:
        logging.getLogger("roses").removeHandler(self)

    def figures(self) -> dict[str, Any]:
        with self.guard:
            return {"count": self.count, "by_logger": dict(self.by_logger), "last": list(self.last)}


__all__ = ["BOTS", "BOT_LOGGERS", "Faults"]
