"""What one seat of Rare Roses sees (the browser table and the terminal view draw from it).

:class:`RareRosesObservation` fields (all JSON data through ``roses.core.to_jsonable``):

- ``seat``: the observing seat (``None``: a spectator). ``current_player``: seat to move, ``-1``
  chance, ``-4`` over. ``phase``: ``specialty``, ``start``, ``setup-market``, ``setup-orders``,
  ``trash-or-seed``, ``seeding``, ``push``, ``refill``, ``purchase``, ``respond``, ``fill``, ``over``.
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
- ``end_triggered``: the last order card has been drawn; ``turns_left``: turns still to play.
- ``log``: the event log as this seat may read it. ``result`` once over: ``money``, ``tie_break``
  (money, shop value, orders filled per seat, RR-9) and ``returns``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import ROSES, MATURE, FRESH, BUD


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
    end_triggered: bool
    turns_left: int | None
    log: tuple[str, ...]
    result: dict[str, Any] | None


def _counts(row) -> dict[str, int]:
    return {ROSES[r]: row[r] for r in range(len(ROSES))}


def order_view(card) -> OrderView:
    return OrderView(card.id, card.icon, card.roses, card.fill, card.match, card.specialty)


def observe(state, seat: int | None) -> RareRosesObservation:
    """``seat``'s observation of ``state`` (``None``: spectator)."""
    n = state.num_players
    shops = tuple(ShopView(
        s, state.specialty[s], _counts(state.shops[s][BUD]), _counts(state.shops[s][FRESH]),
        _counts(state.shops[s][MATURE]), state.money[s], tuple(state.filled[s]),
        state.specialty_filled(s), state.bonus_paid[s], state.shop_value(s)) for s in range(n))
    seen = [c for c in state.queue if c is not None] + state.discarded + [c for f in state.filled for c in f]
    offer = None
    if state.offer is not None and seat is not None and seat in (state.turn, state.offer.seat):
        o = state.offer
        offer = {"text": str(o), "from": state.turn, "to": o.seat, "take": [list(t) for t in o.take],
                 "pay": o.pay, "give": [list(t) for t in o.give]}
    result = None
    if state.phase == "over":
        result = {"money": list(state.money), "tie_break": [list(state.score_key(s)) for s in range(n)],
                  "returns": state.returns()}
    mover = state.current_player()
    return RareRosesObservation(
        seat=seat, current_player=mover, phase=state.phase, turn=state.turn,
        start_player=state.start, solo=state.solo, shops=shops, market=_counts(state.market),
        prices=_counts(state.rules.prices), bag=_counts(state.bag), bag_size=sum(state.bag),
        queue=tuple(None if c is None else order_view(state.card(c)) for c in state.queue),
        deck_size=state.deck_size(), deck_top_icon=state.deck_top_icon(),
        discarded=tuple(state.discarded), cards={c: order_view(state.card(c)) for c in sorted(seen)},
        tiles_drawn=state.counted, next_push_cost=state.push_cost() if state.phase == "push" else None,
        first_turn_extras=state.first_turn_extras(state.turn) if state.turn >= 0 else 0,
        received=state.received, offers_left=max(0, state.rules.max_offers - state.offers),
        fills=state.fills, pending_offer=offer, end_triggered=state.end_trigger is not None,
        turns_left=state.turns_left, log=state.log.view(seat), result=result)
