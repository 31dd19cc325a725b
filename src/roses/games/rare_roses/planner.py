"""The Rare Roses order planner: the best combination of this-turn and next-turn order fills for a
shop, the market and its money (used by the ``heuristic``, ``search`` and ``trader`` bots).

For each order in the queue the planner considers: skip it, Fill or Match it this turn, or Fill or
Match it on the seat's next turn (when the order will still be there). For each combination it
assigns the shop's tiles per rose type — buds can be matched as buds now or as blooms next turn,
fresh blooms as blooms now or next turn, mature blooms only now (rulebook "Stock rotation") — buys
the shortfall from the market (this turn, or next turn for next turn's buds), and scores the
combination: this turn's order values minus this turn's purchases, plus the discounted next-turn
values minus next-turn purchases (rulebook "Fill or Match", "Purchase": at most ``MAX_RECEIVED``
tiles a turn, ``MAX_FILLS`` orders a turn).

:func:`walk_plan` (cached as :func:`best_plan`) walks the combinations depth first, order by
order, in the order ``itertools.product`` would list them, carrying the demand per rose and its
assignment down the walk (each rose's assignment worked out once per demand and call) and
skipping every extension of a combination that is already infeasible: more orders than a turn
allows, a rose short of blooms, more tiles than the market holds, or more purchases or dollars this
turn than are left. Adding an order only adds demand, and each step of a rose's assignment takes
``min(pool, need)``, so the shortfall per rose never falls as orders are added and those checks
stay failed for every extension. (The check that next turn's purchases are paid for can pass
again once a this-turn order adds money, so it rules out a combination, not its extensions.)

It also skips the extensions of a combination that cannot reach the best plan found so far: each
option added brings its order's value and costs at least what it costs alone. That holds because
a rose's purchases grow at least as fast with demand as from nothing (demand added to more demand
buys at least what it buys alone). In :func:`_allocate`'s terms (``NB``, ``NL``, ``NA``: buds,
blooms, any tiles this turn; ``XB``, ``XL``, ``XA``: next turn; ``b``, ``f``, ``m``: the shop's
buds, fresh and mature blooms), the tiles bought now are ``max(0, NB - b, NB + XL - f - b, NB +
XL + NA + NL - m - f - b)``: sums of demand classes less pools, each sum taking the classes and
pools of the one before, which makes every such maximum grow so. The tiles bought next turn are
``XB`` plus what ``XA`` lacks of the fresh blooms and buds left after this turn, and what is left
never grows with demand. (``tests/games/rare_roses/test_planner.py`` checks the formula against
``_allocate``.) The plan chosen, ties included, is the one the exhaustive product gives (the same
tests check it against the product on drawn positions); timings in ``docs/performance.md``.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from .actions import FILL, MATCH
from .cards import MAX_FILLS, MAX_RECEIVED, ROSES

R = len(ROSES)
# per-type demand classes
NOW_BUD, NOW_BLOOM, NOW_ANY, NEXT_BUD, NEXT_BLOOM, NEXT_ANY = range(6)
SKIP, NOW_F, NOW_M, NEXT_F, NEXT_M = range(5)


@dataclass(frozen=True)
class PlanOrder:
    id: int
    fill: float
    match: float
    now: bool
    next: bool
    fill_need: tuple[tuple[int, int], ...]            # (rose, count)
    match_need: tuple[tuple[int, int, int], ...]      # (rose, buds, blooms)
    p: float = 1.0                                    # chance it is still there on the next turn


@dataclass(frozen=True)
class Plan:
    value: float
    now: tuple[tuple[int, str], ...]       # (order id, "fill"/"match") to fill this turn
    later: tuple[tuple[int, str], ...]     # planned for next turn
    buy: tuple[int, ...]                   # tiles to buy now, per rose


def plan_order(o, now: bool, nxt: bool, p: float = 1.0, bonus: float = 0.0) -> PlanOrder:
    """The planner's view of order ``o`` (an ``OrderView``): what Fill and Match need, each worth its
    price plus ``bonus`` dollars (a specialty order's share of the bonus, RR-4); ``now``/``nxt``:
    fillable this turn / next turn; ``p``: its chance to be there next turn."""
    return _plan_order(o.id, o.roses, o.fill, o.match, now, nxt, p, bonus)


@lru_cache(maxsize=1 << 12)
def _plan_order(cid: int, roses: tuple, fill_price, match_price, now: bool, nxt: bool, p: float,
                bonus: float) -> PlanOrder:
    """:func:`plan_order` of the order's fields (a bot plans the same order many times a turn;
    a :class:`PlanOrder` is immutable, so one object serves every call)."""
    fill: dict[int, int] = {}
    match: dict[int, list[int]] = {}
    for rose, mat in roses:
        r = ROSES.index(rose)
        fill[r] = fill.get(r, 0) + 1
        m = match.setdefault(r, [0, 0])
        m[0 if mat == "bud" else 1] += 1
    return PlanOrder(cid, fill_price + bonus, match_price + bonus, now, nxt, tuple(sorted(fill.items())),
                     tuple((r, b, bl) for r, (b, bl) in sorted(match.items())), p)


def _allocate(d, b: int, f: int, m: int, market: int) -> tuple[int, int] | None:
    """One rose's demand ``d`` (six counts by demand class) met from the shop's ``b`` buds, ``f``
    fresh and ``m`` mature tiles of it: ``(bought now, bought next turn)``, or ``None`` if there are
    not enough blooms now or the market's ``market`` tiles of it do not cover the purchases."""
    # 1. blooms now: mature first, then fresh
    need = d[NOW_BLOOM]
    if need > m + f:
        return None
    if need <= m:
        m -= need
    else:
        f -= need - m
        m = 0
    # 2. any now from mature
    anyn = d[NOW_ANY]
    use = m if m < anyn else anyn
    anyn -= use
    # 3. buds now from shop buds, else bought now
    need = d[NOW_BUD]
    use = b if b < need else need
    b -= use
    bn = need - use
    # 4. blooms next: fresh (mature next turn), shop buds (fresh next turn), else bought now
    need = d[NEXT_BLOOM]
    use = f if f < need else need
    f -= use
    need -= use
    use = b if b < need else need
    b -= use
    bn += need - use
    # 5. the rest of any-now: fresh, buds, else bought now
    use = f if f < anyn else anyn
    f -= use
    anyn -= use
    use = b if b < anyn else anyn
    b -= use
    bn += anyn - use
    # 6. any next: fresh, buds, else bought next turn; 7. buds next: bought next turn
    need = d[NEXT_ANY]
    use = f if f < need else need
    need -= use
    use = b if b < need else need
    bx = need - use + d[NEXT_BUD]
    if bn > market or bx > market - bn:
        return None
    return bn, bx


