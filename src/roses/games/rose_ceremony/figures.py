"""The figures a balance sweep records of a finished Rose Ceremony game
(:func:`roses.sim.figures.game_figures`), from the spectator's observation only."""
from __future__ import annotations

from typing import Any


def figures(obs: Any) -> tuple[int | None, dict[str, Any]]:
    """``(None, figures)`` (no rounds): each seat's points and bouquet, the wilts, the deck left."""
    return None, {
        "points": list(obs.points),
        "bouquet_roses": list(obs.bouquet_roses),
        "bouquet_thorns": list(obs.bouquet_thorns),
        "wilts": sum(1 for line in obs.log if " wilts" in str(line)),
        "deck_left": obs.deck_size,
    }
