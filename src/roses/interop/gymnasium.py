"""Single-agent Gymnasium environments: Rare Roses solo (The Lone Florist, RR-10), and one seat of
any registered game against bots.

Importing this module registers ``roses/LoneFlorist-v0`` and ``roses/Seat-v0``::

    import gymnasium, roses.interop.gymnasium
    env = gymnasium.make("roses/LoneFlorist-v0")
    env = gymnasium.make("roses/Seat-v0", game="roses-and-thorns", players=4, seat=0, opponents="heuristic")

``roses/Seat-v0`` (:class:`SeatEnv`): the learner plays ``seat``; the other seats are bots
(``opponents``: a bot name, or a list of one per other seat; each seeded from ``reset(seed)``) who
move, with chance, inside ``step`` until the learner is to move again. Its observation is the
learner's observation tensor; the reward is the learner's return once the game is over (0 before);
illegal ids and ``info["action_mask"]`` as below. The rest of this docstring is the Lone Florist's.

- ``observation_space``: ``Box(0, inf, (N,), float32)``, the seat's observation tensor
  (:mod:`roses.interop.tensors.rare_roses`); ``action_space``: ``Discrete`` over Rare Roses' fixed
  action ids (:mod:`roses.games.rare_roses.encoding`).
- ``info["action_mask"]``: ``int8`` vector, 1 for each legal action (``reset`` and every ``step``).
- Reward: dollars earned by the step (the change in the florist's money, chance steps that follow
  included); the episode's rewards sum to the final money minus the $20 start (Setup).
- An action id that is not legal now changes nothing: reward 0, ``info["illegal_action"] = True``
  (Gymnasium's checker and unmasked learners send any id). ``terminated`` once the game is over;
  registered with ``max_episode_steps`` so an episode of illegal ids still ends (``truncated``).
- Chance (the order deck, the bag) is resolved inside by the game's RNG seeded from ``reset(seed)``.
- ``render()``: the table as text (``render_mode="ansi"``).

Parameters of the game (``market_prices``, ``order_deck``, ``max_offers``) pass through
``gymnasium.make("roses/LoneFlorist-v0", max_offers=2)``. Requires the ``gymnasium`` extra.
"""
from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

import roses
from roses.core import State

from ._common import action_id, legal_mask, load_game, text_view
from .tensors import observation_tensor, tensor_size

ENV_ID = "roses/LoneFlorist-v0"
SEAT_ENV_ID = "roses/Seat-v0"
#: Episode cap: far beyond a played solo game (a random one takes a few hundred steps).
MAX_EPISODE_STEPS = 5_000


class LoneFloristEnv(gymnasium.Env):
    """Rare Roses with one player (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, render_mode: str | None = None, **params):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or None")
        self.game = roses.load("rare-roses", players=1, **params)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, np.inf, (tensor_size(self.game),), np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state_: State | None = None

    def _money(self) -> float:
        return float(self.state_.scores()[0])

    def _obs_info(self, **info) -> tuple[np.ndarray, dict]:
        info["action_mask"] = legal_mask(self.state_)
        return observation_tensor(self.state_, 0), info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.state_ = self.game.new_initial_state(int(self.np_random.integers(2**63)))
        self.state_.resolve_chance()
        return self._obs_info()

    def step(self, action):
        state = self.state_
        action = self.game.action_from_id(action_id(self.game, action))
        if not state.is_legal(action):
            obs, info = self._obs_info(illegal_action=True)
            return obs, 0.0, state.is_terminal(), False, info
        before = self._money()
        state.apply(action)
        state.resolve_chance()
        obs, info = self._obs_info(illegal_action=False)
        if state.is_terminal():
            info["money"] = self._money()
        return obs, self._money() - before, state.is_terminal(), False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return text_view(self.state_, 0)


class SeatEnv(gymnasium.Env):
    """One seat of any registered game against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "roses-and-thorns", seat: int = 0, opponents: str | list[str] = "heuristic",
                 render_mode: str | None = None, **params):
        from roses.agents import make_agent

        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or None")
        self.game = load_game(game, **params)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat}: {self.game.title} with {n} players has seats 0..{n - 1}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{len(names)} opponents for {n - 1} other seats")
        for name in names:
            make_agent(name, self.game)  # an unknown bot is refused here, not mid-episode
        self.seat, self.opponent_names, self.render_mode = seat, names, render_mode
        self.observation_space = spaces.Box(0.0, np.inf, (tensor_size(self.game),), np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state_: State | None = None
        self._bots: dict[int, object] = {}

    def _others_move(self) -> None:
        from roses.agents.base import Turn

        state = self.state_
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
            elif state.current_player() != self.seat:
                state.apply(self._bots[state.current_player()].act(Turn.of(state)))
            else:
                return

    def _obs_info(self, **info) -> tuple[np.ndarray, dict]:
        info["action_mask"] = legal_mask(self.state_)
        return observation_tensor(self.state_, self.seat), info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        from roses.agents import make_agent

        super().reset(seed=seed)
        draw = lambda: int(self.np_random.integers(2**63))  # noqa: E731
        self.state_ = self.game.new_initial_state(draw())
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._bots = {s: make_agent(name, self.game, draw() % 2**31) for s, name in zip(others, self.opponent_names)}
        self._others_move()
        return self._obs_info()

    def step(self, action):
        state = self.state_
        action = self.game.action_from_id(action_id(self.game, action))
        if state.is_terminal() or not state.is_legal(action):
            obs, info = self._obs_info(illegal_action=True)
            return obs, 0.0, state.is_terminal(), False, info
        state.apply(action)
        self._others_move()
        obs, info = self._obs_info(illegal_action=False)
        reward = float(state.returns()[self.seat]) if state.is_terminal() else 0.0
        return obs, reward, state.is_terminal(), False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return text_view(self.state_, self.seat)


if SEAT_ENV_ID not in gymnasium.registry:
    gymnasium.register(SEAT_ENV_ID, entry_point=SeatEnv, max_episode_steps=MAX_EPISODE_STEPS)
if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=LoneFloristEnv, max_episode_steps=MAX_EPISODE_STEPS)
