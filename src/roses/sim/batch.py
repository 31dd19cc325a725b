"""Batch simulation: many games of bots, with win rates per seat and game length.

Game ``i`` of a batch with seed ``S`` uses game seed ``S + i`` and bot seeds derived from
``(S, i, seat)``, so a batch is reproducible whatever the number of worker processes.

Wins. A seat's win in a game is its share of it (:func:`win_shares`): a win shared by ``k`` seats
(a tie, or a Blades & Rose faction's ``k`` seats) counts ``1/k`` for each, as in tournaments and
the balance report. Win rates by seat and by turn-order position get the interval of a mean
credit per game (:func:`roses.sim.stats.credit_interval`): Wilson's interval with the games
weighted by how much their credits spread, which is Wilson's own when no win was shared.
"""
from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from roses.agents import make_agent
from roses.core import load

from .figures import start_seat
from .match import play_game, seat_actions
from .stats import credit_interval, wilson  # noqa: F401  (wilson: its home before stats.py)


@dataclass(frozen=True)
class GameResult:
    """One simulated game: per-seat returns and its length in seat actions."""

    seed: int
    returns: tuple[float, ...]
    actions: int
    tags: tuple[tuple[str, str], ...] = ()
    scores: tuple[float, ...] | None = None
    #: the seat that took the first turn (:func:`roses.sim.figures.start_seat`), or ``None``
    start: int | None = None


@dataclass
class BatchResult:
    """Summary of a batch.

    Attributes:
        game, players, params, bots (one name per seat), games, seed.
        wins_per_seat: each seat's wins, a win shared by ``k`` seats counting ``1/k``
            (:func:`win_shares`).
        win_rate: wins / games per seat, with ``ci95`` (low, high): the 95% interval of the mean
            credit per game (:func:`roses.sim.stats.credit_interval`).
        mean_actions: mean game length in seat actions (chance outcomes excluded); ``sd_actions``.
        outcomes: for each result tag of the game (``State.result_tags``), games per value, e.g.
            ``{"winning_faction": {"White Rose": 812, "Blood Blades": 1188}}``.
        mean_scores, sd_scores: per seat, for games with their own score (``State.scores``, e.g.
            dollars in Rare Roses); ``None`` otherwise.
        seconds: wall-clock time of the batch.
    """

    game: str
    players: int
    params: dict[str, Any]
    bots: list[str]
    games: int
    seed: int
    wins_per_seat: list[float]
    win_rate: list[float]
    ci95: list[tuple[float, float]]
    mean_actions: float
    sd_actions: float
    seconds: float
    outcomes: dict[str, dict[str, int]] = field(default_factory=dict)
    mean_scores: list[float] | None = None
    sd_scores: list[float] | None = None
    results: list[GameResult] = field(default_factory=list, repr=False)
    #: wins by turn-order position (0: the seat that started; a shared win counts 1/k), with
    #: their 95% intervals (as ``ci95``); ``None`` for a game without a start player or one seat.
    #: The start player is drawn each game, so the seats' figures do not say whether starting helps.
    wins_by_position: list[float] | None = None
    position_ci95: list[tuple[float, float]] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "params": self.params, "bots": self.bots,
            "games": self.games, "seed": self.seed,
            "wins_per_seat": [round(w, 9) for w in self.wins_per_seat],  # shared wins: sums of 1/k
            "win_rate": self.win_rate, "ci95": [list(c) for c in self.ci95],
            "mean_actions": self.mean_actions, "sd_actions": self.sd_actions, "seconds": self.seconds,
            "outcomes": self.outcomes, "mean_scores": self.mean_scores, "sd_scores": self.sd_scores,
            "outcome_rates": {k: {v: c / self.games for v, c in vs.items()} for k, vs in self.outcomes.items()},
            "wins_by_position": None if self.wins_by_position is None else [round(w, 9) for w in self.wins_by_position],
            "position_ci95": None if self.position_ci95 is None else [list(c) for c in self.position_ci95],
        }


def expand_bots(bots: Sequence[str], players: int) -> list[str]:
    """One bot name per seat: the list as given, its last name repeated to fill the table.

    Raises ``ValueError`` if more names than seats are given."""
    bots = [b.strip() for b in bots if b.strip()] or ["random"]
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots given for {players} seats")
    return bots + [bots[-1]] * (players - len(bots))


