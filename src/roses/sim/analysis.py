"""Game analysis: the strongest bot's view of one seat's decisions in a finished (or running) game.

:func:`analyse_record` replays a :class:`~roses.core.GameRecord` and, at every decision of the
chosen seat with a real choice (two or more legal moves), runs the search bot (default
:data:`roses.agents.STRONGEST`) on that seat's turn — through :class:`~roses.agents.Turn`, so it
knows only what the seat knew then — and reports the seat's estimated winning chance with the best
move, the move the bot prefers, the move played and the chance after it. The biggest drops are the
moves a player would want to look at again, as chess sites mark them after a game.

:func:`hint` is the same for one live turn, in plain words, for a table that allows hints.

Winning chance means the seat's expected return in [0, 1] (a shared win counts 1/k): in a game one
seat wins, the chance of winning; in solo Rare Roses every finished game is a "win", so the
estimate says nothing there (the search's reward is the return, not the money).

**Second opinion.** A search's per-move means are uneven: the move it plays is tried most, another
move may have been tried a handful of times (a mean of 0% from one lost playout), and a move it
keeps may show a lower mean than one tried less. So where two moves are compared for a player (the
move played against the bot's, a hint's suggestion against the runner-up), both are played out in
the same :data:`COMPARE_WORLDS` worlds (``world_returns``: the same hidden cards, the same future
draws, the bot's own playout models); their means are the figures shown, the better of the two is
the preferred move, and a drop is marked only when it exceeds :data:`MARK_Z` standard errors of
the paired differences.
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from roses.agents import STRONGEST, Turn, make_agent, tell_table
from roses.agents.ismcts import SearchResult
from roses.core import CHANCE, GameRecord, State, to_jsonable
from roses.core.record import initial_state, replay_steps

#: Worlds of the second opinion (each compared move is played out once in each).
COMPARE_WORLDS = 32
#: A drop is marked only when it is more than this many standard errors of the paired differences.
MARK_Z = 1.5
#: A hint calls the other move "about as good" when its chance is less than this far below (0..1).
CLOSE = 0.05


@dataclass(frozen=True)
class Decision:
    """One analysed decision of the seat.

    Attributes:
        step: index of the move in the record's actions (0-based).
        seat: the seat (int).
        played: the move played (its text).
        best: the move the bot prefers (its text).
        chance: the seat's estimated winning chance before the move, playing ``best`` (0..1).
        played_chance: the estimate after ``played`` (0..1); ``None`` when the search never tried it.
        legal: how many moves were legal.
        played_words, best_words: the two moves in plain words, as the seat's menu named them
            (``GameSpec.describe_action``; the text itself when the game has no words for it).
        drop_se: the standard error of :attr:`drop` (the second opinion's paired differences;
            ``None`` when the played move is the preferred one or was not compared).
    """
    step: int
    seat: int
    played: str
    best: str
    chance: float
    played_chance: float | None
    legal: int
    played_words: str = ""
    best_words: str = ""
    drop_se: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The fields and :attr:`drop` as JSON data (``roses analyse --json``, the server)."""
        return {**vars(self), "drop": self.drop}

    @property
    def drop(self) -> float:
        """How much winning chance the played move gave up against the best (≥ 0; 0 when unknown)."""
        if self.played_chance is None or self.played == self.best:
            return 0.0
        return max(0.0, self.chance - self.played_chance)


def second_opinion(agent: Any, turn: Turn, mine: str, other: str,
                   worlds: int = COMPARE_WORLDS) -> tuple[float, float, float | None]:
    """Moves ``mine`` and ``other`` (texts) played out in the same ``worlds`` worlds by ``agent``'s
    ``world_returns``: ``(mean of mine, mean of other, standard error of their mean difference)``
    (the error ``None`` with one world). Returns on the agent's scale (in [0, 1] for a search)."""
    out = agent.world_returns(turn, [mine, other], worlds)
    a, b = out[mine], out[other]
    diffs = [x - y for x, y in zip(a, b)]
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else None
    return statistics.fmean(a), statistics.fmean(b), se


def estimate(result: SearchResult, text: str) -> float | None:
    """The mean return of the root move with text ``text`` in ``result`` (``None`` if untried)."""
    for m in result.moves:
        if str(m.action) == text:
            return m.mean
    return None


