"""Rare Roses bots: ``heuristic`` (a two-turn order planner) and ``search`` (the planner plus an
exact two-tile look-ahead when deciding to push the market).

Both read only their observation (``roses.agents.Turn``), never the true state.

The planner (``planner.best_plan``, the module's docstring says how) looks at the orders in the
queue and, for each, considers: skip it, Fill or Match it this turn, or Fill or Match it on the
seat's next turn (when the order will still be there: solo, one not at the oldest space; with
others, weighted by its chance to survive the other seats' turns — each other seat is modelled as
this planner on its public position after its stock rotation, and an order in its plan is taken as
likely gone). It buys only what an order it plans to fill needs at a profit, waits a turn for a
Match when a bud must become a bloom, and never buys a tile it cannot use before it wilts.
Deals are answered by comparing the planner's value with and without the deal; with
others, the heuristic proposes a one-tile deal at the market price when a tile in another shop
raises its planner value by more than the price. Deals are drafted step by step (rules_version 2,
RR-7): the bot picks the deal when it opens the draft (``deal SEAT``), then plays its draft
sequence one step a decision, reading the draft so far from its observation.
"""
from __future__ import annotations

import math
import random
from typing import Any

from .actions import (FILL, MATCH, Accept, Buy, CancelDeal, DealGive, DealPay, DealTake, DealWith,
                      Decline, DoneBuying, EndTurn, FillOrder, Offer, Push, Seed, StopPushing, Trash,
                      offer_steps, pay_steps)
from .cards import (BOXES, MAX_DRAWS, MAX_FILLS, MAX_RECEIVED, PUSH_COSTS, ROSES, SEED_DRAWS, SPECIALTY_BONUS,
                    SPECIALTY_ORDERS, deck_of)
from .planner import R, Plan, PlanOrder, best_plan, plan_order, still_best

#: Solo push margin in dollars (issue 10, 2026-12-03): measured on seeds 3000–6999 (docs/lab/agents-strength-history.md).
PUSH_MARGIN = 0.5


# ---------------------------------------------------------------------------- reading the observation
def _shop(obs, seat: int) -> tuple[list[int], list[int], list[int]]:
    s = obs.shops[seat]
    return ([s.bud[r] for r in ROSES], [s.fresh[r] for r in ROSES], [s.mature[r] for r in ROSES])


def _moved(shop, gained, lost):
    """A copy of ``shop`` (bud, fresh, mature counts per rose) with the ``(rose, box)`` tiles of
    ``gained`` added and those of ``lost`` taken away."""
    out = tuple(list(row) for row in shop)
    for tiles, sign in ((gained, 1), (lost, -1)):
        for r, b in tiles:
            out[BOXES.index(b)][ROSES.index(r)] += sign
    return out


def _rotated(shop):
    """The shop after its next stock rotation (buds → fresh, fresh → mature, mature gone)."""
    return ([0] * R, list(shop[0]), list(shop[1]))


def _counts(d: dict) -> list[int]:
    return [d[r] for r in ROSES]


