"""Interop adapters: speed through each adapter, and our search against OpenSpiel's ISMCTS.

(a) ``throughput``: random-playout seat actions per second through each adapter, as a ratio to the
    raw engine (``State.apply_legal`` with chance sampled) timed in the same process, per game:
    PettingZoo (``last()`` observed every step: observation tensor + action mask, as a learner
    pays), PettingZoo without observing (``last(observe=False)``, legal ids from the engine's
    state), OpenSpiel (``legal_actions`` + ``apply_action``, chance from ``chance_outcomes``),
    Gymnasium (Lone Florist only, info mask every step). Target ≥ 0.5.
(b) ``match``: Roses and Thorns, 4 players: our strongest search (``--level``, default
    ``roses.agents.STRONGEST``) on two opposite seats against OpenSpiel's Python ISMCTS
    (random-rollout evaluator, UCT c=2, max-visit final policy) on our game through the OpenSpiel
    adapter on the other two, at equal time per move: OpenSpiel's simulations per move are set
    from calibration moves so its mean seconds per move match ours. Game ``i`` (seed
    ``--seed + i``) puts ours on seats 0 and 2 when ``i`` is even, 1 and 3 when odd. Reported: our
    side's win rate (a win of either of our seats; parity 0.5) with its 95% Wilson interval, each
    side's mean seconds per move and iterations per second.

    python3 bench/interop.py [--part throughput|match|all] [--games 20] [--workers 2] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))

import numpy as np  # noqa: E402

import roses  # noqa: E402
from roses.agents import STRONGEST, Turn, make_agent  # noqa: E402
from roses.sim.batch import wilson  # noqa: E402

THROUGHPUT_CASES = [("roses-and-thorns", 4), ("rose-ceremony", 4), ("rare-roses", 3), ("blades-and-rose", 6)]


def _raw(game, seed, budget):
    """Seat actions of random games through the engine until ``budget`` seconds: (actions, secs)."""
    rng = random.Random(seed)
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        state = game.new_initial_state(rng.getrandbits(63))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
            else:
                state.apply_legal(rng.randrange(state.num_legal_actions()))
                actions += 1
    return actions, time.perf_counter() - start


def _pettingzoo(game, seed, budget, observe=True):
    from roses.interop.pettingzoo import RosesAECEnv

    env = RosesAECEnv(game)
    rng = random.Random(seed)
    env.reset(seed=seed)
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        env.reset()
        for _agent in env.agent_iter():
            if observe:
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
            else:
                _, _, term, trunc, _ = env.last(observe=False)
                if term or trunc:
                    env.step(None)
                    continue
                legal = env.state_.legal_actions()
                env.step(game.action_to_id(legal[rng.randrange(len(legal))]))
            actions += 1
    return actions, time.perf_counter() - start


def _openspiel(game, seed, budget):
    from roses.interop.openspiel import load_game

    sgame = load_game(game.name, **{"players": game.num_players})
    rng = random.Random(seed)
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        state = sgame.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
    return actions, time.perf_counter() - start


def _gymnasium(seed, budget):
    import gymnasium

    import roses.interop.gymnasium  # noqa: F401  (registers the env)

    env = gymnasium.make("roses/LoneFlorist-v0")
    rng = random.Random(seed)
    actions, start = 0, time.perf_counter()
    env.reset(seed=seed)
    while time.perf_counter() - start < budget:
        _, info = env.reset()
        while True:
            legal = np.flatnonzero(info["action_mask"])
            _, _, term, trunc, info = env.step(int(legal[rng.randrange(len(legal))]))
            actions += 1
            if term or trunc:
                break
    return actions, time.perf_counter() - start


def throughput(budget: float, seed: int) -> list[dict]:
    rows = []
    cases = [(name, n) for name, n in THROUGHPUT_CASES] + [("rare-roses", 1)]
    for name, n in cases:
        game = roses.load(name, players=n)
        raw = _raw(game, seed, budget)
        raw_rate = raw[0] / raw[1]
        adapters = {"pettingzoo": lambda: _pettingzoo(game, seed, budget),
                    "pettingzoo_no_observe": lambda: _pettingzoo(game, seed, budget, observe=False),
                    "openspiel": lambda: _openspiel(game, seed, budget)}
        if n == 1:
            adapters = {"gymnasium": lambda: _gymnasium(seed, budget),
                        "openspiel": lambda: _openspiel(game, seed, budget)}
        for adapter, run in adapters.items():
            count, secs = run()
            rate = count / secs
            rows.append({"game": name, "players": n, "adapter": adapter, "actions_per_s": round(rate),
                         "raw_actions_per_s": round(raw_rate), "ratio": round(rate / raw_rate, 3)})
            print(f"{name} {n}p {adapter:22s} {rate:9.0f}/s  raw {raw_rate:9.0f}/s  ratio {rate / raw_rate:.3f}",
                  flush=True)
    return rows


# ---------------------------------------------------------------------------------------- match
def _spiel_bot(sgame, sims, seed):
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(sgame, evaluator, 2.0, max(1, sims), random_state=np.random.RandomState(seed + 1))


def _sample_chance(state, rng):
    outcomes = state.chance_outcomes()
    r, acc = rng.random(), 0.0
    for a, p in outcomes:
        acc += p
        if r < acc:
            return a
    return outcomes[-1][0]


def _positions(sgame, count, seed):
    """``count`` OpenSpiel states with a real choice for the seat to move, from random games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = sgame.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(_sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                out.append(state.clone())
            state.apply_action(legal[rng.randrange(len(legal))])
    return out


def calibrate(level: str, positions: int, seed: int) -> dict:
    """Our mean seconds per move at ``positions`` decisions and OpenSpiel ISMCTS's seconds per
    simulation at the same ones; the simulations per move that match our time."""
    from roses.interop.openspiel import load_game

    game = roses.load("roses-and-thorns", players=4)
    sgame = load_game("roses-and-thorns", players=4)
    states = _positions(sgame, positions, seed)
    ours = make_agent(level, game, seed)
    start = time.process_time()
    for s in states:
        ours.act(Turn.of(s.inner))
    our_move = (time.process_time() - start) / len(states)
    probe = 50
    bot = _spiel_bot(sgame, probe, seed)
    start = time.process_time()
    for s in states:
        bot.step(s)
    per_sim = (time.process_time() - start) / (len(states) * probe)
    return {"our_seconds_per_move": our_move, "spiel_seconds_per_simulation": per_sim,
            "spiel_simulations_per_move": max(1, round(our_move / per_sim))}


def play_match_game(args) -> dict:
    i, seed, level, sims = args
    from roses.interop.openspiel import load_game

    game = roses.load("roses-and-thorns", players=4)
    sgame = load_game("roses-and-thorns", players=4)
    ours_seats = (0, 2) if i % 2 == 0 else (1, 3)
    ours = {s: make_agent(level, game, seed * 10 + s) for s in ours_seats}
    theirs = {s: _spiel_bot(sgame, sims, seed * 10 + s) for s in range(4) if s not in ours_seats}
    rng = random.Random(seed)
    state = sgame.new_initial_state(seed)
    times = {"ours": [0.0, 0], "theirs": [0.0, 0]}
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_sample_chance(state, rng))
            continue
        seat = state.current_player()
        start = time.process_time()
        if seat in ours:
            action = game.action_to_id(ours[seat].act(Turn.of(state.inner)))
            side = "ours"
        else:
            action = int(theirs[seat].step(state))
            side = "theirs"
        times[side][0] += time.process_time() - start
        times[side][1] += 1
        state.apply_action(action)
    returns = state.returns()
    return {"game": i, "seed": seed, "ours_seats": list(ours_seats),
            "ours_won": sum(returns[s] for s in ours_seats), "times": times}


