"""PettingZoo AEC environments of every roses game: ``roses.interop.pettingzoo.env(game, **params)``.

Agents are ``"seat_0" … "seat_{n-1}"`` (clockwise is increasing seat, RULINGS.md). Each agent's
``observation_space`` is a ``Dict`` of ``"observation"`` (``Box``, the seat's observation tensor,
:mod:`roses.interop.tensors`) and ``"action_mask"`` (``int8``, 1 for each legal action);
``action_space`` is ``Discrete(game.num_distinct_actions())`` over the game's fixed action ids.
Chance (shuffles, draws, random picks) is resolved inside the environment by the game's own RNG,
seeded from ``reset(seed=...)``. Rewards are 0 until the game ends, then ``State.returns()``
(1 for a sole winner, ``1/k`` for each of ``k`` sharing a win). An illegal action raises the
engine's :class:`~roses.core.IllegalActionError`, the game unchanged. ``max_cycles``
(default: the game's proven ``max_game_length``) truncates every agent after that many steps of the
table. ``render()`` returns the public table as text (``render_mode="ansi"``) or prints it
(``"human"``).

Requires the ``pettingzoo`` extra (``pip install roses[pettingzoo]``).
"""
from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from roses.core import Game

from ._common import action_id, legal_mask, load_game, text_view
from .tensors import observation_tensor, tensor_size


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class RosesAECEnv(AECEnv):
    """One roses game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "roses_v0", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None, max_cycles: int | None = None):
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi', 'human' or None")
        self.game = game
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"roses_{game.name.replace('-', '_')}_v0")
        self.max_cycles = game.info.max_game_length if max_cycles is None else int(max_cycles)
        n = game.num_players
        self.possible_agents = [agent_name(s) for s in range(n)]
        size, actions = tensor_size(game), game.num_distinct_actions()
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._seed_rng = random.Random()
        self.state_: object | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ game flow
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. ``seed`` seeds the game's chance RNG (and the seeds of later resets)."""
        if seed is not None:
            self._seed_rng = random.Random(seed)
        self.state_ = self.game.new_initial_state(self._seed_rng.getrandbits(63))
        self.state_.resolve_chance()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self._select()

    def _select(self) -> None:
        seat = self.state_.current_player()
        if seat >= 0:
            self.agent_selection = agent_name(seat)
        elif self.agents:  # over: every agent is stepped once with None, in seat order
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        mask = legal_mask(self.state_) if self.state_.current_player() == seat else \
            np.zeros(self.game.num_distinct_actions(), np.int8)
        return {"observation": observation_tensor(self.state_, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply fixed action id ``action`` for ``agent_selection`` (``None`` for an agent that is
        done). Raises ``IllegalActionError`` (game unchanged) for an id not legal now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        state.apply(self.game.action_from_id(action_id(self.game, action)))
        state.resolve_chance()
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_terminal():
            for a, r in zip(self.possible_agents, state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        elif self.steps >= self.max_cycles:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if state.is_terminal() or self.steps >= self.max_cycles:
            self.agent_selection = self.agents[0]
        else:
            self._select()

    def render(self) -> str | None:
        """The public table as text (``"ansi"``), printed for ``"human"``; ``None`` without a mode."""
        if self.render_mode is None or self.state_ is None:
            return None
        text = text_view(self.state_)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state_ = None


def env(game: str | Game, render_mode: str | None = None, max_cycles: int | None = None,
        **params) -> RosesAECEnv:
    """``env("roses-and-thorns", players=4)``: the AEC environment of a game (name and parameters,
    or a loaded :class:`~roses.core.Game`). Raises ``UnknownGameError`` / ``GameParameterError``."""
    return RosesAECEnv(load_game(game, **params), render_mode=render_mode, max_cycles=max_cycles)