def _needs(o: PlanOrder, c: int) -> tuple[float, tuple[tuple[int, int, int], ...]]:
    """Option ``c`` of order ``o``: its value and its demand as ``(rose, class, count)``."""
    if c == NOW_F or c == NEXT_F:
        k = NOW_ANY if c == NOW_F else NEXT_ANY
        return o.fill, tuple((r, k, cnt) for r, cnt in o.fill_need)
    kb, kl = (NOW_BUD, NOW_BLOOM) if c == NOW_M else (NEXT_BUD, NEXT_BLOOM)
    return o.match, tuple(x for r, b, bl in o.match_need for x in ((r, kb, b), (r, kl, bl)))


def _evaluate(items, sb, sf, sm, market, prices, money, can_buy, gamma):
    """Score ``items`` (``(order, option)`` pairs): ``(value, buy_now)`` or ``None`` if infeasible."""
    dem: dict[int, list[int]] = {}
    v_now = v_next = 0
    pv_next = 0.0      # next-turn values weighted by each order's chance to still be there
    for o, c in items:
        val, need = _needs(o, c)
        for r, k, cnt in need:
            d = dem.get(r)
            if d is None:
                d = dem[r] = [0] * 6
            d[k] += cnt
        if c == NOW_F or c == NOW_M:
            v_now += val
        else:
            v_next += val
            pv_next += o.p * val
    buy_now = [0] * R
    cost_now = cost_next = n_next = n_buy = 0
    for r, d in dem.items():
        a = _allocate(d, sb[r], sf[r], sm[r], market[r])
        if a is None:
            return None
        bn, bx = a
        buy_now[r] = bn
        n_buy += bn
        cost_now += bn * prices[r]
        cost_next += bx * prices[r]
        n_next += bx
    if n_buy > can_buy or cost_now > money or n_next > MAX_RECEIVED:
        return None
    if cost_next > money - cost_now + v_now:
        return None
    # next turn's purchases happen only if the orders are still there: weighted like their values
    p_next = pv_next / v_next if v_next else 1.0
    return v_now - cost_now + gamma * (pv_next - p_next * cost_next), buy_now