class HeuristicAgent:
    """The planner bot. Strategy, in plain words:

    - It estimates, for every order in the queue, what Filling or Matching it this turn or next
      turn is worth (next turn discounted by ``gamma_solo``/``gamma_multi``, and with others by the
      chance that another seat, modelled as this planner, takes the order first), and picks the
      best combination of orders for its shop, the market and its money (:func:`best_plan`).
    - Trash or seed ("Trash Oldest Order OR Seed The Market", RR-11): in solo it always seeds;
      otherwise it seeds when its plan uses the oldest order, and else trashes it only to deny it,
      with two seats, to another seat holding the roses for it (or when the market is full).
    - Push ("Push The Market", RR-5): it pushes while one more tile, drawn by the bag's counts,
      raises its plan's value by more than the push costs (solo: by more than the cost less
      ``push_margin_solo``, $0.50, since a tile it does not use now stays in the market for later
      turns, which its two-turn plan does not count).
    - Purchase ("Purchase Roses", RR-7): it buys from the market only what its plan fills at a
      profit; with others it offers a one-tile deal at the market price when a tile in another
      shop raises its plan by more than the price, never a deal declined this turn (read from the
      observation's ``deals_declined``: the server builds a bot per move). It accepts a deal when
      its shop and money after it are worth at least as much to its plan, and it does not give a
      tile away: the buyer pays the market price of what it takes (less that of what it gives), or
      at least ``deal_share`` (half) of what the deal gains both shops together, whichever is less
      (:meth:`accepts`).
    - Fill ("Fill Orders", RR-8): it fills the orders of its plan for this turn, Match first.
    - Specialty bonus (RR-4: $50 at the 4th filled order of its shop's specialty rose), solo only
      for now: an order of that rose counts on top of its price what filling it adds to the chance
      of the bonus (:meth:`_specialty_value`).

    Not part of its own play: it tells a search with random playouts (``ismcts:easy``, ``medium``)
    which moves are worth a search (:meth:`search_moves`: a deal is one decision).
    """

    name = "heuristic"
    gamma_solo = 0.9
    gamma_multi = 0.8
    take_sure = 0.9     # with others: chance that a seat whose plan fills an order takes it
    take_rare = 0.05    # … and that a seat whose plan does not takes it anyway
    deny_players = 2    # trash an oldest order another seat can fill only with this many seats or fewer
    specialty_weight = 1.0  # solo: weight of an order's share of the specialty bonus (0: ignored)
    # with others: not used yet (3 heuristic seats made $44.2 a seat instead of $51.4 with it, seeds
    # 0-5: every seat chases its bonus and buys dearer; unmeasured beyond that)
    specialty_weight_multi = 0.0
    specialty_fill = 0.5    # chance that a later order of the specialty rose is filled
    # a seller's least share of a deal's gain to both shops, when the buyer pays below the market
    # price (0: it gives away what its plan does not use, as it did before 2026-12-05)
    deal_share = 0.5
    trash_market = 100  # with others: trash an unused oldest order once the market holds this many tiles a player
    # solo: push while one more tile's expected gain is above minus this many dollars. A pushed tile
    # stays in the market (RR "Push The Market"), worth more than the planner's two turns count.
    push_margin_solo = PUSH_MARGIN

    def __init__(self, game: Any = None, seed: int = 0):
        self.rng = random.Random(seed)
        self._game = game
        self._share: dict[str, float] | None = None  # specialty share of the deck, worked out when used
        self._p_cache: tuple[Any, dict[int, float]] = (None, {})  # survival chances this decision
        self._p_key: tuple[Any, tuple] = (None, ())  # the last observation and its part of that key
        self._modelled: dict[int, tuple[tuple, Plan]] = {}  # each other seat's last modelled plan, with its arguments
        self._target: Offer | None = None  # the deal being drafted

    # -- the planner on an observation
    def _orders(self, obs, seat: int, before_refill: bool) -> list[PlanOrder]:
        q = list(obs.queue)
        bonus = self._specialty_value(obs, seat)
        spec = obs.shops[seat].specialty

        def extra(o) -> float:
            return bonus if o.specialty is not None and o.specialty == spec else 0.0
        if obs.solo:
            if before_refill:
                q = q[1:] + [None]     # the refill advances every order; the oldest is lost
            return [plan_order(o, True, i >= 1, bonus=extra(o)) for i, o in enumerate(q) if o is not None]
        survival = self._survivals(obs, seat)
        return [plan_order(o, True, True, survival[o.id], extra(o)) for o in q if o is not None]

    def _specialty_share(self, rose: str) -> float:
        """The share of the game's order deck (``cards.deck_of``, the deck the rules use) that are
        specialty orders of ``rose``; worked out on first use (solo only, for now)."""
        if self._share is None:
            game = self._game
            deck = deck_of(None if game is None else game.params.get("order_deck"))
            self._share = {r: sum(1 for c in deck if c.specialty == r) / len(deck) for r in ROSES}
        return self._share[rose]

    def _specialty_value(self, obs, seat: int) -> float:
        """Dollars an order of ``seat``'s specialty rose is worth on top of its price (RR-4: $50 at
        the 4th such order filled): what filling it adds to the chance of the bonus. With ``k``
        orders still needed after this one, and the later matching orders (the others in the queue
        and, by the deck's share of them, those expected in the rest of the order deck) each filled
        with chance ``specialty_fill``, their number filled is about Poisson(λ). Filling this one
        turns a miss into the bonus exactly when ``k`` of the later ones are filled, so it is worth
        weight × $50 × λ^k e^-λ / k! (weight: ``specialty_weight`` solo, else
        ``specialty_weight_multi``). 0 once the bonus is paid. Reads only public fields."""
        shop = obs.shops[seat]
        weight = self.specialty_weight if obs.solo else self.specialty_weight_multi
        if not weight or shop.bonus_paid or shop.specialty is None:
            return 0.0
        k = SPECIALTY_ORDERS - shop.specialty_filled - 1  # still needed after this order
        if k < 0:
            return 0.0
        later = sum(1 for o in obs.queue if o is not None and o.specialty == shop.specialty) - 1
        lam = self.specialty_fill * (max(later, 0) + obs.deck_size * self._specialty_share(shop.specialty))
        return weight * SPECIALTY_BONUS * math.exp(-lam) * lam ** k / math.factorial(k)

    def _survival(self, obs, seat: int, o) -> float:
        """With others: the chance that order ``o`` is still in the queue on ``seat``'s next turn
        (:meth:`_survivals`)."""
        return self._survivals(obs, seat, (o,))[o.id]

    def _survivals(self, obs, seat: int, orders=None) -> dict[int, float]:
        """With others: for each order in the queue (by id; or in ``orders``), the chance that it is
        still there on ``seat``'s next turn.

        Every other seat plays a turn first. Each is modelled as this planner on its own public
        position: its shop after its stock rotation, the market as it is now, its money. An order in
        that seat's plan for its turn is taken with chance ``take_sure``, any other with
        ``take_rare`` (tiles it may still seed or buy). Reads only public fields of ``obs``. Kept
        for the decision (every plan of it asks): an order known under the same key keeps its
        chance, and an order not known yet has them all worked out again."""
        # the seat is in the key: the trader models several owners with one agent (trader.py); the
        # rest is worked out once per observation (immutable; a decision plans on it many times)
        if self._p_key[0] is not obs:
            self._p_key = (obs, (obs.turn, obs.deck_size, obs.phase, obs.tiles_drawn, obs.received, obs.fills,
                                 tuple(obs.market.values()),
                                 tuple((s.money, *s.bud.values(), *s.fresh.values(), *s.mature.values())
                                       for s in obs.shops)))
        key = (seat, *self._p_key[1])
        if self._p_cache[0] != key:
            self._p_cache = (key, {})
        known = self._p_cache[1]
        out = {}
        for o in obs.queue if orders is None else orders:
            if o is not None:
                hit = known.get(o.id)
                if hit is None:
                    known.update(self._take_chances(obs, seat))
                    hit = known[o.id]
                out[o.id] = hit
        return out

    def _take_chances(self, obs, seat: int) -> dict[int, float]:
        """:meth:`_survivals` worked out: every other seat's plan on its rotated shop."""
        market = _counts(obs.market)
        prices = _counts(obs.prices)
        probs: dict[int, float] = {c.id: 1.0 for c in obs.queue if c is not None}
        pos = [plan_order(c, True, True) for c in obs.queue if c is not None]
        gamma = 0.0 if obs.end_triggered else self.gamma_multi
        for other, s in enumerate(obs.shops):
            if other == seat:
                continue
            args = (_rotated(_shop(obs, other)), market, prices, s.money, pos, MAX_RECEIVED, MAX_FILLS, gamma)
            # within a turn the seat to move buys tiles and fills orders: the plan modelled before
            # for this seat is often still its best (planner.still_best), with no walk
            last = self._modelled.get(other)
            plan = last[1] if last is not None and still_best(last[1], last[0], args) else best_plan(*args)
            self._modelled[other] = (args, plan)
            taken = {cid for cid, _ in plan.now}
            for cid in probs:
                probs[cid] *= 1.0 - (self.take_sure if cid in taken else self.take_rare)
        return probs

    def _gamma(self, obs, before_refill: bool) -> float:
        if obs.end_triggered:
            return 0.0
        if before_refill and not obs.solo:
            empty = sum(1 for o in obs.queue if o is None)
            if obs.deck_size <= empty:
                return 0.0
        if before_refill and obs.solo and obs.deck_size <= 1:
            return 0.0
        return self.gamma_solo if obs.solo else self.gamma_multi

    def plan(self, obs, seat: int, *, before_refill: bool = False, market=None, money=None,
             shop=None, can_buy=None, fills_left=None, gamma=None) -> Plan:
        return best_plan(
            shop if shop is not None else _shop(obs, seat),
            market if market is not None else _counts(obs.market),
            _counts(obs.prices),
            obs.shops[seat].money if money is None else money,
            self._orders(obs, seat, before_refill),
            MAX_RECEIVED - obs.received if can_buy is None else can_buy,
            MAX_FILLS - obs.fills if fills_left is None else fills_left,
            self._gamma(obs, before_refill) if gamma is None else gamma)

    # -- decisions
    def act(self, turn) -> Any:
        obs, seat, legal = turn.observation, turn.seat, turn.legal_actions
        if len(legal) == 1:
            return legal[0]
        ph = obs.phase
        if ph == "trash-or-seed":
            return self.trash_or_seed(turn)
        if ph == "push":
            return self.push_or_stop(turn)
        if ph == "purchase":
            p = self.plan(obs, seat)
            for r in range(R):
                if p.buy[r] and Buy(ROSES[r]) in legal:
                    return Buy(ROSES[r])
            deal = self.propose(obs, seat, legal, p.value)
            if deal is None:
                return DoneBuying()
            self._target = deal
            return DealWith(deal.seat)
        if ph == "draft":
            return self.draft_step(obs, legal, seat)
        if ph == "respond":
            return self.answer(obs, seat)
        if ph == "fill":
            p = self.plan(obs, seat, can_buy=0)  # the market stays open for next turn's buds
            for want in (MATCH, FILL):
                for cid, mode in p.now:
                    if mode == want and FillOrder(cid, mode) in legal:
                        return FillOrder(cid, mode)
            return EndTurn()
        return legal[0]

    def search_moves(self, turn) -> list:
        """The moves of ``turn`` worth a search with random playouts (``ismcts:easy`` and
        ``medium``, ``roses.agents.levels``). A random continuation of a draft almost never makes
        the deal, so such a search cannot tell a draft step that leads to a deal from one that
        does not: searching step by step, ``easy`` dropped 550 of its 920 drafts and ``medium``
        108 of 229 (100 games at 3 seats against two heuristics). So a deal is one decision: in
        "Purchase Roses", ``deal SEAT`` only with a seat this planner has a deal with
        (:meth:`propose`); in a draft, the one next step of that deal (:meth:`draft_step`, the
        deal found again from the observation); elsewhere every legal move. Reads only the
        observation."""
        obs, seat, legal = turn.observation, turn.seat, turn.legal_actions
        if obs.phase == "draft":
            self._target = None  # the deal being drafted is found from the observation, not remembered
            return [self.draft_step(obs, legal, seat)]
        deals = [a for a in legal if isinstance(a, DealWith)]
        if obs.phase != "purchase" or not deals:
            return list(legal)
        base = self.plan(obs, seat).value
        drop = {a for a in deals if self.propose(obs, seat, [a], base) is None}
        return [a for a in legal if a not in drop]

    def draft_step(self, obs, legal, seat: int | None = None):
        """The next step of the target deal's draft sequence after the draft so far (the
        observation's ``draft``); ``cancel deal`` if the draft is not a start of it.

        A bot made afresh for each decision (the server's bot runner does so) has no remembered
        target: it finds it again from the observation, as it chose it when it opened the draft
        (the one tile it takes, at its market price; before the first take, the deal
        :meth:`propose` picks with that seat)."""
        d, target = obs.draft, self._target
        if d is not None and (target is None or target.seat != d["to"]) and seat is not None:
            target = self._target = self._recover_target(obs, seat, d)
        if d is None or target is None or target.seat != d["to"]:
            return CancelDeal()
        done = ([DealTake(tuple(t)) for t in d["take"]] + [DealGive(tuple(t)) for t in d["give"]]
                + [DealPay(k) for k in pay_steps(d["pay"])])
        steps = offer_steps(target)[1:]
        if steps[:len(done)] != done or len(done) >= len(steps) or steps[len(done)] not in legal:
            return CancelDeal()
        return steps[len(done)]

    def _recover_target(self, obs, seat: int, d) -> Offer | None:
        if d["take"]:
            (rose, box), = [tuple(t) for t in d["take"][:1]]
            return Offer(d["to"], ((rose, box),), obs.prices[rose])
        return self.propose(obs, seat, [DealWith(d["to"])], self.plan(obs, seat).value)

    def _offers(self, obs, seat: int, legal) -> list[Offer]:
        """One-tile deals at the market price that the seat can pay, with each seat it may draft a
        deal with (in seat, box, rose order)."""
        money = obs.shops[seat].money
        out = []
        for other, s in enumerate(obs.shops):
            if other == seat or DealWith(other) not in legal:
                continue
            for box in BOXES:
                counts = getattr(s, box)
                for r in ROSES:
                    price = obs.prices[r]
                    if counts[r] and price <= money:
                        out.append(Offer(other, ((r, box),), price))
        return out

    def propose(self, obs, seat: int, legal, base: float):
        """With others: one tile from another shop at its market price when the planner gains more
        than the price, never a deal declined this turn. What was declined is read from the
        observation (``deals_declined``, the terms of its own declined deals), not remembered: the
        server builds a bot for each move."""
        offers = self._offers(obs, seat, legal)
        if not offers:
            return None
        declined = {d["text"] for d in obs.deals_declined if "text" in d}
        needed = {r for o in obs.queue if o is not None for r, _ in o.roses}
        shop = _shop(obs, seat)
        money = obs.shops[seat].money
        best, best_gain = None, 0.0
        for a in offers:
            (rose, box), = a.take
            if rose not in needed:
                continue
            a = self._terms(obs, seat, a)
            if a is None or str(a) in declined:
                continue
            after = tuple(list(row) for row in shop)
            after[("bud", "fresh", "mature").index(box)][ROSES.index(rose)] += 1
            v = self.plan(obs, seat, shop=after, money=money - a.pay,
                          can_buy=MAX_RECEIVED - obs.received - 1).value
            gain = v - a.pay - base
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _terms(self, obs, seat: int, offer: Offer) -> Offer | None:
        """The deal ``seat`` weighs for ``offer`` (one tile at its market price), or ``None`` to
        skip it: the heuristic asks the market price (the trader overrides this with the least its
        owner accepts, ``trader.py``)."""
        return offer

    def trash_or_seed(self, turn):
        obs, seat, legal = turn.observation, turn.seat, turn.legal_actions
        if Seed() not in legal:
            return Trash()
        if Trash() not in legal or obs.solo:
            return Seed()  # solo: trashing brings no new order (RR-10), seeding is free
        oldest = next(o for o in obs.queue if o is not None)
        p = self.plan(obs, seat, before_refill=True)
        used = {cid for cid, _ in p.now + p.later}
        if oldest.id in used:
            return Seed()
        if sum(obs.market.values()) >= self.trash_market * len(obs.shops):
            return Trash()
        if len(obs.shops) > self.deny_players:
            return Seed()  # with 3+ seats a denial helps every other seat too, and costs an order
        # deny an order another seat is holding the roses for (its shop after rotation fills it)
        po = plan_order(oldest, True, False)
        for other in range(len(obs.shops)):
            if other != seat:
                shop = _rotated(_shop(obs, other))
                if best_plan(shop, [0] * R, _counts(obs.prices), 0, [po], 0, 1, 0.0).value > 0:
                    return Trash()
        return Seed()

    def _push_values(self, obs, seat: int, cost: int) -> tuple[float, float] | None:
        """``(base, one)``: the planner's value of the market as it is, and its expected value with
        one more tile drawn (by the bag's counts) and ``cost`` paid; ``None`` when the bag is empty."""
        market = _counts(obs.market)
        money = obs.shops[seat].money
        bag = _counts(obs.bag)
        total = sum(bag)
        if total == 0:
            return None
        base = self.plan(obs, seat, before_refill=True, market=market, money=money).value
        one = 0.0
        for r in range(R):
            if bag[r]:
                m = list(market)
                m[r] += 1
                one += bag[r] / total * self.plan(obs, seat, before_refill=True, market=m, money=money - cost).value
        return base, one

    def _push_gain(self, obs, seat: int, cost: int) -> float:
        """Expected planner value of one more tile (drawn by the bag's counts) minus ``cost``, over
        the value without it (-1 when the bag is empty)."""
        values = self._push_values(obs, seat, cost)
        if values is None:
            return -1.0
        base, one = values
        return one - cost - base

    def push_or_stop(self, turn):
        obs, seat = turn.observation, turn.seat
        cost = obs.next_push_cost
        if cost is None or Push() not in turn.legal_actions:
            return StopPushing()
        return Push() if self._push_gain(obs, seat, cost) > -self._push_margin(obs) else StopPushing()

    def _push_margin(self, obs) -> float:
        """Dollars a pushed tile is worth beyond the two-turn plan: ``push_margin_solo`` solo (a
        tile not bought stays in the market for later turns), 0 with others."""
        return self.push_margin_solo if obs.solo else 0.0

    def answer(self, obs, seat: int):
        """Accept the pending deal when :meth:`accepts` does, else decline."""
        o = obs.pending_offer
        if o is None:
            return Decline()
        return Accept() if self.accepts(obs, seat, o["from"], o["take"], o["give"], o["pay"]) else Decline()

    def accepts(self, obs, seat: int, buyer: int, take, give, pay: int, memo: dict | None = None) -> bool:
        """Whether ``seat``, as the heuristic, accepts the deal ``buyer`` proposes: ``take`` and
        ``give`` are ``(rose, box)`` pairs (box ``"bud"``, ``"fresh"`` or ``"mature"``) moving from
        ``seat``'s shop to ``buyer``'s and back, ``pay`` the dollars ``buyer`` pays (RR-7).

        It accepts when (1) its shop and money after the deal are worth at least as much to its
        plan (:meth:`worth`), and (2) the buyer pays at least the market price of the tiles taken
        less that of the tiles given, or its own gain is at least ``deal_share`` of the deal's gain
        to both shops (the buyer's gain as the planner sees the buyer's shop: public facts only).
        So a tile it does not use goes for the lesser of its market price and half of what it
        brings the buyer, no longer for $0. ``memo``: a dict kept across calls on the same
        observation (values before the deal), or ``None``."""
        memo = {} if memo is None else memo
        shop, money = _shop(obs, seat), obs.shops[seat].money
        before = memo.get(("seller", seat))
        if before is None:
            before = memo[("seller", seat)] = self.worth(obs, seat, shop, money)
        gain = self.worth(obs, seat, _moved(shop, give, take), money + pay) - before
        if gain < 0:
            return False
        market = sum(obs.prices[r] for r, _ in take) - sum(obs.prices[r] for r, _ in give)
        if self.deal_share <= 0 or pay >= market:
            return True
        return (1 - self.deal_share) * gain >= self.deal_share * self._buyer_gain(obs, buyer, take, give, pay, memo)

    def _buyer_gain(self, obs, buyer: int, take, give, pay: int, memo: dict) -> float:
        """Dollars the deal gains ``buyer`` (the seat whose turn it is) by the planner on its shop,
        after paying ``pay``: its plan's value with the tiles, less the pay, less its plan now."""
        base = memo.get(("buyer", buyer))
        if base is None:
            base = memo[("buyer", buyer)] = self.plan(obs, buyer).value
        money = obs.shops[buyer].money
        after = _moved(_shop(obs, buyer), take, give)
        can_buy = max(0, MAX_RECEIVED - obs.received - len(take))
        return self.plan(obs, buyer, shop=after, money=max(0, money - pay), can_buy=can_buy).value - pay - base

    def worth(self, obs, seat: int, shop, money: int) -> float:
        """Dollars ``seat`` holding ``shop`` (bud, fresh, mature counts per rose) and ``money`` is
        worth to the planner, as deals are answered: the money plus its plan's value after its next
        stock rotation (a full turn's purchases and fills, next turn weighted ``gamma_multi``)."""
        return money + self.plan(obs, seat, shop=_rotated(shop), money=money, can_buy=MAX_RECEIVED,
                                 fills_left=MAX_FILLS, gamma=self.gamma_multi).value


