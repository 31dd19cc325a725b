"""Sweep throughput: heuristic games per second of `roses simulate` on 1 and 2 worker processes
and on a local Ray, per game (figures for docs/performance.md, reported, never asserted).

For each game one cell (``--players`` of that game's default table) of ``--games`` heuristic games
is planned once and run three times with the same seed: ``process`` with 1 worker, ``process``
with 2 workers, and ``ray`` (a local Ray started once, ``num_cpus=2``; its start-up is timed
apart and not counted). Printed: games/s of each, ``speedup_2`` = 2 workers / 1 worker (target
≥ 1.8) and ``ray_vs_process`` = Ray / 2 workers (target ≥ 0.9), and a check that the three runs
gave identical rows. Ray is skipped without the ``roses[ray]`` extra.

    python3 bench/simulate.py [--games 200] [--games-list roses-and-thorns,blades-and-rose] [--json]
"""
from __future__ import annotations

import argparse
import json
import time

from roses.core import available_games
from roses.sim.sweep import plan, run_sweep


def timed(game: str, tasks, **kw) -> tuple[float, list]:
    start = time.perf_counter()
    rows = run_sweep(game, tasks, seed=1, **kw)
    return time.perf_counter() - start, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per run")
    ap.add_argument("--games-list", default=",".join(available_games()), help="comma-separated game names")
    ap.add_argument("--chunk", type=int, default=10, help="games per task")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    try:
        import ray
    except ImportError:
        ray = None
    ray_start = None
    if ray is not None:
        t = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        ray_start = time.perf_counter() - t
    out = {"games_per_run": args.games, "ray_startup_s": ray_start, "rows": []}
    try:
        for game in args.games_list.split(","):
            tasks = plan(game, [{}], None, args.games, chunk=args.chunk)
            s1, r1 = timed(game, tasks, workers=1)
            s2, r2 = timed(game, tasks, workers=2)
            row = {"game": game, "games_per_s_1": args.games / s1, "games_per_s_2": args.games / s2,
                   "speedup_2": s1 / s2, "same_rows": r1 == r2}
            if ray is not None:
                sr, rr = timed(game, tasks, backend="ray")
                row.update(games_per_s_ray=args.games / sr, ray_vs_process=s2 / sr, same_rows=row["same_rows"] and rr == r1)
            out["rows"].append(row)
            if not args.json:
                print(f"{game:18} 1 proc {row['games_per_s_1']:7.1f}/s  2 procs {row['games_per_s_2']:7.1f}/s "
                      f"(×{row['speedup_2']:.2f})" + (f"  ray {row['games_per_s_ray']:7.1f}/s (×{row['ray_vs_process']:.2f} of 2 procs)"
                                                      if "games_per_s_ray" in row else "") + f"  same rows: {row['same_rows']}")
    finally:
        if ray is not None:
            ray.shutdown()
    if args.json:
        print(json.dumps(out))
    elif ray_start is not None:
        print(f"local Ray start-up {ray_start:.1f} s (not counted)")


if __name__ == "__main__":
    main()
