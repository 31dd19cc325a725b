"""Storage of tables behind a small interface, with one SQLAlchemy 2 implementation.

:class:`TableStore` is what the rest of the server uses; :class:`SqlTableStore` implements it for
SQLite (the default: ``<data_dir>/roses.sqlite`` in WAL mode) and PostgreSQL
(``postgresql+psycopg://…``). The database is the truth: a table's state is rebuilt from its game
name, parameters and seed plus its stored action texts, and :meth:`TableStore.append_actions` is an
atomic compare-and-set on the table's version, so two requests (or two server processes) can never
apply an action twice or on a stale state.

The schema is created and upgraded by the Alembic migrations shipped in ``migrations/`` (see
:func:`migrate`), run programmatically at start.
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence, runtime_checkable

from sqlalchemy import Engine, bindparam, create_engine, delete, event, func, insert, select, text, update

from . import models as m
from .seat_store import SeatingSql, seat_holder

MIGRATIONS = Path(__file__).parent / "migrations"
#: PostgreSQL NOTIFY channel on which every committed change of a table is announced (payload: its id).
NOTIFY_CHANNEL = "roses_tables"


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def aware(dt: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; every stored time is UTC."""
    if dt is not None and dt.tzinfo is None:
        return dt.replace(tzinfo=timezone.utc)
    return dt


class StaleVersion(Exception):
    """The table's stored version is not the one the change was made on."""

    def __init__(self, current: int):
        self.current = current
        super().__init__(f"stale version; current version is {current}")


@dataclass
class SeatRow:
    seat: int
    kind: str                 # "human" | "bot"
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    joined: bool = False
    #: the host lets anyone with the table's public link take this (unjoined, human) seat
    open: bool = False
    #: the move index from which the seat's holder holds it (a seat handed to a bot changes hands)
    since: int = 0
    #: the seat's earlier holders, oldest first: ``{"from", "name", "kind", "bot"}`` (seating.holders)
    past: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class TableRow:
    id: str
    game: str
    params: dict[str, Any]
    seed: int
    name: str
    created: datetime
    updated: datetime
    version: int
    revision: int
    status: str               # "waiting" | "playing" | "finished" | "closed" (by the host, unfinished)
    current_player: int
    returns: list[float] | None
    turn_timer_seconds: int | None
    bot_delay_ms: int
    host_token_hash: str
    seats: list[SeatRow] = field(default_factory=list)
    #: play options that change no rule (``{"hints": True}``); stored as JSON, ``{}`` when none
    options: dict[str, Any] = field(default_factory=dict)
    #: the rematch's table id once a player started one, and that player's name
    rematch: str | None = None
    rematch_by: str | None = None
    #: when the clock of the turn now running started (issue 41; :mod:`roses.server.clock`): a
    #: move, or the seat to move joining; ``None`` (a row built without it): ``updated``
    turn_started: datetime | None = None
    #: how many moves were taken back (issue 42): the table's actions are the ones a state was
    #: built from only at the same ``(version, takebacks)`` (:attr:`moves_key`)
    takebacks: int = 0

    @property
    def moves_key(self) -> tuple[int, int]:
        """``(version, takebacks)``: equal for two reads of the table exactly when its stored
        actions are the same (a take-back and a new move bring the version back to a number it had)."""
        return self.version, self.takebacks


@dataclass
class ChatRow:
    id: int
    seat: int | None
    name: str
    text: str
    at: datetime
    #: a table-talk statement (``{kind, target, claim, at_move, at_log}``, :mod:`.talk`), or
    #: ``None`` for free chat
    talk: dict[str, Any] | None = None


