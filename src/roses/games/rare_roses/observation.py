"""What one seat of Rare Roses sees (the browser table and the terminal view draw from it).

:class:`RareRosesObservation` fields (all JSON data through ``roses.core.to_jsonable``):

- ``seat``: the observing seat (``None``: a spectator). ``current_player``: seat to move, ``-1``
  chance, ``-4`` over. ``phase``: ``specialty``, ``start``, ``setup-market``, ``setup-orders``,
  ``trash-or-seed``, ``seeding``, ``push``, ``refill``, ``purchase``, ``draft`` (the seat whose turn it
  is drafts a deal, RR-7), ``respond``, ``fill``, ``name-tiles`` (naming the tiles of a fill one by
  one, RR-8), ``over``.
  ``turn``: whose turn it is (``-1`` during setup). ``start_player``: the starting player (or ``None``
  before it is drawn). ``solo``: one player (RR-10).
- ``shops``: one :class:`ShopView` per seat: ``specialty`` (RR-4), ``bud`` / ``fresh`` / ``mature``
  (rose → count in the fresh-bud, fresh-bloom and mature-bloom boxes), ``money``, ``orders_filled``
  (card ids), ``specialty_filled`` (count toward the bonus), ``bonus_paid``, ``shop_value``
  (market value of its tiles, the RR-9 tie-break). All public.
- ``market``: rose → tiles in the market. ``prices``: rose → market price (RR-2).
- ``bag``: rose → tiles in the market bag, and ``bag_size``. The rulebook keeps the bag closed, but its
  contents are derivable from public information (94 tiles minus the market and every shop; tiles
  only ever leave the bag face up into the market and come back openly from rotation and filled
  orders), so they are shown rather than making every player count.
- ``queue``: the order spaces, index 0 the oldest (farthest from the order deck), each an
  :class:`OrderView` or ``None`` (four spaces; three in solo). ``deck_size``: cards left in the order
  deck; ``deck_top_icon``: whether the top card's back shows the icon (visible on the table). The
  order of the deck is hidden: it is not even stored (drawn lazily by chance nodes).
  ``discarded``: trashed or lost order ids. ``cards``: every order card turned over so far, by id
  (in the queue, filled or discarded), for drawing cards named by id.
- This turn: ``tiles_drawn`` (counted toward the 6, RR-5), ``next_push_cost`` (``None`` if no more),
  ``first_turn_extras`` (tiles the seat to move would add when seeding now), ``received`` (tiles
  bought or traded for, max 6, RR-7), ``offers_left``, ``fills`` (orders filled, max 3).
- ``pending_offer``: the deal under negotiation (text form and fields), only for the two seats in
  it (``None`` for everyone else; its outcome is in the public log).
- ``deals_declined``: the deals declined this turn, in order (RR-7), each ``{"to": SEAT}`` (public:
  the log says who declined) plus, for the deal's two seats only, its terms ``"text"``, ``"take"``,
  ``"give"``, ``"pay"`` (as in ``pending_offer``). A player (or a bot made afresh for each move)
  reads from it which deals not to propose again this turn.
- ``draft``: the deal being drafted, ``{"to", "take", "give", "pay"}``, only for its proposer
  (``None`` for everyone else, the seller included, until it is proposed); ``draft_with``: the
  seat the deal is drafted with (public, ``None`` when no draft is open).
- ``naming``: the fill whose tiles are being named, ``{"card", "value", "tiles"}`` (public).
- ``end_triggered``: the last order card has been drawn; ``turns_left``: turns still to play.
- ``log``: the event log as this seat may read it. ``result`` once over: ``money``, ``tie_break``
  (money, shop value, orders filled per seat, RR-9) and ``returns``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import mul
from typing import Any

from .cards import ROSES


@dataclass(frozen=True)
class OrderView:
    id: int
    icon: bool
    roses: tuple[tuple[str, str], ...]
    fill: int
    match: int
    specialty: str | None


@dataclass(frozen=True)
class ShopView:
    seat: int
    specialty: str | None
    bud: dict[str, int]
    fresh: dict[str, int]
    mature: dict[str, int]
    money: int
    orders_filled: tuple[int, ...]
    specialty_filled: int
    bonus_paid: bool
    shop_value: int


@dataclass(frozen=True)
class RareRosesObservation:
    seat: int | None
    current_player: int
    phase: str
    turn: int
    start_player: int | None
    solo: bool
    shops: tuple[ShopView, ...]
    market: dict[str, int]
    prices: dict[str, int]
    bag: dict[str, int]
    bag_size: int
    queue: tuple[OrderView | None, ...]
    deck_size: int
    deck_top_icon: bool | None
    discarded: tuple[int, ...]
    cards: dict[int, OrderView]
    tiles_drawn: int
    next_push_cost: int | None
    first_turn_extras: int
    received: int
    offers_left: int
    fills: int
    pending_offer: dict[str, Any] | None
    deals_declined: tuple[dict[str, Any], ...]
    draft: dict[str, Any] | None
    draft_with: int | None
    naming: dict[str, Any] | None
    end_triggered: bool
    turns_left: int | None
    log: tuple[str, ...]
    result: dict[str, Any] | None


def _counts(row) -> dict[str, int]:
    return dict(zip(ROSES, row))


def order_view(card) -> OrderView:
    return OrderView(card.id, card.icon, card.roses, card.fill, card.match, card.specialty)


@lru_cache(maxsize=64)
def _order_views(rules) -> dict[int, OrderView]:
    """Every card's :class:`OrderView` (frozen, so shared by every observation of the game; cached
    per :class:`~.rules.Rules` object, which hashes by identity, the 64 most recently used)."""
    return {cid: order_view(c) for cid, c in rules.cards.items()}


def _frozen(cls, fields: dict[str, Any]):
    """An instance of the frozen dataclass ``cls`` with ``fields`` (every field, by name), made
    without the frozen ``__init__``'s one ``object.__setattr__`` per field (an observation is
    built after every move)."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def observe(state, seat: int | None) -> RareRosesObservation:
    """``seat``'s observation of ``state`` (``None``: spectator)."""
    n = state.num_players
    rules = state.rules
    views = _order_views(rules)
    prices = rules.prices
    shops = []
    for s in range(n):
        bud, fresh, mature = state.shops[s]
        value = sum(map(mul, bud, prices)) + sum(map(mul, fresh, prices)) + sum(map(mul, mature, prices))
        shops.append(_frozen(ShopView, {
            "seat": s, "specialty": state.specialty[s], "bud": dict(zip(ROSES, bud)),
            "fresh": dict(zip(ROSES, fresh)), "mature": dict(zip(ROSES, mature)), "money": state.money[s],
            "orders_filled": tuple(state.filled[s]), "specialty_filled": state.specialty_filled(s),
            "bonus_paid": state.bonus_paid[s], "shop_value": value}))
    queue = state.queue
    seen = [c for c in queue if c is not None] + state.discarded
    for f in state.filled:
        seen += f
    seen.sort()
    offer = None
    if state.offer is not None and seat is not None and seat in (state.turn, state.offer.seat):
        o = state.offer
        offer = {"text": str(o), "from": state.turn, "to": o.seat, "take": [list(t) for t in o.take],
                 "pay": o.pay, "give": [list(t) for t in o.give]}
    declined = []
    for o in state.declined:
        entry: dict[str, Any] = {"to": o.seat}
        if seat is not None and seat in (state.turn, o.seat):
            entry.update(text=str(o), take=[list(t) for t in o.take], give=[list(t) for t in o.give], pay=o.pay)
        declined.append(entry)
    draft = None
    d = state.draft
    if d is not None and seat is not None and seat == state.turn:
        draft = {"to": d[0], "take": [list(t) for t in d[1]], "give": [list(t) for t in d[2]],
                 "pay": 20 * d[3] + 5 * d[4] + d[5]}
    naming = None
    if state.naming is not None:
        cid, value, used = state.naming
        naming = {"card": cid, "value": value, "tiles": [list(t) for t in used]}
    phase = state.phase
    result = None
    if phase == "over":
        result = {"money": list(state.money), "tie_break": [list(state.score_key(s)) for s in range(n)],
                  "returns": state.returns()}
    bag = state.bag
    return _frozen(RareRosesObservation, {
        "seat": seat, "current_player": state.current_player(), "phase": phase, "turn": state.turn,
        "start_player": state.start, "solo": n == 1, "shops": tuple(shops),
        "market": dict(zip(ROSES, state.market)), "prices": dict(zip(ROSES, prices)),
        "bag": dict(zip(ROSES, bag)), "bag_size": sum(bag),
        "queue": tuple(None if c is None else views[c] for c in queue),
        "deck_size": state.deck_size(), "deck_top_icon": state.deck_top_icon(),
        "discarded": tuple(state.discarded), "cards": {c: views[c] for c in seen},
        "tiles_drawn": state.counted, "next_push_cost": state.push_cost() if phase == "push" else None,
        "first_turn_extras": state.first_turn_extras(state.turn) if state.turn >= 0 else 0,
        "received": state.received, "offers_left": max(0, rules.max_offers - state.offers),
        "fills": state.fills, "pending_offer": offer, "deals_declined": tuple(declined), "draft": draft,
        "draft_with": None if d is None else d[0], "naming": naming, "end_triggered": state.end_trigger is not None,
        "turns_left": state.turns_left, "log": state.log.view(seat), "result": result})