def match(games: int, seed: int, level: str, workers: int, calib_positions: int) -> dict:
    cal = calibrate(level, calib_positions, seed)
    sims = cal["spiel_simulations_per_move"]
    print(f"calibration: ours {cal['our_seconds_per_move']:.3f} s/move; OpenSpiel ISMCTS "
          f"{cal['spiel_seconds_per_simulation'] * 1000:.2f} ms/simulation -> {sims} simulations/move", flush=True)
    jobs = [(i, seed + i, level, sims) for i in range(games)]
    results = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for r in pool.map(play_match_game, jobs):
            results.append(r)
            won = sum(x["ours_won"] for x in results)
            print(f"game {r['game']}: ours on {r['ours_seats']} won {r['ours_won']:.0f}  "
                  f"(running {won:.0f}/{len(results)})", flush=True)
    won = sum(r["ours_won"] for r in results)
    lo, hi = wilson(won, len(results))
    level_iters = make_agent(level, roses.load("roses-and-thorns", players=4), 0).iterations
    secs = {side: sum(r["times"][side][0] for r in results) / max(1, sum(r["times"][side][1] for r in results))
            for side in ("ours", "theirs")}
    return {"level": level, "games": len(results), "ours_wins": won, "win_rate": won / max(1, len(results)),
            "ci95": [lo, hi], "calibration": cal,
            "ours_seconds_per_move": secs["ours"], "theirs_seconds_per_move": secs["theirs"],
            "ours_iterations_per_move": level_iters, "theirs_simulations_per_move": sims,
            "ours_iterations_per_s": level_iters / secs["ours"] if secs["ours"] else None,
            "theirs_simulations_per_s": sims / secs["theirs"] if secs["theirs"] else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=["throughput", "match", "all"], default="all")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--level", default=STRONGEST)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=3.0, help="throughput: seconds per measurement")
    ap.add_argument("--calibration-positions", type=int, default=12)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = {}
    if args.part in ("throughput", "all"):
        out["throughput"] = throughput(args.seconds, args.seed)
    if args.part in ("match", "all"):
        m = match(args.games, args.seed, args.level, args.workers, args.calibration_positions)
        out["match"] = m
        if m["games"]:
                print(f"{m['level']} vs OpenSpiel ISMCTS: {m['ours_wins']:.0f}/{m['games']} = {m['win_rate']:.3f} "
                  f"[{m['ci95'][0]:.3f}, {m['ci95'][1]:.3f}]; ours {m['ours_seconds_per_move']:.3f} s/move "
                  f"({m['ours_iterations_per_s']:.0f} it/s), theirs {m['theirs_seconds_per_move']:.3f} s/move "
                  f"({m['theirs_simulations_per_s']:.0f} sims/s)")
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
