"""Turn clocks (issue 41, "Bots at the table are the bots we measured"): when a human seat's turn
timer runs out, and why it never runs while its player cannot play.

* A turn's clock starts when the seat comes to move (a move is stored: ``TableRow.turn_started``)
  or, at a seat nobody has joined yet, when its player joins. Until then the table waits: no
  deadline is shown, the turn-timer stand-in never moves for the seat, and the view's
  ``turn_note`` says so ("Waiting for Seat 2 to join").
* The clock stops while every server process is down: each live process writes a heartbeat to the
  database every :data:`HEARTBEAT` (``TableStore.heartbeat``); a process that starts when the last
  heartbeat is older than :data:`DOWN_AFTER` (no process was live) moves each unfinished timed
  table's clock forward by the gap (``TableStore.resume_clocks``), so a deadline resumes with the
  time that was left when the servers stopped.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta
from typing import Any, Awaitable, Callable

from .seating import display_name
from .store import TableRow, utcnow

log = logging.getLogger("roses.server")

#: How often a live process writes its heartbeat.
HEARTBEAT = timedelta(seconds=2)
#: A last heartbeat older than this at a process's start means every process was down. Longer
#: than a heartbeat, so a live process whose event loop stalled a moment is not taken for dead (a
#: restart quicker than this counts against the turn).
DOWN_AFTER = timedelta(seconds=5)

Db = Callable[..., Awaitable[Any]]


def turn_start(row: TableRow) -> datetime:
    """When the clock of the turn now running started (a row stored before migration 0007 that
    was never written since: its last change)."""
    return row.turn_started or row.updated


def turn_deadline(row: TableRow, seat: int) -> datetime | None:
    """When the turn-timer stand-in moves for ``seat``, a human seat to move: the turn's start plus
    the table's timer. ``None`` without a timer, at a bot's seat, or while nobody has joined the
    seat (issue 41: the stand-in played a whole game for two seats nobody ever opened)."""
    s = row.seats[seat]
    if not row.turn_timer_seconds or s.kind != "human" or not s.joined:
        return None
    return turn_start(row) + timedelta(seconds=row.turn_timer_seconds)


def turn_note(row: TableRow, seat: int) -> str | None:
    """Why the table waits, in plain words, when the seat to move is a human seat nobody has
    joined: "Waiting for Seat 2 to join" (the seat by its name); else ``None``."""
    if seat < 0 or row.status in ("finished", "closed"):
        return None
    s = row.seats[seat]
    if s.kind != "human" or s.joined:
        return None
    return f"Waiting for {display_name(s)} to join"


async def resume(db: Db, store: Any) -> timedelta:
    """At a process's start: move the turn clocks forward by the time every process was down
    (zero when some process was live); returns that time."""
    gap = await db(store.resume_clocks, utcnow(), DOWN_AFTER)
    if gap:
        log.info("every server was down for %.0f s: timed turns resume with the time they had left",
                 gap.total_seconds())
    return gap


async def beat(db: Db, store: Any) -> None:
    """One heartbeat of this process (a failure is logged: the database may be back soon)."""
    try:
        await db(store.heartbeat, utcnow())
    except Exception:
        log.exception("heartbeat failed")


async def keep_beating(db: Db, store: Any) -> None:
    """This process's heartbeat, every :data:`HEARTBEAT`, until cancelled."""
    while True:
        await beat(db, store)
        await asyncio.sleep(HEARTBEAT.total_seconds())