class TableStore(Protocol):
    """What the server needs from storage. Every method is synchronous and thread-safe; the server
    calls it from worker threads, or on the event loop when ``inline`` (its calls are short and
    local: SQLite, memory). Implementations: :class:`SqlTableStore`,
    :class:`roses.server.memory_store.MemoryTableStore`."""

    inline: bool

    def dispose(self) -> None:
        """Release connections (at shutdown)."""

    def create_table(self, table: TableRow, actions: Sequence[tuple[int, str]]) -> None:
        """Store a new table with its seats and its first (chance) actions."""

    def load(self, table_id: str) -> TableRow | None:
        """The table with its seats, or ``None``."""

    def actions(self, table_id: str, since: int = 0, until: int | None = None) -> list[tuple[int, str]]:
        """``(seat, action_text)`` of the stored actions with ``since <= index < until``, in order."""

    def append_actions(self, table_id: str, expected_version: int, actions: Sequence[tuple[int, str]], *,
                       status: str | None, current_player: int,
                       returns: list[float] | None, row: TableRow | None = None,
                       restart_clock: bool = True, expected_revision: int | None = None) -> TableRow:
        """Atomically append ``actions`` if the stored version is ``expected_version`` (and the
        revision ``expected_revision``, when given: the row the move was checked on is the stored
        one, seats and status included); return the updated table. The turn's clock (``turn_started``) starts again unless ``restart_clock``
        is false: a step only its mover saw (issue 43: a deadline that moved told the other seats
        a hidden draft step happened). Raises :class:`StaleVersion` (nothing stored) otherwise."""

    def take_back(self, table_id: str, expected_version: int, expected_revision: int, seat: int) -> TableRow:
        """Atomically remove the table's last action if the table is still at ``expected_version``
        and ``expected_revision`` (the row the take-back was checked on) and not closed: the
        version goes down by one, ``takebacks`` up by one, ``seat`` is to move and its turn's clock
        starts again; return the updated table. Raises :class:`StaleVersion` (nothing changed)
        otherwise (issue 42)."""

    def add_chat(self, table_id: str, seat: int | None, name: str, text: str,
                 talk: dict[str, Any] | None = None) -> ChatRow:
        """Store a chat message (with ``talk``: a table-talk statement, its words in ``text``)."""

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]: ...

    def talk(self, table_id: str, limit: int = 1000) -> list[ChatRow]:
        """The table's last ``limit`` table-talk messages (chat rows with ``talk``), oldest first."""


    def set_seat_bot(self, table_id: str, seat: int, bot: str, name: str | None = None, since: int = 0) -> None:
        """Hand ``seat`` to ``bot`` (called ``name``) from move ``since``; its holder until then
        goes to the seat's ``past``."""

    def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        """The name of the seat's holder (chosen by its player)."""

    def set_seat_open(self, table_id: str, seat: int, is_open: bool) -> bool:
        """Mark an unjoined human seat open (or not); ``True`` if that changed anything."""

    def claim_seat(self, table_id: str, seat: int, token_hash: str, *, name: str | None = None,
                   open_only: bool = False) -> bool:
        """Give a human seat its token, once: with ``open_only`` an open unjoined seat (which then
        is joined, closed and named ``name``), else a seat that has no token yet (a rematch seat).
        ``False`` (nothing changed) when someone else was first."""

    def claim_host(self, table_id: str, token_hash: str) -> bool:
        """Give a rematch table its host token, once (``False`` if it has one)."""

    def create_rematch(self, old_id: str, table: TableRow, actions: Sequence[tuple[int, str]], by: str) -> str:
        """Atomically: if ``old_id`` has no rematch yet, store ``table`` as it and link it (``by``:
        who started it); return the id of ``old_id``'s rematch (the new table's or the earlier one's)."""

    def mark_joined(self, table_id: str, seat: int) -> bool:
        """Record that a human seat's token was used; ``True`` if that changed anything. When the
        seat is to move, its turn's clock starts now (``turn_started``; issue 41)."""

    def set_bot_delay(self, table_id: str, bot_delay_ms: int) -> None:
        """The table's pause before a bot's turn (the host's fast-bots switch)."""

    def heartbeat(self, now: datetime) -> None:
        """A live server process's heartbeat at ``now`` (issue 41, :mod:`roses.server.clock`)."""

    def resume_clocks(self, now: datetime, down_after: timedelta) -> timedelta:
        """At a process's start, atomically: if the last heartbeat is older than ``down_after``
        (every process was down), move ``turn_started`` of every unfinished table with a turn
        timer forward by the gap, ``now`` minus that heartbeat, and return the gap; record a
        heartbeat at ``now``. Zero (nothing moved) when some process was live, or when none ever
        beat. Of processes starting at once, one moves the clocks."""

    def close(self, table_id: str) -> bool:
        """Mark an unfinished table ``closed`` (no more actions are stored for it); ``True`` if
        that changed anything."""

    def list_tables(self, limit: int = 200, recent: datetime | None = None,
                    idle: datetime | None = None) -> list[TableRow]:
        """The newest tables that are not closed, unfinished first; with ``recent``, only those
        where a human seat joined or that changed (an action, a chat, a seat) since creation and
        had an action after ``recent``; with ``idle``, only those updated after ``idle`` (an
        abandoned table leaves the list; its links still work)."""

    def expire_unjoined(self, created_before: datetime) -> list[str]:
        """Close every ``waiting`` table created before ``created_before`` whose human seats all
        stayed unjoined; their ids."""

    def revisions(self, table_ids: Iterable[str]) -> dict[str, tuple[int, int]]:
        """``table_id -> (version, revision)`` for the tables that exist."""

    def unfinished(self) -> list[str]:
        """Ids of every table whose game has not ended (and that is not closed)."""

    def due_tables(self, older_than: datetime) -> list[str]:
        """Unfinished tables whose turn started before ``older_than`` and where the server must
        move: a bot's seat, chance, or a turn timer of a joined seat (a process that died may have
        left them)."""


