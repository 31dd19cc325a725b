"""The table service: the rules of the browser table, on the game core and a :class:`TableStore`.

This module is the facade the app calls (create, view, act, chat, seats, close, hint, record,
connect) and holds the table cache, the commit path and the change feed between processes; its
parts live beside it: :mod:`.auth` (tokens, who is asking), :mod:`.views` (what a seat is shown),
:mod:`.pushes` (a WebSocket's outbox), :mod:`.runner` (when and how bots and timers move),
:mod:`.names` (text people type), :mod:`.schemas` (the HTTP contract), :mod:`.limits`.

Everything here is game-agnostic: it only uses ``roses.core.load``, ``State`` (``observation``,
``legal_actions``, ``action_from_text``, chance sampling), ``GameRecord`` and the agents.

Guarantees (issue 6, "Rules on the server" and "Persistence"):

* every request is checked against a seat token (random secrets, stored only as SHA-256 hashes);
* each view holds only ``state.observation(seat)`` for the asking seat (spectators: ``None``);
* an illegal action is refused with the rule's message and nothing changes;
* each action carries the version it was made on; a stale version is refused (409) and, because
  the store appends by compare-and-set and the action index is a primary key, nothing is applied
  twice, even by several processes sharing one database;
* actions at one table are serialised: an ``asyncio.Lock`` per table in a process, the version
  compare-and-set across processes;
* chance outcomes are sampled here with the state's RNG and stored as actions; the RNG itself is
  not stored: each outcome applied uses up one draw, so the state rebuilt from seed and history
  holds the RNG where it was, and a restarted server continues the same game exactly;
* each accepted action is committed before any view is pushed;
* bots (and the turn timer's stand-in bot) move from a background task per table; a bot's choice
  is seeded by ``(table seed, version, seat)`` so a restart (or a second process) makes the same move.
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import Any, Callable

import anyio
import anyio.to_process
import anyio.to_thread

from roses.core import CHANCE, TERMINAL, GameRecord, IllegalActionError, State, get_spec, load, to_jsonable
from roses.core.errors import ECHO, shorten
from roses.core.state import replay_history

from . import auth, runner, talk as table_talk, views
from .auth import ApiError, Who, hash_token, new_token, refuse_if_closed
from .names import clean_text, name_refusal
from .pushes import Conn
from .runner import bot_seed
from .views import bot_names, chat_json, default_name, timer_bot
from .store import ChangeFeed, ChatRow, StaleVersion, TableRow, TableStore, utcnow

log = logging.getLogger("roses.server")

MAX_CHAT = 500
#: Why a fixed seed is refused at a table of two or more human seats (docs/server-api.md).
SEED_REFUSED = ("a fixed seed would let whoever knows it rebuild every hidden card; "
                "leave it empty when two or more people play")
CHAT_HISTORY = 100
MAX_ACTION_TEXT = 10_000


#: Why hints are refused at a table of two or more human seats (docs/server-api.md).
HINTS_REFUSED = ("hints are only for tables with at most one human seat: "
                 "a hint would help one player against another")


@dataclass
class Live:
    """A table's state in memory: a cache only, valid for ``version``."""

    state: State
    version: int
    revision: int = -1
    chat: list[ChatRow] = field(default_factory=list)


