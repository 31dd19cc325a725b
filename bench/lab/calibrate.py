"""The command line shared by the value calibrations (``calibrate_<game>_value.py``).

Each calibration plays heuristic games per player count in a process pool, gathers the positions
one game gives (``positions((players, i)) -> list``, game ``i`` seeded ``i``), fits its value's
weights to them (``fit(rows) -> (weights, mean log loss, uniform guess's log loss)``) and prints
each player count's weights as the value module's ``WEIGHTS`` wants them (``show(weights) -> str``),
or with ``--json`` everything as JSON.
"""
from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from typing import Callable


def run(description: str, positions: Callable, fit: Callable, show: Callable[[list[float]], str], *,
        players: str, noun: str) -> None:
    """Parse ``--players`` (default ``players``), ``--games``, ``--jobs`` and ``--json``, then
    calibrate (see the module docstring); ``noun`` names a position in the output
    (``round_starts``, ``turn_starts``)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--players", default=players)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = {}
    with ProcessPoolExecutor(args.jobs) as ex:
        for n in (int(p) for p in args.players.split(",")):
            rows = [r for game in ex.map(positions, [(n, i) for i in range(args.games)], chunksize=20)
                    for r in game]
            w, loss, uniform = fit(rows)
            out[n] = {noun: len(rows), "weights": w, "log_loss": loss, "uniform_log_loss": uniform}
            if not args.json:
                print(f"{n}: {show(w)},  # {len(rows)} {noun.replace('_', ' ')}, log loss {loss:.4f} "
                      f"(uniform {uniform:.4f})", flush=True)
    if args.json:
        print(json.dumps(out, indent=2))
