"""Belief-weighted worlds: determinized worlds weighted by how likely the other seats' moves were.

``State.determinize`` draws the hidden parts uniformly among those consistent with what a seat
knows. A bot that chose carefully leaves evidence: in Rose Ceremony a card offered face down by a
careful player is not a random card; in Roses and Thorns a high bid says something about the
bidder's own stack; in Blades & Rose who played which card says something about roles. This module
weights each world by the likelihood of the other seats' recent decisions *in that world* under a
model of their play (by default the game's heuristic bot: a fair first model; a seat whose bot is
known at the table, its own model: ``seat_models``), then draws the search's worlds from that
weighted pool (importance resampling).

Likelihood of one decision: the model is asked for its move in the world's position at that
decision, as that seat saw it (``Turn.of`` the replayed prefix: the model reads the seat's
observation of the world, so it uses the hidden cards the world gave that seat, and the table talk
said before that decision, ``Talk.at_move`` ≤ its step). With ``m`` the
model's move, ``a`` the move the world's history holds and ``L`` the number of legal moves there::

    P(a) = (1 − ε)·[a = m] + ε / L

A model that plays at random inside (a bluff with some chance) is asked once per decision, so
``[a = m]`` is an unbiased estimate of its probability of ``a``. ``ε`` (default 0.25) says how far
the others are trusted to play like the model. A world's weight is the product over the last
``window`` decisions of the other seats (default 16) and is 0 for a world whose information-state
key for the deciding seat differs from the real one (a world the observations rule out; worlds from
``determinize`` never are, the check keeps any other source of worlds honest).

Sampling: ``pool`` worlds are drawn and weighted once per decision; every iteration of the search
draws one of them by weight and plays it with fresh future chance outcomes
(:meth:`~roses.core.State.reseeded`). Everything is drawn from the agent's RNG, so a search with a
belief stays reproducible from its seed.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from roses.core import CHANCE, State

from .base import Turn

#: ``factory(game, seed) -> agent``: the model of the other seats' play.
ModelFactory = Callable[[Any, int], Any]

DEFAULT_POOL = 24
DEFAULT_WINDOW = 16
DEFAULT_EPSILON = 0.25


class BeliefModel:
    """Weights and draws determinized worlds for a search (see the module docstring).

    Args:
        model: ``factory(game, seed) -> agent`` modelling the other seats (e.g. the game's
            ``heuristic`` bot factory, ``game.spec.bots["heuristic"]``); :attr:`seat_models`
            (``{seat: factory}``, set by ``ISMCTSAgent.meet``) models particular seats otherwise.
        pool: worlds drawn and weighted per decision (≥ 1).
        window: how many of the other seats' latest decisions are weighed (≥ 0; 0 = uniform).
        epsilon: in (0, 1], the share of a decision's probability spread over all legal moves.

    Raises:
        ValueError: a bound outside those ranges.
    """

    def __init__(self, model: ModelFactory, pool: int = DEFAULT_POOL, window: int = DEFAULT_WINDOW,
                 epsilon: float = DEFAULT_EPSILON):
        if pool < 1 or window < 0 or not 0.0 < epsilon <= 1.0:
            raise ValueError("belief needs pool >= 1, window >= 0 and 0 < epsilon <= 1")
        self.model = model
        self.pool = pool
        self.window = window
        self.epsilon = epsilon
        # The model of particular seats (``ISMCTSAgent.meet``: the bot a seat is, public at the
        # table), overriding ``model`` for that seat's decisions.
        self.seat_models: dict[int, ModelFactory] = {}
        self.last_weights: list[float] = []

    def weight(self, turn: Turn, world: State, rng: random.Random) -> float:
        """The likelihood (unnormalised, ≥ 0) of ``world``'s recent decisions of the seats other
        than ``turn.seat`` under the model; 0 when ``turn.seat`` could tell ``world`` from the real
        state. ``world`` is not changed."""
        seat = turn.seat
        if world.information_state_key(seat) != turn.information_state_key():
            return 0.0
        history = world.history
        picks = [i for i, (s, _) in enumerate(history) if s != CHANCE and s != seat]
        picks = set(picks[len(picks) - self.window:]) if self.window else set()
        if not picks:
            return 1.0
        seed = rng.getrandbits(63)
        models: dict[int | None, Any] = {}  # one instance per model: the default one is shared
        eps = self.epsilon
        prefix = world.game.new_initial_state(world.seed)
        w = 1.0
        for i, step in enumerate(history):
            if i in picks:
                legal = prefix.legal_actions()
                if len(legal) > 1:  # the model hears the talk said before that decision
                    who = step[0] if step[0] in self.seat_models else None
                    model = models.get(who)
                    if model is None:
                        model = models[who] = self.seat_models.get(who, self.model)(world.game, seed)
                    move = model.act(Turn.of(prefix, tuple(t for t in turn.talk if t.at_move <= i)))
                    w *= (1.0 - eps) * (str(move) == str(step[1])) + eps / len(legal)
            prefix.replay_trusted((step,))
        return w

    def sampler(self, turn: Turn, rng: random.Random) -> Callable[[], State]:
        """``draw() -> world`` for one decision: draws and weighs :attr:`pool` worlds now, then each
        call returns a copy of one of them, chosen by weight, with fresh future chance outcomes."""
        worlds = [turn.sample_state(rng) for _ in range(self.pool)]
        weights = [self.weight(turn, w, rng) for w in worlds]
        if not any(weights):  # cannot happen with determinized worlds; never search none
            weights = [1.0] * len(worlds)
        total = sum(weights)
        self.last_weights = [w / total for w in weights]
        cum, acc = [], 0.0
        for w in weights:
            acc += w
            cum.append(acc)

        def draw() -> State:
            world = rng.choices(worlds, cum_weights=cum)[0]
            return world.reseeded(rng.getrandbits(63))
        return draw


__all__ = ["BeliefModel", "DEFAULT_EPSILON", "DEFAULT_POOL", "DEFAULT_WINDOW"]
