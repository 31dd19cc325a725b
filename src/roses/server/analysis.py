"""Game analysis and hints for the browser (issue 10): ``POST /api/analysis`` and the table's hints.

Both run the search bot on one seat's :class:`~roses.agents.Turn` (through
:mod:`roses.sim.analysis`), so they use only what that seat knew; they run in the thinking service
(:mod:`.thinking`, issue 41: worker processes, never the web process; an analysis is one job a
decision, queued fairly beside every table's bots), and their cost is bounded:

* analysis: a record of at most :data:`MAX_ANALYSIS_BYTES` and :data:`MAX_ANALYSIS_DECISIONS`
  decisions of the seat; at most one analysis at a time per client address and
  :data:`MAX_ANALYSES` in the whole process (429 beyond);
* hints: one at a time per seat (429 while one is being worked out).

The level is :data:`ANALYSIS_BOT` / :data:`HINT_BOT` (``ismcts:hard``: about 0.3–1 s a decision on
two cores, so a whole game's analysis takes seconds, not minutes; ``ismcts:expert`` is four times
slower). Tests replace :data:`MAKE` with a small-budget agent factory (picklable: it travels to
the workers with each job, e.g. ``functools.partial(ISMCTSAgent, iterations=20)``).
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import threading
from typing import Any, Callable, Iterator, Sequence

from roses.core import GameRecord, RosesError, State, load
from roses.core.plain import name_seats, seat_name
from roses.sim.analysis import Decision, decision_positions, percent, table_of, worst

from .auth import ApiError
from .thinking import ThinkBusy, ThinkCancelled, ThinkFailed, Thinking, jobs

#: The search level of an analysis (``roses.agents`` name); the environment variable
#: ``ROSES_ANALYSIS_BOT`` sets another one for the server (e.g. ``ismcts:expert`` on a big machine,
#: ``ismcts:easy`` in browser tests).
ANALYSIS_BOT = os.environ.get("ROSES_ANALYSIS_BOT") or "ismcts:hard"
#: The search level of a hint (the same environment variable).
HINT_BOT = os.environ.get("ROSES_ANALYSIS_BOT") or "ismcts:hard"
#: ``make(game, seed) -> agent`` instead of the level (tests inject a fast analyser); ``None``: the level.
MAKE: Callable[[Any, int], Any] | None = None
#: The largest record an analysis accepts (bytes of the request body; records are about 10 kB).
MAX_ANALYSIS_BYTES = 256 * 1024
#: The most decisions of one seat an analysis works through (a long Rare Roses game has ~150).
MAX_ANALYSIS_DECISIONS = 400
#: Analyses running at once in this process (each uses a core).
MAX_ANALYSES = 2
#: Hints worked out at once in this process (one at a time per seat as well): each is a search of
#: up to a second on a core, and many tables asking at once would starve the bots and the moves.
MAX_HINTS = 4
#: How many of the biggest drops are marked.
MARKED = 3


class Slots:
    """Who is running an analysis or a hint: at most one per key and ``limit`` in all."""

    def __init__(self, limit: int | None = None):
        self.limit = limit
        self.keys: set[Any] = set()
        self.lock = threading.Lock()

    def take(self, key: Any, busy_key: str, busy_all: str) -> None:
        """Hold a slot for ``key``; raises :class:`ApiError` 429 with the matching message."""
        with self.lock:
            if key in self.keys:
                raise ApiError(429, {"error": "busy", "detail": busy_key})
            if self.limit is not None and len(self.keys) >= self.limit:
                raise ApiError(429, {"error": "busy", "detail": busy_all})
            self.keys.add(key)

    def give(self, key: Any) -> None:
        with self.lock:
            self.keys.discard(key)

    @contextlib.contextmanager
    def holding(self, key: Any, busy_key: str, busy_all: str) -> Iterator[None]:
        """A slot for ``key`` while the ``with`` block runs (:meth:`take`, then :meth:`give` however
        the block ends); raises :class:`ApiError` 429 as :meth:`take` does."""
        self.take(key, busy_key, busy_all)
        try:
            yield
        finally:
            self.give(key)


def marked_text(d: Decision, move_number: int, who: str = "you") -> str:
    """A marked decision in plain words: "Move 12: Hazel (hard bot) played 'Bid 4 (of 9 cards on
    the table)'; 'Pass' kept about 45% instead of 20%" (``who``: the seat's name)."""
    return (f"Move {move_number}: {who} played '{d.played_words or d.played}'; '{d.best_words or d.best}' "
            f"kept about {percent(d.chance)} "
            f"instead of {percent(d.played_chance)}.")


def record_names(record: GameRecord) -> list[str | None]:
    """Each seat's name at the end of ``record`` (its last holder's, as the replay viewer names
    it), ``None`` for a seat the record does not name."""
    out: list[str | None] = []
    for held in record.holders or []:
        last = held[-1] if held else {}
        out.append(last.get("name") if isinstance(last, dict) and isinstance(last.get("name"), str) else None)
    return out


def decision_json(d: Decision) -> dict[str, Any]:
    return {**d.to_json(), "move": d.step + 1}


def check_seat(seat: Any, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ApiError(422, {"error": "seat", "param": "seat",
                             "detail": f"seat must be a whole number from 0 to {players - 1} "
                                       f"(this game has {players} seats)"})
    return seat


def analysis_answer(record: GameRecord, seat: int, decisions: list[Decision]) -> dict[str, Any]:
    """The answer of an analysis of ``seat`` in ``record``: moves and the marked decisions name
    seats as the replay does (:func:`record_names`)."""
    names = record_names(record)
    decisions = [dataclasses.replace(d, played_words=name_seats(d.played_words, names),
                                     best_words=name_seats(d.best_words, names)) for d in decisions]
    marks = worst(decisions, count=MARKED)
    who = name_seats(seat_name(seat), names)
    return {
        "game": record.game, "seat": seat, "bot": ANALYSIS_BOT,
        "decisions": [decision_json(d) for d in decisions],
        "marked": [{**decision_json(d), "text": marked_text(d, d.step + 1, who)} for d in marks],
    }


def analysis_jobs(record: GameRecord, seat: int) -> list[tuple]:
    """The arguments of :func:`.thinking.jobs.analyse_decision` for each decision of ``seat``
    (blocking: replays the record; call in a thread). Decision ``k`` is searched with seed ``k``,
    as ``roses analyse`` does (:func:`roses.sim.analysis.analyse_record`)."""
    n = load(record.game, **record.params).num_players
    table = table_of(record, n)
    return [(jobs.state_payload(pos), step, seat, text, ANALYSIS_BOT, k, table, MAKE)
            for k, (step, pos, text) in enumerate(decision_positions(record, seat))]


def count_decisions(record: GameRecord, seat: int) -> int:
    """How many recorded actions are ``seat``'s (an upper bound of the decisions analysed)."""
    return sum(1 for s, _ in record.actions if s == seat)


