"""The fixed integer action space of Blades & Rose seat actions (for learning adapters).

Layout (``MAX_SEATS`` = 8, effects #1–#12, cards in :data:`~.cards.CARDS` order):

- ``0..7``     give coin to seat s
- ``8``        keep coin
- ``9..15``    play card k (7 card kinds)
- ``16``       pass
- ``17..28``   activate optional effect #e (e = id - 16)
- ``29..40``   decline optional effect #e (e = id - 28)
- ``41..``     choose targets of effect #e: 36 slots per effect, 8 single seats then the 28 pairs
  (a < b) in lexicographic order.

The space is the same for every player count and crystal pool. Chance outcomes are not encoded.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from .actions import ActivateEffect, ChooseTargets, DeclineEffect, GiveCoin, KeepCoin, Pass, Play
from .cards import CARDS

MAX_SEATS = 8
MAX_EFFECT = 12
_PAIRS = list(combinations(range(MAX_SEATS), 2))
_TARGETS = [(s,) for s in range(MAX_SEATS)] + _PAIRS
_GIVE, _KEEP, _PLAY, _PASS, _ACT, _DECL, _CHOOSE = 0, 8, 9, 16, 17, 29, 41
NUM_ACTIONS = _CHOOSE + MAX_EFFECT * len(_TARGETS)


def num_distinct_actions(game: Any) -> int:
    """Size of the action space (the same for every parameter set)."""
    return NUM_ACTIONS


def action_to_id(game: Any, action: Any) -> int:
    """The integer of a seat action; ``ValueError`` for a chance outcome or an unknown action."""
    if isinstance(action, GiveCoin):
        return _GIVE + action.seat
    if isinstance(action, KeepCoin):
        return _KEEP
    if isinstance(action, Play):
        return _PLAY + CARDS.index(action.card)
    if isinstance(action, Pass):
        return _PASS
    if isinstance(action, ActivateEffect):
        return _ACT + action.effect - 1
    if isinstance(action, DeclineEffect):
        return _DECL + action.effect - 1
    if isinstance(action, ChooseTargets):
        return _CHOOSE + (action.effect - 1) * len(_TARGETS) + _TARGETS.index(tuple(action.seats))
    raise ValueError(f"{action!r} is not a seat action of Blades & Rose")


def action_from_id(game: Any, action_id: int) -> Any:
    """The seat action of an integer (inverse of :func:`action_to_id`); ``ValueError`` if out of range."""
    i = int(action_id)
    if not 0 <= i < NUM_ACTIONS:
        raise ValueError(f"action id {i} is outside 0..{NUM_ACTIONS - 1}")
    if i < _KEEP:
        return GiveCoin(i - _GIVE)
    if i == _KEEP:
        return KeepCoin()
    if i < _PASS:
        return Play(CARDS[i - _PLAY])
    if i == _PASS:
        return Pass()
    if i < _DECL:
        return ActivateEffect(i - _ACT + 1)
    if i < _CHOOSE:
        return DeclineEffect(i - _DECL + 1)
    e, k = divmod(i - _CHOOSE, len(_TARGETS))
    return ChooseTargets(e + 1, _TARGETS[k])
