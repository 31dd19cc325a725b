"""The database schema of the browser table (SQLAlchemy Core), shared by the store and the
Alembic migrations in ``roses/server/migrations``.

A table's game is stored as its name, parameters and seed plus the ordered list of action texts
(chance outcomes included, seat ``-1``): that is enough to rebuild the state exactly, its RNG
included (each chance outcome applied uses up one draw: ``State.sample_chance``), so chance sampled
after a restart continues the same stream; no RNG state is stored (migration 0004 dropped it). ``version`` is the number of stored actions; ``revision`` counts every change a viewer can
see (actions, chat, seats), so pollers know when to push a new view. Migration 0005 added who
held each seat when (``since``, ``past``), open seats and the rematch link. Migration 0007 added
the turn clock (``turn_started``) and the servers' heartbeat (``roses_clock``): see
:mod:`roses.server.clock`.
"""
from __future__ import annotations

from sqlalchemy import (
    BigInteger, Boolean, Column, DateTime, ForeignKey, Index, Integer, MetaData, String, Table, Text,
)

metadata = MetaData()

tables = Table(
    "roses_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("params", Text, nullable=False),            # JSON object of every parameter value
    Column("seed", BigInteger, nullable=False),
    Column("name", String(200), nullable=False, default=""),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),  # when `version` last changed: turn start
    Column("version", Integer, nullable=False, default=0),
    Column("revision", Integer, nullable=False, default=0),
    Column("status", String(16), nullable=False),       # waiting | playing | finished | closed
    Column("current_player", Integer, nullable=False),
    Column("returns", Text, nullable=True),            # JSON list once finished
    Column("turn_timer_seconds", Integer, nullable=True),
    Column("bot_delay_ms", Integer, nullable=False, default=0),
    Column("host_token_hash", String(64), nullable=False),
    Column("options", Text, nullable=True),            # JSON object of play options ({"hints": true}); NULL = {}
    Column("rematch", String(32), nullable=True),      # the rematch's table id, once someone started it
    Column("rematch_by", String(100), nullable=True),  # the name of who started it
    # when the clock of the turn now running started (0007): a move, or the seat to move joining;
    # moved forward by the time every server was down. NULL (never written since 0007) = `updated`
    Column("turn_started", DateTime(timezone=True), nullable=True),
    # moves taken back (0008, issue 42): a state is the one stored only at the same (version, takebacks)
    Column("takebacks", Integer, nullable=False, server_default="0"),
)
Index("ix_roses_tables_status", tables.c.status)

seats = Table(
    "roses_seats", metadata,
    Column("table_id", String(32), ForeignKey("roses_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),         # human | bot
    Column("bot", String(64), nullable=True),
    Column("name", String(100), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("joined", Boolean, nullable=False, default=False),
    Column("open", Boolean, nullable=False, default=False),  # anyone with the public link may take it
    Column("since", Integer, nullable=False, default=0),     # move index from which the holder holds it
    Column("past", Text, nullable=True),                     # JSON list of earlier holders (seating.holders)
)
Index("ix_roses_seats_token", seats.c.token_hash)

actions = Table(
    "roses_actions", metadata,
    Column("table_id", String(32), ForeignKey("roses_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),           # 0-based; unique per table: never applied twice
    Column("seat", Integer, nullable=False),            # -1 = chance outcome
    Column("action", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "roses_chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("roses_tables.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=True),             # None = the host or a spectator-less host token
    Column("name", String(100), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("talk", Text, nullable=True),               # JSON table-talk statement (0005); NULL = free chat
)
Index("ix_roses_chat_table", chat.c.table_id, chat.c.id)

#: One row (``id`` 1): the last heartbeat of any live server process (0007, :mod:`roses.server.clock`).
clock = Table(
    "roses_clock", metadata,
    Column("id", Integer, primary_key=True),
    Column("beat", DateTime(timezone=True), nullable=True),  # NULL: no process has started yet
)
