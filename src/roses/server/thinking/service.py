"""The thinking service (issue 41): one per server process; everything that searches goes through
:meth:`Thinking.think`. Nothing that searches runs on the event loop or in the web process.

Guarantees:

* jobs wait in a bounded queue, fair between keys (:mod:`.queue`), and run on ``workers`` worker
  processes (:mod:`.workers`) or as Ray tasks (:mod:`.ray_backend`);
* a job is cancelled when its caller stops waiting (its table moved on or closed, a client went
  away) or by :meth:`Thinking.cancel` for its key;
* each job's CPU time is counted by kind, and failures and bot fallbacks are counted and logged at
  ERROR (:meth:`Thinking.figures`, shown by ``/api/health``);
* workers end with the server.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import logging
import os
import time
from typing import Any, Callable

from .queue import FairQueue, Job, QueueFull
from .workers import Worker, WorkerDied

log = logging.getLogger("roses.server.thinking")

#: What ``--think`` accepts.
BACKENDS = ("process", "ray")


class ThinkFailed(Exception):
    """A think did not give an answer: the job raised in its worker, or the worker died."""


class ThinkBusy(Exception):
    """The queue is full: too many thinks are waiting (the caller answers 429 or waits)."""


class ThinkCancelled(Exception):
    """The job was cancelled (:meth:`Thinking.cancel`) before it gave an answer."""


@dataclasses.dataclass(frozen=True)
class ThinkingOptions:
    """How a server thinks.

    Attributes:
        workers: worker processes (``roses serve --think-workers``; 0: the machine's cores); with
            Ray, the most jobs running at once.
        backend: ``process`` (local worker processes) or ``ray`` (``--think ray``).
        ray_address: the Ray cluster (``--ray-address``; ``None``: a local Ray on ``workers`` CPUs).
        eager: start the workers with the server (``roses serve``); ``False``: at the first think
            (test apps, which mostly never think).
        queue_limit, per_key: jobs waiting in all and for one key (:class:`.queue.FairQueue`).
    """
    workers: int = 0
    backend: str = "process"
    ray_address: str | None = None
    eager: bool = True
    queue_limit: int = 1000
    per_key: int = 500

    def size(self) -> int:
        return self.workers if self.workers > 0 else (os.cpu_count() or 1)


@dataclasses.dataclass
class Tally:
    """Figures of one kind of job."""
    done: int = 0
    failed: int = 0
    cancelled: int = 0
    cpu_seconds: float = 0.0
    run_seconds: float = 0.0
    wait_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {k: round(v, 3) if isinstance(v, float) else v for k, v in dataclasses.asdict(self).items()}


class Thinking:
    """The process's thinking service (started and stopped with the app)."""

    def __init__(self, options: ThinkingOptions | None = None):
        self.options = options or ThinkingOptions()
        if self.options.backend not in BACKENDS:
            raise ValueError(f"unknown thinking backend {self.options.backend!r}; one of {', '.join(BACKENDS)}")
        self.size = self.options.size()
        self.queue = FairQueue(self.options.queue_limit, self.options.per_key)
        self.running: dict[int, tuple[Job, Any]] = {}
        self.tallies: dict[str, Tally] = collections.defaultdict(Tally)
        self.fallbacks = 0
        self.fallback_log: collections.deque[dict[str, Any]] = collections.deque(maxlen=20)
        self.workers: list[Worker | None] = [None] * self.size
        self.slots: list[asyncio.Task] = []
        self.ray: Any = None
        self.started = False

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        """Start the slots (and, when eager, the workers or the Ray connection)."""
        if self.options.backend == "ray":
            from .ray_backend import RayRunner

            self.ray = RayRunner(self.options.ray_address, self.size)
            await asyncio.to_thread(self.ray.connect)
        elif self.options.eager:
            self.workers = [Worker(i) for i in range(self.size)]
        self.slots = [asyncio.create_task(self._slot(i), name=f"think-slot-{i}") for i in range(self.size)]
        self.started = True

    async def stop(self) -> None:
        """Cancel every job and end the workers."""
        for t in self.slots:
            t.cancel()
        for t in self.slots:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        for key in list(self.queue.waiting):
            for job in self.queue.drop(key):
                self._settle(job, ThinkCancelled("the server is stopping"))
        workers = [w for w in self.workers if w is not None]
        self.workers = [None] * self.size
        await asyncio.gather(*(asyncio.to_thread(w.stop) for w in workers))
        if self.ray is not None:
            await asyncio.to_thread(self.ray.disconnect)
        self.started = False

    # ------------------------------------------------------------------ thinking
    async def think(self, key: str, kind: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` worked out off the web process for ``key`` (a table id, or a client's
        analysis), counted as ``kind``; returns its value. Raises :class:`ThinkBusy` (queue full),
        :class:`ThinkFailed` (an error in the job, or its worker died) or :class:`ThinkCancelled`.
        If the caller is cancelled, so is the job."""
        if not self.started:
            raise ThinkFailed("the thinking service is not running")
        job = Job(key, kind, fn, args, asyncio.get_running_loop().create_future())
        try:
            self.queue.put(job)
        except QueueFull as e:
            raise ThinkBusy(str(e)) from None
        try:
            return await asyncio.shield(job.future)
        except asyncio.CancelledError:
            self._cancel_job(job)
            raise

    def cancel(self, key: str) -> int:
        """Cancel every job of ``key``, waiting or running; returns how many."""
        jobs = self.queue.drop(key)
        for job in jobs:
            self.tallies[job.kind].cancelled += 1
            self._settle(job, ThinkCancelled(f"cancelled: {key} moved on"))
        running = [job for job, _ in self.running.values() if job.key == key]
        for job in running:
            self._cancel_job(job)
        return len(jobs) + len(running)

    def _cancel_job(self, job: Job) -> None:
        job.cancelled = True
        held = self.running.get(job.id)
        if held is not None:
            held[1].interrupt(job.id)
        elif not job.future.done():  # still waiting in the queue, which skips it
            self.tallies[job.kind].cancelled += 1
            self._settle(job, ThinkCancelled("cancelled"))

    def _settle(self, job: Job, outcome: Any) -> None:
        if job.future.done():
            return
        if isinstance(outcome, BaseException):
            job.future.set_exception(outcome)
            job.future.exception()  # retrieved: a cancelled caller never reads it
        else:
            job.future.set_result(outcome)

    async def _slot(self, index: int) -> None:
        """One job at a time, on worker ``index`` (started when needed, replaced when it died)."""
        while True:
            job = await self.queue.get()
            started = time.monotonic()
            tally = self.tallies[job.kind]
            tally.wait_seconds += started - job.queued_at
            try:
                status, value, cpu = await self._run(index, job)
            except asyncio.CancelledError:
                self._settle(job, ThinkCancelled("the server is stopping"))
                raise
            tally.run_seconds += time.monotonic() - started
            tally.cpu_seconds += cpu
            if status == "ok":
                tally.done += 1
                self._settle(job, value)
            elif status == "cancelled" or job.cancelled:
                tally.cancelled += 1
                self._settle(job, ThinkCancelled("cancelled"))
            else:
                tally.failed += 1
                log.error("think failed: %s job for %s: %s", job.kind, job.key, value)
                self._settle(job, ThinkFailed(str(value).splitlines()[0] if value else "failed"))

    async def _run(self, index: int, job: Job) -> tuple[str, Any, float]:
        if self.ray is not None:
            self.running[job.id] = (job, self.ray)
            try:
                return await self.ray.run(job)
            finally:
                del self.running[job.id]
        worker = self.workers[index]
        if worker is None or not worker.alive():
            if worker is not None:
                log.error("thinking worker %d (pid %s) had ended; starting another", index, worker.pid)
                await asyncio.to_thread(worker.stop)
            worker = self.workers[index] = Worker(index)
        self.running[job.id] = (job, worker)
        try:
            return await worker.run(job)
        except WorkerDied as e:
            self.workers[index] = None
            await asyncio.to_thread(worker.stop)
            return "error", str(e), 0.0
        finally:
            del self.running[job.id]

    # ------------------------------------------------------------------ fallbacks and figures
    def fell_back(self, table_id: str, seat: int, bot: str, why: str, instead: str) -> None:
        """A bot at ``table_id`` could not think (twice) and played ``instead``'s move: logged at
        ERROR with the table and the seat, and counted (``/api/health``: ``thinking.fallbacks``)."""
        self.fallbacks += 1
        self.fallback_log.append({"table": table_id, "seat": seat, "bot": bot, "instead": instead, "why": why})
        log.error("bot fallback: table %s seat %d: %s could not think (%s); played the %s move instead",
                  table_id, seat, bot, why, instead)

    def figures(self) -> dict[str, Any]:
        """What ``/api/health`` shows: the backend, workers (with Ray: the most jobs running at
        once; alive: all of them while connected to Ray), jobs waiting and running, each kind's
        counts and CPU seconds, and the fallbacks."""
        if self.ray is not None:
            alive = self.size if self.ray.connected() else 0
        else:
            alive = sum(1 for w in self.workers if w is not None and w.alive())
        return {
            "backend": self.options.backend, "workers": self.size, "workers_alive": alive,
            "queued": len(self.queue), "running": len(self.running),
            "jobs": {k: t.to_json() for k, t in sorted(self.tallies.items())},
            "fallbacks": self.fallbacks,
        }

    def worker_pids(self) -> list[int]:
        """The live worker processes' ids (tests: they end with the server)."""
        return [w.pid for w in self.workers if w is not None and w.alive() and w.pid is not None]


__all__ = ["BACKENDS", "ThinkBusy", "ThinkCancelled", "ThinkFailed", "Thinking", "ThinkingOptions"]
