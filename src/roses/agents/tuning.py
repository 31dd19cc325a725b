"""How the search agents spend their budget in each game (issue 44).

``GameInfo`` states facts about a game; how hard the search levels (:mod:`roses.agents.levels`)
think in it is the agents' business, sized by what one playout costs there. Each game's package
declares its :class:`SearchTuning` as ``SEARCH_TUNING`` next to its ``SPEC``: a
:class:`SearchTuning`, or ``f(game) -> SearchTuning`` where a value depends on the parameters
(the player count). The agents read it through :func:`search_tuning` only, so a game whose package
declares none gets the defaults, and tuning a game touches that game's package alone.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

#: The name of a game package's declaration (beside its ``SPEC``).
DECLARATION = "SEARCH_TUNING"


@dataclass(frozen=True)
class SearchTuning:
    """The search budgets and their tuning for one game with its parameters fixed.

    Attributes:
        search_iterations: the default ISMCTS budget (iterations a decision) for this game: a
            search budget, sized by what one playout costs here, not game knowledge.
        strong_search_iterations: the ``ismcts:hard`` budget (iterations a decision, every seat
            playing out with the game's heuristic bot), sized so that a move stays under 1 s on
            a 2-core machine (``bench/agents.py``).
        score_scale: in a game with scores, a score that matters: in a one-seat game the score
            counting as a search reward of 1 (its returns are always 1 there, so the search plays
            for the score); with seats, a search cut off before the end shares the reward as
            ``softmax(score / (score_scale / 5))``.
        strong_playout_depth: seat actions per heuristic playout of ``ismcts:hard`` before the
            position is scored (``None``: play to the end).
        belief_window: how many of the other seats' latest moves ``ismcts:hard`` weighs its worlds
            by (0: no belief, where the others' moves say little about hidden cards).
        search_keep_margin: how much better (mean return, in [0, 1]) another move must look to
            ``ismcts:hard`` and ``expert`` than their own seat's prior move (``GameSpec.own_bot``
            or the heuristic) before they play it (``ISMCTSAgent.keep_margin``); ``None``: the
            most visited move. Set where the search's budget leaves its estimates too noisy to
            overrule a good bot (Roses and Thorns: docs/lab/roses-and-thorns-bots.md, "Roses and Thorns: a `hard` table a
            steady player loses to").
        random_playouts_blind: whether random playouts tell this game's moves apart by nothing
            (Rare Roses: a random continuation almost never fills an order, so every move scores
            alike); ``ismcts:easy`` then searches around the heuristic's move as ``medium`` does,
            at its own smaller budget, rather than playing like ``random``.
    """

    search_iterations: int = 200
    strong_search_iterations: int = 100
    score_scale: float = 100.0
    strong_playout_depth: int | None = None
    belief_window: int = 16
    search_keep_margin: float | None = None
    random_playouts_blind: bool = False


#: The tuning of a game whose package declares none.
DEFAULT_TUNING = SearchTuning()


def search_tuning(game: Any) -> SearchTuning:
    """The :class:`SearchTuning` of ``game`` (a :class:`~roses.core.Game`): the ``SEARCH_TUNING``
    of the module holding its ``SPEC`` (the registry's module for its name), called with the game
    where it is a function; :data:`DEFAULT_TUNING` for a game whose module declares none or that
    is not registered."""
    from roses.core.registry import game_modules

    module = game_modules().get(game.name)
    declared = getattr(importlib.import_module(module), DECLARATION, None) if module is not None else None
    if declared is None:
        return DEFAULT_TUNING
    return declared if isinstance(declared, SearchTuning) else declared(game)
