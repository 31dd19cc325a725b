"""Every roses game as an OpenSpiel Python game, registered on import:

``python_roses_and_thorns``, ``python_rose_ceremony``, ``python_rare_roses``,
``python_blades_and_rose``; ``pyspiel.load_game("python_roses_and_thorns", {"players": 4})``.

- Game parameters: ``players`` and the game's other ``int``/``bool``/``float``/``str`` parameters
  that have a default (e.g. ``quick_game``); JSON-valued ones (decks, prices) keep their default.
- ``GameType``/``GameInfo`` from the engine's :class:`~roses.core.GameInfo`: sequential, explicit
  stochastic chance, imperfect information, terminal rewards; utility constant-sum (sum 1) or
  general-sum (Blades & Rose: every member of the winning faction gets 1); ``max_game_length`` the
  game's proven bound (chance steps included); ``max_chance_outcomes`` the game's own bound.
- Seat actions are the game's fixed action ids (sorted legal ids). A chance action is the index of
  the outcome in ``State.chance_outcomes()`` (stable order, probabilities from the engine).
- Observers (``make_py_observer``): perfect recall → the information-state tensor and, as the
  string, ``repr(State.information_state_key(seat))`` (exact perfect recall); otherwise the
  observation tensor and the observation without its log as JSON. A public-only observer is the
  spectator's view. Built from :mod:`roses.interop.tensors` (the seat's observation only).
- ``resample_from_infostate(player, sampler)``: ``State.determinize`` with an RNG seeded from the
  sampler; the copy's OpenSpiel ``history()`` is empty (only the roses state inside is replayed),
  which ISMCTS does not read.

Requires the ``openspiel`` extra (``pip install roses[openspiel]``).
"""
from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import roses
from roses.core import CHANCE, TERMINAL, Game, to_jsonable
from roses.core.registry import available_games, get_spec

from .tensors import RECALL, information_state_tensor, layout, observation_tensor


def short_name(game_name: str) -> str:
    """``"roses-and-thorns"`` → ``"python_roses_and_thorns"``."""
    return "python_" + game_name.replace("-", "_")


def _max_chance(game: Game) -> int:
    """A bound on the chance outcomes of one chance node: the game's own
    :attr:`~roses.core.GameInfo.max_chance_outcomes` (proven by the conformance checks)."""
    return game.info.max_chance_outcomes


_UTILITY = {"zero-sum": pyspiel.GameType.Utility.ZERO_SUM,
            "constant-sum": pyspiel.GameType.Utility.CONSTANT_SUM,
            "general-sum": pyspiel.GameType.Utility.GENERAL_SUM}


def _simple_params(spec) -> dict[str, Any]:
    return {p.name: p.default for p in spec.params
            if p.type in (int, bool, float, str) and p.default is not None}


def game_type(spec, game: Game) -> pyspiel.GameType:
    info = game.info
    return pyspiel.GameType(
        short_name=short_name(spec.name), long_name=f"Python {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[info.utility], reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players, min_num_players=spec.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_simple_params(spec))


def game_info(game: Game) -> pyspiel.GameInfo:
    info = game.info
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(), max_chance_outcomes=_max_chance(game),
        num_players=game.num_players, min_utility=info.min_utility, max_utility=info.max_utility,
        utility_sum=1.0 if info.utility == "constant-sum" else 0.0 if info.utility == "zero-sum" else None,
        max_game_length=info.max_game_length)


