"""Engine benchmark: for every game, what search, simulation and the server pay the engine for.

Per game (default player count, plus Rare Roses solo), medians over ``--repeats`` runs:

- ``actions_per_s``, ``games_per_s``: uniformly random full games through the public API loop
  ``s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))``;
- ``clone_us``, ``observation_us`` (the seat to move, after each move, as a driver asks for it),
  ``determinize_us`` (the seat to move), ``information_state_key_us``: microseconds per call on
  states sampled along random games;
- ``state_bytes``: pickled size of a mid-game state without its RNG (fixed size) and without what
  all states of the game share (the game object, rule tables): OpenSpiel's C++ states hold neither;
- ``simulate_games_per_s``: ``roses simulate`` with random bots (``sim.batch.run_batch``, one worker).

Every figure is also given as a ratio to baselines timed in the same process, so runs on different
machines or under different load compare: ``baseline`` (a fixed pure-Python workload: deep-copying
and summing a nested structure) and, when ``open_spiel`` is installed, OpenSpiel's C++
``kuhn_poker`` driven by the same Python loop (``kuhn_actions_per_s``; the issue's yardstick).

    python bench/engine.py [--seconds 1] [--repeats 5] [--games roses-and-thorns,...] [--json]
"""
from __future__ import annotations

import argparse
import copy
import json
import pickle
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


def kuhn_actions_per_second(seconds: float) -> float | None:
    """Actions per second of OpenSpiel's C++ kuhn_poker through the same random-playout loop, or
    ``None`` without open_spiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("kuhn_poker")
    rng = random.Random(0)
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - start)


def random_games(game, seconds: float, seed: int) -> tuple[float, float]:
    """(games per second, actions per second) for uniformly random play (chance sampled)."""
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


def sampled_states(game, seed: int, count: int = 40) -> list:
    """``count`` seat-to-move states along random games (about every tenth step)."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        s = game.new_initial_state(rng.randrange(2**31))
        while not s.is_terminal() and len(states) < count:
            if not s.is_chance_node() and rng.random() < 0.1:
                states.append(s.clone())
            s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    return states


def per_call_us(states: list, call, samples: int) -> float:
    start = time.perf_counter()
    for i in range(samples):
        call(states[i % len(states)])
    return (time.perf_counter() - start) / samples * 1e6


def observation_us(game, seed: int, samples: int = 400) -> float:
    """µs per ``observation(seat to move)`` asked after every move of random games (as a driver
    or the server asks), the move itself not timed."""
    rng = random.Random(seed)
    took, n = 0.0, 0
    while n < samples:
        s = game.new_initial_state(rng.randrange(2**31))
        while not s.is_terminal() and n < samples:
            if not s.is_chance_node():
                seat = s.current_player()
                t = time.perf_counter()
                s.observation(seat)
                took += time.perf_counter() - t
                n += 1
            s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    return took / n * 1e6


def state_bytes(states: list) -> float:
    """Median pickled size of the states' own fields: without the RNG and without what every state
    of the game shares (the game object, a game's rule tables: fields holding the very same object
    in the first and the last sampled state, which come from different plays)."""
    first, last = vars(states[0]), vars(states[-1])
    shared = {k for k in first if k in last and first[k] is last[k] and not isinstance(first[k], (int, float, str, bool))}
    sizes = [len(pickle.dumps({k: v for k, v in vars(s).items() if k not in shared and k != "rng"}))
             for s in states]
    return statistics.median(sizes)


def simulate_games_per_s(name: str, players: int, seconds: float) -> float:
    """Games per second of ``roses simulate`` with random bots (one worker)."""
    from roses.sim.batch import run_batch

    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        run_batch(name, {"players": players}, ["random"], 10, seed=games)
        games += 10
    return games / (time.perf_counter() - start)


CASES_EXTRA = [("rare-roses", 1)]


def measure(name: str, players: int, seconds: float, repeats: int) -> dict:
    game = load(name, players=players)
    runs: dict[str, list[float]] = {k: [] for k in (
        "games_per_s", "actions_per_s", "clone_us", "observation_us", "determinize_us",
        "information_state_key_us", "state_bytes", "simulate_games_per_s")}
    for r in range(repeats):
        g, a = random_games(game, seconds, seed=r)
        runs["games_per_s"].append(g)
        runs["actions_per_s"].append(a)
        states = sampled_states(game, seed=r)
        runs["clone_us"].append(per_call_us(states, lambda s: s.clone(), 400))
        runs["observation_us"].append(observation_us(game, seed=r))
        drng = random.Random(r)
        runs["determinize_us"].append(per_call_us(states, lambda s: s.determinize(s.current_player(), drng), 100))
        if hasattr(states[0], "information_state_key"):  # absent before engine v2
            runs["information_state_key_us"].append(
                per_call_us(states, lambda s: s.information_state_key(s.current_player()), 200))
        runs["state_bytes"].append(state_bytes(states))
        runs["simulate_games_per_s"].append(simulate_games_per_s(name, players, seconds / 2))
    return {"game": name, "players": players,
            **{k: statistics.median(v) if v else float("nan") for k, v in runs.items()}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per throughput measurement")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", default="", help="comma-separated game names (default: all)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = [g for g in args.games.split(",") if g] or available_games()
    cases = [(n, load(n).num_players) for n in names] + [c for c in CASES_EXTRA if c[0] in names]
    base = statistics.median(baseline_ops_per_second(args.seconds / 2) for _ in range(args.repeats))
    kuhn_runs = [kuhn_actions_per_second(args.seconds / 2) for _ in range(args.repeats)]
    kuhn = None if kuhn_runs[0] is None else statistics.median(kuhn_runs)
    rows = []
    for name, players in cases:
        row = measure(name, players, args.seconds, args.repeats)
        row["actions_per_baseline"] = row["actions_per_s"] / base
        row["clone_us_x_baseline"] = row["clone_us"] * base / 1e6  # time in baseline iterations
        row["observation_us_x_baseline"] = row["observation_us"] * base / 1e6
        row["determinize_us_x_baseline"] = row["determinize_us"] * base / 1e6
        if kuhn is not None:
            row["actions_per_kuhn"] = row["actions_per_s"] / kuhn
        rows.append(row)
    if args.json:
        print(json.dumps({"baseline_ops_per_s": base, "kuhn_actions_per_s": kuhn, "games": rows}))
        return
    print(f"baseline: {base:,.0f} ops/s (deepcopy+sum of a fixed structure)"
          + (f"; OpenSpiel kuhn_poker (C++) through the same loop: {kuhn:,.0f} actions/s" if kuhn else
             "; open_spiel not installed (no kuhn_poker ratio)"))
    print(f"{'game':17} {'seats':>5} {'actions/s':>10} {'/kuhn':>6} {'/base':>7} {'games/s':>8} "
          f"{'clone µs':>8} {'obs µs':>7} {'det µs':>7} {'key µs':>7} {'bytes':>6} {'sim g/s':>8}")
    for r in rows:
        ratio = f"{r['actions_per_kuhn']:6.3f}" if "actions_per_kuhn" in r else f"{'-':>6}"
        print(f"{r['game']:17} {r['players']:5d} {r['actions_per_s']:10,.0f} {ratio} "
              f"{r['actions_per_baseline']:7.2f} {r['games_per_s']:8.1f} {r['clone_us']:8.1f} "
              f"{r['observation_us']:7.1f} {r['determinize_us']:7.1f} {r['information_state_key_us']:7.1f} "
              f"{r['state_bytes']:6.0f} {r['simulate_games_per_s']:8.1f}")


if __name__ == "__main__":
    main()