@runtime_checkable
class ChangeFeed(Protocol):
    """An optional capability of a store: changes committed by any process, as they happen
    (PostgreSQL LISTEN/NOTIFY). Without it the service polls revisions."""

    #: whether :meth:`listen` delivers anything (PostgreSQL only)
    feeds_changes: bool

    def listen(self, on_change: Callable[[str, int | None], None], stop: threading.Event) -> None:
        """Call ``on_change(table_id, revision)`` for every committed change until ``stop`` is set
        (blocking: run it in a thread)."""


# Statements built once: SQLAlchemy then reuses their cache keys and compiled forms (the hot path
# of every request).
_LOAD = (select(*m.tables.c, m.seats.c.seat, m.seats.c.kind, m.seats.c.bot, m.seats.c.name.label("seat_name"),
                m.seats.c.token_hash, m.seats.c.joined, m.seats.c.open.label("seat_open"), m.seats.c.since,
                m.seats.c.past)
         .select_from(m.tables.outerjoin(m.seats, m.seats.c.table_id == m.tables.c.id))
         .where(m.tables.c.id == bindparam("table_id")).order_by(m.seats.c.seat))
_ACTIONS = (select(m.actions.c.idx, m.actions.c.seat, m.actions.c.action)
            .where(m.actions.c.table_id == bindparam("table_id"), m.actions.c.idx >= bindparam("since"),
                   m.actions.c.idx < bindparam("until"))
            .order_by(m.actions.c.idx))
_CAS_COLUMNS = ("version", "updated", "current_player", "returns")
#: The turn's clock starts again, or (``new_turn_started`` null) runs on.
_CLOCK = {"turn_started": func.coalesce(bindparam("new_turn_started", type_=m.tables.c.turn_started.type),
                                        m.tables.c.turn_started)}
#: A closed table takes no more actions, even from a bot that was thinking when the host closed it.
_OPEN = m.tables.c.status != "closed"
#: The row is at the revision the move was checked on (any, when none is given).
_SAME_REVISION = func.coalesce(bindparam("expected_revision", type_=m.tables.c.revision.type),
                               m.tables.c.revision) == m.tables.c.revision
