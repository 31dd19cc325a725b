"""A :class:`~roses.server.store.TableStore` in memory: the same contract as the SQL store (the
version compare-and-set, revisions, the lobby's and the expiry's rules), for fast tests and a
throwaway ``roses serve --database-url memory://``. Nothing survives the process."""
from __future__ import annotations

import copy
import dataclasses
import threading
from datetime import datetime, timedelta
from typing import Any, Iterable, Sequence

from .seat_store import seat_holder
from .store import ChatRow, StaleVersion, TableRow, utcnow

MEMORY_URL = "memory://"


class MemoryTableStore:
    """Tables, actions and chat in dicts under one lock; every answer is a copy."""

    #: calls are dict look-ups: the service runs them on the event loop
    inline = True

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, TableRow] = {}
        self._actions: dict[str, list[tuple[int, str]]] = {}
        self._chat: dict[str, list[ChatRow]] = {}
        self._chat_id = 0
        self._beat: datetime | None = None  # the last heartbeat (a process's own: nothing is shared)

    def dispose(self) -> None:
        """Nothing to release (the SQL store closes its connections)."""

    def _row(self, table_id: str) -> TableRow:
        return copy.deepcopy(self._tables[table_id])

    def create_table(self, table: TableRow, actions: Sequence[tuple[int, str]]) -> None:
        with self._lock:
            self._insert(table, actions)

    def _insert(self, table: TableRow, actions: Sequence[tuple[int, str]]) -> None:
        self._tables[table.id] = dataclasses.replace(copy.deepcopy(table), version=len(actions),
                                                     turn_started=table.turn_started or table.created)
        self._actions[table.id] = list(actions)
        self._chat[table.id] = []

    def load(self, table_id: str) -> TableRow | None:
        with self._lock:
            return self._row(table_id) if table_id in self._tables else None

    def actions(self, table_id: str, since: int = 0, until: int | None = None) -> list[tuple[int, str]]:
        with self._lock:
            return list(self._actions.get(table_id, [])[since:until])

    def append_actions(self, table_id: str, expected_version: int, actions: Sequence[tuple[int, str]], *,
                       status: str | None, current_player: int,
                       returns: list[float] | None, row: TableRow | None = None,
                       restart_clock: bool = True, expected_revision: int | None = None) -> TableRow:
        with self._lock:
            t = self._tables.get(table_id)
            if (t is None or t.version != expected_version or t.status == "closed"
                    or expected_revision not in (None, t.revision)
                    or (row is not None and row.takebacks != t.takebacks)):
                raise StaleVersion(-1 if t is None else t.version)
            self._actions[table_id].extend(actions)
            t.version += len(actions)
            t.revision += 1
            t.updated = utcnow()
            if restart_clock:
                t.turn_started = t.updated
            t.current_player = current_player
            t.returns = returns
            if status is not None:
                t.status = status
            return self._row(table_id)

    def take_back(self, table_id: str, expected_version: int, expected_revision: int, seat: int) -> TableRow:
        with self._lock:
            t = self._tables.get(table_id)
            if (t is None or t.version != expected_version or t.revision != expected_revision
                    or t.status == "closed" or t.version == 0):
                raise StaleVersion(-1 if t is None else t.version)
            self._actions[table_id].pop()
            t.version -= 1
            t.revision += 1
            t.takebacks += 1
            t.current_player = seat
            t.updated = t.turn_started = utcnow()
            return self._row(table_id)

    def _bump(self, table_id: str) -> TableRow:
        t = self._tables[table_id]
        t.revision += 1
        return t

    def add_chat(self, table_id: str, seat: int | None, name: str, text: str,
                 talk: dict[str, Any] | None = None) -> ChatRow:
        with self._lock:
            self._bump(table_id)
            self._chat_id += 1
            row = ChatRow(self._chat_id, seat, name, text, utcnow(), copy.deepcopy(talk))
            self._chat[table_id].append(row)
            return copy.deepcopy(row)

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        with self._lock:
            return copy.deepcopy(self._chat.get(table_id, [])[-limit:])

    def talk(self, table_id: str, limit: int = 1000) -> list[ChatRow]:
        with self._lock:
            return copy.deepcopy([c for c in self._chat.get(table_id, []) if c.talk is not None][-limit:])

    def _refresh_status(self, t: TableRow) -> None:
        if t.status == "waiting" and all(s.joined for s in t.seats if s.kind == "human"):
            t.status = "playing"

    def set_seat_bot(self, table_id: str, seat: int, bot: str, name: str | None = None, since: int = 0) -> None:
        with self._lock:
            t = self._bump(table_id)
            s = t.seats[seat]
            s.past = s.past + [seat_holder(s.since, s.name, s.kind, s.bot)]
            s.kind, s.bot, s.joined, s.open, s.name, s.since = "bot", bot, True, False, name, since
            self._refresh_status(t)

    def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        with self._lock:
            self._bump(table_id).seats[seat].name = name

    def set_seat_open(self, table_id: str, seat: int, is_open: bool) -> bool:
        with self._lock:
            s = self._tables[table_id].seats[seat]
            if s.kind != "human" or s.joined or s.open == is_open:
                return False
            s.open = is_open
            self._bump(table_id)
            return True

    def claim_seat(self, table_id: str, seat: int, token_hash: str, *, name: str | None = None,
                   open_only: bool = False) -> bool:
        with self._lock:
            t = self._tables[table_id]
            s = t.seats[seat]
            free = (s.open and not s.joined) if open_only else s.token_hash is None
            if s.kind != "human" or not free:
                return False
            s.token_hash = token_hash
            if open_only:
                s.open, s.joined, s.name = False, True, name
                self._start_clock_if_to_move(t, seat)
            self._bump(table_id)
            self._refresh_status(t)
            return True

    def claim_host(self, table_id: str, token_hash: str) -> bool:
        with self._lock:
            t = self._tables[table_id]
            if t.host_token_hash != "":
                return False
            t.host_token_hash = token_hash
            self._bump(table_id)  # every change to a row moves its revision (TableCache.known_row)
            return True

    def create_rematch(self, old_id: str, table: TableRow, actions: Sequence[tuple[int, str]], by: str) -> str:
        with self._lock:
            old = self._tables[old_id]
            if old.rematch is not None:
                return old.rematch
            old.rematch, old.rematch_by = table.id, by
            self._bump(old_id)
            self._insert(table, actions)
            return table.id

    def mark_joined(self, table_id: str, seat: int) -> bool:
        with self._lock:
            t = self._tables[table_id]
            if t.seats[seat].joined:
                return False
            t.seats[seat].joined = True
            self._start_clock_if_to_move(t, seat)
            self._bump(table_id)
            self._refresh_status(t)
            return True

    @staticmethod
    def _start_clock_if_to_move(t: TableRow, seat: int) -> None:
        if t.current_player == seat:
            t.turn_started = utcnow()

    def set_bot_delay(self, table_id: str, bot_delay_ms: int) -> None:
        with self._lock:
            self._bump(table_id).bot_delay_ms = bot_delay_ms

    def heartbeat(self, now: datetime) -> None:
        with self._lock:
            self._beat = now

    def resume_clocks(self, now: datetime, down_after: timedelta) -> timedelta:
        with self._lock:
            last, self._beat = self._beat, now
            gap = now - last if last is not None else timedelta(0)
            if gap <= down_after:
                return timedelta(0)
            for t in self._tables.values():
                if t.status not in ("finished", "closed") and t.turn_timer_seconds is not None:
                    t.turn_started = (t.turn_started or t.updated) + gap
            return gap

    def close(self, table_id: str) -> bool:
        with self._lock:
            t = self._tables[table_id]
            if t.status in ("finished", "closed"):
                return False
            t.status = "closed"
            self._bump(table_id)
            return True

    @staticmethod
    def _joined(t: TableRow) -> bool:
        return any(s.kind == "human" and s.joined for s in t.seats)

    def list_tables(self, limit: int = 200, recent: datetime | None = None,
                    idle: datetime | None = None) -> list[TableRow]:
        with self._lock:
            rows = [t for t in self._tables.values() if t.status != "closed" and (
                recent is None or self._joined(t) or (t.revision > 0 and t.updated >= recent))
                and (idle is None or t.updated >= idle)]
            rows.sort(key=lambda t: t.created, reverse=True)
            rows.sort(key=lambda t: t.status == "finished")
            return [copy.deepcopy(t) for t in rows[:limit]]

    def expire_unjoined(self, created_before: datetime) -> list[str]:
        with self._lock:
            ids = [t.id for t in self._tables.values()
                   if t.status == "waiting" and t.created < created_before and not self._joined(t)]
            for table_id in ids:
                self._tables[table_id].status = "closed"
                self._bump(table_id)
            return ids

    def revisions(self, table_ids: Iterable[str]) -> dict[str, tuple[int, int]]:
        with self._lock:
            return {i: (self._tables[i].version, self._tables[i].revision) for i in table_ids if i in self._tables}

    def unfinished(self) -> list[str]:
        with self._lock:
            return [t.id for t in self._tables.values() if t.status not in ("finished", "closed")]

    def due_tables(self, older_than: datetime) -> list[str]:
        with self._lock:
            out = []
            for t in self._tables.values():
                if t.status in ("finished", "closed") or t.updated >= older_than:
                    continue
                cp = t.current_player
                seat = t.seats[cp] if 0 <= cp < len(t.seats) else None
                bot = seat is not None and seat.kind == "bot"
                timed = t.turn_timer_seconds is not None and seat is not None and seat.joined
                if timed or cp == -1 or bot:
                    out.append(t.id)
            return out
