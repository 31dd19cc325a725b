"""Sweep throughput of `roses simulate`: games per CPU-second with each game's default bots, as a
ratio to random bots in the same run; with ``--scaling``, games per second on 1 and 2 worker
processes and on a local Ray (figures for docs/performance.md, reported, never asserted).

**Games per CPU-second** (issue 45). For each table of ``--games-list`` (``GAME`` for its default
table, ``GAME:PLAYERS`` for another number of seats) one batch is played in this process as
``roses simulate GAME [--players PLAYERS] --games G --seed S`` plays it
(:func:`roses.sim.batch.run_batch`), once with the game's default bots
(:func:`roses.sim.sweep.default_bot`: ``heuristic`` where the game has one) and once with
``random`` bots (``--random-games``, default ten times ``--games``: they are quick). The time is
this process's CPU time (user + system, ``time.process_time``), so other work on the machine
changes the figures little (a core shared with another process still runs slower: read the
ratio, which both runs share). Printed per table: games per CPU-second with the default bots and
with random bots, and their ratio (default / random). ``--repeats K`` plays each K times, taking
turns, and keeps the best of each (after one game of each, not counted, so that imports and
first-use tables are not).

**Scaling** (``--scaling``). One cell of default-bot games is run three times with the same seed:
``process`` with 1 worker, ``process`` with 2 workers, and ``ray`` (a local Ray started once,
``num_cpus=2``; its start-up is timed apart and not counted). Printed: games/s of each,
``speedup_2`` = 2 workers / 1 worker (target ≥ 1.8) and ``ray_vs_process`` = Ray / 2 workers
(target ≥ 0.9), and a check that the three runs gave identical rows. Ray is skipped without the
``roses[ray]`` extra.

    python3 bench/simulate.py [--games 40] [--games-list rare-roses:4,rare-roses:2] [--repeats 3] [--json]
    python3 bench/simulate.py --scaling [--games 200] [--chunk 10] [--games-list roses-and-thorns,blades-and-rose]
"""
from __future__ import annotations

import argparse
import json
import time

from roses.core import available_games, load
from roses.sim.batch import run_batch
from roses.sim.sweep import default_bot, plan, run_sweep


def _table(spec: str) -> tuple[str, dict[str, int]]:
    """``GAME`` or ``GAME:PLAYERS`` as the game's name and its parameters."""
    game, _, players = spec.partition(":")
    return game, ({"players": int(players)} if players else {})


def cpu_seconds(game, bot: str, games: int, seed: int) -> float:
    """CPU seconds of this process to play a batch of ``games`` games of ``game`` (a loaded game)
    with ``bot`` in every seat, as ``roses simulate`` plays it on one worker."""
    start = time.process_time()
    run_batch(game.name, dict(game.params), [bot], games, seed)
    return time.process_time() - start


def cpu_row(spec: str, games: int, random_games: int, seed: int, repeats: int) -> dict:
    name, params = _table(spec)
    loaded = load(name, **params)
    default = default_bot(loaded)
    for bot in (default, "random"):  # warm-up, not counted: imports and first-use tables
        cpu_seconds(loaded, bot, 1, seed)
    best_default = best_random = float("inf")
    for _ in range(repeats):
        best_default = min(best_default, cpu_seconds(loaded, default, games, seed))
        best_random = min(best_random, cpu_seconds(loaded, "random", random_games, seed))
    per_default, per_random = games / best_default, random_games / best_random
    return {"table": spec, "game": name, "players": loaded.num_players, "bots": default,
            "games": games, "cpu_s": round(best_default, 3), "games_per_cpu_s": round(per_default, 3),
            "random_games": random_games, "random_cpu_s": round(best_random, 3),
            "random_games_per_cpu_s": round(per_random, 2), "ratio_to_random": round(per_default / per_random, 5)}


def timed(game: str, tasks, **kw) -> tuple[float, list]:
    start = time.perf_counter()
    rows = run_sweep(game, tasks, seed=1, **kw)
    return time.perf_counter() - start, rows


def scaling(games_list: list[str], games: int, chunk: int, json_out: bool) -> dict:
    try:
        import ray
    except ImportError:
        ray = None
    ray_start = None
    if ray is not None:
        t = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        ray_start = time.perf_counter() - t
    out = {"games_per_run": games, "ray_startup_s": ray_start, "rows": []}
    try:
        for spec in games_list:
            game, cell = _table(spec)
            tasks = plan(game, [cell], None, games, chunk=chunk)
            s1, r1 = timed(game, tasks, workers=1)
            s2, r2 = timed(game, tasks, workers=2)
            row = {"game": spec, "games_per_s_1": games / s1, "games_per_s_2": games / s2,
                   "speedup_2": s1 / s2, "same_rows": r1 == r2}
            if ray is not None:
                sr, rr = timed(game, tasks, backend="ray")
                row.update(games_per_s_ray=games / sr, ray_vs_process=s2 / sr, same_rows=row["same_rows"] and rr == r1)
            out["rows"].append(row)
            if not json_out:
                print(f"{spec:18} 1 proc {row['games_per_s_1']:7.1f}/s  2 procs {row['games_per_s_2']:7.1f}/s "
                      f"(×{row['speedup_2']:.2f})" + (f"  ray {row['games_per_s_ray']:7.1f}/s (×{row['ray_vs_process']:.2f} of 2 procs)"
                                                      if "games_per_s_ray" in row else "") + f"  same rows: {row['same_rows']}")
    finally:
        if ray is not None:
            ray.shutdown()
    if not json_out and ray_start is not None:
        print(f"local Ray start-up {ray_start:.1f} s (not counted)")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per run (default bots)")
    ap.add_argument("--random-games", type=int, default=0, help="games per run with random bots (default: 10 × --games)")
    ap.add_argument("--games-list", default=",".join(available_games()),
                    help="comma-separated tables: GAME (its default table) or GAME:PLAYERS")
    ap.add_argument("--seed", type=int, default=1, help="seed of the cell (as roses simulate --seed)")
    ap.add_argument("--repeats", type=int, default=1, help="runs of each, taking turns; the best is kept")
    ap.add_argument("--scaling", action="store_true", help="also time 1 and 2 worker processes and a local Ray")
    ap.add_argument("--chunk", type=int, default=10, help="games per task (--scaling)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    tables = args.games_list.split(",")
    random_games = args.random_games or 10 * args.games
    out: dict = {"cpu": []}
    if not args.json:
        print("| table | bots | games/CPU-s | random games/CPU-s | ratio to random |")
        print("|---|---|---|---|---|")
    for spec in tables:
        row = cpu_row(spec, args.games, random_games, args.seed, max(1, args.repeats))
        out["cpu"].append(row)
        if not args.json:
            print(f"| {spec} | {row['bots']} × {row['players']} | {row['games_per_cpu_s']:.2f} | "
                  f"{row['random_games_per_cpu_s']:.1f} | {row['ratio_to_random']:.4f} |")
    if args.scaling:
        out["scaling"] = scaling(tables, args.games, args.chunk, args.json)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
