"""Live updates to one WebSocket: its outbox of chat events and views (docs/server-api.md, WS)."""
from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field

from .auth import Who


#: Messages queued for one WebSocket at most (a client that reads nothing loses the oldest chat
#: events; views are whole snapshots and only the newest is kept anyway).
MAX_QUEUED = 64


@dataclass(eq=False)
class Conn:
    """One WebSocket connection's outbox: chat events in order, and at most one view (the newest
    replaces an unsent one: views are whole snapshots). ``sent_view``: what the last view queued
    said, so a view that did not change for this seat is not sent again."""

    table_id: str
    who: Who
    address: str = "?"
    queue: deque[tuple[bool, str]] = field(default_factory=deque)  # (is a view, JSON text)
    sent_view: str | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    def push_view(self, text: str, same_as: str) -> None:
        """Queue a view unless it says ``same_as`` the last one queued (the revision aside)."""
        if same_as == self.sent_view:
            return
        self.sent_view = same_as
        if self.queue and self.queue[-1][0]:
            self.queue.pop()
        else:
            for i, (is_view, _) in enumerate(self.queue):
                if is_view:
                    del self.queue[i]
                    break
        self._put((True, text))

    def push_event(self, text: str) -> None:
        self._put((False, text))

    def _put(self, item: tuple[bool, str]) -> None:
        self.queue.append(item)
        while len(self.queue) > MAX_QUEUED:
            oldest = next((i for i, (is_view, _) in enumerate(self.queue) if not is_view), 0)
            del self.queue[oldest]
        self.ready.set()

    def take(self) -> list[str]:
        """Every queued message, oldest first (the sender's side)."""
        out = [text for _, text in self.queue]
        self.queue.clear()
        return out
