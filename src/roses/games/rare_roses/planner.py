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

:func:`best_plan` walks the combinations depth first, order by order, in the order
``itertools.product`` would list them, carrying each rose's demand and assignment down the walk and
skipping every extension of a combination that is already infeasible: more orders than a turn
allows, a rose short of blooms, more tiles than the market holds, or more purchases or dollars this
turn than are left. Adding an order only adds demand, and each step of a rose's assignment takes
``min(pool, need)``, so the shortfall per rose never falls as orders are added and those checks
stay failed for every extension. (The check that next turn's purchases are paid for can pass
again once a this-turn order adds money, so it rules out a combination, not its extensions.) The
plan chosen, ties included, is the one the exhaustive product gives (``tests/games/rare_roses/
test_planner.py`` checks it against the product on drawn positions); timings in
``docs/performance.md``.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

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
    fill: dict[int, int] = {}
    match: dict[int, list[int]] = {}
    for rose, mat in o.roses:
        r = ROSES.index(rose)
        fill[r] = fill.get(r, 0) + 1
        m = match.setdefault(r, [0, 0])
        m[0 if mat == "bud" else 1] += 1
    return PlanOrder(o.id, o.fill + bonus, o.match + bonus, now, nxt, tuple(sorted(fill.items())),
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


def best_plan(shop: tuple[list[int], list[int], list[int]], market: list[int], prices: list[int],
              money: int, orders: list[PlanOrder], can_buy: int, fills_left: int,
              gamma: float) -> Plan:
    """The best combination of this-turn and next-turn fills (see the module docstring).

    ``shop``: bud, fresh, mature counts per rose; ``market``: tiles buyable (now and, what is left,
    next turn); ``prices``: dollars a tile per rose; ``money``: dollars; ``can_buy``: purchases left
    this turn; ``fills_left``: orders still fillable this turn; ``gamma``: weight of next turn (0:
    there is none). Options that are infeasible or lose money on their own are dropped before the
    combinations are tried. Returns the plan of highest value, fewest purchases on a tie, the first
    in ``itertools.product`` order on a full tie; the empty plan (value 0) when nothing pays."""
    sb, sf, sm = shop
    args = (sb, sf, sm, market, prices, money, can_buy, gamma)
    opts: list[list[tuple[int, float, tuple]]] = []
    floor = 0.0         # the best one-order plan's value: a plan that cannot beat it is not the best
    for o in orders:
        choice = []
        for c, alone in _options(o, args, fills_left, gamma):
            floor = max(floor, alone)
            val, need = _needs(o, c)
            need = tuple(x for x in need if x[2])
            now = c == NOW_F or c == NOW_M
            # an upper bound on what the option can add to a plan's value (costs only grow)
            gain = val if now else gamma * o.p * val
            choice.append((c, now, val, need, tuple(sorted({r for r, _, _ in need})), gain))
        opts.append(choice)
    # trailing orders with nothing but SKIP add no combination: stop the walk before them
    n = len(orders)
    while n and not opts[n - 1]:
        n -= 1
    # rest[j]: the most that orders j, j+1, … can add to a plan's value
    rest = [0.0] * (n + 1)
    for j in range(n - 1, -1, -1):
        rest[j] = rest[j + 1] + max((x[5] for x in opts[j]), default=0.0)
    dem = [[0] * 6 for _ in range(R)]
    alloc: list[tuple[int, int]] = [(0, 0)] * R       # (bought now, bought next) per rose
    items: list[tuple[PlanOrder, int]] = []
    best = Plan(0.0, (), (), (0,) * R)
    best_key = (0.0, 0)

    def walk(i: int, n_now: int, n_later: int, n_buy: int, n_next: int, cost_now: int,
             cost_next: int, v_now, v_next, pv_next) -> None:
        nonlocal best, best_key
        # a combination whose first order past i is later comes first in product order (SKIP < any)
        for j in range(n - 1, i - 1, -1):
            o = orders[j]
            for c, now, val, need, roses, gain in opts[j]:
                if now:
                    a_now, a_later = n_now + 1, n_later
                    if a_now > fills_left:
                        continue
                else:
                    a_now, a_later = n_now, n_later + 1
                    if a_later > MAX_FILLS:
                        continue
                # add the option's demand, re-assign the roses it touches
                for r, k, cnt in need:
                    dem[r][k] += cnt
                nb, nx, cn, cx = n_buy, n_next, cost_now, cost_next
                saved = []
                for r in roses:
                    a = _allocate(dem[r], sb[r], sf[r], sm[r], market[r])
                    if a is None:
                        break
                    old = alloc[r]
                    saved.append((r, old))
                    alloc[r] = a
                    nb += a[0] - old[0]
                    nx += a[1] - old[1]
                    cn += (a[0] - old[0]) * prices[r]
                    cx += (a[1] - old[1]) * prices[r]
                else:
                    if not (nb > can_buy or cn > money or nx > MAX_RECEIVED):
                        items.append((o, c))
                        if now:
                            vn, vx, pvx = v_now + val, v_next, pv_next
                        else:
                            vn, vx, pvx = v_now, v_next + val, pv_next + o.p * val
                        if not cx > money - cn + vn:
                            p_next = pvx / vx if vx else 1.0
                            value = vn - cn + gamma * (pvx - p_next * cx)
                            key = (value, -nb)
                            if key > best_key:
                                best_key = key
                                best = _plan(value, items, tuple(bn for bn, _ in alloc))
                        # extensions add at most rest[j + 1] and never lower a cost: skip them when
                        # even that cannot reach the best value so far or the best one-order plan
                        # (the margin covers float rounding, so a tie is never skipped)
                        if vn + gamma * pvx - cn + rest[j + 1] > max(best_key[0], floor) - 1e-9:
                            walk(j + 1, a_now, a_later, nb, nx, cn, cx, vn, vx, pvx)
                        items.pop()
                # take the option back out
                for r, k, cnt in need:
                    dem[r][k] -= cnt
                for r, old in saved:
                    alloc[r] = old

    walk(0, 0, 0, 0, 0, 0, 0, 0, 0, 0.0)
    return best


def exhaustive_plan(shop: tuple[list[int], list[int], list[int]], market: list[int], prices: list[int],
                    money: int, orders: list[PlanOrder], can_buy: int, fills_left: int,
                    gamma: float) -> Plan:
    """:func:`best_plan` the slow way, every combination of ``itertools.product`` scored from
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