class RosesSpielGame(pyspiel.Game):
    """A roses game as a ``pyspiel.Game`` (subclassed per game by :func:`register`)."""

    roses_name = ""

    def __init__(self, params: dict | None = None):
        spec = get_spec(self.roses_name)
        values = dict(_simple_params(spec))
        values.update(params or {})
        self.roses_game = roses.load(spec.name, **values)
        super().__init__(game_type(spec, self.roses_game), game_info(self.roses_game), values)

    def new_initial_state(self, seed: int | None = None) -> "RosesSpielState":
        """A new game; its chance outcomes are chosen by OpenSpiel (``seed`` only seeds the engine's
        own RNG, which the wrapper never samples from)."""
        return RosesSpielState(self, self.roses_game.new_initial_state(0 if seed is None else seed))

    def __reduce__(self) -> tuple:
        # pyspiel unpickles a game from its string into the C++ part only (no ``roses_game``):
        # load the registered game from that string again instead.
        return pyspiel.load_game, (str(self),)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "RosesObserver":
        return RosesObserver(self.roses_game,
                             iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Held:
    """Holds the roses state: OpenSpiel clones a Python state by deep-copying its ``__dict__``,
    and a roses state copies itself with ``clone()`` (the game is shared, never copied)."""

    __slots__ = ("state", "legal")

    def __init__(self, state):
        self.state = state
        self.legal: tuple[int, dict[int, int]] | None = None  # (history length, id → index)

    def __deepcopy__(self, memo) -> "_Held":
        return _Held(self.state.clone())


class RosesSpielState(pyspiel.State):
    """A roses :class:`~roses.core.State` behind OpenSpiel's state API (``inner``)."""

    def __init__(self, game: RosesSpielGame, inner):
        super().__init__(game)
        self._held = _Held(inner)

    @property
    def inner(self):
        return self._held.state

    @property
    def rgame(self) -> Game:
        return self._held.state.game

    def current_player(self) -> int:
        p = self.inner.current_player()
        if p == CHANCE:
            return pyspiel.PlayerId.CHANCE
        if p == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return p

    def _legal_ids(self) -> dict[int, int]:
        """Fixed action id → index in ``inner.legal_actions()`` for this position (kept until the
        next step: the id list is asked for by OpenSpiel and by every bot at each node)."""
        inner = self.inner
        held = self._held
        if held.legal is None or held.legal[0] != len(inner.history):
            to_id = inner.game.action_to_id
            held.legal = (len(inner.history), {to_id(a): i for i, a in enumerate(inner.legal_actions())})
        return held.legal[1]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, p) for i, (_, p) in enumerate(self.inner.chance_outcomes())]

    def _apply_action(self, action: int) -> None:
        inner = self.inner
        if inner.is_chance_node():
            inner.apply_legal(int(action))
            return
        index = self._legal_ids().get(int(action))
        if index is None:  # the engine's refusal, naming the rule
            inner.apply(self.rgame.action_from_id(int(action)))
        else:
            inner.apply_legal(index)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self.inner.chance_outcomes()
            return str(outcomes[action][0]) if 0 <= action < len(outcomes) else f"chance outcome {action}"
        return str(self.rgame.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.inner.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "RosesSpielState":
        """A state ``player_id`` cannot tell from this one (``State.determinize``), hidden parts
        re-drawn with an RNG seeded from ``probability_sampler()`` (a uniform number in [0, 1))."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return RosesSpielState(self.get_game(), self.inner.determinize(player_id, rng))

    def __str__(self) -> str:
        return json.dumps(self.inner.to_json())


class RosesObserver:
    """OpenSpiel's PyObserver: ``tensor`` / ``dict`` filled by ``set_from``; ``string_from``."""

    def __init__(self, game: Game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.game = game
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        # The views are one seat's (private and public together) or a spectator's (public only):
        # refuse the other kinds rather than answer one of these in their place.
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observation of every player's private information is not supported: "
                             "use private_info SINGLE_PLAYER (a seat's view) or NONE (public only)")
        if not iig_obs_type.public_info:
            raise ValueError("an observation without the public information is not supported: a seat's "
                             "view holds both, a spectator's the public part (use public_info=True)")
        pieces = layout(game, information_state=self.perfect_recall)
        self.tensor = np.zeros(sum(n for _, n, _ in pieces), np.float32)
        self.dict, index = {}, 0
        for name, size, _ in pieces:
            self.dict[name] = self.tensor[index:index + size]
            index += size
        if "recall" in self.dict:  # one row per remembered action, as docs/interop.md's 8×A says
            self.dict["recall"] = self.dict["recall"].reshape(RECALL, -1)

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: RosesSpielState, player: int) -> None:
        encode = information_state_tensor if self.perfect_recall else observation_tensor
        self.tensor[:] = encode(state.inner, self._seat(player))

    def string_from(self, state: RosesSpielState, player: int) -> str:
        seat = self._seat(player)
        if self.perfect_recall and seat is not None:
            return repr(state.inner.information_state_key(seat))
        data = to_jsonable(state.inner.observation(seat))
        data.pop("log", None)
        if self.perfect_recall:  # a spectator's perfect recall: the public log too
            data["log"] = list(state.inner.observation(None).log)
        return json.dumps(data, sort_keys=True)


def register(game_name: str) -> str:
    """Register ``game_name`` with OpenSpiel (once); returns its short name."""
    name = short_name(game_name)
    if name not in pyspiel.registered_names():
        spec = get_spec(game_name)
        cls = type(f"{spec.title.replace(' ', '').replace('&', 'And')}SpielGame", (RosesSpielGame,),
                   {"roses_name": game_name})
        pyspiel.register_game(game_type(spec, roses.load(game_name)), cls)
    return name


def load_game(game_name: str, **params) -> pyspiel.Game:
    """``load_game("roses-and-thorns", players=3)``: the registered OpenSpiel game."""
    return pyspiel.load_game(register(game_name), params)


GAMES = {name: register(name) for name in available_games()}