def _plan(value: float, items, buy: tuple[int, ...]) -> Plan:
    """The :class:`Plan` of ``items`` (``(order, option)`` pairs) worth ``value``, buying ``buy``."""
    return Plan(value,
                tuple((o.id, MATCH if c == NOW_M else FILL) for o, c in items if c in (NOW_F, NOW_M)),
                tuple((o.id, MATCH if c == NEXT_M else FILL) for o, c in items if c >= NEXT_F),
                buy)


def _options(o: PlanOrder, args: tuple, fills_left: int, gamma: float) -> list[tuple[int, float]]:
    """Order ``o``'s options worth trying: ``(option, value alone)`` for each that is feasible on
    its own and makes money alone (``args`` as :func:`_evaluate` takes them after ``items``)."""
    cands = []
    if o.now and fills_left > 0:
        cands += [NOW_F, NOW_M]
    if o.next and gamma > 0:
        cands += [NEXT_F, NEXT_M]
    out = []
    for c in cands:
        ev = _evaluate(((o, c),), *args)
        if ev is not None and ev[0] > 0:
            out.append((c, ev[0]))
    return out


# The walk keeps a combination's demand as one int: each rose's six counts by demand class
# (``_allocate``'s ``d``) packed ``_BITS`` bits a class, rose ``r`` at bit ``r * _ROSE_BITS``. Adding
# an option's demand is then one addition, and one rose's part (``demand & _ROSE_MASK[r]``) keys
# its allocation. A combination holds at most ``2 * MAX_FILLS`` orders of at most 12 tiles (the
# most a card may ask, ``cards.parse_deck``), so no count comes near ``2 ** _BITS``.
_BITS = 8
_ROSE_BITS = 6 * _BITS
_ROSE_MASK = tuple(((1 << _ROSE_BITS) - 1) << (r * _ROSE_BITS) for r in range(R))


@lru_cache(maxsize=1 << 12)
def _demands(fill_need: tuple, match_need: tuple) -> tuple[tuple[int, bool, bool, int, tuple, int], ...]:
    """The options of an order that needs ``fill_need`` and ``match_need`` (:class:`PlanOrder`), as
    the walk adds them: ``(option, now, fill, packed demand, ((rose, its mask), …), the masks of its
    roses together)`` for Fill and Match now, then next turn (``fill``: Fill, not Match). Fixed by
    what the order asks, so worked out once per card (an order is planned many times a game)."""
    shape = PlanOrder(0, 0.0, 0.0, True, True, fill_need, match_need)
    out = []
    for c in (NOW_F, NOW_M, NEXT_F, NEXT_M):
        need = tuple(x for x in _needs(shape, c)[1] if x[2])
        delta = sum(cnt << (r * _ROSE_BITS + k * _BITS) for r, k, cnt in need)
        roses = tuple((r, _ROSE_MASK[r]) for r in sorted({r for r, _, _ in need}))
        out.append((c, c == NOW_F or c == NOW_M, c == NOW_F or c == NEXT_F, delta, roses,
                    sum(mask for _, mask in roses)))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _rose_cost(d: int, b: int, f: int, m: int, market: int, price: int) -> tuple[int, ...]:
    """:func:`_allocate` of one rose's packed demand ``d`` (its own bits, shifted down):
    ``(bought now, bought next turn, their cost now, their cost next turn)``, or ``()`` where
    :func:`_allocate` gives ``None``. A pure function of small ints, so cached (a game's planner
    calls meet the same demand, shop, market and price of a rose again and again)."""
    a = _allocate([(d >> (k * _BITS)) & ((1 << _BITS) - 1) for k in range(6)], b, f, m, market)
    if a is None:
        return ()
    bn, bx = a
    return bn, bx, bn * price, bx * price


