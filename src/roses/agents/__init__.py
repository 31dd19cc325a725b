"""Agents (bots) that play any registered game through the core's :class:`Turn` interface."""
from __future__ import annotations

from typing import Any, Callable

from roses.core import Game

from .base import Agent, RandomAgent, Speaker, Turn, tell_table
from .ismcts import ISMCTSAgent, SearchResult
from .levels import LEVELS, level_factory
from .tuning import SearchTuning, search_tuning

#: Agents that work for every game: name -> factory(game, seed).
GENERIC_AGENTS: dict[str, Callable[[Game, int], Agent]] = {
    "random": RandomAgent,
    "ismcts": ISMCTSAgent,  # MO-ISMCTS, Cowling, Powley & Whitehouse 2012 (see .ismcts)
    **{f"ismcts:{level}": level_factory(level) for level in LEVELS},  # levels for players (.levels)
}

#: The strongest agent name, used for analysis and hints.
STRONGEST = "ismcts:expert"


def agent_names(game: Game) -> list[str]:
    """Every agent name usable for ``game``: the generic ones and the game's own bots."""
    return list(GENERIC_AGENTS) + [n for n in game.spec.bots if n not in GENERIC_AGENTS]


def make_agent(name: str, game: Game, seed: int = 0) -> Agent:
    """Build agent ``name`` for ``game`` with its own RNG seeded by ``seed``.

    Raises ``ValueError`` naming the known agents when ``name`` is unknown.
    """
    factory = game.spec.bots.get(name) or GENERIC_AGENTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} for {game.name}; known: {', '.join(agent_names(game))}")
    return factory(game, seed)


__all__ = ["Agent", "ISMCTSAgent", "LEVELS", "STRONGEST", "SearchResult", "RandomAgent", "SearchTuning", "Speaker", "Turn", "agent_names", "make_agent", "search_tuning", "tell_table", "GENERIC_AGENTS"]