class SearchAgent(HeuristicAgent):
    """The planner plus a deeper look at the market draws: push-or-stop compares the exact expected
    planner value of drawing one more tile and of drawing two more (every pair of roses, weighted by
    the bag's counts) against stopping, so it pushes when two tiles together complete a plan that
    one tile does not (solo, with the heuristic's ``push_margin_solo`` a tile, so $1 for two); and
    it weighs next turn more (tuned for solo)."""

    name = "search"
    gamma_solo = 0.95

    def push_or_stop(self, turn):
        obs, seat = turn.observation, turn.seat
        cost = obs.next_push_cost
        if cost is None or Push() not in turn.legal_actions:
            return StopPushing()
        values = self._push_values(obs, seat, cost)
        if values is None:
            return StopPushing()
        base, one = values
        margin = self._push_margin(obs)
        if one - cost + margin > base:
            return Push()
        market = _counts(obs.market)
        money = obs.shops[seat].money
        bag = _counts(obs.bag)
        total = sum(bag)
        after = obs.tiles_drawn + 1 - SEED_DRAWS  # pushes made once this one is drawn
        if obs.tiles_drawn + 2 > MAX_DRAWS or total < 2 or cost + PUSH_COSTS[after] > money:
            return StopPushing()
        spend = cost + PUSH_COSTS[after]
        two = 0.0
        for r1 in range(R):
            for r2 in range(r1, R):
                if r1 == r2:
                    p = bag[r1] * (bag[r1] - 1) / (total * (total - 1))
                else:
                    p = 2 * bag[r1] * bag[r2] / (total * (total - 1))
                if p <= 0:
                    continue
                m = list(market)
                m[r1] += 1
                m[r2] += 1
                two += p * self.plan(obs, seat, before_refill=True, market=m, money=money - spend).value
        return Push() if two - spend + 2 * margin > base else StopPushing()
