"""Cards, characters, factions and the setup chart of Blades & Rose.

Rulebook "Game Setup" (the chart of character cards by player count) completed by BR-1 (the cut-off
8-player row), BR-2 (hands) and BR-6 (the death limit and sacrifice target, not printed).
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

WHITE_ROSE = "White Rose"
BISHOP = "Bishop"
BELIEVER = "Believer"
GHOST = "Ghost"
GREAT_SWORD = "Great Sword"
DOUBLE_KNIFE = "Double Knife"
DARK_KNIFE = "Dark Knife"

#: Every card name in the canonical order used for sorting revealed cards and hands.
CARDS: tuple[str, ...] = (WHITE_ROSE, BISHOP, BELIEVER, GHOST, GREAT_SWORD, DOUBLE_KNIFE, DARK_KNIFE)
_ORDER = {c: i for i, c in enumerate(CARDS)}
#: The character cards (roles), in chart order.
ROLES: tuple[str, ...] = (WHITE_ROSE, BISHOP, BELIEVER, GREAT_SWORD, DOUBLE_KNIFE, DARK_KNIFE)

WHITE_ROSE_FACTION = "White Rose"
BLOOD_BLADES_FACTION = "Blood Blades"
FACTIONS = (WHITE_ROSE_FACTION, BLOOD_BLADES_FACTION)

#: Blood Blades cards: any one of them on the table kills (rulebook "Step 3").
BLADES = frozenset({GREAT_SWORD, DOUBLE_KNIFE, DARK_KNIFE})
#: Flower Bud cards: the Believer and the Bishop (FAQ Q4); the White Rose is not one (Q5).
#: A Believer played by a Blood Blades seat is a Flower Bud too (BR-7).
BUDS = frozenset({BELIEVER, BISHOP})
#: Cards a White Rose Faction seat must have played by the end (FAQ Q12, BR-7).
FACTION_CARDS = frozenset({WHITE_ROSE, BISHOP, BELIEVER})
#: Characters who open their eyes in Night Phase Step 1 ("Giant Sword" = Great Sword, BR-1/BR-3).
NIGHT_ROLES = frozenset({WHITE_ROSE, BISHOP, DOUBLE_KNIFE, GREAT_SWORD})

#: Setup chart: players -> character cards (rulebook "Number of cards by player count"; 8: BR-1).
CHART: dict[int, dict[str, int]] = {
    5: {WHITE_ROSE: 1, BISHOP: 1, BELIEVER: 1, GREAT_SWORD: 0, DOUBLE_KNIFE: 1, DARK_KNIFE: 1},
    6: {WHITE_ROSE: 1, BISHOP: 1, BELIEVER: 2, GREAT_SWORD: 0, DOUBLE_KNIFE: 1, DARK_KNIFE: 1},
    7: {WHITE_ROSE: 1, BISHOP: 1, BELIEVER: 2, GREAT_SWORD: 1, DOUBLE_KNIFE: 1, DARK_KNIFE: 1},
    8: {WHITE_ROSE: 1, BISHOP: 1, BELIEVER: 3, GREAT_SWORD: 1, DOUBLE_KNIFE: 1, DARK_KNIFE: 1},
}
#: BR-6 defaults: Flower Buds in the Death Area that end the game (5 players: Round Example 2).
DEATH_LIMIT = {5: 4, 6: 5, 7: 5, 8: 6}
#: BR-6 defaults: Flower Buds in the Sacrifice Area the White Rose Faction needs.
SACRIFICE_TARGET = {5: 4, 6: 5, 7: 5, 8: 6}


def faction_of(role: str) -> str:
    """The faction of a character card (rulebook "Note" under the chart): White Rose, Bishop and
    Believer are the White Rose Faction, the blades the Blood Blades Faction."""
    return BLOOD_BLADES_FACTION if role in BLADES else WHITE_ROSE_FACTION


def role_deck(players: int) -> list[str]:
    """The character deck for ``players`` seats as a list (chart order)."""
    return [r for r in ROLES for _ in range(CHART[players][r])]


def starting_hand(role: str) -> list[str]:
    """A seat's hand after the night (BR-2): Ghost, Believer and the own character card; the Double
    Knife has swapped its Ghost for the table's Double Knife (Night Phase Step 2)."""
    if role == DOUBLE_KNIFE:
        return sort_cards([DOUBLE_KNIFE, DOUBLE_KNIFE, BELIEVER])
    return sort_cards([GHOST, BELIEVER, role])


def sort_cards(cards: Iterable[str]) -> list[str]:
    """``cards`` in the canonical order of :data:`CARDS` (how a revealed multiset is shown)."""
    return sorted(cards, key=_ORDER.__getitem__)


def count(cards: Iterable[str]) -> Counter:
    return Counter(cards)