def best_plan(shop: tuple[list[int], list[int], list[int]], market: list[int], prices: list[int],
              money: int, orders: list[PlanOrder], can_buy: int, fills_left: int,
              gamma: float) -> Plan:
    """The best combination of this-turn and next-turn fills: :func:`walk_plan` (which says what
    the arguments are), cached. ``walk_plan`` is a pure function of these values and returns an
    immutable :class:`Plan`, and a game asks the same position again (another seat's plan,
    modelled for each decision of a turn until the market or the queue changes; a deal's terms
    weighed again), so a repeated call is answered from the cache: the same plan."""
    return _cached_plan(tuple(map(tuple, shop)), tuple(market), tuple(prices), money, tuple(orders),
                        can_buy, fills_left, gamma)


@lru_cache(maxsize=1 << 11)
def _cached_plan(shop, market, prices, money, orders, can_buy, fills_left, gamma) -> Plan:
    return walk_plan(shop, market, prices, money, orders, can_buy, fills_left, gamma)


def walk_plan(shop: tuple[list[int], list[int], list[int]], market: list[int], prices: list[int],
              money: int, orders: list[PlanOrder], can_buy: int, fills_left: int,
              gamma: float) -> Plan:
    """The best combination of this-turn and next-turn fills (see the module docstring).

    ``shop``: bud, fresh, mature counts per rose; ``market``: tiles buyable (now and, what is left,
    next turn); ``prices``: dollars a tile per rose; ``money``: dollars; ``can_buy``: purchases left
    this turn; ``fills_left``: orders still fillable this turn; ``gamma``: weight of next turn (0:
    there is none). Options that are infeasible or lose money on their own are dropped before the
    combinations are tried. Returns the plan of highest value, fewest purchases on a tie, the first
    in ``itertools.product`` order on a full tie; the empty plan (value 0) when nothing pays.

    The walk does what :func:`exhaustive_plan` does, faster: the same checks and the same float
    operations in the same order on every combination it scores (so the same values), each rose's
    allocation worked out once per call and demand (``memo``), each card's demands once
    (:func:`_demands`), and the :class:`Plan` built once, at the end. :func:`best_plan` is the same
    with a cache.
    """
    sb, sf, sm = shop
    # each rose's allocation (_rose_cost) by its part of the packed demand, for this call's shop,
    # market and prices; no demand costs nothing
    memo: dict[int, tuple[int, ...]] = {0: (0, 0, 0, 0)}
    # For the bound on extensions (module docstring): each option adds its order's value less at
    # least its own costs alone, next turn's counted at ``pmin`` (the least chance of an order that
    # may be planned for next turn: the weighted chance of next turn's orders is never below it).
    pmin = min([1.0] + [o.p for o in orders if o.next]) if gamma > 0 else 1.0
    opts: list[list[tuple]] = []    # per order: its options worth trying, as the walk reads them
    most: list[float] = []          # per order: the most an option of it adds to a plan's value
    floor = 0.0         # the best one-order plan's value: a plan that cannot beat it is not the best
    for j, o in enumerate(orders):
        # _options: the options feasible alone that make money alone, scored as _evaluate scores
        # them (the same checks, the same float operations)
        now_ok = o.now and fills_left > 0
        next_ok = o.next and gamma > 0
        choice = []
        add = 0.0
        for c, now, fill, delta, roses, omask in _demands(o.fill_need, o.match_need):
            if not (now_ok if now else next_ok):
                continue
            nb = nx = cn = cx = 0
            for r, mask in roses:   # the option alone: each rose's demand is the option's own
                part = delta & mask
                memo[part] = a = _rose_cost(part >> (r * _ROSE_BITS), sb[r], sf[r], sm[r], market[r], prices[r])
                if not a:
                    break       # infeasible alone
                nb += a[0]
                nx += a[1]
                cn += a[2]
                cx += a[3]
            else:
                if nb > can_buy or cn > money or nx > MAX_RECEIVED:
                    continue
                val = o.fill if fill else o.match
                pval = o.p * val
                if now:
                    v_now, v_next, pv_next = val, 0, 0.0
                else:
                    v_now, v_next, pv_next = 0, val, pval
                if cx > money - cn + v_now:
                    continue
                p_next = pv_next / v_next if v_next else 1.0
                alone = v_now - cn + gamma * (pv_next - p_next * cx)
                if alone > 0:
                    floor = max(floor, alone)
                    add = max(add, (val if now else gamma * pval) - cn - gamma * pmin * cx)
                    choice.append((j, o, c, now, val, pval, delta, roses, omask, (nb, nx, cn, cx)))
        opts.append(choice)
        most.append(add)
    # trailing orders with nothing but SKIP add no combination: stop the walk before them
    n = len(orders)
    while n and not opts[n - 1]:
        n -= 1
    # rest[j]: the most that orders j, j+1, … can add to a plan's value; tries[j]: the options of
    # orders n - 1, n - 2, …, j, in the order the walk tries them after a combination's order j - 1
    # (a combination whose first order past j - 1 is later comes first in product order: SKIP < any)
    rest = [0.0] * (n + 1)
    tries: list[list[tuple]] = [[] for _ in range(n + 1)]
    for j in range(n - 1, -1, -1):
        rest[j] = rest[j + 1] + most[j]
        tries[j] = tries[j + 1] + opts[j]
    items: list[tuple[PlanOrder, int]] = []
    # the best plan so far: its value, purchases now, items and packed demand (the empty plan first)
    best_v, best_nb, best = 0.0, 0, ((), 0)
    bar = floor - 1e-9      # what extensions must be able to beat: max(best value, floor) less rounding

    def walk(i: int, dem: int, n_now: int, n_later: int, n_buy: int, n_next: int, cost_now: int,
             cost_next: int, v_now, v_next, pv_next) -> None:
        nonlocal best_v, best_nb, best, bar
        for j, o, c, now, val, pval, delta, roses, omask, alone in tries[i]:
            if now:
                a_now, a_later = n_now + 1, n_later
                if a_now > fills_left:
                    continue
            else:
                a_now, a_later = n_now, n_later + 1
                if a_later > MAX_FILLS:
                    continue
            # add the option's demand and re-assign the roses it asks
            d = dem + delta
            if dem & omask:
                nb, nx, cn, cx = n_buy, n_next, cost_now, cost_next
                for r, mask in roses:
                    key = d & mask
                    a = memo.get(key)
                    if a is None:
                        a = memo[key] = _rose_cost(key >> (r * _ROSE_BITS), sb[r], sf[r], sm[r], market[r], prices[r])
                    if not a:
                        break
                    old = memo[dem & mask]
                    nb += a[0] - old[0]
                    nx += a[1] - old[1]
                    cn += a[2] - old[2]
                    cx += a[3] - old[3]
                if not a:
                    continue    # a rose short (the last allocation tried is the empty one)
            else:   # no rose in common with the combination: they are assigned as for the option alone
                nb, nx, cn, cx = n_buy + alone[0], n_next + alone[1], cost_now + alone[2], cost_next + alone[3]
            if nb > can_buy or cn > money or nx > MAX_RECEIVED:
                continue
            items.append((o, c))
            if now:
                vn, vx, pvx = v_now + val, v_next, pv_next
            else:
                vn, vx, pvx = v_now, v_next + val, pv_next + pval
            if not cx > money - cn + vn:
                p_next = pvx / vx if vx else 1.0
                value = vn - cn + gamma * (pvx - p_next * cx)
                # better: a higher value, or as high with fewer purchases now
                if value > best_v or (value == best_v and nb < best_nb):
                    best_v, best_nb, best = value, nb, (tuple(items), d)
                    bar = max(value, floor) - 1e-9
            # extensions add at most rest[j + 1], never lower a cost, and next turn's costs count
            # at least pmin of their price: skip them when even that cannot reach the best value
            # so far or the best one-order plan (the margin covers float rounding, so a tie is
            # never skipped); there are none after the last order
            if j + 1 < n and vn + gamma * pvx - cn - gamma * pmin * cx + rest[j + 1] > bar:
                walk(j + 1, d, a_now, a_later, nb, nx, cn, cx, vn, vx, pvx)
            items.pop()

    walk(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.0)
    chosen, dem = best
    return _plan(best_v, chosen, tuple(memo[dem & _ROSE_MASK[r]][0] for r in range(R)))