class TableService:
    """The browser table's logic; one per process (the web app holds it).

    Args:
        store: the :class:`TableStore` (the truth).
        bot_delay_ms: default pause before a bot moves, for new tables.
        poll_interval: seconds between polls of the store for changes made by other processes.
        cache_size: how many tables' states to keep in memory.
        new_seed: where the seed of a table created without one comes from (default: the
            operating system's randomness, :class:`random.SystemRandom`; tests fix it).
    """

    def __init__(self, store: TableStore, bot_delay_ms: int = 400, poll_interval: float = 0.5,
                 cache_size: int = 2000, new_seed: Callable[[], int] | None = None, limits: Any = None):
        from .limits import Limits

        self.limits = limits or Limits()
        self.by_address: dict[str, int] = {}  # open WebSockets per client address
        self.store = store
        self.new_seed: Callable[[], int] = new_seed or (lambda: random.SystemRandom().randrange(2**63))
        self.inline_db = store.inline
        self.bot_delay_ms = bot_delay_ms
        self.poll_interval = poll_interval
        self.cache_size = cache_size
        self.cache: OrderedDict[str, Live] = OrderedDict()
        # Held only while in use (a request for an unknown id must leave nothing behind).
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.runners: dict[str, asyncio.Task] = {}
        self.wakers: dict[str, asyncio.Event] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.known_revision: dict[str, int] = {}
        self.chat_pushed: dict[str, int] = {}  # watched table -> id of the last chat message pushed
        self.closing = False
        self._background: list[asyncio.Task] = []
        self._notified: set[asyncio.Task] = set()
        self._listen_stop: threading.Event | None = None
        self._listener: threading.Thread | None = None
        from .analysis import Slots

        self.hint_slots = Slots()  # (table, seat) of the hints being worked out: one at a time each

    # ------------------------------------------------------------------ plumbing
    async def db(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """Run a (blocking) store call: in a worker thread for a networked database; inline for
        SQLite, whose calls are short local file operations (a thread hop per call would cost more
        than the call, and worker threads fight the event loop for the GIL under load)."""
        if self.inline_db:
            return fn(*args, **kw)
        return await anyio.to_thread.run_sync(partial(fn, *args, **kw))

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock; kept while anyone holds or awaits it, then forgotten."""
        lk = self.locks.get(table_id)
        if lk is None:
            lk = self.locks[table_id] = asyncio.Lock()
        return lk

    async def start(self) -> None:
        """Resume every unfinished table (bots, timers), start the poller and, on PostgreSQL, the
        LISTEN/NOTIFY listener."""
        for table_id in await self.db(self.store.unfinished):
            self.kick(table_id)
        self._background.append(asyncio.create_task(self._poll_loop()))
        if isinstance(self.store, ChangeFeed) and self.store.feeds_changes:
            loop = asyncio.get_running_loop()
            self._listen_stop = threading.Event()

            def on_change(table_id: str, revision: int | None) -> None:
                loop.call_soon_threadsafe(self._on_notify, table_id, revision)

            self._listener = threading.Thread(target=self.store.listen, args=(on_change, self._listen_stop),
                                              name="roses-listen", daemon=True)
            self._listener.start()

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
            revs = await self.db(self.store.revisions, [table_id])
            if table_id in revs and revs[table_id][1] != self.known_revision.get(table_id):
                await self.push_current(table_id)  # the bots stay with the process that moved them
        except Exception:  # pragma: no cover - polling will catch up
            log.exception("refresh after NOTIFY failed")

    async def stop(self) -> None:
        self.closing = True
        if self._listen_stop is not None:
            self._listen_stop.set()
        tasks = self._background + list(self.runners.values())
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass

    async def _row(self, table_id: str) -> TableRow:
        row = await self.db(self.store.load, table_id)
        if row is None:
            raise ApiError(404, {"error": "not found", "detail": f"no table {table_id!r}"})
        return row

    async def _live(self, row: TableRow) -> Live:
        """The table's state at the stored version (call under the table's lock): from the cache,
        caught up with actions stored by other processes, or rebuilt from the store."""
        live = self.cache.get(row.id)
        if live is not None and live.version > row.version:  # pragma: no cover - defensive
            live = None
        if live is None:
            # Up to the row's version only: another process may have appended since the row was read.
            history = await self.db(self.store.actions, row.id, 0, row.version)
            if len(history) > 200:  # a long game takes a while to replay: not on the event loop
                state = await anyio.to_thread.run_sync(rebuild, row.game, row.params, row.seed, history)
            else:
                state = rebuild(row.game, row.params, row.seed, history)
            live = Live(state, len(state.history))
        elif live.version < row.version:
            replay_history(live.state, await self.db(self.store.actions, row.id, live.version, row.version))
            live.version = len(live.state.history)
        # No RNG state is stored: each chance outcome applied uses up one draw of the state's RNG
        # (State.sample_chance), so the rebuilt RNG stands where the live one stood.
        if live.version != row.version:  # pragma: no cover - the store is inconsistent
            self.cache.pop(row.id, None)
            raise RuntimeError(f"table {row.id}: {live.version} actions stored, version says {row.version}")
        if live.revision != row.revision:
            live.chat = await self.db(self.store.chat, row.id, CHAT_HISTORY)
            live.revision = row.revision
        self.cache[row.id] = live
        self.cache.move_to_end(row.id)
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)
        return live

    def _drop(self, table_id: str) -> None:
        self.cache.pop(table_id, None)

    # ------------------------------------------------------------------ auth
    playing_seat = staticmethod(auth.playing_seat)

    authorize = staticmethod(auth.authorize)

    async def _join(self, row: TableRow, who: Who) -> TableRow:
        """A human seat's token was used: remember that the seat joined."""
        if who.seat is None:
            return row
        s = row.seats[who.seat]
        if s.kind == "human" and not s.joined:
            if await self.db(self.store.mark_joined, row.id, who.seat):
                row = await self._row(row.id)
        return row

    # ------------------------------------------------------------------ views
    def seat_info(self, row: TableRow) -> list[dict[str, Any]]:
        return views.seat_info(row, self.live_seats(row.id))

    def view(self, row: TableRow, live: Live, who: Who) -> dict[str, Any]:
        return views.view(row, live, who, self.live_seats(row.id))

    def live_seats(self, table_id: str) -> set[int | None]:
        return {c.who.seat for c in self.conns.get(table_id, ())}

    def public_table(self, row: TableRow) -> dict[str, Any]:
        return views.public_table(row, self.live_seats(row.id))

    # ------------------------------------------------------------------ pushes
    def _broadcast(self, row: TableRow, live: Live) -> None:
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
                        event = json.dumps({"type": "chat", "revision": row.revision, "message": chat_json(c)})
                        for conn in conns:
                            conn.push_event(event)
            self.chat_pushed[row.id] = max(live.chat[-1].id, seen or -1)
        elif seen is None:
            self.chat_pushed[row.id] = -1
        texts: dict[tuple[int | None, bool, int | None], tuple[str, str]] = {}
        for c in list(conns):
            key = (c.who.seat, c.who.host, c.who.replaced)
            if key not in texts:
                view = self.view(row, live, c.who)
                del view["chat"]  # chat travels as chat events; a page GETs the history
                same = json.dumps({**view, "revision": None})
                texts[key] = (json.dumps({"type": "view", **view}), same)
            c.push_view(*texts[key])

    async def push_current(self, table_id: str) -> None:
        """Load the table and push its view to every local connection."""
        async with self.lock(table_id):
            row = await self.db(self.store.load, table_id)
            if row is None:
                return
            live = await self._live(row)
            self._broadcast(row, live)

    async def connect(self, table_id: str, token: str | None, address: str = "?") -> Conn:
        """Register a WebSocket connection; its first message is the current view. Raises
        :class:`ApiError` (404, 401; 429 past the sockets a table or an address may hold)."""
        if len(self.conns.get(table_id, ())) >= self.limits.sockets_per_table:
            raise ApiError(429, {"error": "too many requests",
                                 "detail": f"this table has {self.limits.sockets_per_table} live connections already"})
        if self.by_address.get(address, 0) >= self.limits.sockets_per_address:
            raise ApiError(429, {"error": "too many requests",
                                 "detail": f"your address has {self.limits.sockets_per_address} live connections already"})
        async with self.lock(table_id):
            row = await self._row(table_id)
            who = self.authorize(row, token)
            row = await self._join(row, who)
            conn = Conn(table_id, who, address)
            self.conns.setdefault(table_id, set()).add(conn)
            self.by_address[address] = self.by_address.get(address, 0) + 1
            live = await self._live(row)
            self._broadcast(row, live)  # everyone sees the seat connected; the newcomer its view
        return conn

    async def disconnect(self, conn: Conn) -> None:
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
        if not self.closing and self.conns.get(conn.table_id):
            try:
                await self.push_current(conn.table_id)
            except Exception:  # pragma: no cover - best effort
                log.exception("push after disconnect failed")

    async def _poll_loop(self) -> None:
        """Carry changes made by other processes: poll the revision of every table watched here
        and push a new view when it moved; now and then, resume tables whose bot or timer turn
        nobody is handling (e.g. the process running it died)."""
        ticks = 0
        while not self.closing:
            await asyncio.sleep(self.poll_interval)
            ticks += 1
            try:
                ids = list(self.conns)
                if ids:
                    revs = await self.db(self.store.revisions, ids)
                    for table_id, (_version, revision) in revs.items():
                        if revision != self.known_revision.get(table_id):
                            await self.push_current(table_id)
                if ticks % 100 == 1:
                    await self.expire_unjoined()
                if ticks % 10 == 0:
                    for table_id in await self.db(self.store.due_tables, utcnow() - timedelta(seconds=2)):
                        task = self.runners.get(table_id)
                        if task is None or task.done():
                            self.kick(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # keep polling; the database may be back soon
                log.exception("poll failed")

    # ------------------------------------------------------------------ changes
    async def _commit(self, row: TableRow, live: Live, moves: list[tuple[int, Any]]) -> TableRow:
        """Apply ``moves`` and the chance outcomes that follow (sampled with the state's RNG), then
        store them all by compare-and-set on ``row.version``. Call under the table's lock.
        On any failure the cached state is dropped (the store stays the truth)."""
        state = live.state
        texts: list[tuple[int, str]] = []
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
                status="finished" if terminal else None,
                current_player=state.current_player(), returns=list(state.returns()) if terminal else None,
                row=row)
        except StaleVersion as e:
            self._drop(row.id)
            raise ApiError(409, {"error": "stale", "version": e.current,
                                 "detail": f"the table is at version {e.current}"}) from None
        except BaseException:
            self._drop(row.id)
            raise
        live.version = new_row.version
        if new_row.revision == row.revision + 1:
            live.revision = new_row.revision  # only our change: the chat we hold is current
        else:
            live.chat = await self.db(self.store.chat, row.id, CHAT_HISTORY)
            live.revision = new_row.revision
        return new_row

    async def create(self, body: dict[str, Any], default_bot_delay_ms: int | None = None) -> dict[str, Any]:
        """Create a table (docs/server-api.md, POST /api/tables). Raises :class:`ApiError` 422
        naming the bad field or parameter."""
        from roses.core import GameParameterError, UnknownGameError

        if not isinstance(body, dict):
            raise ApiError(422, {"error": "invalid", "detail": "the body must be a JSON object"})
        name = body.get("game")
        if name is None or name == "":
            raise ApiError(422, {"error": "game", "param": "game", "detail": "game is required"})
        if not isinstance(name, str):
            raise ApiError(422, {"error": "game", "param": "game", "detail": "game must be a string (a game's name)"})
        try:
            spec = get_spec(shorten(name))
        except UnknownGameError as e:
            raise ApiError(422, {"error": "game", "param": "game", "detail": str(e)}) from None
        seats_in = body.get("seats")
        if not isinstance(seats_in, list) or not seats_in:
            raise ApiError(422, {"error": "seats", "param": "seats", "detail": "seats must be a non-empty list"})
        params = body.get("params") or {}
        if not isinstance(params, dict):
            raise ApiError(422, {"error": "params", "param": "params", "detail": "params must be an object"})
        params = dict(params)
        if params.get("players") is None:
            params["players"] = len(seats_in)
        try:
            game = load(spec.name, **params)
        except GameParameterError as e:
            raise ApiError(422, {"error": "params", "param": e.name, "detail": str(e)}) from None
        if len(seats_in) != game.num_players:
            raise ApiError(422, {"error": "seats", "param": "seats",
                                 "detail": f"{game.num_players} players need {game.num_players} seats, "
                                           f"got {len(seats_in)}"})
        known_bots = bot_names(spec)
        from .store import SeatRow

        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(seats_in):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise ApiError(422, {"error": "seats", "param": f"seats[{i}].kind",
                                     "detail": f"seats[{i}].kind must be 'human' or 'bot'"})
            sname = s.get("name")
            if sname is not None and (not isinstance(sname, str) or len(sname) > 100):
                raise ApiError(422, {"error": "seats", "param": f"seats[{i}].name",
                                     "detail": f"seats[{i}].name must be a string of at most 100 characters"})
            sname = clean_text(sname or "", newlines=False).strip() or None
            if sname is not None:
                why = name_refusal(sname, [x.name for x in seats if x.name], bot=s["kind"] == "bot")
                if why:
                    raise ApiError(422, {"error": "seats", "param": f"seats[{i}].name", "detail": why})
            if s["kind"] == "bot":
                bot = s.get("bot") or timer_bot(spec)
                if bot not in known_bots:
                    raise ApiError(422, {"error": "seats", "param": f"seats[{i}].bot",
                                         "detail": f"seats[{i}].bot: unknown bot {bot!r}; known: {', '.join(known_bots)}"})
                seats.append(SeatRow(i, "bot", bot, sname, None, True))
            else:
                tokens[i] = new_token()
                seats.append(SeatRow(i, "human", None, sname, hash_token(tokens[i]), False))
        timer = body.get("turn_timer_seconds")
        if timer == 0 and not isinstance(timer, bool):  # 0 reads as "no timer"
            timer = None
        if timer is not None and (isinstance(timer, bool) or not isinstance(timer, int) or not 1 <= timer <= 86400):
            raise ApiError(422, {"error": "turn_timer_seconds", "param": "turn_timer_seconds",
                                 "detail": "turn_timer_seconds must be null (or 0: no timer) or a whole number from 1 to 86400"})
        delay = body.get("bot_delay_ms")
        if delay is None:
            delay = self.bot_delay_ms if default_bot_delay_ms is None else default_bot_delay_ms
        if isinstance(delay, bool) or not isinstance(delay, int) or not 0 <= delay <= 60000:
            raise ApiError(422, {"error": "bot_delay_ms", "param": "bot_delay_ms",
                                 "detail": "bot_delay_ms must be a whole number from 0 to 60000"})
        table_name = body.get("name")
        if table_name is None:
            table_name = ""
        if not isinstance(table_name, str) or len(table_name) > 200:
            raise ApiError(422, {"error": "name", "param": "name",
                                 "detail": "name must be a string of at most 200 characters"})
        table_name = clean_text(table_name, newlines=False)
        seed = body.get("seed")
        if seed is None:
            seed = self.new_seed()
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ApiError(422, {"error": "seed", "param": "seed", "detail": "seed must be a whole number in [0, 2^63)"})
        elif len(tokens) > 1:
            # The seed fixes every chance outcome: whoever knows it rebuilds the deal offline and
            # reads every seat's hidden cards (ruling of the tester's report, item 1).
            raise ApiError(422, {"error": "seed", "param": "seed", "detail": SEED_REFUSED})

        hints = body.get("hints")
        if hints is not None and not isinstance(hints, bool):
            raise ApiError(422, {"error": "hints", "param": "hints", "detail": "hints must be true or false"})
        if hints and len(tokens) > 1:
            raise ApiError(422, {"error": "hints", "param": "hints", "detail": HINTS_REFUSED})

        try:  # building and dealing a big game takes a while: not on the event loop
            state, first = await anyio.to_thread.run_sync(deal, game, seed)
        except GameParameterError as e:
            raise ApiError(422, {"error": "params", "param": e.name, "detail": str(e)}) from None
        host_token = new_token()
        now = utcnow()
        terminal = state.is_terminal()
        row = TableRow(
            id=secrets.token_hex(6), game=spec.name, params=to_jsonable(dict(game.params)), seed=seed,
            name=table_name.strip(), created=now, updated=now, version=len(first), revision=0,
            status="finished" if terminal else ("waiting" if tokens else "playing"),
            current_player=state.current_player(),
            returns=list(state.returns()) if terminal else None, turn_timer_seconds=timer,
            bot_delay_ms=delay, host_token_hash=hash_token(host_token), seats=seats,
            options={"hints": True} if hints else {})
        await self.db(self.store.create_table, row, first)
        self.cache[row.id] = Live(state, len(first), 0, [])
        self.kick(row.id)
        out_seats = []
        for s in seats:
            d: dict[str, Any] = {"seat": s.seat, "kind": s.kind, "name": s.name or default_name(s.seat, s.kind, s.bot)}
            if s.kind == "bot":
                d["bot"] = s.bot
            else:
                d["token"] = tokens[s.seat]
                d["join_url"] = f"/t/{row.id}?token={tokens[s.seat]}"
            out_seats.append(d)
        return {"table_id": row.id, "host_token": host_token, "seats": out_seats}

    async def get_view(self, table_id: str, token: str | None) -> dict[str, Any]:
        async with self.lock(table_id):
            row = await self._row(table_id)
            who = self.authorize(row, token)
            joined_now = row.seats[who.seat].joined is False if who.seat is not None else False
            row = await self._join(row, who)
            live = await self._live(row)
            if joined_now and row.seats[who.seat].joined:
                self._broadcast(row, live)
            return self.view(row, live, who)

    async def act(self, table_id: str, token: str | None, text: Any, version: Any) -> dict[str, Any]:
        """A seat's action (docs/server-api.md, POST /api/tables/{id}/actions)."""
        if not token:
            raise ApiError(401, {"error": "unauthorized", "detail": "a seat token is required"})
        if not isinstance(text, str) or isinstance(version, bool) or not isinstance(version, int):
            raise ApiError(422, {"error": "invalid", "detail": "body must be {action: text, version: int}"})
        if len(text) > MAX_ACTION_TEXT:
            raise ApiError(422, {"error": "invalid", "param": "action",
                                 "detail": f"the action text is longer than {MAX_ACTION_TEXT} characters: {shorten(text)!r}"})
        async with self.lock(table_id):
            row = await self._row(table_id)
            who = self.playing_seat(row, token, "this token holds no seat at this table")
            row = await self._join(row, who)
            live = await self._live(row)
            if version != row.version:
                raise ApiError(409, {"error": "stale", "version": row.version,
                                     "detail": f"the table is at version {row.version}, not {version}"})
            state = live.state
            cp = state.current_player()
            if cp == TERMINAL:
                raise ApiError(403, {"error": "forbidden", "detail": "the game is over"})
            if cp != who.seat:
                raise ApiError(403, {"error": "forbidden", "detail": f"it is not seat {who.seat}'s turn"})
            if row.seats[cp].kind != "human":
                raise ApiError(403, {"error": "forbidden", "detail": f"seat {cp} is played by a bot now"})
            try:
                action = state.action_from_text(text)
            except IllegalActionError as e:
                message = e.message
                if len(text) > ECHO:  # quote a long text only in part
                    message = message.replace(text, shorten(text))
                raise ApiError(422, {"error": "illegal", "rule": e.rule, "message": shorten(message, 1000)}) from None
            row = await self._commit(row, live, [(cp, action)])
            self._broadcast(row, live)
            if self._plan(row, live.state) is not None:  # a bot, chance or a timer is next
                self.kick(table_id)
            return self.view(row, live, who)

    async def chat(self, table_id: str, token: str | None, text: Any) -> dict[str, Any]:
        if not token:
            raise ApiError(401, {"error": "unauthorized", "detail": "a seat token is required to chat"})
        if isinstance(text, str):
            text = clean_text(text)
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHAT:
            raise ApiError(422, {"error": "invalid", "param": "text",
                                 "detail": f"chat text must be 1 to {MAX_CHAT} characters"})
        async with self.lock(table_id):
            row = await self._row(table_id)
            who = self.authorize(row, token)
            if who.replaced is not None and not who.host:
                raise ApiError(403, {"error": "forbidden", "detail": f"seat {who.replaced} is now played by a bot"})
            refuse_if_closed(row)
            row = await self._join(row, who)
            if who.seat is None:
                name = "host"
            else:
                s = row.seats[who.seat]
                name = s.name or default_name(s.seat, s.kind, s.bot)
            await self.db(self.store.add_chat, table_id, who.seat, name, text.strip())
            row = await self._row(table_id)
            live = await self._live(row)
            self._broadcast(row, live)
            return self.view(row, live, who)

    async def talk(self, table_id: str, token: str | None, body: Any) -> dict[str, Any]:
        """A seat's table-talk statement (docs/server-api.md, POST /api/tables/{id}/talk), stored as
        a chat message with its ``talk`` object (:mod:`.talk`); it changes no game state. Raises
        :class:`ApiError` 401/403/404/409 (closed or finished)/422 (a statement the game's talk
        rules refuse)."""
        if not token:
            raise ApiError(401, {"error": "unauthorized", "detail": "a seat token is required for table talk"})
        async with self.lock(table_id):
            row = await self._row(table_id)
            who = self.playing_seat(row, token, "only a player at the table can talk")
            refuse_if_closed(row)
            live = await self._live(row)
            if live.state.is_terminal():
                raise ApiError(409, {"error": "finished", "detail": "the game is over"})
            said = table_talk.statement(row, live.state, who.seat, body)
            row = await self._join(row, who)
            await self._say(row, live, said)
            row = await self._row(table_id)
            live = await self._live(row)
            self._broadcast(row, live)
            return self.view(row, live, who)

    async def _say(self, row: TableRow, live: Live, said: Any) -> None:
        """Store the statement ``said`` (a :class:`~roses.core.talk.Talk`) as a chat message."""
        await self.db(self.store.add_chat, row.id, said.seat, table_talk.seat_label(row, said.seat),
                      table_talk.words(said, row, live.state.game.spec), talk=table_talk.stored(said, live.state))

    async def heard(self, table_id: str) -> tuple[Any, ...]:
        """The table's talk so far (:class:`~roses.core.talk.Talk`, oldest first): what bots hear."""
        return table_talk.heard(await self.db(self.store.talk, table_id))

    authorize_host = staticmethod(auth.authorize_host)

    async def seat_to_bot(self, table_id: str, seat: int, token: str | None, bot: Any) -> dict[str, Any]:
        """The host hands a seat to a bot (its player left)."""
        async with self.lock(table_id):
            row = await self._row(table_id)
            who = self.authorize_host(row, token, "hand a seat to a bot")
            if not 0 <= seat < len(row.seats):
                raise ApiError(404, {"error": "not found", "detail": f"no seat {seat} at this table"})
            if row.status == "finished":
                # The record names who played: a finished game's seats stay as they were.
                raise ApiError(409, {"error": "finished", "detail": "the game is over: its seats can no longer change"})
            refuse_if_closed(row)
            spec = get_spec(row.game)
            bot = bot or timer_bot(spec)
            if bot not in bot_names(spec):
                raise ApiError(422, {"error": "bot", "param": "bot",
                                     "detail": f"unknown bot {bot!r}; known: {', '.join(bot_names(spec))}"})
            await self.db(self.store.set_seat_bot, table_id, seat, bot)
            for c in self.conns.get(table_id, ()):  # the old player's pages now watch
                if c.who.seat == seat:
                    c.who = Who(None, host=c.who.host, token=True, replaced=seat)
            if who.seat == seat:
                who = Who(None, host=who.host, token=True, replaced=seat)
            row = await self._row(table_id)
            live = await self._live(row)
            self._broadcast(row, live)
            self.kick(table_id)
            return self.view(row, live, who)

    async def close(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The host closes an unfinished table (docs/server-api.md, POST /api/tables/{id}/close):
        its status becomes ``closed``, the lobby lists it no more, its seats and bots move no
        more (409). Closing a closed table again changes nothing. Raises :class:`ApiError` 401
        (no or unknown token), 403 (not the host), 404, 409 (the game is over)."""
        async with self.lock(table_id):
            row = await self._row(table_id)
            who = self.authorize_host(row, token, "close it")
            if row.status == "finished":
                raise ApiError(409, {"error": "finished", "detail": "the game is over: a finished table stays as it ended"})
            if row.status != "closed":
                await self.db(self.store.close, table_id)
                row = await self._row(table_id)
            live = await self._live(row)
            self._broadcast(row, live)
            self.kick(table_id)  # the table's background task sees the status and ends
            return self.view(row, live, who)

    async def hint(self, table_id: str, token: str | None) -> dict[str, Any]:
        """A hint for the asking seat's turn (docs/server-api.md, POST /api/tables/{id}/hint):
        the search level's move for the seat, worked out in a worker thread on a copy of the state
        (through :class:`Turn`: the seat's own information only). One hint at a time per seat (429).
        Raises :class:`ApiError` 401/403/404/409/429."""
        from . import analysis

        if not token:
            raise ApiError(401, {"error": "unauthorized", "detail": "a seat token is required to ask for a hint"})
        async with self.lock(table_id):
            row = await self._row(table_id)
            who = self.playing_seat(row, token, "only a player at the table can ask for a hint")
            if not row.options.get("hints"):
                raise ApiError(403, {"error": "forbidden", "detail": "this table does not allow hints"})
            live = await self._live(row)
            cp = live.state.current_player()
            if cp == TERMINAL:
                raise ApiError(403, {"error": "forbidden", "detail": "the game is over"})
            if cp != who.seat:
                raise ApiError(403, {"error": "forbidden", "detail": "a hint is for your own turn: it is not your turn"})
            twin = live.state.clone()
            version = row.version
        key = (table_id, who.seat)
        self.hint_slots.take(key, "a hint for your seat is already being worked out; wait for it", "")
        try:
            out = await anyio.to_thread.run_sync(analysis.run_hint, twin, bot_seed(row.seed, version, who.seat))
        finally:
            self.hint_slots.give(key)
        return {**out, "seat": who.seat, "version": version}

    async def record(self, table_id: str) -> dict[str, Any]:
        async with self.lock(table_id):
            row = await self._row(table_id)
            live = await self._live(row)
            if not live.state.is_terminal():
                if row.status == "closed":
                    raise ApiError(409, {"error": "closed",
                                         "detail": "the host closed this table before the game ended: it has no record"})
                raise ApiError(409, {"error": "not finished",
                                     "detail": "the record is available once the game has ended"})
            players = ["human" if s.kind == "human" else f"bot:{s.bot}" for s in row.seats]
            record = GameRecord.from_state(live.state, players).to_json()
            talk = table_talk.record_talk(await self.db(self.store.talk, table_id))
            return {**record, "talk": talk} if talk else record

    async def list_tables(self) -> list[dict[str, Any]]:
        """The lobby: open tables where a human joined or something happened lately (a table that
        was only created, maybe by a flood of anonymous requests, is not listed)."""
        recent = utcnow() - timedelta(seconds=self.limits.lobby_recent_seconds)
        return [self.public_table(r) for r in await self.db(self.store.list_tables, 200, recent)]

    async def expire_unjoined(self) -> list[str]:
        """Close every waiting table that no human joined within ``unjoined_ttl_seconds`` of its
        creation (its links were never used); returns their ids."""
        older = utcnow() - timedelta(seconds=self.limits.unjoined_ttl_seconds)
        ids = await self.db(self.store.expire_unjoined, older)
        for table_id in ids:
            self._drop(table_id)
        return ids

    # ------------------------------------------------------------------ bots and timers
    def kick(self, table_id: str) -> None:
        """Make sure the table's background task looks at it (bots, chance, turn timer)."""
        if self.closing:
            return
        ev = self.wakers.get(table_id)
        if ev is None:
            ev = self.wakers[table_id] = asyncio.Event()
        ev.set()
        task = self.runners.get(table_id)
        if task is None or task.done():
            self.runners[table_id] = asyncio.create_task(self._run_table(table_id))

    _plan = staticmethod(runner.plan)

    _bot_action = staticmethod(runner.bot_action)

    async def _run_table(self, table_id: str) -> None:
        """The table's background task: while the server is to move (a bot's seat, chance, a
        timed-out human), wait until it is due and move; end when a human without a timer is to
        move or the game is over; :meth:`kick` starts it again."""
        ev = self.wakers[table_id]
        try:
            while not self.closing:
                ev.clear()
                async with self.lock(table_id):
                    row = await self.db(self.store.load, table_id)
                    if row is None or row.status in ("finished", "closed"):
                        return
                    live = await self._live(row)
                    plan = self._plan(row, live.state)
                if plan is None:
                    if ev.is_set():
                        continue
                    return
                due, seat, bot = plan
                wait = (due - utcnow()).total_seconds()
                if wait > 0:
                    try:
                        await asyncio.wait_for(ev.wait(), wait)
                        continue  # something changed: plan again
                    except asyncio.TimeoutError:
                        pass
                action = None
                heard = () if seat == CHANCE else await self.heard(table_id)
                if seat != CHANCE and bot != "random":
                    # A thinking bot works on a copy, without holding the table: views stay served.
                    async with self.lock(table_id):
                        fresh = await self.db(self.store.load, table_id)
                        if fresh is None or fresh.version != row.version:
                            continue
                        live = await self._live(fresh)
                        twin = live.state.clone()
                    action = await self._bot_action(fresh, twin, seat, bot, heard)
                async with self.lock(table_id):
                    fresh = await self.db(self.store.load, table_id)
                    if fresh is None or fresh.version != row.version:
                        continue  # something moved meanwhile: plan again
                    row = fresh
                    live = await self._live(row)
                    if live.state.current_player() != seat:
                        continue
                    if seat != CHANCE and action is None:
                        action = await self._bot_action(row, live.state, seat, bot, heard)
                    said = None if seat == CHANCE else table_talk.bot_statement(row, live.state, seat, bot, heard)
                    if said is not None:  # a bot speaks before it moves (table talk, issue 14)
                        await self._say(row, live, said)
                    moves = [] if seat == CHANCE else [(seat, action)]
                    try:
                        row = await self._commit(row, live, moves)
                    except ApiError:  # another process moved first
                        continue
                    self._broadcast(row, live)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: background task failed", table_id)
        finally:
            if self.runners.get(table_id) is asyncio.current_task():
                del self.runners[table_id]
                if self.wakers.get(table_id) is ev:  # the next kick makes a new one
                    del self.wakers[table_id]


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