#: No move was taken back since the row was read (any, when none is given; issue 42).
_SAME_TAKEBACKS = func.coalesce(bindparam("expected_takebacks", type_=m.tables.c.takebacks.type),
                                m.tables.c.takebacks) == m.tables.c.takebacks
_CAS = (update(m.tables)
        .where(m.tables.c.id == bindparam("table_id"), m.tables.c.version == bindparam("expected"), _OPEN,
               _SAME_REVISION, _SAME_TAKEBACKS)
        .values(revision=m.tables.c.revision + 1, **_CLOCK, **{c: bindparam(f"new_{c}") for c in _CAS_COLUMNS})
        .returning(m.tables.c.revision, m.tables.c.status, m.tables.c.turn_started))
_CAS_STATUS = (update(m.tables)
               .where(m.tables.c.id == bindparam("table_id"), m.tables.c.version == bindparam("expected"), _OPEN,
                      _SAME_REVISION, _SAME_TAKEBACKS)
               .values(revision=m.tables.c.revision + 1, status=bindparam("new_status"),
                       **_CLOCK, **{c: bindparam(f"new_{c}") for c in _CAS_COLUMNS})
               .returning(m.tables.c.revision, m.tables.c.status, m.tables.c.turn_started))
#: A human seat of the table has been joined (its token was used).
_HUMAN_JOINED = (select(m.seats.c.seat).where(m.seats.c.table_id == m.tables.c.id, m.seats.c.kind == "human",
                                              m.seats.c.joined == True).exists())  # noqa: E712
_VERSION = select(m.tables.c.version).where(m.tables.c.id == bindparam("table_id"))
_INSERT_ACTIONS = insert(m.actions)


