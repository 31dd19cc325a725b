"""How the server moves for bots, chance and timed-out seats: when a move is due, which move a
bot makes (seeded by table seed, version and seat, so a restart or a second process makes the same
move; a search bot thinks in a worker process), and the background task per table that makes it
(:class:`TableRunner`)."""
from __future__ import annotations

import asyncio
import hashlib
import logging
from datetime import datetime, timedelta
from typing import Any, Awaitable, Callable

import anyio.to_thread

from roses.agents import Turn, make_agent
from roses.agents.labels import timer_bot
from roses.core import CHANCE, RosesError, State

from .auth import ApiError
from .cache import TableCache
from .clock import turn_deadline, turn_start
from .faults import BOTS
from .seating import display_name
from .store import TableRow, utcnow
from .thinking import ThinkBusy, ThinkCancelled, ThinkFailed, Thinking, jobs

log = logging.getLogger(BOTS)  # a table whose bots stopped moving is a bot failure


def bot_seed(seed: int, version: int, seat: int) -> int:
    """A bot's RNG seed for one decision: stable across processes and restarts."""
    digest = hashlib.sha256(f"{seed}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seating(row: TableRow) -> tuple[str | None, ...]:
    """Who sits where, as the table shows every player: each seat's bot name, ``None`` for a
    person (what a search bot models the other seats by, ``ISMCTSAgent.meet``)."""
    return tuple(s.bot if s.kind == "bot" else None for s in sorted(row.seats, key=lambda s: s.seat))


def plan(row: TableRow, state: State) -> tuple[datetime, int, str | None] | None:
    """When and how the server moves next at this table: ``(due, seat, bot)``, or ``None``
    when it waits for a human: one without a timer, or one nobody has joined yet (issue 41: the
    stand-in never moves for a seat nobody opened), or the game is over. A bot pays the table's
    delay once, at the start of its turn (:func:`bot_due`); a timed seat's stand-in moves at its
    deadline (:func:`roses.server.clock.turn_deadline`: the turn's clock, stopped while the
    servers were down)."""
    if row.status == "closed":
        return None
    cp = state.current_player()
    if cp == CHANCE:
        return (row.updated, CHANCE, None)
    if cp < 0:
        return None
    seat = row.seats[cp]
    if seat.kind == "bot":
        return (bot_due(row, state, cp), cp, seat.bot)
    deadline = turn_deadline(row, cp)
    return None if deadline is None else (deadline, cp, timer_bot(state.game.spec))


def bot_due(row: TableRow, state: State, seat: int) -> datetime:
    """When the bot at ``seat`` (to move) moves: the table's bot delay after its turn started when
    the seat to move has just changed to it, at once for its further moves in the same turn
    (issue 41: a Rare Roses bot's turn of 10–15 moves paid the delay on each, and a person waited
    up to 48.6 s between turns)."""
    if turn_goes_on(state, seat):
        return turn_start(row)
    return turn_start(row) + timedelta(milliseconds=row.bot_delay_ms)


def turn_goes_on(state: State, seat: int) -> bool:
    """The last move made by a seat (chance outcomes aside) was ``seat``'s own: its turn goes on."""
    for mover, _ in reversed(state.history):
        if mover != CHANCE:
            return mover == seat
    return False


#: Bots that play by rules without searching (the game's heuristic: also the turn timer's
#: stand-in and the fallback): they move in a thread of the web process, as carrying a move to a
#: worker and back costs more than the move (docs/performance.md, "Thinking service": about 0.3 ms
#: a heuristic move, 4 ms through a worker).
QUICK = frozenset({"heuristic"})
#: How many times a bot's think is tried before its fallback (issue 41: retried once).
THINK_TRIES = 2


def fallback_bot(spec: Any) -> str:
    """The move a bot plays when its think failed twice: the game's heuristic (docs/agents.md,
    "Fallback"), never ``random`` unless the game has no heuristic."""
    return timer_bot(spec)


def fallback_notice(row: TableRow, seat: int) -> str:
    """What the table is told when a seat's bot fell back (plain words, the seat by name)."""
    held = row.seats[seat]
    who = display_name(held) if held.kind == "bot" else f"The bot standing in for {display_name(held)}"
    return f"{who} could not think this move through and played a standard move instead."


async def bot_action(row: TableRow, state: State, seat: int, bot: str, talk: tuple = (),
                     thinking: Thinking | None = None, notify: Callable[[str], Awaitable[None]] | None = None) -> Any:
    """The bot's choice for ``seat`` (its RNG seeded by table seed, version and seat), hearing the
    table talk ``talk`` (:attr:`Turn.talk`). ``random`` draws inline and the :data:`QUICK` bots
    move in a thread; every other bot thinks in the thinking service (``thinking``,
    :mod:`.thinking`), exactly as the offline agent (:func:`.thinking.jobs.bot_choice`). A failed think is tried again once; then the bot plays its
    fallback (:func:`fallback_bot`), which is logged at ERROR, counted (``/api/health``) and told
    to the table (``notify(text)``). Raises :class:`ThinkCancelled` when the think was cancelled
    (the table moved on or closed). Runs on ``state`` as given: pass a clone when the table's lock
    is not held."""
    seed = bot_seed(row.seed, row.version, seat)
    if bot == "random":  # a draw from the legal moves: nothing to think about
        return make_agent(bot, state.game, seed).act(Turn.of(state))
    if bot in QUICK:  # rules, no search: under a millisecond, less than carrying it to a worker
        agent = make_agent(bot, state.game, seed)
        return await anyio.to_thread.run_sync(lambda: agent.act(Turn.of(state, talk)))
    if thinking is None:
        raise ThinkFailed("no thinking service")  # a server always has one (create_app)
    kind = "bot" if row.seats[seat].kind == "bot" else "stand-in"
    position = jobs.state_payload(state)
    why = ""
    for _ in range(THINK_TRIES):
        try:
            text = await thinking.think(row.id, kind, jobs.bot_choice, position, bot, seed, tuple(talk), seating(row))
            return state.action_from_text(text)
        except ThinkCancelled:
            raise
        except (ThinkFailed, ThinkBusy, RosesError) as e:  # RosesError: a move that is not legal here
            why = f"{type(e).__name__}: {e}"
    instead = fallback_bot(state.game.spec)
    thinking.fell_back(row.id, seat, bot, why, instead)
    if notify is not None:
        await notify(fallback_notice(row, seat))
    agent = make_agent(instead, state.game, seed)
    return await anyio.to_thread.run_sync(lambda: agent.act(Turn.of(state, talk)))


#: The longest wait, in seconds, between a bot's tries to save a move while the store cannot write.
STALLED_WAIT_MAX = 30.0

class TableRunner:
    """One background task per table while the server is to move there (a bot's seat, chance, a
    timed-out human): it waits until the move is due, makes it through the commit path and
    pushes it. ``kick`` (re)starts a table's task after any change.

    Args:
        cache: the process's :class:`TableCache` (lock, state, commit).
        broadcast: pushes a committed change to the table's viewers (``broadcast(row, live)``).
        hear, speak: table talk (issue 14): what a bot hears, and a bot's statement made (stored)
            just before its move; none when not given.
        thinking: the process's :class:`~.thinking.Thinking` (every search bot thinks there).
        notify: ``notify(row, text)`` tells the table a notice (a bot that fell back).
    """

    def __init__(self, cache: TableCache, broadcast: Callable[[TableRow, Any], None],
                 hear: Callable[[str], Awaitable[tuple]] | None = None,
                 speak: Callable[..., Awaitable[None]] | None = None,
                 thinking: Thinking | None = None,
                 notify: Callable[[TableRow, str], Awaitable[None]] | None = None):
        self.cache = cache
        self.thinking = thinking  # where bots think (issue 41)
        self.notify = notify  # notify(row, text): a notice at the table (a bot's fallback)
        self.broadcast = broadcast
        self.hear = hear  # hear(table_id) -> the table talk so far (what a bot hears)
        self.speak = speak  # speak(row, live, seat, bot, heard): a bot's statement before it moves
        self.runners: dict[str, asyncio.Task] = {}
        self.wakers: dict[str, asyncio.Event] = {}
        self.closing = False

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
            self.runners[table_id] = asyncio.create_task(self.run_table(table_id))

    def idle(self, table_id: str) -> bool:
        """No background task is running at the table."""
        task = self.runners.get(table_id)
        return task is None or task.done()

    async def stop(self) -> None:
        """Cancel every table's task and wait for it."""
        self.closing = True
        tasks = list(self.runners.values())
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass

    def _notifier(self, row: TableRow) -> Callable[[str], Awaitable[None]] | None:
        if self.notify is None:
            return None
        notify = self.notify
        return lambda text: notify(row, text)

    async def _load(self, table_id: str) -> TableRow | None:
        return await self.cache.db(self.cache.store.load, table_id)

    async def run_table(self, table_id: str) -> None:
        """The table's background task: while the server is to move, wait until it is due and
        move; end when a human without a timer is to move or the game is over."""
        ev = self.wakers[table_id]
        cache = self.cache
        backoff = 1.0  # seconds before trying again while the store cannot write
        try:
            while not self.closing:
                ev.clear()
                async with cache.lock(table_id):
                    row = await self._load(table_id)
                    if row is None or row.status in ("finished", "closed"):
                        return
                    live = await cache.live(row)
                    next_move = plan(row, live.state)
                if next_move is None:
                    if ev.is_set():
                        continue
                    return
                due, seat, bot = next_move
                wait = (due - utcnow()).total_seconds()
                if wait > 0:
                    try:
                        await asyncio.wait_for(ev.wait(), wait)
                        continue  # something changed: plan again
                    except asyncio.TimeoutError:
                        pass
                action = None
                heard = () if seat == CHANCE or self.hear is None else await self.hear(table_id)
                if seat != CHANCE and bot != "random":
                    # A thinking bot works on a copy, without holding the table: views stay served.
                    async with cache.lock(table_id):
                        fresh = await self._load(table_id)
                        if fresh is None or fresh.moves_key != row.moves_key:
                            continue
                        twin = (await cache.live(fresh)).state.clone()
                    try:
                        action = await bot_action(fresh, twin, seat, bot, heard, self.thinking,
                                                  self._notifier(fresh))
                    except ThinkCancelled:  # the table moved on or closed meanwhile
                        continue
                async with cache.lock(table_id):
                    fresh = await self._load(table_id)
                    if fresh is None or fresh.moves_key != row.moves_key:
                        continue  # something moved meanwhile: plan again
                    row = fresh
                    live = await cache.live(row)
                    if live.state.current_player() != seat:
                        continue
                    if seat != CHANCE and action is None:  # random: drawn under the lock
                        action = await bot_action(row, live.state, seat, bot, heard)
                    if seat != CHANCE and self.speak is not None:  # a bot speaks before it moves
                        await self.speak(row, live, seat, bot, heard)
                    moves = [] if seat == CHANCE else [(seat, action)]
                    try:
                        row = await cache.commit(row, live, moves)
                    except ApiError as e:
                        if e.status != 503:  # another process moved first
                            continue
                        stalled = True  # the store cannot write (logged at ERROR): wait, then again
                    else:
                        stalled, backoff = False, 1.0
                        self.broadcast(row, live)
                if stalled:  # outside the lock: views are still served from the cache meanwhile
                    try:
                        await asyncio.wait_for(ev.wait(), backoff)
                    except asyncio.TimeoutError:
                        pass
                    backoff = min(STALLED_WAIT_MAX, backoff * 2)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: background task failed", table_id)
        finally:
            if self.runners.get(table_id) is asyncio.current_task():
                del self.runners[table_id]
                if self.wakers.get(table_id) is ev:  # the next kick makes a new one
                    del self.wakers[table_id]
