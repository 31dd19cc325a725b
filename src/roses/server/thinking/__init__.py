"""The thinking service (issue 41): every search the server runs — bot moves, turn-timer
stand-ins, hints, analyses — goes through one :class:`Thinking` per process.

* :mod:`.jobs`: what a worker runs (pure functions of JSON-able arguments; the same code the
  offline agents run, so a bot at the table plays exactly the measured bot);
* :mod:`.queue`: the bounded queue, fair between tables (round robin by key);
* :mod:`.workers`: worker processes (``spawn``: safe under ``python3 -m roses serve``,
  ``roses serve``, uvicorn's workers and test apps), which die with the server;
* :mod:`.ray_backend`: the same jobs as Ray tasks on a cluster (``--think ray``);
* :mod:`.service`: :class:`Thinking`, the one entry point, with CPU time, failures and
  fallbacks counted for ``/api/health``.
"""
from .service import Thinking, ThinkBusy, ThinkCancelled, ThinkFailed, ThinkingOptions

__all__ = ["Thinking", "ThinkBusy", "ThinkCancelled", "ThinkFailed", "ThinkingOptions"]
