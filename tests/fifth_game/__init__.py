"""High Rose: a fifth game that lives in the test suite only (issue 44).

It proves that a game reaches every layer (the engine's checks, the bots and ISMCTS, ``roses
simulate`` and ``tournament``, ``roses play``, the browser table with the generic renderer, and
the PettingZoo, Gymnasium and OpenSpiel adapters) with nothing changed outside its own package:
the tests register it (``roses.core.registry.register_game`` in-process, ``ROSES_GAMES`` for a
server or terminal started as a subprocess).

The rules (its ``howto.md``): a deck of rose cards numbered 1 to ``cards``. Each seat is dealt one
card face down. Then each seat in turn, from the first, keeps its card or swaps it: a swapped card
is discarded face up and the seat draws a new one. Then every card is shown and the highest wins.
"""
from __future__ import annotations

from roses.core import GameSpec, Param

from .bots import HeuristicAgent
from .state import HighRoseState, action_from_id, action_to_id, info, num_distinct_actions

NAME = "high-rose"
MODULE = __name__

SPEC = GameSpec(
    name=NAME,
    title="High Rose",
    min_players=2,
    max_players=4,
    params=(
        Param("players", int, 3, "Number of players.", min=2, max=4),
        Param("cards", int, 8, "Rose cards in the deck, numbered from 1.", min=8, max=12),
    ),
    state_class=HighRoseState,
    rulebook="howto.md",
    num_distinct_actions=num_distinct_actions,
    action_to_id=action_to_id,
    action_from_id=action_from_id,
    bots={"heuristic": HeuristicAgent},
    render=f"{__name__}.view:render",
    tensors=f"{__name__}.tensors",
    info=info,
    summary="Each player holds one hidden rose card: keep it or swap it once, and the highest card wins.",
)
