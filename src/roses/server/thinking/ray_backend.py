"""The thinking service's jobs as Ray tasks (``roses serve --think ray``; the extra ``roses[ray]``).

:class:`RayRunner` joins the Ray cluster at ``address`` (``auto``, ``HOST:6379`` or
``ray://HOST:10001``) or, without one, starts a local Ray on ``size`` CPUs (a Ray it did not start
is left running). Each job is one task of :func:`call`, which answers ``(status, value,
cpu_seconds)`` as a worker process does (:func:`.workers.child_main`); the service keeps at most
``size`` of them running, and its queue, cancelling and figures are the same as with worker
processes. The answers are the same too: a job is a pure function of its arguments
(:mod:`.jobs`), so a bot move on Ray is the move of a local worker and of the offline agent.

**Every node of a cluster must run the same roses version as the server** (as for sweeps, README):
a job's function travels by name (``roses.server.thinking.jobs.bot_choice``) and each node runs
its own installed roses, so another version plays other moves, or fails. A local Ray's workers run
in this process's working directory with its environment, so they import the same roses.

Cancelling a running job raises ``KeyboardInterrupt`` in its search (``ray.cancel``, not forced):
the task answers ``cancelled`` with the CPU time it used and its worker goes on. A task still
running :data:`FORCE_AFTER` seconds later (a search that swallowed the interrupt, or stuck in
native code) is cancelled by force, which kills its worker process.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Callable

from .workers import error_text

log = logging.getLogger("roses.server.thinking")

#: Seconds a cancelled task has to stop before its worker is killed.
FORCE_AFTER = 5.0


def require_ray() -> Any:
    """The ``ray`` module; raises ``ImportError`` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ImportError("--think ray needs Ray: pip install -e '.[ray]'") from None
    return ray


def call(fn: Callable[..., Any], args: tuple) -> tuple[str, Any, float]:
    """One job in a Ray worker: ``fn(*args)`` as ``(status, value, cpu_seconds)``, status ``ok``,
    ``cancelled`` (``ray.cancel`` interrupted it) or ``error`` (value: ``Type: message`` and the
    traceback, as a worker process answers)."""
    start = time.process_time()
    try:
        out: tuple[str, Any] = ("ok", fn(*args))
    except KeyboardInterrupt:  # ray.cancel(force=False)
        out = ("cancelled", None)
    except BaseException as e:  # noqa: BLE001 - every failure goes back to the server, which logs it
        out = ("error", error_text(e))
    return (*out, time.process_time() - start)


class RayRunner:
    """The service's link to Ray: :meth:`connect`, :meth:`run` jobs, :meth:`interrupt` one,
    :meth:`disconnect`. ``run`` and ``interrupt`` are called from the event loop."""

    def __init__(self, address: str | None, size: int):
        self.address = address
        self.size = size
        self.started = False  # this process started the Ray it uses (and shuts it down)
        self.remote: Any = None
        self.refs: dict[int, Any] = {}  # a running job's task, by job id
        self.forcing: dict[int, asyncio.TimerHandle] = {}  # interrupted jobs: their force timer

    def connect(self) -> None:
        """Join the cluster, or start a local Ray (blocking: call it in a thread)."""
        ray = require_ray()
        if not ray.is_initialized():
            if self.address:
                ray.init(address=self.address, log_to_driver=False)
            else:
                ray.init(num_cpus=self.size, include_dashboard=False, log_to_driver=False)
            self.started = True
        self.remote = ray.remote(max_retries=0)(call)  # a failed think is retried by the service

    def disconnect(self) -> None:
        """Shut down the local Ray this process started (blocking: call it in a thread)."""
        self.remote = None
        if self.started:
            require_ray().shutdown()
            self.started = False

    def connected(self) -> bool:
        return self.remote is not None and require_ray().is_initialized()

    async def run(self, job: Any) -> tuple[str, Any, float]:
        """Run one job (a :class:`.queue.Job`) as a task: ``(status, value, cpu_seconds)``. A task
        that ends otherwise (its worker or node died, or it was cancelled by force) is ``error``,
        or ``cancelled`` when the job was interrupted."""
        if job.cancelled:
            return "cancelled", None, 0.0
        try:
            self.refs[job.id] = self.remote.remote(job.fn, job.args)
            return await self.refs[job.id]
        except asyncio.CancelledError:  # the server is stopping: the task stops too
            if job.id in self.refs:
                self._cancel(self.refs[job.id], force=True)
            raise
        except Exception as e:  # noqa: BLE001 - the service counts and logs it
            if job.id in self.forcing:
                return "cancelled", None, 0.0
            return "error", f"{type(e).__name__}: {e}", 0.0
        finally:
            self.refs.pop(job.id, None)
            timer = self.forcing.pop(job.id, None)
            if timer is not None:
                timer.cancel()

    def interrupt(self, job_id: int) -> None:
        """Cancel job ``job_id``'s task if it runs (it answers ``cancelled``); by force if it has
        not ended :data:`FORCE_AFTER` seconds later."""
        ref = self.refs.get(job_id)
        if ref is None or job_id in self.forcing:
            return
        self._cancel(ref, force=False)
        self.forcing[job_id] = asyncio.get_running_loop().call_later(FORCE_AFTER, self._force, job_id)

    def _force(self, job_id: int) -> None:
        ref = self.refs.get(job_id)
        if ref is not None:
            log.warning("thinking job %d did not stop %.0f s after it was cancelled; killing its Ray worker",
                        job_id, FORCE_AFTER)
            self._cancel(ref, force=True)

    def _cancel(self, ref: Any, force: bool) -> None:
        try:
            require_ray().cancel(ref, force=force)
        except Exception as e:  # noqa: BLE001 - the task runs on, holding its slot; its answer is dropped
            log.error("could not cancel a Ray task (force=%s): %s: %s", force, type(e).__name__, e)


__all__ = ["FORCE_AFTER", "RayRunner", "call", "require_ray"]
