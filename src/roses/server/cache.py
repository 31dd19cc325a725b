"""The table cache and the commit path: each table's state in memory (a cache of the store, which
stays the truth), its lock, and the one way a change reaches the store (docs/reliability.md).

Guarantees (issue 6, "Persistence"; issue 13):

* actions at one table are serialised: an ``asyncio.Lock`` per table in a process, the version
  compare-and-set of :meth:`TableStore.append_actions` across processes, so nothing is applied
  twice, even by several processes sharing one database;
* chance outcomes are sampled here with the state's RNG and stored as actions; the RNG itself is
  not stored: each outcome applied uses up one draw (:meth:`State.sample_chance`), so the state
  rebuilt from seed and history holds the RNG where it was;
* on any failure while committing, the cached state is dropped: the next request rebuilds it;
* a lock is held only while someone holds or awaits it, so a request for an unknown table id
  leaves nothing behind (issue 13, fault 3).
"""
from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import anyio.to_thread

from roses.core import CHANCE, State, load
from roses.core.state import replay_history

from .auth import ApiError
from .store import ChatRow, StaleVersion, TableRow, TableStore

#: Chat messages a view carries (the newest).
CHAT_HISTORY = 100
#: Past this many stored actions a table is rebuilt in a worker thread, off the event loop.
REBUILD_IN_THREAD = 200

Db = Callable[..., Awaitable[Any]]


class Moved(ApiError):
    """409: the table's row changed in the store since it was read (its version or revision):
    nothing was stored."""

    @classmethod
    def at(cls, current: int) -> "Moved":
        """The refusal of a change the store found the table at version ``current`` for."""
        return cls(409, {"error": "stale", "version": current, "detail": f"the table is at version {current}"})


@dataclass
class Live:
    """A table's state in memory: a cache only, valid for ``version`` (actions applied) and
    ``revision`` (the table row's change counter, which chat also moves)."""

    state: State
    version: int
    revision: int = -1
    chat: list[ChatRow] = field(default_factory=list)
    #: the row's ``takebacks`` the state was built at (issue 42: after a take-back and a new move
    #: the version is a number it had before, with another last action)
    takebacks: int = 0


