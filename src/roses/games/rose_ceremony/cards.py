"""Rose cards and the deck as data (Rose Ceremony, "Components"; ruling RC-2).

A rose card shows a rose value and a thorn value (RC-2). "Roses in a bouquet" and "thorns in a
bouquet" are the sums over its cards. The deck is the game parameter ``deck``: a JSON list of
``[roses, thorns, count]`` rows, by default the 54-card deck of RC-2 (120 roses, 64 thorns).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from dataclasses import dataclass
from typing import Any, Iterable

from roses.core.words import counted


@dataclass(frozen=True, order=True)
class Card:
    """One rose card: ``roses`` (rose value) and ``thorns`` (thorn value), RC-2.

    Its text form is ``"roses/thorns"``, e.g. ``"3/1"`` for three roses and one thorn.
    """

    roses: int
    thorns: int

    def __str__(self) -> str:
        return f"{self.roses}/{self.thorns}"

    def words(self) -> str:
        """The card in plain words for players: ``"a card of 3 roses and 1 thorn"``."""
        return card_words(self.roses, self.thorns)

    @classmethod
    def parse(cls, text: str) -> "Card":
        """``"3/1"`` -> ``Card(3, 1)``. Raises ``ValueError`` on anything else."""
        r, t = text.strip().split("/")
        return cls(int(r), int(t))


@lru_cache(maxsize=None)
def card_words(roses: int, thorns: int) -> str:
    """A card of ``roses`` and ``thorns`` in plain words for the log: ``card_words(2, 0)`` is
    ``"a card of 2 roses and no thorns"`` (the action text ``"2/0"`` is engine syntax)."""
    return f"a card of {counted(roses, 'rose') if roses else 'no roses'} and {counted(thorns, 'thorn') if thorns else 'no thorns'}"


#: RC-2: the default deck, rows of [roses, thorns, count]. 54 cards, 120 roses, 64 thorns.
DEFAULT_DECK: tuple[tuple[int, int, int], ...] = (
    (0, 0, 4), (0, 1, 2),
    (1, 0, 6), (1, 1, 4), (1, 2, 2),
    (2, 0, 4), (2, 1, 6), (2, 2, 3), (2, 3, 1),
    (3, 0, 2), (3, 1, 4), (3, 2, 4), (3, 3, 2),
    (4, 1, 2), (4, 2, 3), (4, 3, 1),
    (5, 2, 2), (5, 3, 2),
)

#: The Setup deals 4 cards to each player, so a deck needs at least this many cards per seat.
HAND_SIZE = 4
#: Smallest table (RC-1); the deck check against the real player count is per game.
MIN_PLAYERS = 2


# Bounds on a designer's deck, so that a game (and a web request creating one) stays small.
MAX_CARDS = 540
MAX_ROWS = 200
MAX_VALUE = 20


def check_deck(value: Any) -> str | None:
    """Validate a ``deck`` parameter value (RC-2); return the problem in words or ``None``.

    A deck is a list of ``[roses, thorns, count]`` rows: non-negative integer values, a positive
    integer count, each (roses, thorns) pair at most once, and enough cards to deal the smallest
    table (2 players × 4). The check against the actual player count is :func:`check_deck_size`.
    """
    if not isinstance(value, (list, tuple)) or not value:
        return "a deck is a non-empty list of [roses, thorns, count] rows"
    if len(value) > MAX_ROWS:
        return f"a deck has at most {MAX_ROWS} rows"
    seen = set()
    total = 0
    for i, row in enumerate(value):
        if not isinstance(row, (list, tuple)) or len(row) != 3:
            return f"row {i} ({row!r}) is not a [roses, thorns, count] row"
        if any(isinstance(x, bool) or not isinstance(x, int) for x in row):
            return f"row {i} ({row!r}) must hold three integers"
        roses, thorns, count = row
        if roses < 0 or thorns < 0:
            return f"row {i} ({row!r}): rose and thorn values cannot be negative"
        if count < 1:
            return f"row {i} ({row!r}): the count must be at least 1"
        if roses > MAX_VALUE or thorns > MAX_VALUE:
            return f"row {i} ({row!r}): rose and thorn values are at most {MAX_VALUE}"
        if (roses, thorns) in seen:
            return f"row {i} ({row!r}): the card {roses}/{thorns} is listed twice; give one row with its count"
        seen.add((roses, thorns))
        total += count
    if total > MAX_CARDS:
        return f"the deck has {total} cards; at most {MAX_CARDS} (ten times the printed deck)"
    if total < HAND_SIZE * MIN_PLAYERS:
        return f"the deck has {counted(total, 'card')}; dealing needs at least {HAND_SIZE * MIN_PLAYERS}"
    return None


def check_deck_size(rows: Iterable[Iterable[int]], players: int) -> str | None:
    """The Setup deals 4 cards to each player: the deck must hold at least ``4 × players`` cards."""
    total = sum(int(row[2]) for row in rows)  # type: ignore[index]
    if total < HAND_SIZE * players:
        return f"the deck has {counted(total, 'card')}; dealing 4 to each of {players} players needs {HAND_SIZE * players}"
    return None


def deck_counter(rows: Iterable[Iterable[int]]) -> Counter:
    """The deck parameter as a multiset ``Counter[Card]``."""
    out: Counter = Counter()
    for roses, thorns, count in rows:  # type: ignore[misc]
        out[Card(int(roses), int(thorns))] += int(count)
    return out


def card_types(rows: Iterable[Iterable[int]]) -> tuple[Card, ...]:
    """The distinct cards of a deck, sorted (the order of chance outcomes and of the encoding)."""
    return tuple(sorted(deck_counter(rows)))


def roses_of(cards: Iterable[Card]) -> int:
    """Roses in a bouquet: the sum of its cards' rose values (RC-2)."""
    return sum(c.roses for c in cards)


def thorns_of(cards: Iterable[Card]) -> int:
    """Thorns in a bouquet: the sum of its cards' thorn values (RC-2)."""
    return sum(c.thorns for c in cards)
