"""The figures a balance sweep records of a finished Rare Roses game
(:func:`roses.sim.figures.game_figures`), from the spectator's observation only."""
from __future__ import annotations

from typing import Any


def figures(obs: Any) -> tuple[int | None, dict[str, Any]]:
    """``(None, figures)`` (its turn counter is not a round count): each shop's money and orders."""
    return None, {
        "money": [s.money for s in obs.shops],
        "orders_filled": [len(s.orders_filled) for s in obs.shops],
        "specialty_filled": [s.specialty_filled for s in obs.shops],
    }