class TableCache:
    """The tables of one process in memory, least recently used dropped past ``size``.

    Args:
        store: the :class:`TableStore` (the truth).
        db: runs one blocking store call (``await db(store.load, table_id)``).
        size: how many tables' states to keep.
    """

    def __init__(self, store: TableStore, db: Db, size: int = 2000):
        self.store = store
        self.db = db
        self.size = size
        self.tables: OrderedDict[str, Live] = OrderedDict()
        #: each cached table's row as this process last read or wrote it (:meth:`known_row`)
        self.rows: dict[str, TableRow] = {}
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock; kept while anyone holds or awaits it, then forgotten."""
        lk = self.locks.get(table_id)
        if lk is None:
            lk = self.locks[table_id] = asyncio.Lock()
        return lk

    async def row(self, table_id: str) -> TableRow:
        """The stored table. Raises :class:`ApiError` 404 when there is none."""
        row = await self.db(self.store.load, table_id)
        if row is None:
            raise ApiError(404, {"error": "not found", "detail": f"no table {table_id!r}"})
        if table_id in self.tables:
            self.rows[table_id] = row
        return row

    def known_row(self, table_id: str) -> TableRow | None:
        """The table's row as this process last read or wrote it, without asking the store; it
        may be behind another process's change. Such a row may only say yes: a move made on it is
        stored by compare-and-set on its version and revision (every change to a table's row moves
        one of them), so a stale row's move is refused (:class:`Moved`), and a refusal is checked
        again on the stored row (``TableService.act``)."""
        return self.rows.get(table_id)

    async def live(self, row: TableRow) -> Live:
        """The table's state at the stored version (call under the table's lock): from the cache,
        caught up with actions stored by other processes, or rebuilt from the store."""
        live = self.tables.get(row.id)
        if live is not None and (live.version > row.version or live.takebacks != row.takebacks):
            live = None  # a move was taken back (issue 42): rebuilt from the stored actions
        if live is None:
            # Up to the row's version only: another process may have appended since the row was read.
            history = await self.db(self.store.actions, row.id, 0, row.version)
            if len(history) > REBUILD_IN_THREAD:
                state = await anyio.to_thread.run_sync(rebuild, row.game, row.params, row.seed, history)
            else:
                state = rebuild(row.game, row.params, row.seed, history)
            live = Live(state, len(state.history), takebacks=row.takebacks)
        elif live.version < row.version:
            replay_history(live.state, await self.db(self.store.actions, row.id, live.version, row.version))
            live.version = len(live.state.history)
        if live.version != row.version:  # pragma: no cover - the store is inconsistent
            self.drop(row.id)
            raise RuntimeError(f"table {row.id}: {live.version} actions stored, version says {row.version}")
        if live.revision != row.revision:
            live.chat = await self.db(self.store.chat, row.id, CHAT_HISTORY)
            live.revision = row.revision
        self.put(row.id, live)
        self.rows[row.id] = row
        return live

    def put(self, table_id: str, live: Live) -> None:
        """Keep ``live`` as the table's state (most recently used)."""
        self.tables[table_id] = live
        self.tables.move_to_end(table_id)
        while len(self.tables) > self.size:
            old, _ = self.tables.popitem(last=False)
            self.rows.pop(old, None)

    def drop(self, table_id: str) -> None:
        self.tables.pop(table_id, None)
        self.rows.pop(table_id, None)

    async def commit(self, row: TableRow, live: Live, moves: list[tuple[int, Any]],
                     same_row: bool = False) -> TableRow:
        """Apply ``moves`` (``(seat, action)``) and the chance outcomes that follow, then store
        them all by compare-and-set on ``row.version`` (and ``row.revision`` with ``same_row``:
        the moves were checked on ``row`` as it is stored, seats and status included); returns
        the new row. Call under the table's lock. Raises :class:`Moved` (409) when the table
        moved first; on any failure the cached state is dropped (the store stays the truth)."""
        state = live.state
        texts: list[tuple[int, str]] = []
        mover = state.current_player()
        # Only a game that hides some steps (Rare Roses' deal drafts) can make a private step.
        seen_before = others_seen(state, mover) if hides_steps(state) else None
        try:
            for seat, action in moves:
                state.apply(action)
                texts.append((seat, str(action)))
            while state.is_chance_node():
                outcome = state.sample_chance()
                state.apply(outcome)
                texts.append((CHANCE, str(outcome)))
            terminal = state.is_terminal()
            new_row = await self.db(
                self.store.append_actions, row.id, row.version, texts,
                expected_revision=row.revision if same_row else None,
                status="finished" if terminal else None,
                current_player=state.current_player(), returns=list(state.returns()) if terminal else None,
                row=row, restart_clock=seen_before is None or not private_step(state, mover, seen_before))
        except StaleVersion as e:
            self.drop(row.id)
            raise Moved.at(e.current) from None
        except BaseException:
            self.drop(row.id)
            raise
        live.version = new_row.version
        if row.id in self.tables:
            self.rows[row.id] = new_row
        if new_row.revision == row.revision + 1:
            live.revision = new_row.revision  # only our change: the chat we hold is current
        else:
            live.chat = await self.db(self.store.chat, row.id, CHAT_HISTORY)
            live.revision = new_row.revision
        return new_row


def hides_steps(state: State) -> bool:
    """Whether the game of ``state`` overrides :meth:`State.unseen_actions` (the conformance
    checks' test too): only then can a step be hidden from a seat."""
    return type(state).unseen_actions is not State.unseen_actions


def others_seen(state: State, mover: int) -> list[int]:
    """How many actions each seat but ``mover`` (a spectator first) has seen happen."""
    return [state.seen_actions(s) for s in (None, *range(state.num_players)) if s != mover]


def private_step(state: State, mover: int, seen_before: list[int]) -> bool:
    """Whether the actions just applied were a private step of ``mover`` (the seat that was to
    move; ``seen_before``: :func:`others_seen` before them): nobody else saw them happen, so the
    turn's clock runs on (issue 43, finding 6: a deadline that moved with each deal-draft step
    let the other seats count them). The core's conformance check ``check_unseen`` proves such
    a step changed nothing another seat sees, the seat to move included."""
    return mover >= 0 and others_seen(state, mover) == seen_before


def deal(game: Any, seed: int) -> tuple[State, list[tuple[int, str]]]:
    """A new state of ``game`` with its opening chance outcomes (the deal) sampled and applied;
    returns the state and those outcomes as ``(CHANCE, text)`` (stored like any chance outcome)."""
    state = game.new_initial_state(seed)
    first: list[tuple[int, str]] = []
    while state.is_chance_node():
        outcome = state.sample_chance()
        state.apply(outcome)
        first.append((CHANCE, str(outcome)))
    return state, first


def rebuild(game_name: str, params: dict[str, Any], seed: int, history: list[Any]) -> State:
    """The state of a stored table: its game's initial state with ``history`` replayed."""
    state = load(game_name, **params).new_initial_state(seed)
    replay_history(state, history)
    return state
