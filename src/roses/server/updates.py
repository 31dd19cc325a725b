"""Live updates: the WebSockets this process serves, what each is pushed after a change, and how
changes made by other processes reach them (polling the store's revisions; on PostgreSQL also
LISTEN/NOTIFY, the store's optional :class:`ChangeFeed` capability). docs/server-api.md, "WS".

Chat travels as ``{type:"chat"}`` events; a view is pushed only to connections whose view changed
(issue 13, fault 5). Every change is committed before anything is pushed.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

import orjson

from . import views
from .auth import ApiError
from .cache import TableCache
from .pushes import Conn
from .store import ChangeFeed, TableRow, TableStore
from .views import chat_json

log = logging.getLogger("roses.server")


class LiveUpdates:
    """The connections of one process and their pushes.

    Args:
        store: the :class:`TableStore`; if it is a :class:`ChangeFeed` that feeds changes,
            :meth:`listen` follows it.
        cache: the process's :class:`TableCache` (tables are loaded under their lock).
        limits: the :class:`~roses.server.limits.Limits` (sockets per table and per address).
    """

    def __init__(self, store: TableStore, cache: TableCache, limits: Any):
        self.store = store
        self.cache = cache
        self.limits = limits
        self.conns: dict[str, set[Conn]] = {}
        self.by_address: dict[str, int] = {}  # open WebSockets per client address
        self.known_revision: dict[str, int] = {}  # watched table -> revision last pushed
        self.chat_pushed: dict[str, int] = {}  # watched table -> id of the last chat message pushed
        self.closing = False
        self._notified: set[asyncio.Task] = set()
        self._listen_stop: threading.Event | None = None

    # ------------------------------------------------------------------ connections
    def live_seats(self, table_id: str) -> set[int | None]:
        """The seats (``None``: spectators) with a connection open here."""
        return {c.who.seat for c in self.conns.get(table_id, ())}

    def check_room(self, table_id: str, address: str) -> None:
        """Raises :class:`ApiError` 429 when the table or the address holds its most sockets."""
        if len(self.conns.get(table_id, ())) >= self.limits.sockets_per_table:
            raise ApiError(429, {"error": "too many requests",
                                 "detail": f"this table has {self.limits.sockets_per_table} live connections already"})
        if self.by_address.get(address, 0) >= self.limits.sockets_per_address:
            raise ApiError(429, {"error": "too many requests",
                                 "detail": f"your address has {self.limits.sockets_per_address} live connections already"})

    def add(self, conn: Conn) -> None:
        self.conns.setdefault(conn.table_id, set()).add(conn)
        self.by_address[conn.address] = self.by_address.get(conn.address, 0) + 1

    def remove(self, conn: Conn) -> bool:
        """Forget ``conn``; returns whether others still watch its table."""
        conns = self.conns.get(conn.table_id)
        if conns is not None and conn in conns:
            conns.discard(conn)
            left = self.by_address[conn.address] - 1
            if left:
                self.by_address[conn.address] = left
            else:
                del self.by_address[conn.address]
            if not conns:
                del self.conns[conn.table_id]
                self.known_revision.pop(conn.table_id, None)
                self.chat_pushed.pop(conn.table_id, None)
        return bool(self.conns.get(conn.table_id))

    # ------------------------------------------------------------------ pushes
    def broadcast(self, row: TableRow, live: Any) -> None:
        """Tell every local connection what changed (call under the table's lock, after the change
        is committed): each chat message not yet pushed as a ``{type:"chat", message}`` event, then
        the new view (without its chat) to each connection whose view changed."""
        conns = self.conns.get(row.id)
        if not conns:
            return
        self.known_revision[row.id] = row.revision  # only watched tables are remembered
        seen = self.chat_pushed.get(row.id)
        if live.chat:
            if seen is not None:
                for c in live.chat:
                    if c.id > seen:
                        message = chat_json(c)
                        events: dict[int | None, str] = {}  # by seat: each counts its own revision
                        for conn in conns:
                            seat = conn.who.seat
                            if seat not in events:
                                revision = row.revision - views.unseen(live.state, seat)
                                events[seat] = orjson.dumps({"type": "chat", "revision": revision,
                                                             "message": message}).decode()
                            conn.push_event(events[seat])
            self.chat_pushed[row.id] = max(live.chat[-1].id, seen or -1)
        elif seen is None:
            self.chat_pushed[row.id] = -1
        seats = self.live_seats(row.id)
        texts: dict[tuple[int | None, bool, int | None], tuple[str, str]] = {}
        for c in list(conns):
            key = (c.who.seat, c.who.host, c.who.replaced)
            if key not in texts:
                view = views.view(row, live, c.who, seats)
                del view["chat"]  # chat travels as chat events; a page GETs the history
                revision = view.pop("revision")
                same = orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS).decode()  # the view but its revision: encoded once
                texts[key] = (f'{{"type":"view","revision":{revision},{same[1:]}', same)
            c.push_view(*texts[key])

    async def push_current(self, table_id: str) -> None:
        """Load the table and push its view to every local connection."""
        async with self.cache.lock(table_id):
            row = await self.cache.db(self.store.load, table_id)
            if row is None:
                return
            live = await self.cache.live(row)
            self.broadcast(row, live)

    # ------------------------------------------------------------------ other processes
    async def poll(self) -> None:
        """One poll of the revisions of every table watched here: push those that moved."""
        ids = list(self.conns)
        if ids:
            revs = await self.cache.db(self.store.revisions, ids)
            for table_id, (_version, revision) in revs.items():
                if revision != self.known_revision.get(table_id):
                    await self.push_current(table_id)

    def listen(self) -> threading.Thread | None:
        """On a store that feeds changes (PostgreSQL LISTEN/NOTIFY), follow them from a thread
        (returned, already started); otherwise do nothing (polling carries the changes)."""
        if not (isinstance(self.store, ChangeFeed) and self.store.feeds_changes):
            return None
        loop = asyncio.get_running_loop()
        self._listen_stop = threading.Event()

        def on_change(table_id: str, revision: int | None) -> None:
            loop.call_soon_threadsafe(self._on_notify, table_id, revision)

        listener = threading.Thread(target=self.store.listen, args=(on_change, self._listen_stop),
                                    name="roses-listen", daemon=True)
        listener.start()
        return listener

    def stop(self) -> None:
        self.closing = True
        if self._listen_stop is not None:
            self._listen_stop.set()

    def _on_notify(self, table_id: str, revision: int | None) -> None:
        """Another process (or this one) committed a change at ``table_id``: push it to this
        process's viewers of that table (changes already pushed from here are skipped)."""
        if self.closing or table_id not in self.conns:
            return
        if revision is not None and revision <= self.known_revision.get(table_id, -1):
            return
        task = asyncio.create_task(self._refresh_if_changed(table_id))
        self._notified.add(task)
        task.add_done_callback(self._notified.discard)

    async def _refresh_if_changed(self, table_id: str) -> None:
        try:
            revs = await self.cache.db(self.store.revisions, [table_id])
            if table_id in revs and revs[table_id][1] != self.known_revision.get(table_id):
                await self.push_current(table_id)  # the bots stay with the process that moved them
        except Exception:  # pragma: no cover - polling will catch up
            log.exception("refresh after NOTIFY failed")
