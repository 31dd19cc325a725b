"""Blades & Rose's chance outcomes (Game Setup, BR-4, BR-5, Book of Magic #3/#4), memoised.

Pure functions of their arguments (the outcome objects are shared, immutable): the caches hold no
game's state, only the outcome lists of positions seen before.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from .actions import DealCrystal, DealRole, FirstCoin, RandomCard
from .cards import ROLES, sort_cards


@lru_cache(maxsize=None)
def role_outcomes(seat: int, left: tuple[int, ...]) -> tuple:
    """Game Setup: ``seat`` draws a character card; ``left[i]`` copies of ``ROLES[i]`` remain."""
    total = sum(left)
    return tuple((DealRole(seat, r), c / total) for r, c in zip(ROLES, left) if c > 0)


@lru_cache(maxsize=4096)  # bounded: a large custom pool leaves many different remainders
def crystal_outcomes(seat: int, left: tuple[int, ...]) -> tuple:
    """BR-4: ``seat`` draws a crystal from the ``left`` ones (sorted), each crystal equally likely."""
    count = Counter(left)
    return tuple((DealCrystal(seat, k), c / len(left)) for k, c in sorted(count.items()))


@lru_cache(maxsize=None)
def first_coin_outcomes(n: int) -> tuple:
    """BR-5: the coin's first holder, uniformly."""
    return tuple((FirstCoin(s), 1 / n) for s in range(n))


@lru_cache(maxsize=4096)
def random_card_outcomes(seat: int, hand: tuple[str, ...]) -> tuple:
    """Effects #3/#4: a card of ``seat``'s ``hand``, each card equally likely."""
    count = Counter(hand)
    return tuple((RandomCard(seat, c), count[c] / len(hand)) for c in sort_cards(count))


@lru_cache(maxsize=None)
def deal_role_action(seat: int, role: str) -> DealRole:
    return DealRole(seat, role)


@lru_cache(maxsize=None)
def deal_crystal_action(seat: int, number: int) -> DealCrystal:
    return DealCrystal(seat, number)


@lru_cache(maxsize=None)
def random_card_action(seat: int, card: str) -> RandomCard:
    return RandomCard(seat, card)
