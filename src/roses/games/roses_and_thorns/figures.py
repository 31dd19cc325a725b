"""The figures a balance sweep records of a finished Roses and Thorns game
(:func:`roses.sim.figures.game_figures`), from the spectator's observation only."""
from __future__ import annotations

from typing import Any


def figures(obs: Any) -> tuple[int | None, dict[str, Any]]:
    """``(rounds, figures)``: the round count, and each seat's markers, the seats out, the final
    bid and the cards on the table."""
    return obs.round, {
        "markers": [s.markers for s in obs.seats],
        "seats_out": sum(1 for s in obs.seats if not s.in_game),
        "final_bid": obs.high_bid,
        "cards_on_table": obs.cards_on_table,
    }
