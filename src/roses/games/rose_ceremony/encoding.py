"""The fixed integer action space of Rose Ceremony seat actions (for learning adapters).

With ``C`` distinct card values in the game's ``deck`` (sorted, :func:`cards.card_types`; 18 for the
default deck) and ``n`` players:

* ``offer card to seat`` → ``card_index * n + seat`` (``0 … C·n−1``; offering to oneself is never
  legal but keeps the layout regular);
* ``accept`` → ``C·n``, ``refuse`` → ``C·n+1``, ``exchange`` → ``C·n+2``, ``keep`` → ``C·n+3``.

Chance outcomes are not encoded.
"""
from __future__ import annotations

from typing import Any

from roses.core import Game

from .actions import ACCEPT, EXCHANGE, KEEP, REFUSE, Accept, Exchange, Keep, Offer, Refuse
from .tables import tables


def _cards(game: Game):
    """The distinct cards of the game's deck, sorted (:func:`cards.card_types`, cached)."""
    return tables(game).cards


def num_distinct_actions(game: Game) -> int:
    """``C·n + 4`` (see the module docstring)."""
    return len(_cards(game)) * game.num_players + 4


def action_to_id(game: Game, action: Any) -> int:
    """The id of a seat action. Raises ``ValueError`` for a chance outcome or a foreign value."""
    cards = _cards(game)
    n = game.num_players
    base = len(cards) * n
    if isinstance(action, Offer):
        if action.card not in cards or not 0 <= action.to < n:
            raise ValueError(f"{action} is outside this game's action space")
        return cards.index(action.card) * n + action.to
    for offset, kind in enumerate((Accept, Refuse, Exchange, Keep)):
        if isinstance(action, kind):
            return base + offset
    raise ValueError(f"{action!r} is not a Rose Ceremony seat action")


def action_from_id(game: Game, action_id: int) -> Any:
    """The seat action with id ``action_id``. Raises ``ValueError`` outside ``0..num_distinct_actions-1``."""
    cards = _cards(game)
    n = game.num_players
    base = len(cards) * n
    if not 0 <= action_id < base + 4:
        raise ValueError(f"action id {action_id} is outside 0..{base + 3}")
    if action_id < base:
        return tables(game).offer[action_id // n][action_id % n]
    return (ACCEPT, REFUSE, EXCHANGE, KEEP)[action_id - base]