def still_best(plan: Plan, before: tuple, after: tuple) -> bool:
    """Whether ``plan``, :func:`best_plan` of the arguments ``before`` (a tuple, in its order), is
    also ``best_plan(*after)``, told without a walk. True when ``after`` differs from ``before`` only
    in fewer market tiles and fewer orders (the others equal and in the same order: a seat bought a
    tile or filled an order) and ``plan`` and each of its options alone are still feasible.

    Why: a combination's value, purchases and product-order place do not depend on the market
    (:func:`_allocate` reads it only to refuse a purchase the market cannot cover) nor on orders it
    does not use (order them by the others' options alone). Fewer tiles and orders only remove
    options and combinations from those :func:`exhaustive_plan` compares, in the same order. So the
    best of them all, when it is still among them (feasible, each option feasible alone; its value
    alone is unchanged), is still the best, ties included; an empty ``plan`` (nothing pays) stays
    empty."""
    shop, market, prices, money, orders, can_buy, fills_left, gamma = after
    shop0, market0, prices0, money0, orders0, can_buy0, fills_left0, gamma0 = before
    if (money != money0 or can_buy != can_buy0 or fills_left != fills_left0 or gamma != gamma0
            or prices != prices0 and list(prices) != list(prices0)
            or shop != shop0 and list(map(list, shop)) != list(map(list, shop0))):
        return False
    fewer = set()               # roses with fewer tiles in the market
    for r in range(R):
        if market[r] > market0[r]:
            return False
        if market[r] < market0[r]:
            fewer.add(r)
    if orders != orders0 and list(orders) != list(orders0):
        rest = iter(orders0)
        if not all(any(o is o0 or o == o0 for o0 in rest) for o in orders):   # a subsequence of before's
            return False
    modes = {cid: NOW_M if mode == MATCH else NOW_F for cid, mode in plan.now}
    modes.update((cid, NEXT_M if mode == MATCH else NEXT_F) for cid, mode in plan.later)
    # the plan's options, in product order as planned, each as its packed demand (_demands)
    demands = [_demands(o.fill_need, o.match_need)[modes[o.id] - NOW_F][3] for o in orders if o.id in modes]
    if len(demands) < len(modes):
        return False            # an order of the plan is gone
    # What else the plan and its options alone were checked against is as it was; the market is
    # read only to refuse a purchase it cannot cover: check that for the roses it holds fewer of.
    for r in fewer:
        for d in (sum(demands), *demands):
            part = (d & _ROSE_MASK[r]) >> (r * _ROSE_BITS)
            if part and not _rose_cost(part, shop[0][r], shop[1][r], shop[2][r], market[r], prices[r]):
                return False
    return True


