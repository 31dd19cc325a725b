"""What a search does below its tree: playout policies (:func:`random_policy`, a bot through
:func:`agent_policy`), leaf evaluations (:func:`equal_shares`, :func:`solo_score`,
:func:`score_shares`, chosen per game by :func:`default_evaluate`), and each move's returns in
common worlds (:func:`common_world_returns`), shared by ``ismcts`` and ``rollout``.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from roses.core import State

from .base import Turn
from .tuning import search_tuning

#: Playout policy: ``policy(world, legal_actions, rng) -> action`` for the seat to move in ``world``.
PlayoutPolicy = Callable[[State, list, random.Random], Any]
#: Leaf evaluation: ``evaluate(world) -> per-seat rewards in [0, 1]``.
Evaluate = Callable[[State], Sequence[float]]


def equal_shares(world: State) -> list[float]:
    """Default leaf evaluation: the returns once terminal, else ``1/n`` for every seat."""
    if world.is_terminal():
        return list(world.returns())
    n = world.num_players
    return [1.0 / n] * n


def solo_score(scale: float) -> Evaluate:
    """Leaf evaluation for a one-seat game with scores: ``[score / scale]`` once terminal (its
    returns are 1 whatever it scores), else 0."""
    def evaluate(world: State) -> list[float]:
        return [world.scores()[0] / scale] if world.is_terminal() else [0.0]
    return evaluate


def score_shares(temperature: float) -> Evaluate:
    """Leaf evaluation for a game with scores: the returns once terminal, else the seats' shares
    ``softmax(score / temperature)`` (a lead of ``temperature`` points is worth e times the share)."""
    def evaluate(world: State) -> list[float]:
        if world.is_terminal():
            return list(world.returns())
        scores = world.scores()
        top = max(scores)
        e = [math.exp((s - top) / temperature) for s in scores]
        total = sum(e)
        return [x / total for x in e]
    return evaluate


def default_evaluate(game: Any) -> Evaluate:
    """For a game with scores (``GameInfo.score_unit``): :func:`solo_score` with one seat (scale
    ``SearchTuning.score_scale``), :func:`score_shares` (temperature ``score_scale / 5``) with seats;
    else :func:`equal_shares`."""
    if game is not None and game.spec.info is not None and game.info.score_unit:
        scale = search_tuning(game).score_scale
        if game.num_players == 1:
            return solo_score(scale)
        return score_shares(scale / 5)
    return equal_shares


def random_policy(world: State, legal: list, rng: random.Random) -> Any:
    """Default playout policy: a uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def agent_policy(agent: Any) -> PlayoutPolicy:
    """A playout policy that asks ``agent`` (anything with ``act(turn)``, e.g. a game's
    ``heuristic`` bot) for the move in the playout world, through a :class:`Turn` of that world.

    The agent sees the world's observation for the seat to move and may itself sample states from
    it; it plays with its own RNG, so a search using it stays deterministic for fixed seeds."""
    def policy(world: State, legal: list, rng: random.Random) -> Any:
        seat = world.current_player()
        return agent.act(Turn(seat, None, legal, world))
    return policy


def common_world_returns(draw: Callable[[], State], rng: random.Random, moves: Sequence[str], worlds: int,
                         play: Callable[[State, int], float], *, deadline: float | None = None,
                         min_worlds: int = 1) -> dict[str, list[float]]:
    """Each move's return in the same worlds (common random numbers): ``worlds`` times, a world
    from ``draw()`` and a seed from ``rng``; each move (listed once, however often it is given)
    is played in ``world.reseeded(seed)`` (the same future chance outcomes) and scored by
    ``play(world_after_the_move, seed)``. With ``deadline`` (a ``time.perf_counter()`` value) no
    world is added past it once ``min_worlds`` are played. Returns ``{move text: [return, …]}``;
    raises :class:`~roses.core.IllegalActionError` for a move not legal in the worlds.
    (``ISMCTSAgent.world_returns``, ``RolloutAgent.world_returns``.)"""
    results: dict[str, list[float]] = {t: [] for t in moves}
    for k in range(worlds):
        world = draw()
        seed = rng.getrandbits(63)
        for t in results:
            w = world.reseeded(seed)
            w.apply(w.action_from_text(t))
            results[t].append(play(w, seed))
        if deadline is not None and k + 1 >= min_worlds and time.perf_counter() >= deadline:
            break
    return results


__all__ = ["Evaluate", "PlayoutPolicy", "agent_policy", "common_world_returns", "default_evaluate", "equal_shares",
           "random_policy", "score_shares", "solo_score"]
