"""The figures a balance sweep records of a finished Blades & Rose game
(:func:`roses.sim.figures.game_figures`), from the spectator's observation only (the roles are
revealed at the end)."""
from __future__ import annotations

from typing import Any

from .cards import faction_of


def figures(obs: Any) -> tuple[int | None, dict[str, Any]]:
    """``(rounds, figures)``: the rounds played, the roles and factions, the counts and limits, and
    why the game ended."""
    roles = list(obs.roles or ())
    return len(obs.rounds), {
        "roles": roles,
        "factions": [faction_of(r) for r in roles],
        "sacrifice_count": obs.sacrifice_count,
        "death_count": obs.death_count,
        "death_limit": obs.death_limit,
        "sacrifice_target": obs.sacrifice_target,
        "end_reason": obs.end_reason or "",
    }