def table_of(record: GameRecord, seats: int) -> tuple[str | None, ...]:
    """Who sat where in ``record``, as the table showed it: each seat's bot name from its player
    label (``"bot:bold"`` → ``"bold"``), ``None`` for a person or a seat the record does not label
    (a bot analysing the game models each seat by it, ``ISMCTSAgent.meet``)."""
    players = list(record.players or [])[:seats]
    players += [None] * (seats - len(players))
    return tuple(p[4:] if isinstance(p, str) and p.startswith("bot:") else None for p in players)


def analyse_record(record: GameRecord, seat: int, bot: str = STRONGEST, seed: int = 0,
                   progress: Callable[[int, int], None] | None = None,
                   make: Callable[[Any, int], Any] | None = None,
                   worlds: int = COMPARE_WORLDS) -> list[Decision]:
    """Analyse every decision of ``seat`` with two or more legal moves in ``record``.

    Where the move played is not the bot's, both are compared in ``worlds`` worlds (the module's
    "second opinion", when the bot has ``world_returns``): the better one is the preferred move
    and their means are the chances shown.

    Args:
        record: the game (replayed and checked step by step; a running game's record works too).
        seat: the seat to analyse (0..players-1).
        bot: the search bot's name (anything with ``analyse(turn)``; default the strongest level).
        seed: the bot's seed (decision ``k`` uses ``seed + k``), so an analysis is reproducible.
        progress: ``progress(done, total)`` after each analysed decision.
        make: ``make(game, seed) -> agent``, instead of ``bot`` (tests use smaller budgets).
        worlds: worlds of the second opinion (0: none, the search's own means).

    Returns: one :class:`Decision` per analysed decision, in game order.

    Raises:
        RecordError: the record does not replay.
        ValueError: ``seat`` is not a seat of the game, or the bot cannot analyse.
    """
    positions = decision_positions(record, seat)
    n = initial_state(record).num_players
    table = table_of(record, n)
    out = []
    for k, (i, pos, text) in enumerate(positions):
        out.append(analyse_position(pos, i, seat, text, bot=bot, seed=seed + k, table=table, make=make, worlds=worlds))
        if progress is not None:
            progress(k + 1, len(positions))
    return out


def decision_positions(record: GameRecord, seat: int) -> list[tuple[int, State, str]]:
    """Every decision of ``seat`` with two or more legal moves in ``record``: ``(step, the state
    before it, the move played)``, in game order. Raises ``RecordError`` when the record does not
    replay and ``ValueError`` when ``seat`` is not one of its seats."""
    state = initial_state(record)
    n = state.num_players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
    positions: list[tuple[int, State, str]] = []
    before = state.clone()
    for i, s, text, after in replay_steps(record):
        if s == seat and s != CHANCE and len(before.legal_actions()) > 1:
            positions.append((i, before, text))
        before = after.clone()
    return positions


def analyse_position(pos: State, step: int, seat: int, text: str, bot: str = STRONGEST, seed: int = 0,
                     table: Sequence[str | None] | None = None, make: Callable[[Any, int], Any] | None = None,
                     worlds: int = COMPARE_WORLDS) -> Decision:
    """The :class:`Decision` of ``seat`` at ``pos`` (move ``step`` of the game), where it played
    ``text``: the bot (``bot`` or ``make(game, seed)``, told who sits where: ``table``) searches the
    seat's turn, and where its move is not the one played both are compared in ``worlds`` worlds."""
    agent = make(pos.game, seed) if make is not None else make_agent(bot, pos.game, seed)
    if not hasattr(agent, "analyse"):
        raise ValueError(f"bot {bot!r} cannot analyse a game; use a search bot such as {STRONGEST}")
    if table is not None:
        tell_table([agent], tuple(table))
    turn = Turn.of(pos)
    result = agent.analyse(turn)
    best, chance, played, se = str(result.action), result.value, estimate(result, text), None
    if text != best and worlds > 0 and hasattr(agent, "world_returns"):
        mine, theirs, se = second_opinion(agent, turn, best, text, worlds)
        if theirs >= mine:  # on a closer look the move played is as good: no drop
            best, chance, played, se = text, theirs, theirs, None
        else:
            chance, played = mine, theirs
    obs = to_jsonable(turn.observation)
    words = pos.game.spec.describe_action
    return Decision(step, seat, text, best, chance, played, len(result.moves),
                    words(obs, text), words(obs, best), se)


