"""Rose Ceremony's fixed tables: the rulebook's numbers (wilting, winning, exchange points) and
everything fixed by a deck and a table size (:class:`Tables`), made once and shared by every
state (engine v2: the deck as a count per distinct card, each action object made once).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from roses.core.game import ByIdentity

from .actions import Deal, Draw, Offer, Start
from .cards import MAX_VALUE, Card, deck_counter

#: "If the bouquet has 5 or more thorns, remove all rose cards from this bouquet to the discard pile".
WILT_THORNS = 5
#: Goal of the Game / End of the Game: "5 or more charm points" wins at once.
WINNING_POINTS = 5
#: Exchange: "If your bouquet has 4 or more roses, you may exchange it".
MIN_EXCHANGE_ROSES = 4
#: Exchange: "10 or more roses: you are immediately declared the winner".
WINNING_ROSES = 10


def exchange_points(roses: int) -> int:
    """Charm points for exchanging a bouquet of ``roses`` roses (Exchange section).

    4–5 → 1, 6–7 → 2, 8–9 → 3; below 4 → 0 (no exchange allowed). 10 or more wins the game at
    once; this function returns 0 for it and :meth:`RoseCeremonyState._apply_exchange` declares the
    win.
    """
    if roses < MIN_EXCHANGE_ROSES or roses >= WINNING_ROSES:
        return 0
    return (roses - 2) // 2  # 4,5 -> 1; 6,7 -> 2; 8,9 -> 3


class Tables:
    """Everything fixed by a deck and a table size, made once and shared by every state.

    Attributes:
        cards: the distinct cards, sorted (the order of chance outcomes and of the encoding); a
            card's index in it is its *card number*, so numbers sort as cards do.
        full: how many of each card the deck holds (by card number); ``total`` their sum.
        number: ``number[roses][thorns]`` is the card number of a card of the deck (by value: a
            list lookup, no hashing).
        deal, draw: ``deal[seat][i]`` is ``Deal(cards[i], seat)``, ``draw[seat][i]`` likewise.
        offer: ``offer[i][to]`` is ``Offer(cards[i], to)``.
        offers_from: ``offers_from[me][i]``: the offers of card ``i`` by ``me`` to every other seat,
            in seat order (a slice of the legal list).
        others: ``others[me]``: the seats ``me`` may go on a date with.
        starts: the ``(Start(s), 1/n)`` chance outcomes.
    """

    def __init__(self, rows: tuple[tuple[int, int, int], ...], players: int):
        counts = deck_counter(rows)
        self.cards: tuple[Card, ...] = tuple(sorted(counts))
        self.full: tuple[int, ...] = tuple(counts[c] for c in self.cards)
        self.total = sum(self.full)
        self.number: list[list[int | None]] = [[None] * (MAX_VALUE + 1) for _ in range(MAX_VALUE + 1)]
        for i, c in enumerate(self.cards):
            self.number[c.roses][c.thorns] = i
        seats = range(players)
        self.deal = tuple(tuple(Deal(c, s) for c in self.cards) for s in seats)
        self.draw = tuple(tuple(Draw(c, s) for c in self.cards) for s in seats)
        self.offer = tuple(tuple(Offer(c, to) for to in seats) for c in self.cards)
        self.others = tuple(tuple(to for to in seats if to != me) for me in seats)
        self.offers_from = tuple(tuple(tuple(self.offer[i][to] for to in self.others[me])
                                       for i in range(len(self.cards))) for me in seats)
        self.starts = tuple((Start(s), 1.0 / players) for s in seats)

    def number_of(self, card: Any) -> int | None:
        """The card number of ``card``, or ``None`` when it is not a card of this deck."""
        if type(card) is not Card:
            return None
        r, t = card.roses, card.thorns
        if type(r) is not int or type(t) is not int or not (0 <= r <= MAX_VALUE and 0 <= t <= MAX_VALUE):
            return None
        return self.number[r][t]


@lru_cache(maxsize=64)
def _tables(rows: tuple[tuple[int, int, int], ...], players: int) -> Tables:
    return Tables(rows, players)


def tables(game) -> Tables:
    """The :class:`Tables` of ``game``'s deck and player count (cached per deck and player count,
    and per game object: a game's tables without reading its deck again, as every determinized
    world starts a new state of the same game; the 64 most recently used of each)."""
    return _game_tables(ByIdentity(game))


@lru_cache(maxsize=64)
def _game_tables(key: ByIdentity) -> Tables:
    game = key.obj
    return _tables(tuple(tuple(int(x) for x in row) for row in game.params["deck"]), game.num_players)
