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
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from roses.agents import STRONGEST, Turn, make_agent, tell_table
from roses.agents.ismcts import SearchResult
from roses.core import CHANCE, GameRecord, State, to_jsonable
from roses.core.record import initial_state, replay_steps


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

    def to_json(self) -> dict[str, Any]:
        """The fields and :attr:`drop` as JSON data (``roses analyse --json``, the server)."""
        return {**vars(self), "drop": self.drop}

    @property
    def drop(self) -> float:
        """How much winning chance the played move gave up against the best (≥ 0; 0 when unknown)."""
        if self.played_chance is None or self.played == self.best:
            return 0.0
        return max(0.0, self.chance - self.played_chance)


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
                   make: Callable[[Any, int], Any] | None = None) -> list[Decision]:
    """Analyse every decision of ``seat`` with two or more legal moves in ``record``.

    Args:
        record: the game (replayed and checked step by step; a running game's record works too).
        seat: the seat to analyse (0..players-1).
        bot: the search bot's name (anything with ``analyse(turn)``; default the strongest level).
        seed: the bot's seed (decision ``k`` uses ``seed + k``), so an analysis is reproducible.
        progress: ``progress(done, total)`` after each analysed decision.
        make: ``make(game, seed) -> agent``, instead of ``bot`` (tests use smaller budgets).

    Returns: one :class:`Decision` per analysed decision, in game order.

    Raises:
        RecordError: the record does not replay.
        ValueError: ``seat`` is not a seat of the game, or the bot cannot analyse.
    """
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
    table = table_of(record, n)
    out = []
    for k, (i, pos, text) in enumerate(positions):
        agent = make(pos.game, seed + k) if make is not None else make_agent(bot, pos.game, seed + k)
        if not hasattr(agent, "analyse"):
            raise ValueError(f"bot {bot!r} cannot analyse a game; use a search bot such as {STRONGEST}")
        tell_table([agent], table)
        turn = Turn.of(pos)
        result = agent.analyse(turn)
        played = estimate(result, text)
        best = str(result.action)
        obs = to_jsonable(turn.observation)
        words = pos.game.spec.describe_action
        out.append(Decision(i, seat, text, best, result.value, played, len(result.moves),
                            words(obs, text), words(obs, best)))
        if progress is not None:
            progress(k + 1, len(positions))
    return out


def worst(decisions: list[Decision], count: int = 3, at_least: float = 0.05) -> list[Decision]:
    """The ``count`` decisions that gave up the most winning chance (at least ``at_least``), worst
    first."""
    marked = [d for d in decisions if d.drop >= at_least]
    return sorted(marked, key=lambda d: (-d.drop, d.step))[:count]


@dataclass(frozen=True)
class Hint:
    """A suggested move for a live turn: ``move`` (its text), ``chance`` (the seat's estimated
    winning chance with it, 0..1), ``runner_up`` (the next most searched move's text, or ``None``)
    and its ``runner_up_chance``, and ``text``: the reason in plain words."""
    move: str
    chance: float
    runner_up: str | None
    runner_up_chance: float | None
    text: str


def hint(state: State, bot: str = STRONGEST, seed: int = 0, make: Callable[[Any, int], Any] | None = None,
         describe: Callable[[str], str] = str, talk: tuple = (), table: Sequence[str | None] | None = None) -> Hint:
    """The strongest bot's move for the seat to move in ``state`` and why, in plain words.

    ``describe(move_text) -> words`` names a move for players (default its text). The bot sees
    only the seat's information (:class:`Turn`) and hears the table talk ``talk`` (a tuple of
    ``roses.core.talk.Talk``) and is told who sits where (``table``: each seat's bot name,
    ``None`` for a person; :func:`roses.agents.tell_table`). Raises ``ValueError`` when no seat is
    to move."""
    seat = state.current_player()
    if seat < 0:
        raise ValueError("no seat is to move: there is nothing to hint")
    agent = make(state.game, seed) if make is not None else make_agent(bot, state.game, seed)
    if table is not None:
        tell_table([agent], table)
    result = agent.analyse(Turn.of(state, talk))
    ranked = sorted((m for m in result.moves if m.visits), key=lambda m: -m.visits)
    move = str(result.action)
    other = next((m for m in ranked if str(m.action) != move), None)
    words = f"Suggested: {describe(move)}. It gives you about a {percent(result.value)} chance to win from here"
    if other is not None and other.mean is not None:
        words += f", against {percent(other.mean)} for {describe(str(other.action))}"
    words += "."
    if len(result.moves) == 1:
        words = f"Only one move is possible: {describe(move)}."
    return Hint(move, result.value, str(other.action) if other else None,
                other.mean if other else None, words)


def percent(x: float | None) -> str:
    """A chance in [0, 1] as whole percent for players ("45%"); "?" when unknown (``None``)."""
    return "?" if x is None else f"{round(100 * x)}%"


__all__ = ["Decision", "Hint", "analyse_record", "estimate", "hint", "percent", "table_of", "worst"]
