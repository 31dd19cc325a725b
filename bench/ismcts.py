"""ISMCTS speed: iterations per second of the generic multi-observer ISMCTS agent, per game.

For each game and player count, takes seat decisions with a real choice from random games (fixed
seeds) and times ``ISMCTSAgent.act`` at the same settings everywhere (``--iterations``, default 50,
random playouts to the end), in CPU seconds. Prints iterations per second and, as for every
benchmark here, the ratio to a fixed pure-Python baseline workload timed in the same process.

    python3 bench/ismcts.py [--positions 12] [--iterations 50] [--games rose-ceremony] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import roses
from roses.agents import Turn
from roses.agents.ismcts import ISMCTSAgent

from engine import baseline_ops_per_second

CASES = [("roses-and-thorns", 3), ("roses-and-thorns", 4), ("rose-ceremony", 2), ("rose-ceremony", 4),
         ("rare-roses", 1), ("rare-roses", 4), ("blades-and-rose", 5)]


def positions(game, count: int, seed: int = 0) -> list:
    """``count`` seat decisions with at least two legal actions, from random games."""
    found = []
    while len(found) < count:
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.2:
                found.append(state.clone())
            state.apply(rng.choice(legal))
        seed += 1
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--iterations", type=int, default=50)
    ap.add_argument("--games", default="", help="comma-separated game names (default: all)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = [g for g in args.games.split(",") if g]
    base = statistics.median(baseline_ops_per_second(0.5) for _ in range(3))
    rows = []
    for name, players in CASES:
        if names and name not in names:
            continue
        game = roses.load(name, players=players)
        rates = []
        for i, state in enumerate(positions(game, args.positions)):
            agent = ISMCTSAgent(game, seed=i, iterations=args.iterations)
            t = time.process_time()
            agent.act(Turn.of(state))
            rates.append(args.iterations / max(time.process_time() - t, 1e-9))
        rate = statistics.median(rates)
        rows.append({"game": name, "players": players, "iterations": args.iterations,
                     "iterations_per_s": rate, "iterations_per_baseline": rate / base})
    if args.json:
        print(json.dumps({"baseline_ops_per_s": base, "cases": rows}))
        return
    print(f"baseline: {base:,.0f} ops/s (deepcopy+sum of a fixed structure)")
    for r in rows:
        print(f"{r['game']:17} {r['players']} players  {r['iterations_per_s']:8.0f} iterations/s "
              f"(median of {args.positions} decisions at {r['iterations']} iterations)  "
              f"{r['iterations_per_baseline']:.4f} per baseline op")


if __name__ == "__main__":
    main()
