"""Rare Roses legal actions: every seat action and chance outcome legal now, generated straight from
the rules as shared, interned action objects (the whole action set: ``apply`` is the core's
membership test in this list).

Seat actions, phase by phase: "Trash Oldest Order OR Seed The Market" (RR-11, RR-6), "Seed The
Market" pushes (RR-5), "Purchase Roses" (market prices RR-2; deals RR-7, a draft's steps in
:mod:`.drafts`), "Fill Orders" (RR-8, named tiles in :mod:`.fills`), and the answer to a deal
(RR-7). Chance outcomes: the shop cards (RR-4), the start player and the setup draws ("Setup"; solo
RR-10), market tiles drawn from the bag's counts (RR-5, RR-6), and the lazily drawn order deck
("Refill Order Queue"). The order of each list is part of the game's reproducibility (same seeds,
same games).

Each function takes the state (read only, never changed); the state's ``_legal_actions``,
``_chance_outcomes`` and ``is_legal`` call them, and :mod:`.refusals` names the rule a refused
action breaks.
"""
from __future__ import annotations

from itertools import compress
from typing import Any

from . import cards as C
from .actions import (FILL, MATCH, Accept, Buy, DealWith, Decline, DoneBuying, DrawOrder, DrawTile, EndTurn,
                      Push, Seed, Specialty, StartPlayer, StopPushing, Trash)
from .cards import ROSES
from .drafts import draft_actions
from .fills import can_fill, naming_actions

R = len(ROSES)
_ROSE_INDEX = C.ROSE_INDEX

# Interned actions: equal actions are the identical object, so the core's membership test in the
# legal list is a pointer compare. A draft's steps are in .drafts, the named tiles in .fills, the
# per-card ones in the game's Rules (.rules).
TRASH, SEED, PUSH, STOP = Trash(), Seed(), Push(), StopPushing()
ACCEPT, DECLINE, DONE_BUYING, END_TURN = Accept(), Decline(), DoneBuying(), EndTurn()
BUYS: tuple[Buy, ...] = tuple(Buy(r) for r in ROSES)
DRAWS: tuple[DrawTile, ...] = tuple(DrawTile(r) for r in ROSES)
SPECIALTIES: dict[str, Specialty] = {r: Specialty(r) for r in ROSES}
DEALS: tuple[DealWith, ...] = tuple(DealWith(s) for s in range(6))


def chance_outcomes(state) -> list[tuple[Any, float]]:
    """``(outcome, probability)`` of the chance node ``state`` is at: a tile drawn with probability
    count / bag size (setup, seeding, pushes: RR-5, RR-6), an order card uniform over
    :func:`order_candidates`, a shop card uniform over those left (RR-4), a start player uniform."""
    ph = state.phase
    if ph == "setup-market" or ph == "seeding":
        bag = state.bag
        total = sum(bag)
        return [(DRAWS[r], bag[r] / total) for r in range(R) if bag[r]]
    if ph == "setup-orders" or ph == "refill":
        draw = state._rules.draw_orders
        cands = order_candidates(state)
        p = 1.0 / len(cands)
        return [(draw[c], p) for c in cands]
    if ph == "specialty":
        left = [r for r in ROSES if r not in state.specialty]
        return [(SPECIALTIES[r], 1.0 / len(left)) for r in left]
    if ph == "start":
        n = state.num_players
        return [(a, 1.0 / n) for a in state._rules.starts]
    return []


def order_candidates(state) -> list[int]:
    """The order cards that could be turned over next ("Setup": ten icon cards on top, fewer in a
    small custom deck; so the undrawn icon cards until those are drawn, then the no-icon ones)."""
    r = state._rules
    if len(state.drawn_icon) < r.n_icon:
        drawn = state.drawn_icon
        return [c for c in r.icon_ids if c not in drawn]
    drawn = state.drawn_plain
    return [c for c in r.plain_ids if c not in drawn]


def legal_actions(state) -> list[Any]:
    """Every legal seat action — exactly what ``apply`` accepts (rules_version 2: deals drafted
    step by step, RR-7; fill tiles named one by one, RR-8) — generated from the rules (the
    order is part of the game's reproducibility: same seeds, same games)."""
    ph = state.phase
    seat = state.turn
    if ph == "purchase":
        # Purchase Roses: buy ROSE (RR-2 price, at most 6 received, RR-7), then a deal draft
        # with every other seat holding a tile (RR-7, at most max_offers a turn), then done
        # buying.
        rules = state._rules
        prices = rules.prices
        money = state.money[seat]
        out: list[Any] = []
        if state.received < C.MAX_RECEIVED:
            # Selectors: a rose is offered where there is a tile and the seat can pay its price.
            rich = money >= rules.max_price
            market = state.market
            out = list(compress(BUYS, market if rich else [k and p <= money for k, p in zip(market, prices)]))
            if state.offers < rules.max_offers:
                for s, (b, f, m) in enumerate(state.shops):
                    if s != seat and (any(b) or any(f) or any(m)):
                        out.append(DEALS[s])
        out.append(DONE_BUYING)
        return out
    if ph == "draft":
        return draft_actions(state, seat)
    if ph == "name-tiles":
        return naming_actions(state, seat)
    if ph == "fill":
        # Fill Orders: each queued order for its match then its fill value with the oldest
        # fitting tiles, then the same with the tiles named one by one (RR-8), at most three a
        # turn; then end turn.
        out = []
        if state.fills < C.MAX_FILLS:
            fills = state._rules.fills
            chooses = state._rules.chooses
            can = can_fill
            for c in state.queue:
                if c is not None:
                    m, f = fills[c]
                    cm = can(state, seat, c, MATCH)
                    cf = can(state, seat, c, FILL)
                    if cm:
                        out.append(m)
                    if cf:
                        out.append(f)
                    if cm:
                        out.append(chooses[c][0])
                    if cf:
                        out.append(chooses[c][1])
        out.append(END_TURN)
        return out
    if ph == "trash-or-seed":
        # RR-11: trash needs an order in the queue; seeding needs tiles in the bag (RR-6).
        out = [TRASH] if state.oldest_order() is not None else []
        if any(state.bag):
            out.append(SEED)
        return out
    if ph == "push":
        # RR-5: at most 6 tiles drawn; the next one costs $1/$3/$5.
        cost = state.push_cost()
        if cost is not None and state.money[seat] >= cost:
            return [PUSH, STOP]
        return [STOP]
    if ph == "respond":
        return [ACCEPT, DECLINE]
    return []


def chance_legal(state, a: Any) -> bool:
    """Whether ``a`` is one of :func:`chance_outcomes` (checked directly, without listing)."""
    ph = state.phase
    t = type(a)
    if t is DrawTile:
        return ((ph == "setup-market" or ph == "seeding") and a.rose in ROSES
                and state.bag[_ROSE_INDEX[a.rose]] > 0)
    if t is DrawOrder:
        if ph != "setup-orders" and ph != "refill":
            return False
        rules = state._rules
        if len(state.drawn_icon) < rules.n_icon:
            return a.card in rules.icon_ids and a.card not in state.drawn_icon
        return a.card in rules.plain_ids and a.card not in state.drawn_plain
    if t is Specialty:
        return ph == "specialty" and a.rose in ROSES and a.rose not in state.specialty
    if t is StartPlayer:
        return ph == "start" and a.seat in range(state.num_players)
    return False
