"""Where the Rare Roses solo planner loses money: per-game means over solo games of a bot.

``PYTHONPATH=src python3 bench/lab/rare_roses_solo_profile.py SEED GAMES [BOT]`` (e.g. ``1000 300``):
money earned from fills (Fill / Match), spent on tiles and pushes, tiles bought and not used,
orders lost (and their Match value), the specialty bonus (RR-4), and (planner bots) at each
purchase how much the plan's value would rise with unlimited market tiles, $100 more money or no
6-tile limit: which constraint binds. Seeds as ``roses simulate`` (game seed SEED + i).
"""
from __future__ import annotations

import collections
import re
import sys

import roses
from roses.agents import Turn, make_agent
from roses.games.rare_roses.cards import default_deck
from roses.sim.batch import hash_seed


def main() -> None:
    seed0, n = int(sys.argv[1]), int(sys.argv[2])
    bot = sys.argv[3] if len(sys.argv) > 3 else "heuristic"
    deck = {c.id: c for c in default_deck()}
    game = roses.load("rare-roses", players=1)
    agg: collections.Counter = collections.Counter()
    for i in range(n):
        agent = make_agent(bot, game, hash_seed(seed0, i, 0))
        st = game.new_initial_state(seed0 + i)
        while not st.is_terminal():
            if st.is_chance_node():
                st.apply(st.sample_chance())
                continue
            turn = Turn.of(st)
            o = turn.observation
            if o.phase == "purchase" and o.received == 0 and hasattr(agent, "plan"):
                base = agent.plan(o, 0).value
                for name, kw in (("market", {"market": [99] * 6}), ("money", {"money": o.shops[0].money + 100}),
                                 ("buy-limit", {"can_buy": 99})):
                    agg["plan gain, unlimited " + name] += max(0.0, agent.plan(o, 0, **kw).value - base)
            st.apply(agent.act(turn))
        obs = st.observation(0)
        shop = obs.shops[0]
        agg["money"] += shop.money
        agg["orders lost"] += len(obs.discarded)
        agg["orders lost, match $"] += sum(deck[c].match for c in obs.discarded)
        agg["bonus paid"] += shop.bonus_paid
        agg["specialty orders seen"] += sum(1 for c in obs.cards.values() if c.specialty == shop.specialty)
        agg["specialty orders filled"] += shop.specialty_filled
        bought = used = 0
        for line in obs.log:
            if m := re.search(r"buys .* from the market for \$(\d+)", line):
                agg["tiles $"] += int(m.group(1))
                bought += 1
            if m := re.search(r"pushes the market for \$(\d+)", line):
                agg["push $"] += int(m.group(1))
                agg["pushes"] += 1
            if m := re.search(r"fills order #(\d+) for its (\w+) value \$(\d+)", line):
                agg["orders filled, " + m.group(2)] += 1
                agg["earned $"] += int(m.group(3))
                used += len(deck[int(m.group(1))].roses)
        agg["tiles bought"] += bought
        agg["tiles bought, not used"] += bought - used
    for k, v in sorted(agg.items()):
        print(f"{k:40s} {v / n:8.2f}")


if __name__ == "__main__":
    main()
