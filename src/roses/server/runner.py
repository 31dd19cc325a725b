"""How the server moves for bots, chance and timed-out seats: when a move is due, and which move a
bot makes (seeded by table seed, version and seat, so a restart or a second process makes the same
move; a search bot thinks in a worker process)."""
from __future__ import annotations

import hashlib
import logging
import random
from datetime import datetime, timedelta
from typing import Any

import anyio.to_process
import anyio.to_thread

from roses.agents import Turn, make_agent
from roses.core import CHANCE, State, to_jsonable

from .store import TableRow
from .views import timer_bot

log = logging.getLogger("roses.server")


def bot_seed(seed: int, version: int, seat: int) -> int:
    """A bot's RNG seed for one decision: stable across processes and restarts."""
    digest = hashlib.sha256(f"{seed}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def rng_from_json(state: State, data: Any) -> None:
    state.rng.setstate((data[0], tuple(data[1]), data[2]))


def search_bot_choice(state_json: dict[str, Any], rng_state: Any, bot: str, seed: int) -> str:
    """A bot's choice, in a worker process (a search bot holds the GIL for seconds): rebuild the
    state from :meth:`State.to_json` (and its RNG position), build the agent with ``seed`` as the
    server would, and return the action's text (the server maps it back with
    ``state.action_from_text``)."""
    state = State.from_json(state_json)
    if rng_state is not None:
        rng_from_json(state, rng_state)
    agent = make_agent(bot, state.game, seed)
    return str(agent.act(Turn.of(state)))


def plan(row: TableRow, state: State) -> tuple[datetime, int, str | None] | None:
    """When and how the server moves next at this table: ``(due, seat, bot)``, or ``None``
    when it waits for a human without a timer (or the game is over)."""
    if row.status == "closed":
        return None
    cp = state.current_player()
    if cp == CHANCE:
        return (row.updated, CHANCE, None)
    if cp < 0:
        return None
    seat = row.seats[cp]
    if seat.kind == "bot":
        return (row.updated + timedelta(milliseconds=row.bot_delay_ms), cp, seat.bot)
    if row.turn_timer_seconds:
        return (row.updated + timedelta(seconds=row.turn_timer_seconds), cp, timer_bot(state.game.spec))
    return None

async def bot_action(row: TableRow, state: State, seat: int, bot: str, talk: tuple = ()) -> Any:
    """The bot's choice for ``seat`` (its RNG seeded by table seed, version and seat), hearing the
    table talk ``talk`` (:attr:`Turn.talk`; a search bot in a worker process hears none). Runs on
    ``state`` as given: pass a clone when the table's lock is not held."""
    seed = bot_seed(row.seed, row.version, seat)
    legal = state.legal_actions()
    try:
        if bot == "random":
            action = make_agent(bot, state.game, seed).act(Turn.of(state))
        elif bot == "heuristic":  # quick: a thread keeps the event loop free
            agent = make_agent(bot, state.game, seed)
            action = await anyio.to_thread.run_sync(lambda: agent.act(Turn.of(state, talk)))
        else:  # a search bot holds the GIL for seconds: in a worker process
            text = await anyio.to_process.run_sync(
                search_bot_choice, state.to_json(), to_jsonable(state.rng.getstate()), bot, seed,
                cancellable=True)
            action = state.action_from_text(text)
    except Exception:
        log.exception("bot %s failed at table %s; a random move instead", bot, row.id)
        action = None
    if action not in legal:
        action = random.Random(bot_seed(row.seed, row.version, seat)).choice(legal)
    return action
