"""Roses and Thorns: what a table of bots does to one steady seat, challenge by challenge.

One seat plays ``--seat-bot`` (default the heuristic, a stand-in for a steady player) against
``--bots`` in every other seat (a bot name, or ``bench/agents.py`` settings such as
``ismcts:hard@prior_weight=2``), seats rotated (game ``i`` puts the steady seat at ``i mod n``),
game seed ``seed + i``, bot seeds as ``bench/agents.py`` (so the games pair with its ``rt4`` rows).
Every agent is told the table (``roses.agents.tell_table``). Prints the steady seat's win rate and,
per game, the bids, passes and challenges of the steady seat and of the other seats together, how
many challenges failed, and whose thorn stopped them (the steady seat's, another seat's).

Challenges are read from the flips a seat chooses, which are of other seats' stacks only (its own
stack is turned up without a choice, §3.4): a challenge settled on the challenger's own stack
(bid no higher than its own cards, or its own thorn) is not counted.

    python3 bench/lab/roses_and_thorns_tables.py --bots ismcts:hard --games 40 --seed 70 [--json]
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # bench/: agents.py


def one_game(args) -> tuple[float, dict]:
    import roses
    from agents import bench_agent  # bench/agents.py: the same settings and seeds
    from roses.sim.batch import hash_seed
    from roses.sim.match import play_game

    players, seat_bot, bots, i, seed = args
    game = roses.load("roses-and-thorns", players=players)
    me = i % players
    agents = [bench_agent(seat_bot if s == me else bots, game, hash_seed(seed, i, s)) for s in range(players)]
    state = play_game(game, agents, seed + i)
    who = ["seat" if s == me else "others" for s in range(players)]
    steps = [(p, str(a)) for p, a in state.history]
    stats: collections.Counter = collections.Counter()
    k = 0
    while k < len(steps):
        p, text = steps[k]
        if text.startswith("bid"):
            stats[f"{who[p]} bids"] += 1
        elif text == "pass":
            stats[f"{who[p]} passes"] += 1
        elif text.startswith("flip"):  # a challenge past the own stack: its flips, then a lost card if it failed
            j, last = k, None
            while j < len(steps) and steps[j][1].startswith("flip"):
                last = int(steps[j][1].split()[1])
                j += 1
            stats[f"{who[p]} challenges"] += 1
            if j < len(steps) and steps[j][0] < 0 and steps[j][1].startswith("lose"):
                stats[f"{who[p]} failed"] += 1
                stats["stopped by the seat's thorn" if last == me else "stopped by another's thorn"] += 1
            k = j
            continue
        k += 1
    return state.returns()[me], dict(stats)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="ismcts:hard")
    ap.add_argument("--seat-bot", default="heuristic")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    jobs = [(a.players, a.seat_bot, a.bots, i, a.seed) for i in range(a.games)]
    with Pool(a.workers) as pool:
        results = pool.map(one_game, jobs, chunksize=1)
    total: collections.Counter = collections.Counter()
    for _, s in results:
        total.update(s)
    out = {"bots": a.bots, "seat_bot": a.seat_bot, "players": a.players, "games": a.games, "seed": a.seed,
           "seat_win_rate": sum(r for r, _ in results) / a.games,
           "per_game": {k: total[k] / a.games for k in sorted(total)}}
    if a.json:
        print(json.dumps(out))
        return
    print(f"{a.seat_bot} seat against {a.bots}, {a.games} games from seed {a.seed}: "
          f"wins {out['seat_win_rate']:.3f}")
    for k, v in out["per_game"].items():
        print(f"  {k:30s} {v:6.2f} a game")


if __name__ == "__main__":
    main()