def worst(decisions: list[Decision], count: int = 3, at_least: float = 0.05, z: float = MARK_Z) -> list[Decision]:
    """The ``count`` decisions that gave up the most winning chance, worst first: at least
    ``at_least`` and, when the drop has a standard error, more than ``z`` of them."""
    marked = [d for d in decisions if d.drop >= at_least and (d.drop_se is None or d.drop > z * d.drop_se)]
    return sorted(marked, key=lambda d: (-d.drop, d.step))[:count]


@dataclass(frozen=True)
class Hint:
    """A suggested move for a live turn: ``move`` (its text), ``chance`` (the seat's estimated
    winning chance with it, 0..1), ``runner_up`` (the other move compared: the search's next most
    searched, or its own move when the second opinion preferred the runner-up; ``None`` when none
    was searched) and its ``runner_up_chance``, and ``text``: the reason in plain words."""
    move: str
    chance: float
    runner_up: str | None
    runner_up_chance: float | None
    text: str


def hint(state: State, bot: str = STRONGEST, seed: int = 0, make: Callable[[Any, int], Any] | None = None,
         describe: Callable[[str], str] = str, talk: tuple = (), table: Sequence[str | None] | None = None,
         worlds: int = COMPARE_WORLDS) -> Hint:
    """The strongest bot's move for the seat to move in ``state`` and why, in plain words.

    ``describe(move_text) -> words`` names a move for players (default its text). The bot sees
    only the seat's information (:class:`Turn`) and hears the table talk ``talk`` (a tuple of
    ``roses.core.talk.Talk``) and is told who sits where (``table``: each seat's bot name,
    ``None`` for a person; :func:`roses.agents.tell_table`). The bot's move and the runner-up
    (its next most searched move) are then played out in the same ``worlds`` worlds (the
    module's "second opinion"; 0: the search's own means): the better is suggested, both
    chances are those means, and a move less than :data:`CLOSE` below is said to be about as
    good. Raises ``ValueError`` when no seat is to move."""
    seat = state.current_player()
    if seat < 0:
        raise ValueError("no seat is to move: there is nothing to hint")
    agent = make(state.game, seed) if make is not None else make_agent(bot, state.game, seed)
    if table is not None:
        tell_table([agent], table)
    turn = Turn.of(state, talk)
    result = agent.analyse(turn)
    move = str(result.action)
    if len(result.moves) == 1:
        return Hint(move, result.value, None, None, f"Only one move is possible: {describe(move)}.")
    ranked = sorted((m for m in result.moves if m.visits), key=lambda m: -m.visits)
    runner = next((m for m in ranked if str(m.action) != move), None)
    other = str(runner.action) if runner is not None else None
    chance, other_chance, close = result.value, runner.mean if runner is not None else None, False
    if other is not None and worlds > 0 and hasattr(agent, "world_returns"):
        chance, other_chance, se = second_opinion(agent, turn, move, other, worlds)
        if other_chance > chance:  # on a closer look the runner-up is the better move
            move, other, chance, other_chance = other, move, other_chance, chance
        close = chance - other_chance < CLOSE
    # "an estimated": no "a 81%" (the article would follow the number's sound)
    words = f"Suggested: {describe(move)}. It gives you an estimated {percent(chance)} chance to win from here"
    if other is not None and other_chance is not None:
        words += (f"; {describe(other)} is about as good ({percent(other_chance)})" if close
                  else f", against {percent(other_chance)} for {describe(other)}")
    return Hint(move, chance, other, other_chance, words + ".")


def percent(x: float | None) -> str:
    """A chance in [0, 1] as whole percent for players ("45%"); "?" when unknown (``None``)."""
    return "?" if x is None else f"{round(100 * x)}%"


__all__ = ["CLOSE", "COMPARE_WORLDS", "Decision", "Hint", "MARK_Z", "analyse_position", "analyse_record",
           "decision_positions", "estimate", "hint", "percent",
           "second_opinion", "table_of", "worst"]
