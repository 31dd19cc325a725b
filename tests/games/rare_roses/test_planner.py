"""The Rare Roses planner's depth-first walk (``planner.best_plan``) chooses exactly the plan of the
exhaustive product it replaced (``planner.exhaustive_plan``): same value, same orders, same
purchases, the same one among ties, on drawn positions and on every position real games ask."""
from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from roses.agents import make_agent
from roses.core import load
from roses.games.rare_roses import bots, planner
from roses.games.rare_roses.cards import MAX_FILLS, MAX_RECEIVED, ROSES
from roses.games.rare_roses.planner import Plan, best_plan, exhaustive_plan, plan_order
from roses.sim.match import play_game

R = len(ROSES)
counts = st.lists(st.integers(0, 3), min_size=R, max_size=R)
tile = st.tuples(st.sampled_from(ROSES[:3]), st.sampled_from(("bud", "bloom")))   # 3 roses: overlaps


@st.composite
def orders(draw):
    out = []
    for i in range(draw(st.integers(0, 5))):
        roses = draw(st.lists(tile, min_size=1, max_size=4))
        fill = draw(st.integers(2, 30))
        view = SimpleNamespace(id=i, roses=tuple(roses), fill=fill, match=fill + draw(st.integers(0, 20)))
        out.append(plan_order(view, draw(st.booleans()), draw(st.booleans()),
                              draw(st.sampled_from((1.0, 0.9, 0.5, 0.1))),
                              draw(st.sampled_from((0.0, 0.0, 12.5)))))
    return out


@settings(max_examples=300, deadline=None)
@given(shop=st.tuples(counts, counts, counts), market=counts, prices=st.lists(st.integers(1, 9), min_size=R, max_size=R),
       money=st.integers(0, 40), orders=orders(), can_buy=st.integers(0, MAX_RECEIVED),
       fills_left=st.integers(0, MAX_FILLS), gamma=st.sampled_from((0.0, 0.8, 1.0)))
def test_walk_chooses_the_exhaustive_plan_on_drawn_positions(shop, market, prices, money, orders, can_buy,
                                                             fills_left, gamma):
    args = (shop, market, prices, money, orders, can_buy, fills_left, gamma)
    assert best_plan(*args) == exhaustive_plan(*args)


def test_walk_chooses_the_exhaustive_plan_in_real_games(monkeypatch):
    """Every planner call of a 4-seat heuristic game, a 3-seat trader game and a solo game."""
    calls: list[tuple] = []

    def both(*args):
        calls.append(args)
        return best_plan(*args)
    monkeypatch.setattr(bots, "best_plan", both)
    for players, bot in ((4, "heuristic"), (3, "trader"), (1, "heuristic")):
        game = load("rare-roses", players=players)
        play_game(game, [make_agent(bot, game, 7 + s) for s in range(players)], 7)
    assert len(calls) > 1000
    plans = set()
    for args in calls:
        plan = planner.best_plan(*args)
        assert plan == exhaustive_plan(*args), args
        plans.add(plan.now + plan.later)
    assert len(plans) > 20          # many different plans chosen, not one trivial answer


def test_a_tie_goes_to_fewer_purchases_then_to_the_first_combination():
    """Two identical orders the shop can fill now from stock: either alone is worth the same, so
    the walk keeps the product's first (the later order alone comes first, SKIP before a choice)."""
    view = SimpleNamespace(roses=(("rainbow", "bloom"),), fill=10, match=14)
    a = plan_order(SimpleNamespace(id=1, **vars(view)), True, False)
    b = plan_order(SimpleNamespace(id=2, **vars(view)), True, False)
    shop = ([0] * R, [1] + [0] * (R - 1), [0] * R)          # one fresh rainbow bloom
    args = (shop, [0] * R, [5] * R, 0, [a, b], 0, MAX_FILLS, 0.0)
    plan = best_plan(*args)
    assert plan == exhaustive_plan(*args)
    assert plan == Plan(14, ((2, "match"),), (), (0,) * R)


@settings(max_examples=400, deadline=None)
@given(shop=st.tuples(counts, counts, counts), market=counts, prices=st.lists(st.integers(1, 9), min_size=R, max_size=R),
       money=st.integers(0, 40), orders=orders(), can_buy=st.integers(0, MAX_RECEIVED),
       fills_left=st.integers(0, MAX_FILLS), gamma=st.sampled_from((0.0, 0.8, 1.0)),
       taken=st.lists(st.integers(0, 3), min_size=R, max_size=R), kept=st.lists(st.booleans(), min_size=5, max_size=5))
def test_a_plan_still_best_after_purchases_and_fills_is_the_walk_s(shop, market, prices, money, orders, can_buy,
                                                                   fills_left, gamma, taken, kept):
    """``still_best`` (the heuristic's shortcut for another seat's plan within a turn): whenever it
    says the plan of a position is still the best once market tiles and orders are gone, the walk
    on the new position chooses that very plan; and it says so for the position itself."""
    before = (shop, market, prices, money, orders, can_buy, fills_left, gamma)
    plan = planner.walk_plan(*before)
    assert planner.still_best(plan, before, before)
    after = (shop, [max(0, m - t) for m, t in zip(market, taken)], prices, money,
             [o for o, k in zip(orders, kept) if k], can_buy, fills_left, gamma)
    if planner.still_best(plan, before, after):
        assert planner.walk_plan(*after) == plan
    more = (shop, [m + 1 for m in market], prices, money, orders, can_buy, fills_left, gamma)
    assert not planner.still_best(plan, before, more)      # a market that grew may allow a better plan


def test_best_plan_answers_a_repeated_position_from_its_cache():
    view = SimpleNamespace(id=3, roses=(("rainbow", "bloom"), ("juliet", "bud")), fill=10, match=14)
    args = (([0] * R, [1] * R, [0] * R), [2] * R, [3] * R, 20, [plan_order(view, True, True)], 6, MAX_FILLS, 0.8)
    plan = best_plan(*args)
    assert plan == planner.walk_plan(*args) and best_plan(*args) is plan
    assert planner._cached_plan.cache_info().maxsize == 2048


def test_a_rose_s_purchases_grow_at_least_as_fast_with_demand_as_from_nothing():
    """What the walk's bound on extensions rests on (planner's docstring): the closed form of the
    tiles bought now, and demand added to more demand buying at least what it buys alone, now and
    next turn, on every small demand and shop."""
    from itertools import product
    small = list(product(range(2), repeat=6))
    for b, f, m in product(range(3), repeat=3):
        alloc = {d: planner._allocate(list(d), b, f, m, 99) for d in product(range(3), repeat=6)}
        for (nb, nl, na, xb, xl, xa), a in alloc.items():
            if a is not None:
                assert a[0] == max(0, nb - b, nb + xl - f - b, nb + xl + na + nl - m - f - b)
        for d in small:
            for e in small:
                both = alloc[tuple(x + y for x, y in zip(d, e))]
                if both is not None:
                    assert both[0] - alloc[d][0] >= alloc[e][0] and both[1] - alloc[d][1] >= alloc[e][1]
