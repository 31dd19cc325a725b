"""The thinking service's queue (issue 41): bounded, and fair between keys (a table, or a client
asking for an analysis). Keys take turns: the next job is the oldest of the key served longest ago
(a key that arrives has not been served and goes first), so after one key's job is taken every
other key with a job waiting goes before its next one, and one client's long analysis never
starves another table's bot.
"""
from __future__ import annotations

import asyncio
import collections
import dataclasses
import itertools
import time
from typing import Any, Callable

_ids = itertools.count(1)


@dataclasses.dataclass(eq=False)
class Job:
    """One think: ``fn(*args)`` run by a worker for ``key`` (fairness and cancelling), of ``kind``
    (``bot``, ``stand-in``, ``hint``, ``analysis``: what the figures are counted by)."""
    key: str
    kind: str
    fn: Callable[..., Any]
    args: tuple
    future: asyncio.Future
    id: int = dataclasses.field(default_factory=lambda: next(_ids))
    queued_at: float = dataclasses.field(default_factory=time.monotonic)
    cancelled: bool = False


class QueueFull(Exception):
    """The queue holds its limit of jobs (in all, or for the key)."""


class FairQueue:
    """Jobs by key, taken in turns (round robin over the keys with jobs waiting).

    Args:
        limit: jobs waiting in all; :meth:`put` raises :class:`QueueFull` beyond.
        per_key: jobs waiting for one key (an analysis queues one job a decision, a table one
            think at a time, so this bounds what one client can pile up).
    """

    def __init__(self, limit: int = 1000, per_key: int = 500):
        self.limit = limit
        self.per_key = per_key
        self.waiting: dict[str, collections.deque[Job]] = {}
        self.served: dict[str, int] = {}  # a waiting key's last turn (0: not served while waiting)
        self.turns = 0
        self.count = 0
        self.ready = asyncio.Event()

    def put(self, job: Job) -> None:
        if self.count >= self.limit:
            raise QueueFull(f"{self.count} jobs are waiting")
        jobs = self.waiting.setdefault(job.key, collections.deque())
        self.served.setdefault(job.key, 0)
        if len(jobs) >= self.per_key:
            raise QueueFull(f"{len(jobs)} jobs are waiting for {job.key}")
        jobs.append(job)
        self.count += 1
        self.ready.set()

    async def get(self) -> Job:
        """The next job: the oldest of the key whose turn it is (it waits for one)."""
        while True:
            job = self._take()
            if job is not None:
                return job
            self.ready.clear()
            await self.ready.wait()

    def _take(self) -> Job | None:
        while self.waiting:
            key = min(self.waiting, key=lambda k: self.served[k])  # served longest ago
            jobs = self.waiting[key]
            job = jobs.popleft()
            self.count -= 1
            self.turns += 1
            self.served[key] = self.turns  # its next job waits for every other key's turn
            if not jobs:
                del self.waiting[key], self.served[key]
            if not job.cancelled:
                return job
        return None

    def drop(self, key: str) -> list[Job]:
        """Take out every job waiting for ``key`` and return them (to be cancelled)."""
        jobs = list(self.waiting.pop(key, ()))
        self.served.pop(key, None)
        self.count -= len(jobs)
        return jobs

    def __len__(self) -> int:
        return self.count


__all__ = ["FairQueue", "Job", "QueueFull"]
