"""The fixed integer action space of Rare Roses (for learning adapters).

It covers the bounded action set that ``legal_actions()`` lists, not every deal or tile choice the
rules allow (RR-7, RR-8):

- 0 ``trash``, 1 ``seed``, 2 ``push``, 3 ``stop``, 4 ``accept``, 5 ``decline``, 6 ``done buying``,
  7 ``end turn``;
- 8..13 ``buy ROSE`` (rose order of the components list);
- 14.. ``fill ID match`` (14 + 2·ID) and ``fill ID fill`` (15 + 2·ID) with the oldest-first tiles
  (RR-8), for every card id of the game's order deck (0..42 for the shipped deck);
- then ``offer SEAT take ROSE/BOX pay PRICE``: one tile from one seat at its market price (RR-2),
  ``OFFER0 + (SEAT·6 + ROSE)·3 + BOX``.

Deals of several tiles, other prices or tiles given in trade, and fills naming their tiles have no
id: :func:`action_to_id` raises ``ValueError`` for them. Chance outcomes have no id.
"""
from __future__ import annotations

from roses.core import Game

from .actions import (FILL, MATCH, Accept, Buy, Decline, DoneBuying, EndTurn, FillOrder, Offer,
                      Push, Seed, StopPushing, Trash)
from .cards import BOXES, ROSES
from .state import rules_of

_FIXED = [Trash(), Seed(), Push(), StopPushing(), Accept(), Decline(), DoneBuying(), EndTurn()]
BUY0 = len(_FIXED)
FILL0 = BUY0 + len(ROSES)


def _n_cards(game: Game) -> int:
    return max(rules_of(game).cards) + 1


def _offer0(game: Game) -> int:
    return FILL0 + 2 * _n_cards(game)


def num_distinct_actions(game: Game) -> int:
    return _offer0(game) + game.num_players * len(ROSES) * len(BOXES)


def action_to_id(game: Game, action) -> int:
    """Raises ``ValueError`` for an action outside the space."""
    if isinstance(action, Buy) and action.rose in ROSES:
        return BUY0 + ROSES.index(action.rose)
    if isinstance(action, FillOrder) and action.tiles is None and 0 <= action.card < _n_cards(game):
        return FILL0 + 2 * action.card + (0 if action.value == MATCH else 1)
    if isinstance(action, Offer) and len(action.take) == 1 and not action.give \
            and 0 <= action.seat < game.num_players:
        rose, box = action.take[0]
        r = ROSES.index(rose)
        if action.pay == rules_of(game).prices[r]:
            return _offer0(game) + (action.seat * len(ROSES) + r) * len(BOXES) + BOXES.index(box)
    if action in _FIXED:
        return _FIXED.index(action)
    raise ValueError(f"{action} has no id in rare-roses' fixed action space")


def action_from_id(game: Game, action_id: int):
    """Raises ``ValueError`` for an id outside ``0..num_distinct_actions-1``."""
    if not 0 <= action_id < num_distinct_actions(game):
        raise ValueError(f"action id {action_id} out of range")
    if action_id < BUY0:
        return _FIXED[action_id]
    if action_id < FILL0:
        return Buy(ROSES[action_id - BUY0])
    off = _offer0(game)
    if action_id < off:
        k = action_id - FILL0
        return FillOrder(k // 2, MATCH if k % 2 == 0 else FILL)
    k = action_id - off
    box = k % len(BOXES)
    k //= len(BOXES)
    r = k % len(ROSES)
    seat = k // len(ROSES)
    return Offer(seat, ((ROSES[r], BOXES[box]),), rules_of(game).prices[r])
