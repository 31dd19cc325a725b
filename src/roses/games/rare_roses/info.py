"""Rare Roses' static facts (``GameInfo``): the proven bound on a game's length (the search
budgets are the agents' tuning, ``SEARCH_TUNING`` in the package)."""
from __future__ import annotations

import sys

from roses.core.game import GameInfo

from . import cards as C
from .drafts import MAX_FIVES, MAX_ONES
from .rules import rules_of


def max_game_length(game) -> int:
    """A proven upper bound on the steps (seat actions and chance outcomes) of one game of
    ``game``; ``sys.maxsize`` when a market price is $0 (then no bound exists: buying free tiles
    that wilt back into the bag lets the seats seed for ever without trashing an order).

    Proof. Let ``n`` be the players, ``D`` the order cards in the deck (``n_icon + n_plain``),
    ``p`` the lowest market price (> 0), ``m`` = ``max_offers``, ``K`` the most roses on one card.

    - Money: every dollar comes from the start ($20 a seat), a filled order (each card at most
      once, worth at most ``max(fill, match)``; at most ``D`` cards are ever drawn, so their worth
      is at most that of the ``n_icon`` dearest icon cards and the ``n_plain`` dearest others:
      ``V``) or a specialty bonus ($50, once a seat, RR-4). So no seat ever holds more than
      ``W = 20n + V + 50n``. Money never goes below 0, so there are at most ``B = W // p`` market
      buys (``$p`` or more each).
    - Tiles: a tile enters the bag only from a shop (rotation, a filled order) and enters a shop
      only by a market buy (deals move tiles between shops), so at most ``94 + B`` tile draws
      happen in a game; and at most ``D`` order cards are drawn.
    - Turns: each turn either trashes an order (≤ ``D`` turns: each card once), seeds (each seed
      draws at least one tile, seeding needing a non-empty bag: ≤ ``94 + B`` turns), or skips the
      phase (queue and bag empty, RR-11): before the end is triggered its refill then draws a
      card (≤ ``D`` turns); after it, at most ``n`` turns are played in all (RR-9). So
      ``T ≤ 2D + 94 + B + n``.
    - Seat actions: trashes ≤ ``D``; seeds and pushes ≤ ``94 + B`` together (a seed draws at least
      one tile, a push exactly one, RR-5); stops ≤ seeds ≤ ``94 + B``; buys ≤ ``B``; fills ≤ ``D``
      orders, each one step (oldest tiles) or ``1 + K`` (``choose tiles for`` and one ``use`` per
      rose, RR-8); done buying and end turn one a turn each. Deals: at most ``m`` drafts a turn
      (opening one counts), each ``deal SEAT``, at most 6 takes (RR-7), at most 94 gives (distinct
      own tiles), at most ``W // 20 + 3 + 4`` pay steps (within the own money, at most three +5s and
      four +1s), ``propose`` or ``cancel deal``, and an answer: ``E = 6 + 94 + W // 20 + 7 + 3``.
      Solo there is no other seat to deal with: take ``m = 0`` there.
    - Chance: the shops (``n``), the start player (1), the tiles (``94 + B``), the cards (``D``).

    Total ≤ ``n + 1 + 3(94 + B) + B + (3 + K)·D + (m·E + 2)·T``. It is a worst case (seats that
    fill orders only to buy tiles that wilt back into the bag, and draft every deal they may as
    long as it can be): random play stays far below it (see the test)."""
    rules = rules_of(game)
    if min(rules.prices) <= 0:
        return sys.maxsize
    n = rules.players
    deck = rules.cards.values()
    icon = sorted((max(c.fill, c.match) for c in deck if c.icon), reverse=True)[:rules.n_icon]
    plain = sorted((max(c.fill, c.match) for c in deck if not c.icon), reverse=True)[:rules.n_plain]
    cards = rules.n_icon + rules.n_plain
    most_roses = max(len(c.roses) for c in deck)
    wealth = C.START_MONEY * n + sum(icon) + sum(plain) + C.SPECIALTY_BONUS * n
    buys = wealth // min(rules.prices)
    tiles = C.TOTAL_TILES + buys
    turns = 2 * cards + tiles + n
    deal = C.MAX_RECEIVED + C.TOTAL_TILES + wealth // 20 + MAX_FIVES + MAX_ONES + 3
    drafts = rules.max_offers if n > 1 else 0  # solo: nobody to deal with
    return n + 1 + 3 * tiles + buys + (3 + most_roses) * cards + (drafts * deal + 2) * turns


def game_info(game) -> GameInfo:
    """Rare Roses' static facts: imperfect information (deals under negotiation, RR-7; the order
    deck and the bag's next tiles), explicit chance, returns that add up to 1 (a win shared by
    ``k`` seats is ``1/k`` each), scores in dollars."""
    from .encoding import num_distinct_actions

    return GameInfo(information="imperfect", chance_mode="explicit", utility="constant-sum",
                    min_utility=0.0, max_utility=1.0, max_game_length=max_game_length(game),
                    num_distinct_actions=num_distinct_actions(game), score_unit="dollars",
                    # an order card (the deck's cards), a rose drawn from the bag (6) or a seat
                    max_chance_outcomes=max(len(rules_of(game).cards), len(C.ROSES), game.num_players))
