"""Rollout search: the game's heuristic improved by one move of look-ahead, over sampled worlds.

A policy-improvement step (the rollout algorithm of Tesauro & Galperin, "On-line policy
improvement using Monte-Carlo search", NIPS 1996; Bertsekas, *Rollout, Policy Iteration and
Distributed Reinforcement Learning*, 2020), for games with hidden information: at each decision,
for each candidate move, play the move in a world drawn from what the seat knows and let every
seat (this one included) play on with the base policy (the game's heuristic) to the end; play the
move with the best mean return. Against opponents who play like the base policy this is a best
response one move deep, and a rollout policy is never worse than its base in expectation when the
estimates are exact; with noisy estimates the guard below keeps it close to that.

What makes a few dozen playouts enough:

- **Common random numbers.** Every candidate is played out in the *same* worlds, with the same
  future chance outcomes (:meth:`~roses.core.State.reseeded` with one seed per world) and the same
  seeds for the playout bots, so the hidden cards, which make most of a playout's variance, cancel
  out of the differences between moves.
- **Belief-weighted worlds** (:class:`~roses.agents.belief.BeliefModel`): worlds are drawn by how
  likely the other seats' recent moves were under the heuristic, so a bid or a face-down offer is
  evidence, as in the ``hard`` ISMCTS.
- **A guard for the base move.** The base policy's own move is kept unless another candidate beats
  it by ``z`` standard errors of the paired differences (``z = 1``: one-sided ≈ 84 %), so noise
  alone seldom moves the bot off a good heuristic move.

It reads only the :class:`~roses.agents.Turn` (seat, legal actions, sealed worlds from
``turn.sample_state``, the table talk), like every agent. Its budget is playouts per decision
(``iterations``, as ISMCTS counts them: one playout each; each candidate gets
``iterations // candidates`` worlds, at least ``min_worlds``);
everything random comes from ``random.Random(seed)``, so a decision is reproducible from the seed.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from roses.core import CHANCE, State

from .base import Turn
from .ismcts import MoveEstimate, SearchResult
from .playout import common_world_returns, default_evaluate

#: Least worlds a candidate is played out in (below it a mean says little).
MIN_WORLDS = 4
#: Most candidate moves a decision compares (the base move and a random draw of the others).
MAX_CANDIDATES = 12
#: Standard errors of the paired difference by which a move must beat the base move.
DEFAULT_GUARD = 1.0


class RolloutAgent:
    """Rollout search over the game's heuristic (see the module docstring).

    Args:
        game: the :class:`~roses.core.Game`.
        seed: seed of the agent's RNG (worlds, candidate draws, playout seeds).
        base: the base policy (``act(turn)``), asked at the decision: its move is the default.
        playout_bot: ``factory(game, seed) -> agent`` that plays every seat in the playouts (one
            instance per playout, seeded alike for every candidate: common random numbers).
        iterations: playouts per decision (an int ≥ 1; at least ``min_worlds`` per candidate).
        belief: a :class:`~roses.agents.belief.BeliefModel`, or ``None`` for worlds straight
            from ``turn.sample_state``.
        guard: ``z``: a move other than the base's is played only if its mean beats the base
            move's by ``z`` standard errors of their paired difference (0: the best mean).
        max_playout_depth: seat moves per playout before ``evaluate`` scores it (``None``: to
            the end).
        evaluate: ``evaluate(world) -> per-seat rewards in [0, 1]``; default as ISMCTS
            (:func:`~roses.agents.playout.default_evaluate`: the returns; shares of the score in
            a game with scores; the score in a solo game).
        time_ms: also stop adding worlds after this many milliseconds (at least ``min_worlds``;
            then the choice depends on the machine: only playout budgets are reproducible).
        name: the agent's name.

    Raises:
        ValueError: ``iterations`` below 1, ``guard`` below 0 or ``time_ms`` not above 0.
    """

    name = "rollout"

    def __init__(self, game: Any, seed: int = 0, *, base: Any, playout_bot: Callable[[Any, int], Any],
                 iterations: int = 100, belief: Any = None, guard: float = DEFAULT_GUARD,
                 max_playout_depth: int | None = None, evaluate: Callable[[State], Sequence[float]] | None = None,
                 min_worlds: int = MIN_WORLDS, max_candidates: int = MAX_CANDIDATES,
                 time_ms: float | None = None, name: str = "rollout"):
        if iterations < 1 or guard < 0 or (time_ms is not None and not time_ms > 0):
            raise ValueError("rollout search needs iterations >= 1, guard >= 0 and time_ms > 0")
        self.game = game
        self.rng = random.Random(seed)
        self.base = base
        self.playout_bot = playout_bot
        self.iterations = iterations
        self.last_iterations = 0  # playouts of the last decision
        self.belief = belief
        self.guard = guard
        self.max_playout_depth = max_playout_depth
        self.evaluate = evaluate or default_evaluate(game)
        self.min_worlds = min_worlds
        self.max_candidates = max_candidates
        self.time_ms = time_ms
        self.name = name

    # ------------------------------------------------------------------ decision
    def act(self, turn: Turn) -> Any:
        """The chosen move, one of ``turn.legal_actions`` (at once when it is the only one)."""
        legal = turn.legal_actions
        if len(legal) == 1:
            return legal[0]
        return self.search(turn).action

    def analyse(self, turn: Turn) -> SearchResult:
        """Search ``turn`` even with one legal move: the move played, the seat's expected return
        after it (in [0, 1]: its winning chance in a game one seat wins) and each move's worlds
        (``visits``) and mean return (``None`` for a move not among the candidates)."""
        return self.search(turn)

    def speak(self, turn: Turn, talk: tuple = ()) -> Any:
        """Table talk: what the base policy says (``None`` when it does not talk)."""
        speak = getattr(self.base, "speak", None)
        return speak(turn, talk) if speak is not None else None

    def search(self, turn: Turn) -> SearchResult:
        """Play every candidate out in the same worlds and pick by the guarded best mean."""
        legal = turn.legal_actions
        base = str(self.base.act(turn))
        texts = [str(a) for a in legal]
        others = [t for t in texts if t != base]
        room = max(1, min(self.max_candidates, self.iterations // self.min_worlds)) - 1
        if len(others) > room:
            others = self.rng.sample(others, room)
        candidates = ([base] if base in texts else []) + others
        worlds = max(self.min_worlds, self.iterations // len(candidates))
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000.0
        results = self.world_returns(turn, candidates, worlds, deadline=deadline)
        means = {t: sum(v) / len(v) for t, v in results.items()}
        best = max(candidates, key=lambda t: (means[t], t == base))
        if best != base and base in results and not self._beats(results[best], results[base]):
            best = base
        moves = [MoveEstimate(a, len(results.get(str(a), ())), means.get(str(a))) for a in legal]
        action = legal[texts.index(best)]
        self.last_iterations = sum(len(v) for v in results.values())
        return SearchResult(action, means[best], moves, self.last_iterations)

    def world_returns(self, turn: Turn, moves: Sequence[str], worlds: int, *, rng: random.Random | None = None,
                      deadline: float | None = None) -> dict[str, list[float]]:
        """Each move's return for ``turn.seat`` in each of the same sampled worlds.

        For every world (drawn through :attr:`belief` when there is one, else
        ``turn.sample_state``) one seed is drawn; each move is then played in
        ``world.reseeded(seed)`` (the same future chance outcomes) and played out by
        :attr:`playout_bot` seeded ``seed`` (common random numbers), and scored by
        :attr:`evaluate` for the seat (its scale: rewards in [0, 1] by default, or whatever
        ``evaluate`` gives, such as final money). :meth:`search` compares moves by these.

        Args:
            turn: the decision (its seat, legal actions and sealed worlds).
            moves: legal moves as text (``str(action)``), each played in every world.
            worlds: how many worlds (an int ≥ 1).
            rng: the ``random.Random`` drawing worlds and seeds (default the agent's; advanced).
            deadline: a ``time.perf_counter()`` value after which no world is added once
                :attr:`min_worlds` have been played (``None``: all ``worlds``).

        Returns: ``{move text: [return in world 1, world 2, …]}``, lists of equal length.
        Raises: :class:`~roses.core.IllegalActionError` for a move that is not legal in ``turn``.
        """
        rng = self.rng if rng is None else rng
        seat = turn.seat
        draw = self.belief.sampler(turn, rng) if self.belief is not None else (lambda: turn.sample_state(rng))
        return common_world_returns(draw, rng, moves, worlds, lambda w, seed: self._playout(w, seed)[seat],
                                    deadline=deadline, min_worlds=self.min_worlds)

    def _beats(self, mine: list[float], base: list[float]) -> bool:
        """Whether ``mine`` beats ``base`` by :attr:`guard` standard errors of the paired
        differences (the same worlds, the same seeds)."""
        d = [x - y for x, y in zip(mine, base)]
        n = len(d)
        mean = sum(d) / n
        if mean <= 0:
            return False
        if n < 2 or self.guard == 0:
            return True
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        return sd == 0 or mean / (sd / math.sqrt(n)) >= self.guard

    def _playout(self, world: State, seed: int) -> Sequence[float]:
        """Every seat plays the playout bot (seeded ``seed``) from ``world`` to the end, or for
        :attr:`max_playout_depth` seat moves; chance by the world's own (reseeded) RNG."""
        bot = self.playout_bot(world.game, seed)
        limit = self.max_playout_depth
        steps = 0
        while True:
            p = world.current_player()
            if p == CHANCE:
                world.apply(world.sample_chance())
                continue
            if p < 0 or (limit is not None and steps >= limit):
                break
            world.apply(bot.act(Turn(p, None, world.legal_actions(), world)))
            steps += 1
        return self.evaluate(world)


__all__ = ["DEFAULT_GUARD", "MAX_CANDIDATES", "MIN_WORLDS", "RolloutAgent"]