async def analyse(record: GameRecord, seat: int, client: Any, slots: Slots, thinking: Thinking) -> dict[str, Any]:
    """The analysis of ``seat`` in ``record`` for ``client`` (its address): one job a decision in
    the thinking service, queued under the client's key (fair against every table's bots)."""
    check_seat(seat, load(record.game, **record.params).num_players)
    if count_decisions(record, seat) > MAX_ANALYSIS_DECISIONS:
        raise ApiError(422, {"error": "record", "detail": f"seat {seat} made more than {MAX_ANALYSIS_DECISIONS} "
                                                          "moves in this record: too long to analyse"})
    with slots.holding(client, "an analysis you asked for is still running; wait for it to finish",
                       "the server is busy with other analyses; try again in a minute"):
        try:
            args = await asyncio.to_thread(analysis_jobs, record, seat)
        except RosesError as e:  # the record does not replay (an illegal step, a wrong result)
            raise ApiError(422, {"error": "record", "detail": str(e)}) from None
        key = f"analysis:{client}"
        try:
            async with asyncio.TaskGroup() as group:  # one failure cancels the rest
                tasks = [group.create_task(thinking.think(key, "analysis", jobs.analyse_decision, *a)) for a in args]
        except* ThinkBusy:
            raise ApiError(429, {"error": "busy", "detail": BUSY}) from None
        except* (ThinkFailed, ThinkCancelled):
            raise ApiError(503, {"error": "unavailable", "detail": FAILED}) from None
        return analysis_answer(record, seat, [Decision(**t.result()) for t in tasks])


async def hint_in(thinking: Thinking, table_id: str, state: State, seed: int, talk: tuple = (),
                  table: tuple | None = None, names: Sequence[str | None] | None = None) -> dict[str, Any]:
    """A hint for the seat to move in ``state``, worked out in the thinking service
    (:func:`.thinking.jobs.hint_for`) under the table's key, hearing the table talk ``talk`` and
    told who sits where (``table``, ``runner.seating``); its ``text`` names the moves as that
    seat's menu does, and each seat by its name at the table (``names``, 0-based). Raises
    :class:`ApiError` 429 when the server is too busy, 503 when the think failed or was cancelled."""
    try:
        return await thinking.think(table_id, "hint", jobs.hint_for, jobs.state_payload(state), HINT_BOT, seed,
                                    tuple(talk), table, names, MAKE)
    except ThinkBusy:
        raise ApiError(429, {"error": "busy", "detail": BUSY}) from None
    except ThinkCancelled:
        raise ApiError(409, {"error": "moved on", "detail": "the turn ended before the hint was worked out"}) from None
    except ThinkFailed:
        raise ApiError(503, {"error": "unavailable", "detail": FAILED}) from None


#: Why a hint or an analysis is refused when too many thinks wait (429).
BUSY = "the server has too much to think about right now; try again in a minute"
#: Why a hint or an analysis failed (503; the server's log has the error).
FAILED = "the server could not work this out; the error has been logged"

__all__ = ["ANALYSIS_BOT", "HINT_BOT", "MAKE", "MAX_ANALYSES", "MAX_ANALYSIS_BYTES", "MAX_ANALYSIS_DECISIONS",
           "Slots", "analyse", "analysis_answer", "analysis_jobs", "hint_in", "marked_text", "record_names"]
