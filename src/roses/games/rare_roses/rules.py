"""Rare Roses' parameters as the rules read them: what a game's parameters fix, read once per
:class:`~roses.core.Game` (:func:`rules_of`, cached).

The players (RR-1; solo, RR-10), the market prices (RR-2), the order deck (RR-3) split into the
icon and no-icon decks of "Setup" (ten of each, icon deck on top), the deals a turn (``max_offers``,
RR-7), the start player ("Setup"), and each card's needs per rose (RR-8), with the game's per-card
interned actions. Its own module so that what reads only the parameters (``info.py``,
``encoding.py``) need not import the state; ``state.py`` re-exports :class:`Rules` and
:func:`rules_of` (the interop encoders and tests import them from there).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from roses.core.game import ByIdentity

from . import cards as C
from .actions import FILL, MATCH, ChooseTiles, DrawOrder, FillOrder, StartPlayer
from .cards import ROSES, OrderCard

R = len(ROSES)
_ROSE_INDEX = C.ROSE_INDEX


@dataclass(frozen=True, eq=False)
class Rules:
    """What a game's parameters fix, read once per :class:`~roses.core.Game`, with the game's
    interned actions: ``fills[card]`` (``(match, fill)`` with the oldest tiles), ``chooses[card]``
    (``(match, fill)``: name the tiles, RR-8), ``draw_orders[card]``, and each
    card's needs per rose (``needs[card]``: ``(rose, buds, blooms)`` for its roses, RR-8).

    Compared and hashed by identity (``eq=False``), so that what is cached per game's rules
    (``observation._order_views``) is keyed on the rules themselves."""

    players: int
    cards: dict[int, OrderCard]
    icon_ids: tuple[int, ...]
    plain_ids: tuple[int, ...]
    n_icon: int            # icon cards in the order deck (10, or fewer in a small custom deck)
    n_plain: int
    prices: tuple[int, ...]
    max_offers: int
    start_player: int | None
    chooses: dict          # card id -> (ChooseTiles match, ChooseTiles fill)
    fills: dict            # card id -> (FillOrder match, FillOrder fill), oldest tiles
    draw_orders: dict      # card id -> DrawOrder
    needs: dict            # card id -> ((rose index, buds, blooms), ...)
    card_text: dict        # card id -> the card in plain words, as the log words a card turned over
    starts: tuple          # StartPlayer(seat) per seat
    max_price: int         # the dearest rose's market price

    @property
    def solo(self) -> bool:
        return self.players == 1


def _needs(card: OrderCard) -> tuple[tuple[int, int, int], ...]:
    """``(rose index, buds, blooms)`` for each rose type the card asks for (RR-8)."""
    buds = [0] * R
    blooms = [0] * R
    for rose, mat in card.roses:
        (buds if mat == "bud" else blooms)[_ROSE_INDEX[rose]] += 1
    return tuple((r, buds[r], blooms[r]) for r in range(R) if buds[r] or blooms[r])


def rules_of(game) -> Rules:
    """The :class:`Rules` of ``game`` (cached per game object, the 64 most recently used; a Game is
    immutable)."""
    return _rules_of(ByIdentity(game))


@lru_cache(maxsize=64)
def _rules_of(key: ByIdentity) -> Rules:
    game = key.obj
    p = game.params
    deck = C.deck_of(p.get("order_deck"))
    prices = p.get("market_prices") or C.DEFAULT_PRICES
    icon = tuple(sorted(c.id for c in deck if c.icon))
    plain = tuple(sorted(c.id for c in deck if not c.icon))
    price = tuple(int(prices[r]) for r in ROSES)
    n = game.num_players
    return Rules(
        players=n, cards={c.id: c for c in deck}, icon_ids=icon, plain_ids=plain,
        n_icon=min(C.CARDS_PER_DECK, len(icon)), n_plain=min(C.CARDS_PER_DECK, len(plain)),
        prices=price, max_offers=int(p.get("max_offers", 3)),
        start_player=p.get("start_player"),
        chooses={c.id: (ChooseTiles(c.id, MATCH), ChooseTiles(c.id, FILL)) for c in deck},
        fills={c.id: (FillOrder(c.id, MATCH), FillOrder(c.id, FILL)) for c in deck},
        draw_orders={c.id: DrawOrder(c.id) for c in deck},
        needs={c.id: _needs(c) for c in deck},
        card_text={c.id: c.words() for c in deck},
        starts=tuple(StartPlayer(s) for s in range(n)), max_price=max(price))
