"""Engine benchmark: for every registered game, random full games per second, actions per second
and microseconds per ``clone()``; medians over repeats.

Each figure is also given as a ratio to a fixed pure-Python baseline workload timed in the same
process (``baseline``: deep-copying and summing a nested structure), so runs on different machines
or under different load can be compared. Usage::

    python bench/engine.py [--seconds 2] [--repeats 5] [--games roses-and-thorns,...] [--json]
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import time

from roses.core import available_games, load

BASELINE_DATA = {"stacks": [[i, str(i), (i, i + 1)] for i in range(60)], "hands": list(range(40))}


def baseline_ops_per_second(seconds: float) -> float:
    """Iterations per second of a fixed pure-Python workload (deepcopy + sum)."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        d = copy.deepcopy(BASELINE_DATA)
        sum(x[0] for x in d["stacks"])
        n += 1
    return n / (time.perf_counter() - start)


def random_games(name: str, players: int, seconds: float, seed: int) -> tuple[float, float]:
    """(games per second, actions per second) for uniformly random play (chance sampled)."""
    game = load(name, players=players)
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_initial_state(rng.randrange(2**31))
        while not s.is_terminal():
            s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
            actions += 1
        games += 1
    took = time.perf_counter() - start
    return games / took, actions / took


def clone_microseconds(name: str, players: int, seed: int, samples: int = 300) -> float:
    """Mean µs per ``clone()`` over states sampled along random games."""
    game = load(name, players=players)
    rng = random.Random(seed)
    states = []
    while len(states) < 30:
        s = game.new_initial_state(rng.randrange(2**31))
        while not s.is_terminal():
            s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
            if rng.random() < 0.1:
                states.append(s.clone())
    start = time.perf_counter()
    for i in range(samples):
        states[i % len(states)].clone()
    return (time.perf_counter() - start) / samples * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--games", default="", help="comma-separated game names (default: all)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = [g for g in args.games.split(",") if g] or available_games()
    rows = []
    base = statistics.median(baseline_ops_per_second(args.seconds / 2) for _ in range(args.repeats))
    for name in names:
        game = load(name)
        players = game.num_players
        gps, aps, clones = [], [], []
        for r in range(args.repeats):
            g, a = random_games(name, players, args.seconds, seed=r)
            gps.append(g)
            aps.append(a)
            clones.append(clone_microseconds(name, players, seed=r))
        row = {"game": name, "players": players, "games_per_s": statistics.median(gps),
               "actions_per_s": statistics.median(aps), "clone_us": statistics.median(clones)}
        row["games_per_baseline"] = row["games_per_s"] / base
        row["actions_per_baseline"] = row["actions_per_s"] / base
        row["clone_us_x_baseline"] = row["clone_us"] * base / 1e6  # clone time in baseline iterations
        rows.append(row)
    if args.json:
        print(json.dumps({"baseline_ops_per_s": base, "games": rows}))
        return
    print(f"baseline: {base:,.0f} ops/s (deepcopy+sum of a fixed structure)")
    print(f"{'game':18} {'seats':>5} {'games/s':>10} {'actions/s':>11} {'µs/clone':>9} "
          f"{'games/base':>11} {'actions/base':>12} {'clone/base':>10}")
    for r in rows:
        print(f"{r['game']:18} {r['players']:5d} {r['games_per_s']:10.1f} {r['actions_per_s']:11,.0f} "
              f"{r['clone_us']:9.1f} {r['games_per_baseline']:11.4f} {r['actions_per_baseline']:12.3f} "
              f"{r['clone_us_x_baseline']:10.3f}")


if __name__ == "__main__":
    main()
