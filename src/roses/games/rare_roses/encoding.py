"""The fixed integer action space of Rare Roses (for learning adapters), rules_version 2.

It covers every legal seat action: deals are drafted step by step (RR-7) and tiles for a fill are
named one by one (RR-8), so each decision is one of a few small families:

- 0 ``trash``, 1 ``seed``, 2 ``push``, 3 ``stop``, 4 ``accept``, 5 ``decline``, 6 ``done buying``,
  7 ``end turn``, 8 ``propose``, 9 ``cancel deal``, 10 ``pay +20``, 11 ``pay +5``, 12 ``pay +1``;
- 13..18 ``buy ROSE`` (rose order of the components list);
- ``FILL0 + 2·ID`` ``fill ID match``, ``FILL0 + 2·ID + 1`` ``fill ID fill`` (oldest tiles), for every
  card id of the game's order deck (0..42 for the shipped deck); then the same for
  ``choose tiles for ID match|fill``;
- ``deal SEAT`` for each seat;
- ``take ROSE/BOX``, ``give ROSE/BOX``, ``use ROSE/BOX``: 18 ids each, ``3·ROSE + BOX``.

Chance outcomes have no id. The compound forms of rules_version 1 (``offer …``, ``fill … with …``)
are no legal action and have no id (:func:`action_to_id` raises ``ValueError``).
"""
from __future__ import annotations

from roses.core import Game

from . import drafts, fills, legal
from .actions import (FILL, MATCH, Accept, Buy, CancelDeal, ChooseTiles, DealGive, DealPay, DealTake,
                      DealWith, Decline, DoneBuying, EndTurn, FillOrder, Propose, Push, Seed,
                      StopPushing, Trash, UseTile)
from .cards import BOXES, ROSES
from .rules import rules_of

# The rules' own interned action objects (legal.py, drafts.py, fills.py, rules.py), so an action
# from an id is the very object in the legal list: apply's membership test is a pointer compare.
_FIXED = [legal.TRASH, legal.SEED, legal.PUSH, legal.STOP, legal.ACCEPT, legal.DECLINE, legal.DONE_BUYING,
          legal.END_TURN, drafts.PROPOSE, drafts.CANCEL_DEAL, drafts.PAY20, drafts.PAY5, drafts.PAY1]
_FIXED_ID = {a: i for i, a in enumerate(_FIXED)}
BUY0 = len(_FIXED)
FILL0 = BUY0 + len(ROSES)
_TILES = len(ROSES) * len(BOXES)
_TILE_KINDS = (DealTake, DealGive, UseTile)
_TILE_ACTIONS = (drafts.TAKES, drafts.GIVES, fills.USES)  # [rose][box], as _TILE_KINDS


def _n_cards(game: Game) -> int:
    return max(rules_of(game).cards) + 1


def _layout(game: Game) -> tuple[int, int, int, int]:
    """``(choose0, deal0, tiles0, total)``: where each family starts, and the size."""
    choose0 = FILL0 + 2 * _n_cards(game)
    deal0 = choose0 + 2 * _n_cards(game)
    tiles0 = deal0 + game.num_players
    return choose0, deal0, tiles0, tiles0 + len(_TILE_KINDS) * _TILES


def num_distinct_actions(game: Game) -> int:
    return _layout(game)[3]


def _tile_id(tile) -> int:
    rose, box = tile
    return ROSES.index(rose) * len(BOXES) + BOXES.index(box)


def action_to_id(game: Game, action) -> int:
    """Raises ``ValueError`` for an action outside the space."""
    choose0, deal0, tiles0, _ = _layout(game)
    t = type(action)
    if t is Buy and action.rose in ROSES:
        return BUY0 + ROSES.index(action.rose)
    if t is FillOrder and action.tiles is None and 0 <= action.card < _n_cards(game) \
            and action.value in (MATCH, FILL):
        return FILL0 + 2 * action.card + (0 if action.value == MATCH else 1)
    if t is ChooseTiles and 0 <= action.card < _n_cards(game) and action.value in (MATCH, FILL):
        return choose0 + 2 * action.card + (0 if action.value == MATCH else 1)
    if t is DealWith and 0 <= action.seat < game.num_players:
        return deal0 + action.seat
    if t in _TILE_KINDS and action.tile[0] in ROSES and action.tile[1] in BOXES:
        return tiles0 + _TILE_KINDS.index(t) * _TILES + _tile_id(action.tile)
    i = _FIXED_ID.get(action) if t in (Trash, Seed, Push, StopPushing, Accept, Decline, DoneBuying,
                                          EndTurn, Propose, CancelDeal, DealPay) else None
    if i is not None:
        return i
    raise ValueError(f"{action} has no id in rare-roses' fixed action space")


def action_from_id(game: Game, action_id: int):
    """Raises ``ValueError`` for an id outside ``0..num_distinct_actions-1``."""
    choose0, deal0, tiles0, total = _layout(game)
    if not 0 <= action_id < total:
        raise ValueError(f"action id {action_id} out of range")
    if action_id < BUY0:
        return _FIXED[action_id]
    if action_id < FILL0:
        return legal.BUYS[action_id - BUY0]
    rules = rules_of(game)
    if action_id < choose0:
        card, k = divmod(action_id - FILL0, 2)
        pair = rules.fills.get(card)  # a card id missing from a designer's deck has none
        return pair[k] if pair else FillOrder(card, MATCH if k == 0 else FILL)
    if action_id < deal0:
        card, k = divmod(action_id - choose0, 2)
        pair = rules.chooses.get(card)
        return pair[k] if pair else ChooseTiles(card, MATCH if k == 0 else FILL)
    if action_id < tiles0:
        seat = action_id - deal0
        return legal.DEALS[seat] if seat < len(legal.DEALS) else DealWith(seat)
    kind, tile = divmod(action_id - tiles0, _TILES)
    rose, box = divmod(tile, len(BOXES))
    return _TILE_ACTIONS[kind][rose][box]