def play_range(game_name: str, params: dict[str, Any], bots: list[str], seed: int,
               indices: Sequence[int]) -> list[GameResult]:
    """Games ``indices`` of a batch with seed ``seed`` (game seed ``seed + i``, bot seeds
    ``hash_seed(seed, i, seat)``), one bot name per seat; shared by simulate and tournaments."""
    game = load(game_name, **params)
    out = []
    for i in indices:
        agents = [make_agent(b, game, hash_seed(seed, i, s)) for s, b in enumerate(bots)]
        first: list[int | None] = []

        def on_step(state, seat, action, first=first):
            if not first and not state.is_chance_node() and not state.is_terminal():
                first.append(start_seat(state))  # once the start player is known

        state = play_game(game, agents, seed + i, on_step=on_step)
        out.append(GameResult(seed + i, tuple(state.returns()), seat_actions(state),
                              tuple(sorted(state.result_tags().items())),
                              None if state.scores() is None else tuple(state.scores()),
                              first[0] if first else None))
    return out


def win_shares(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's share of a game's win: ``r_s / Σ r``, so ``k`` winners get ``1/k`` each; all
    zeros if no return is positive (or one is negative)."""
    if any(r < 0 for r in returns) or sum(returns) <= 0:
        return tuple(0.0 for _ in returns)
    total = sum(returns)
    return tuple(r / total for r in returns)


def position_credits(results: Sequence[GameResult], players: int) -> list[list[float]] | None:
    """Each turn-order position's win credit (0: the seat that started; :func:`win_shares`), one
    list per position with one value per game; ``None`` when some game has no start player or
    the game has one seat."""
    if players < 2 or not results or any(r.start is None for r in results):
        return None
    by_position = [[0.0] * len(results) for _ in range(players)]
    for i, r in enumerate(results):
        for s, x in enumerate(win_shares(r.returns)):
            by_position[(s - r.start) % players][i] = x
    return by_position


def hash_seed(*parts: int) -> int:
    """A stable 63-bit seed from integers (independent of Python's hash randomisation)."""
    h = 1469598103934665603
    for p in parts:
        h = ((h ^ (p & 0xFFFFFFFFFFFF)) * 1099511628211) & 0x7FFFFFFFFFFFFFFF
    return h


def run_batch(game_name: str, params: dict[str, Any], bots: Sequence[str], games: int, seed: int = 0,
              workers: int = 1, progress: Callable[[int], None] | None = None, chunk: int = 25) -> BatchResult:
    """Play ``games`` games of ``game_name`` with one bot per seat and summarise them.

    Args:
        params: game parameters (must include or default ``players``).
        bots: bot names; the last is repeated to fill the seats (see :func:`expand_bots`).
        workers: processes to use (results do not depend on it).
        progress: called with the number of games just finished.

    Raises :class:`~roses.core.errors.GameParameterError` / ``ValueError`` for bad parameters or bots.
    """
    game = load(game_name, **params)
    seat_bots = expand_bots(bots, game.num_players)
    for b in set(seat_bots):
        make_agent(b, game, 0)  # fail early on an unknown bot name
    plain = {k: v for k, v in dict(game.params).items()}
    start = time.perf_counter()
    chunks = [list(range(i, min(games, i + chunk))) for i in range(0, games, chunk)]
    results: list[GameResult] = []
    if workers <= 1:
        for c in chunks:
            results.extend(play_range(game_name, plain, seat_bots, seed, c))
            if progress:
                progress(len(c))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_range, game_name, plain, seat_bots, seed, c) for c in chunks]
            for f in futures:
                part = f.result()
                results.extend(part)
                if progress:
                    progress(len(part))
    seconds = time.perf_counter() - start
    n = game.num_players
    shares = [win_shares(r.returns) for r in results]
    credits = [[x[s] for x in shares] for s in range(n)]
    wins = [sum(c) for c in credits]
    lengths = [r.actions for r in results]
    mean, sd = mean_sd(lengths)
    mean_scores = sd_scores = None
    if results and results[0].scores is not None:
        per_seat = [mean_sd([r.scores[s] for r in results]) for s in range(n)]
        mean_scores, sd_scores = [m for m, _ in per_seat], [d for _, d in per_seat]
    outcomes: dict[str, dict[str, int]] = {}
    for r in results:
        for k, v in r.tags:
            outcomes.setdefault(k, {})
            outcomes[k][v] = outcomes[k].get(v, 0) + 1
    by_position = position_credits(results, n)
    return BatchResult(
        wins_by_position=None if by_position is None else [sum(c) for c in by_position],
        position_ci95=None if by_position is None else [credit_interval(c) for c in by_position],
        game=game_name, outcomes={k: dict(sorted(v.items())) for k, v in sorted(outcomes.items())},
        players=n, params=plain, bots=seat_bots, games=games, seed=seed,
        wins_per_seat=wins, win_rate=[w / games if games else 0.0 for w in wins],
        ci95=[credit_interval(c) for c in credits], mean_actions=mean, sd_actions=sd, seconds=seconds,
        mean_scores=mean_scores, sd_scores=sd_scores, results=results,
    )


def mean_sd(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0 for fewer than two values)."""
    if not xs:
        return 0.0, 0.0
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, sd
