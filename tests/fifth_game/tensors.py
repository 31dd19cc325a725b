"""High Rose's observation tensor: own card, each seat's decision and discard, the phase."""
from __future__ import annotations

from roses.interop.tensors.base import one_hot

PHASES = ("deal", "decide", "draw", "over")
DECISIONS = (None, "kept", "swapped")


def slices(game, obs, out) -> None:
    cards, n = int(game.params["cards"]), game.num_players
    out.add("card", one_hot(None if obs.card is None else obs.card - 1, cards), "own card")
    for s in range(n):
        out.add(f"decided_{s}", one_hot(DECISIONS.index(obs.decided[s]), 3), "undecided, kept, swapped")
        out.add(f"discard_{s}", one_hot(None if obs.discards[s] is None else obs.discards[s] - 1, cards),
                "card laid face up")
    out.add("phase", one_hot(PHASES.index(obs.phase), len(PHASES)), "phase")
    out.add("to_move", one_hot(obs.current_player if obs.current_player >= 0 else None, n), "seat to move")