def _dump(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


def _load(value: str | None) -> Any:
    return None if value is None else json.loads(value)


def default_sqlite_url(data_dir: str | Path) -> str:
    path = Path(data_dir).resolve()
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path / 'roses.sqlite'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL mode, a busy timeout and foreign keys."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               pool_size=20, max_overflow=20)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):  # pragma: no cover - trivial
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # NORMAL is durable against a killed process (the WAL is in the OS's hands); only an
            # OS crash can lose the last transactions.
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_size=20, max_overflow=20, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (several processes may start at once: on
    PostgreSQL an advisory lock makes them take turns)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with sqlite_file_lock(engine), engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(72620110)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@contextlib.contextmanager
def sqlite_file_lock(engine: Engine) -> Iterator[None]:
    """On a SQLite file, an exclusive lock on ``<file>.migrate-lock`` while held: processes that
    start at once on a new database (uvicorn's ``--workers``) take turns to migrate it (two
    created the same table at once: "table roses_tables already exists"). Elsewhere nothing."""
    path = engine.url.database if engine.dialect.name == "sqlite" else None
    if not path or path == ":memory:" or path.startswith("file:"):
        yield
        return
    import fcntl

    with open(f"{path}.migrate-lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


class SqlTableStore(SeatingSql):
    """:class:`TableStore` on SQLAlchemy 2 (SQLite or PostgreSQL)."""

    def __init__(self, url: str, engine: Engine | None = None, run_migrations: bool = True):
        self.url = url
        self.engine = engine or make_engine(url)
        # SQLite has one writer at a time and a waiting writer sleeps in its busy handler (ms at a
        # time): writers of this process queue on a lock instead. PostgreSQL locks rows itself.
        self._write_lock = threading.Lock() if self.engine.dialect.name == "sqlite" else contextlib.nullcontext()
        if run_migrations:
            migrate(self.engine)

    @contextlib.contextmanager
    def _write(self):
        """A write transaction."""
        with self._write_lock, self.engine.begin() as conn:
            yield conn

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @property
    def feeds_changes(self) -> bool:
        """PostgreSQL announces every commit (NOTIFY); SQLite has no such channel."""
        return self.dialect == "postgresql"

    @property
    def inline(self) -> bool:
        """SQLite calls are short local file operations: run on the event loop."""
        return self.dialect == "sqlite"

    def dispose(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ rows
    @staticmethod
    def _table_row(r: Any, seat_rows: Iterable[Any] = ()) -> TableRow:
        return TableRow(
            id=r.id, game=r.game, params=json.loads(r.params), seed=int(r.seed), name=r.name,
            created=aware(r.created), updated=aware(r.updated), version=r.version, revision=r.revision,
            status=r.status, current_player=r.current_player,
            returns=_load(r.returns), turn_timer_seconds=r.turn_timer_seconds, bot_delay_ms=r.bot_delay_ms,
            host_token_hash=r.host_token_hash, options=_load(getattr(r, "options", None)) or {},
            seats=[SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, bool(s.joined), bool(s.open), s.since,
                           _load(s.past) or []) for s in seat_rows],
            rematch=r.rematch, rematch_by=r.rematch_by, turn_started=aware(r.turn_started),
            takebacks=r.takebacks,
        )

    # ------------------------------------------------------------------ interface
    def create_table(self, table: TableRow, actions: Sequence[tuple[int, str]]) -> None:
        with self._write() as conn:
            self._insert_table(conn, table, actions)

    def _insert_table(self, conn: Any, table: TableRow, actions: Sequence[tuple[int, str]]) -> None:
        now = utcnow()
        conn.execute(insert(m.tables).values(
            id=table.id, game=table.game, params=_dump(table.params), seed=table.seed, name=table.name,
            created=table.created, updated=table.updated, version=len(actions), revision=table.revision,
            status=table.status, current_player=table.current_player,
            returns=_dump(table.returns), turn_timer_seconds=table.turn_timer_seconds,
            bot_delay_ms=table.bot_delay_ms, host_token_hash=table.host_token_hash,
            options=_dump(table.options) if table.options else None, rematch=table.rematch,
            rematch_by=table.rematch_by, turn_started=table.turn_started or table.created))
        conn.execute(insert(m.seats), [
            dict(table_id=table.id, seat=s.seat, kind=s.kind, bot=s.bot, name=s.name,
                 token_hash=s.token_hash, joined=s.joined, open=s.open, since=s.since,
                 past=_dump(s.past) if s.past else None) for s in table.seats])
        if actions:
            conn.execute(insert(m.actions), [
                dict(table_id=table.id, idx=i, seat=seat, action=act, at=now)
                for i, (seat, act) in enumerate(actions)])

    def load(self, table_id: str) -> TableRow | None:
        # One round trip: the table's row joined with its seats.
        with self.engine.connect() as conn:
            rows = conn.execute(_LOAD, {"table_id": table_id}).all()
        if not rows:
            return None
        row = self._table_row(rows[0])
        row.seats = [SeatRow(r.seat, r.kind, r.bot, r.seat_name, r.token_hash, bool(r.joined), bool(r.seat_open),
                             r.since, _load(r.past) or []) for r in rows if r.seat is not None]
        return row

    def actions(self, table_id: str, since: int = 0, until: int | None = None) -> list[tuple[int, str]]:
        with self.engine.connect() as conn:
            rows = conn.execute(_ACTIONS, {"table_id": table_id, "since": since,
                                           "until": 2**31 - 1 if until is None else until}).all()
        out = []
        for expect, r in enumerate(rows, start=since):
            if r.idx != expect:  # pragma: no cover - the primary key and CAS make this impossible
                raise RuntimeError(f"table {table_id}: action {expect} missing from the store")
            out.append((r.seat, r.action))
        return out

    def append_actions(self, table_id: str, expected_version: int, actions: Sequence[tuple[int, str]], *,
                       status: str | None, current_player: int,
                       returns: list[float] | None, row: TableRow | None = None,
                       restart_clock: bool = True, expected_revision: int | None = None) -> TableRow:
        """See :meth:`TableStore.append_actions`. ``row``: the table as last loaded, to build the
        answer from without reading it again."""
        now = utcnow()
        params = {"table_id": table_id, "expected": expected_version, "expected_revision": expected_revision,
                  "expected_takebacks": row.takebacks if row is not None else None,
                  "new_version": expected_version + len(actions), "new_updated": now,
                  "new_turn_started": now if restart_clock else None,
                  "new_current_player": current_player,
                  "new_returns": _dump(returns)}
        if status is not None:  # None keeps waiting/playing as the seats decide
            params["new_status"] = status
        with self._write() as conn:
            # The compare-and-set comes first: it takes the row's write lock (PostgreSQL) or the
            # database's (SQLite), so a concurrent writer waits and then finds the version moved on.
            done = conn.execute(_CAS if status is None else _CAS_STATUS, params).first()
            if done is None:
                current = conn.execute(_VERSION, {"table_id": table_id}).scalar()
                raise StaleVersion(-1 if current is None else current)
            if actions:
                conn.execute(_INSERT_ACTIONS, [
                    dict(table_id=table_id, idx=expected_version + i, seat=seat, action=act, at=now)
                    for i, (seat, act) in enumerate(actions)])
            self._notify(conn, table_id, done.revision)
        if row is None:
            got = self.load(table_id)
            assert got is not None
            return got
        return dataclasses.replace(
            row, version=params["new_version"], revision=done.revision, status=done.status, updated=now,
            turn_started=aware(done.turn_started), current_player=current_player, returns=returns)

    def take_back(self, table_id: str, expected_version: int, expected_revision: int, seat: int) -> TableRow:
        t = m.tables.c
        now = utcnow()
        with self._write() as conn:
            done = conn.execute(
                update(m.tables)
                .where(t.id == table_id, t.version == expected_version, t.revision == expected_revision,
                       t.version > 0, _OPEN)
                .values(version=t.version - 1, revision=t.revision + 1, takebacks=t.takebacks + 1,
                        current_player=seat, updated=now, turn_started=now)
                .returning(t.revision)).first()
            if done is None:
                current = conn.execute(_VERSION, {"table_id": table_id}).scalar()
                raise StaleVersion(-1 if current is None else current)
            conn.execute(delete(m.actions).where(m.actions.c.table_id == table_id,
                                                 m.actions.c.idx == expected_version - 1))
            self._notify(conn, table_id, done.revision)
        got = self.load(table_id)
        assert got is not None
        return got

    def _bump(self, conn: Any, table_id: str) -> None:
        revision = conn.execute(update(m.tables).where(m.tables.c.id == table_id)
                                .values(revision=m.tables.c.revision + 1).returning(m.tables.c.revision)).scalar()
        self._notify(conn, table_id, revision)

    def _start_clock_if_to_move(self, conn: Any, table_id: str, seat: int) -> None:
        """``seat`` joined: if it is to move, its turn's clock starts now (issue 41: the whole
        timer from the moment its player arrives)."""
        conn.execute(update(m.tables).where(m.tables.c.id == table_id, m.tables.c.current_player == seat)
                     .values(turn_started=utcnow()))

    def _notify(self, conn: Any, table_id: str, revision: int | None) -> None:
        """PostgreSQL: tell the other server processes that the table changed (delivered at commit;
        payload ``"<table_id> <revision>"``; see :meth:`listen`). SQLite has no such channel: the
        processes poll."""
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": NOTIFY_CHANNEL, "payload": f"{table_id} {revision}"})

    def listen(self, on_change: Callable[[str, int | None], None], stop: threading.Event) -> None:
        """PostgreSQL only: call ``on_change(table_id, revision)`` for every change committed by any
        process, until ``stop`` is set (blocking; run it in a thread). Returns at once for SQLite."""
        if self.dialect != "postgresql":
            return
        import psycopg

        conninfo = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            table_id, _, rev = note.payload.partition(" ")
                            on_change(table_id, int(rev) if rev.isdigit() else None)
            except Exception:  # the database went away: retry; polling covers the gap
                stop.wait(1.0)

    def add_chat(self, table_id: str, seat: int | None, name: str, text_: str,
                 talk: dict[str, Any] | None = None) -> ChatRow:
        now = utcnow()
        with self._write() as conn:
            self._bump(conn, table_id)
            res = conn.execute(insert(m.chat).values(table_id=table_id, seat=seat, name=name, text=text_, at=now,
                                                     talk=_dump(talk)))
            new_id = res.inserted_primary_key[0]
        return ChatRow(new_id, seat, name, text_, now, talk)

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        return self._chat_rows(m.chat.c.table_id == table_id, limit)

    def talk(self, table_id: str, limit: int = 1000) -> list[ChatRow]:
        return self._chat_rows((m.chat.c.table_id == table_id) & m.chat.c.talk.is_not(None), limit)

    def _chat_rows(self, where: Any, limit: int) -> list[ChatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(m.chat).where(where).order_by(m.chat.c.id.desc()).limit(limit)).all()
        return [ChatRow(r.id, r.seat, r.name, r.text, aware(r.at), _load(r.talk)) for r in reversed(rows)]

    def set_seat_bot(self, table_id: str, seat: int, bot: str, name: str | None = None, since: int = 0) -> None:
        where = (m.seats.c.table_id == table_id, m.seats.c.seat == seat)
        with self._write() as conn:
            self._bump(conn, table_id)
            old = conn.execute(select(m.seats).where(*where)).first()
            past = (_load(old.past) or []) + [seat_holder(old.since, old.name, old.kind, old.bot)] if old else []
            conn.execute(update(m.seats).where(*where)
                         .values(kind="bot", bot=bot, joined=True, open=False, name=name, since=since, past=_dump(past)))
            self._refresh_status(conn, table_id)

    def mark_joined(self, table_id: str, seat: int) -> bool:
        with self._write() as conn:
            res = conn.execute(update(m.seats).where(m.seats.c.table_id == table_id, m.seats.c.seat == seat,
                                                     m.seats.c.joined == False)  # noqa: E712
                               .values(joined=True))
            if res.rowcount != 1:
                return False
            self._start_clock_if_to_move(conn, table_id, seat)
            self._bump(conn, table_id)
            self._refresh_status(conn, table_id)
        return True

    def set_bot_delay(self, table_id: str, bot_delay_ms: int) -> None:
        with self._write() as conn:
            conn.execute(update(m.tables).where(m.tables.c.id == table_id).values(bot_delay_ms=bot_delay_ms))
            self._bump(conn, table_id)

    def heartbeat(self, now: datetime) -> None:
        with self._write() as conn:
            conn.execute(update(m.clock).where(m.clock.c.id == 1).values(beat=now))

    def resume_clocks(self, now: datetime, down_after: timedelta) -> timedelta:
        c = m.clock.c
        with self.engine.connect() as conn:
            last = aware(conn.execute(select(c.beat).where(c.id == 1)).scalar())
        with self._write() as conn:
            # A compare-and-set on the heartbeat read: a live process that beat meanwhile, or a
            # process starting at the same time that moved the clocks first, leaves it changed.
            same = c.beat.is_(None) if last is None else c.beat == last
            if conn.execute(update(m.clock).where(c.id == 1, same).values(beat=now)).rowcount != 1:
                return timedelta(0)
            gap = now - last if last is not None else timedelta(0)
            if gap <= down_after:
                return timedelta(0)
            self._shift_timed_clocks(conn, gap)
        return gap

    @staticmethod
    def _shift_timed_clocks(conn: Any, gap: timedelta) -> None:
        """Move the turn clock of every unfinished timed table forward by ``gap`` (in Python: SQLite
        has no date arithmetic that SQLAlchemy writes for both databases)."""
        t = m.tables.c
        timed = conn.execute(select(t.id, t.turn_started, t.updated).where(
            t.status.not_in(("finished", "closed")), t.turn_timer_seconds.is_not(None))).all()
        if timed:
            conn.execute(update(m.tables).where(t.id == bindparam("table_id")).values(turn_started=bindparam("start")),
                         [{"table_id": r.id, "start": aware(r.turn_started or r.updated) + gap} for r in timed])

    def _refresh_status(self, conn: Any, table_id: str) -> None:
        """``waiting`` becomes ``playing`` once every human seat has joined."""
        missing = conn.execute(select(func.count()).select_from(m.seats).where(
            m.seats.c.table_id == table_id, m.seats.c.kind == "human",
            m.seats.c.joined == False)).scalar()  # noqa: E712
        if not missing:
            conn.execute(update(m.tables).where(m.tables.c.id == table_id, m.tables.c.status == "waiting")
                         .values(status="playing"))

    def close(self, table_id: str) -> bool:
        with self._write() as conn:
            res = conn.execute(update(m.tables).where(m.tables.c.id == table_id,
                                                      m.tables.c.status.not_in(("finished", "closed")))
                               .values(status="closed"))
            if res.rowcount != 1:
                return False
            self._bump(conn, table_id)
        return True

    def list_tables(self, limit: int = 200, recent: datetime | None = None,
                    idle: datetime | None = None) -> list[TableRow]:
        t = m.tables
        where = _OPEN
        if recent is not None:
            where = where & (_HUMAN_JOINED | ((t.c.revision > 0) & (t.c.updated >= recent)))
        if idle is not None:
            where = where & (t.c.updated >= idle)
        with self.engine.connect() as conn:
            rows = conn.execute(select(m.tables).where(where).order_by((m.tables.c.status == "finished"),
                                                          m.tables.c.created.desc()).limit(limit)).all()
            ids = [r.id for r in rows]
            seat_rows = conn.execute(select(m.seats).where(m.seats.c.table_id.in_(ids))
                                     .order_by(m.seats.c.table_id, m.seats.c.seat)).all() if ids else []
        by_table: dict[str, list[Any]] = {}
        for s in seat_rows:
            by_table.setdefault(s.table_id, []).append(s)
        return [self._table_row(r, by_table.get(r.id, [])) for r in rows]

    def expire_unjoined(self, created_before: datetime) -> list[str]:
        t = m.tables
        with self._write() as conn:
            ids = [r.id for r in conn.execute(select(t.c.id).where(
                t.c.status == "waiting", t.c.created < created_before, ~_HUMAN_JOINED))]
            for table_id in ids:
                conn.execute(update(t).where(t.c.id == table_id).values(status="closed"))
                self._bump(conn, table_id)
        return ids

    def revisions(self, table_ids: Iterable[str]) -> dict[str, tuple[int, int]]:
        ids = list(table_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(m.tables.c.id, m.tables.c.version, m.tables.c.revision)
                                .where(m.tables.c.id.in_(ids))).all()
        return {r.id: (r.version, r.revision) for r in rows}

    def unfinished(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(select(m.tables.c.id)
                                               .where(m.tables.c.status.not_in(("finished", "closed"))))]

    def due_tables(self, older_than: datetime) -> list[str]:
        t, s = m.tables, m.seats
        to_move = (s.c.table_id == t.c.id, s.c.seat == t.c.current_player)
        bot_to_move = select(s.c.seat).where(*to_move, s.c.kind == "bot").exists()
        # a turn timer runs only for a seat someone joined (issue 41)
        joined_to_move = select(s.c.seat).where(*to_move, s.c.joined == True).exists()  # noqa: E712
        q = select(t.c.id).where(t.c.status.not_in(("finished", "closed")), t.c.updated < older_than,
                                 (t.c.turn_timer_seconds.is_not(None) & joined_to_move) | (t.c.current_player == -1)
                                 | bot_to_move)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(q)]
