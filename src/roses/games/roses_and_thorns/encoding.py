"""The fixed integer action space of Roses and Thorns (for learning adapters).

Ids: 0 ``lay rose``, 1 ``lay thorn``, 2 ``pass``, 3 ``lose rose``, 4 ``lose thorn``,
5..14 ``flip s`` (seat s = id-5, up to 10 seats), 15.. ``bid n`` (n = id-14, up to 4 × players).
Chance outcomes (``start s``, ``lose`` drawn by chance) use the same ids where they exist; ``start``
is not a seat action and has no id.
"""
from __future__ import annotations

from roses.core import Game

from .actions import Bid, Flip, Lay, Lose, Pass, ROSE, THORN

_FIXED = [Lay(ROSE), Lay(THORN), Pass(), Lose(ROSE), Lose(THORN)]
FLIP0 = 5
BID0 = 15


def num_distinct_actions(game: Game) -> int:
    return BID0 + 4 * game.num_players


def action_to_id(game: Game, action) -> int:
    """Raises ``ValueError`` for an action outside the space."""
    if isinstance(action, Flip):
        return FLIP0 + action.seat
    if isinstance(action, Bid):
        return BID0 + action.count - 1
    try:
        return _FIXED.index(action)
    except ValueError:
        raise ValueError(f"{action!r} has no id in roses-and-thorns") from None


def action_from_id(game: Game, action_id: int):
    """Raises ``ValueError`` for an id outside ``0..num_distinct_actions-1``."""
    if not 0 <= action_id < num_distinct_actions(game):
        raise ValueError(f"action id {action_id} out of range")
    if action_id < FLIP0:
        return _FIXED[action_id]
    if action_id < BID0:
        return Flip(action_id - FLIP0)
    return Bid(action_id - BID0 + 1)
