"""The size of a ``POST /api/replay`` answer, against the answer as it was before a step's
observation left its log out (baseline: the same answer with every step's observation carrying the
whole log so far, built in the same process). One finished game of heuristic bots per row (seed
``--seed``); prints the record's size, the steps, both answers' sizes (``json.dumps``, MB), their
ratio and the seconds ``replay_steps`` took; ``--json`` prints one JSON object instead.

    PYTHONPATH=src python3 bench/lab/replay_size.py
"""
from __future__ import annotations

import argparse
import json
import time

ROWS = [("rare-roses", 4), ("roses-and-thorns", 6), ("rose-ceremony", 4), ("blades-and-rose", 8)]


def measure(game_name: str, players: int, seed: int) -> dict:
    """One row: ``{game, players, record_kB, steps, answer_MB, before_MB, ratio, seconds}``."""
    import roses
    from roses.agents import make_agent
    from roses.core import GameRecord
    from roses.server.replays import replay_steps
    from roses.sim.match import play_game

    game = roses.load(game_name, players=players)
    state = play_game(game, [make_agent("heuristic", game, k) for k in range(players)], seed=seed)
    record = GameRecord.from_state(state).to_json()
    t = time.perf_counter()
    out = replay_steps(record)
    seconds = time.perf_counter() - t
    now = len(json.dumps(out))
    lines: list = []
    for step in out["steps"]:  # the baseline: the log so far inside every step's observation
        lines += step["log"]
        step["observation"]["log"] = list(lines)
    before = len(json.dumps(out))
    return {"game": game_name, "players": players, "record_kB": round(len(json.dumps(record)) / 1e3, 1),
            "steps": len(out["steps"]), "answer_MB": round(now / 1e6, 3), "before_MB": round(before / 1e6, 3),
            "ratio": round(before / now, 2), "seconds": round(seconds, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = ap.parse_args()
    rows = [measure(g, n, args.seed) for g, n in ROWS]
    if args.json:
        print(json.dumps({"seed": args.seed, "rows": rows}))
        return
    for r in rows:
        print(f"{r['game']} {r['players']}p: record {r['record_kB']} kB, {r['steps']} steps, answer "
              f"{r['before_MB']} MB before -> {r['answer_MB']} MB now ({r['ratio']}x smaller), {r['seconds']} s")


if __name__ == "__main__":
    main()
