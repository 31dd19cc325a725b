"""Search levels for players: ``ismcts:easy``, ``ismcts:medium``, ``ismcts:hard``, ``ismcts:expert``.

Each level is the generic MO-ISMCTS (:mod:`roses.agents.ismcts`) with a documented budget and
policy; the game's own ``heuristic`` bot (``GameSpec.bots["heuristic"]``) is the knowledge it
uses. Budgets are iterations (so every level is reproducible from its seed); the per-game
numbers come from the game's :class:`~roses.agents.tuning.SearchTuning` (declared by its package,
read by :func:`~roses.agents.tuning.search_tuning`): ``search_iterations`` (random playouts) and
``strong_search_iterations`` (heuristic playouts, sized so that a ``hard`` move stays
under 1 s on a 2-core machine: ``bench/agents.py`` measures the seconds per move).

========  ==================================================================================
easy      ¼ of ``search_iterations`` (at least 10), random playouts, no prior: plays loosely;
          in a game whose random playouts tell moves apart by nothing
          (``SearchTuning.random_playouts_blind``: Rare Roses) with the heuristic's prior, as medium.
medium    ``search_iterations``, random playouts, the heuristic's move as prior (progressive
          bias): the heuristic's choice unless the playouts clearly favour another.
(both)    Random playouts cannot tell the steps of a move the game plays in steps apart (a
          random continuation of a Rare Roses deal draft almost never makes the deal), so where
          the game's heuristic names the moves worth such a search (``search_moves``: in Rare
          Roses a deal is one decision, drafted as the deal the heuristic would propose, and only
          with a seat it has one with), these levels search only those, and play a lone one
          without a search.
hard      ``strong_search_iterations``, heuristic prior, heuristic playouts (every seat plays
          the heuristic to the end), belief-weighted worlds (the others' latest moves weighed
          under the heuristic as their model: :mod:`roses.agents.belief`); where the game has
          an ``own_bot`` (``GameSpec.own_bot``), that bot is the prior and playout policy of the
          searching seat itself, the heuristic staying the model of the others. Told the table
          (``ISMCTSAgent.meet``: who sits where is public), it models each other bot seat as the
          bot it is (:func:`seat_model`): a ``hard`` seat as the game's ``own_bot``, a ``bold``
          seat as ``bold``; people and heuristic seats as the heuristic. Where the game sets
          ``SearchTuning.search_keep_margin`` (Roses and Thorns), it plays its own seat's prior move
          unless another move's mean return beats it by more than that margin.
expert    4 × the ``hard`` budget and a pool of 48 worlds: a few seconds a move; for analysis,
          hints and patient players.
========  ==================================================================================

A game without a ``heuristic`` bot plays every level with random playouts and no prior or belief.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from .base import RandomAgent
from .belief import BeliefModel
from .ismcts import ISMCTSAgent
from .playout import agent_policy
from .tuning import search_tuning


#: Progressive widening of the levels with a prior (see ``ISMCTSAgent``): a node tries
#: ``1 + 2·sqrt(N)`` of its moves, the prior's first.
WIDENING = 2.0


@dataclass(frozen=True)
class Level:
    """One search level: its ``name`` (``easy``…), a plain-words ``summary`` for players, and how
    it searches: ``strong`` (heuristic playouts, else random), ``prior`` (heuristic progressive
    bias), ``belief`` (belief-weighted worlds), ``budget_factor`` (times the game's budget for
    that kind of playout), ``pool`` (worlds weighed per move) and ``rounds`` (with heuristic
    playouts in a game with a ``GameSpec.horizon``: stop each playout that many stages on and score
    it by the game's value; ``None``: play to the end). No level sets ``rounds`` today: in Roses and
    Thorns at 4 players a one-round horizon at 300 iterations was no stronger than full playouts at
    90, in Rose Ceremony (stages are turns) 8 turns at 200 iterations no stronger than full
    playouts at 50 (docs/lab/search-experiments.md, "Horizon")."""
    name: str
    summary: str
    strong: bool
    prior: bool
    belief: bool
    budget_factor: float
    pool: int = 24
    rounds: int | None = None


LEVELS: dict[str, Level] = {
    "easy": Level("easy", "Easy: a quick, loose search", strong=False, prior=False, belief=False,
                  budget_factor=0.25),
    "medium": Level("medium", "Medium: searches around the usual good move", strong=False, prior=True,
                    belief=False, budget_factor=1.0),
    "hard": Level("hard", "Hard: plays games out well and reads the other players' moves",
                  strong=True, prior=True, belief=True, budget_factor=1.0),
    "expert": Level("expert", "Expert: like hard, thinking four times as long", strong=True, prior=True,
                    belief=True, budget_factor=4.0, pool=48),
}


def level_iterations(game: Any, level: Level) -> int:
    """Iterations per move of ``level`` in ``game`` (int; at least 10 with random playouts, 4 with
    heuristic ones, whose playout of a 10-seat Roses and Thorns game is ~850 heuristic moves)."""
    tuning = search_tuning(game)
    base = tuning.strong_search_iterations if level.strong else tuning.search_iterations
    return max(4 if level.strong else 10, int(base * level.budget_factor))


def make_level_agent(game: Any, level: "str | Level", seed: int = 0) -> ISMCTSAgent:
    """The ``ismcts:<level>`` agent for ``game`` with its RNG (and its models' seeds) from ``seed``
    (``level`` a name of :data:`LEVELS`, or a :class:`Level` of one's own for experiments).

    Raises ``ValueError`` naming the levels when ``level`` is unknown."""
    spec = level if isinstance(level, Level) else LEVELS.get(level)
    level = spec.name if spec is not None else level
    if spec is None:
        raise ValueError(f"unknown search level {level!r}; known: {', '.join(LEVELS)}")
    heuristic = game.spec.bots.get("heuristic")
    tuning = search_tuning(game)
    own, own_playout = _own_bots(game) if heuristic is not None and spec.strong else (None, None)
    if heuristic is not None and not spec.strong and tuning.random_playouts_blind:
        spec = replace(spec, prior=True)  # random playouts alone would play like random
    if heuristic is None:  # no knowledge to use: random playouts, and hard/expert at medium's budget
        spec = replace(spec, strong=False, prior=False, belief=False,
                       budget_factor=LEVELS["medium"].budget_factor if spec.strong else spec.budget_factor)
    return ISMCTSAgent(
        game, seed=seed,
        iterations=level_iterations(game, spec),
        prior=heuristic(game, seed + 1) if spec.prior else None,
        playout_policy=agent_policy((game.spec.playout_bot or heuristic)(game, seed + 2)) if spec.strong else None,
        max_playout_depth=tuning.strong_playout_depth if spec.strong else None,
        belief=BeliefModel(heuristic, pool=spec.pool, window=tuning.belief_window)
        if spec.belief and tuning.belief_window else None,
        widening=WIDENING if spec.prior else None,
        horizon=(game.spec.horizon(game), spec.rounds) if spec.strong and spec.rounds and game.spec.horizon else None,
        own_prior=own(game, seed + 3) if own is not None and spec.prior else None,
        own_playout_policy=agent_policy(own_playout(game, seed + 4)) if own is not None else None,
        seat_model=partial(seat_model, game) if spec.strong else None,
        keep_margin=tuning.search_keep_margin if spec.strong and spec.prior else None,
        moves=_search_moves(heuristic, game, seed + 5) if heuristic is not None and not spec.strong else None,
        name=f"ismcts:{level}")


def _search_moves(heuristic: Any, game: Any, seed: int) -> Any:
    """``moves(turn)`` for a level with random playouts (``ISMCTSAgent(moves=…)``): the game's
    heuristic's ``search_moves`` (the moves worth a search whose playouts are random), or ``None``
    when its heuristic has none."""
    return getattr(heuristic(game, seed), "search_moves", None)


def _own_bots(game: Any) -> tuple[Any, Any]:
    """``(own_bot, its playout bot)`` of the game's spec: how a strong level plays its own seat,
    in the tree and in playouts (``GameSpec.own_playout_bot``, else ``own_bot`` itself); ``(None,
    None)`` for a game without an ``own_bot``."""
    own = game.spec.own_bot
    return own, (game.spec.own_playout_bot or own) if own is not None else None


def seat_model(game: Any, name: str | None) -> tuple[Any, Any] | None:
    """How ``hard`` and ``expert`` model a seat played by ``name`` (its bot's name, public at the
    table; ``None`` for a person), once told the table (``ISMCTSAgent.meet``):
    ``(prior_and_belief_factory, playout_factory)``, or ``None`` for the default model (the
    heuristic, with the game's ``playout_bot`` in playouts).

    - a strong level (``ismcts:hard``, ``ismcts:expert``): the bot it plays its own seat with,
      ``GameSpec.own_bot`` (in playouts ``GameSpec.own_playout_bot``), when the game has one;
    - another of the game's bots (``bold``) or ``random``: that bot (in playouts its cheaper
      version where the game has one, ``GameSpec.bot_playouts``);
    - a person, the heuristic, a weak level (which follows the heuristic's move unless its
      playouts clearly favour another) or an unknown name: ``None``."""
    if name is None or name == "heuristic":
        return None
    if name.startswith("ismcts:"):
        level = LEVELS.get(name.split(":", 1)[1])
        own = _own_bots(game)
        return own if level is not None and level.strong and own[0] is not None else None
    bot = game.spec.bots.get(name) or (RandomAgent if name == "random" else None)
    return (bot, game.spec.bot_playouts.get(name, bot)) if bot is not None else None


def level_factory(level: str):
    """``factory(game, seed)`` for the registry of agent names."""
    def factory(game: Any, seed: int = 0) -> ISMCTSAgent:
        return make_level_agent(game, level, seed)
    factory.__doc__ = LEVELS[level].summary
    return factory


__all__ = ["LEVELS", "Level", "level_factory", "level_iterations", "make_level_agent", "seat_model"]