def exhaustive_plan(shop: tuple[list[int], list[int], list[int]], market: list[int], prices: list[int],
                    money: int, orders: list[PlanOrder], can_buy: int, fills_left: int,
                    gamma: float) -> Plan:
    """:func:`walk_plan` the slow way, every combination of ``itertools.product`` scored from
    scratch by :func:`_evaluate`: the planner as the bots used it up to 2026-12-05, kept as the
    reference the walk is tested and timed against (same arguments, same plan)."""
    sb, sf, sm = shop
    args = (sb, sf, sm, market, prices, money, can_buy, gamma)
    opts = [[SKIP] + [c for c, _ in _options(o, args, fills_left, gamma)] for o in orders]
    best = Plan(0.0, (), (), (0,) * R)
    best_key = (0.0, 0)
    for combo in itertools.product(*opts):
        items = [(o, c) for o, c in zip(orders, combo) if c != SKIP]
        if not items:
            continue
        n_now = sum(1 for _, c in items if c == NOW_F or c == NOW_M)
        if n_now > fills_left or len(items) - n_now > MAX_FILLS:
            continue
        ev = _evaluate(items, *args)
        if ev is None:
            continue
        value, buy_now = ev
        key = (value, -sum(buy_now))
        if key > best_key:
            best_key = key
            best = _plan(value, items, tuple(buy_now))
    return best
