"""The Rare Roses planner: the depth-first walk (``planner.walk_plan``, which the bots call through
the cache ``planner.best_plan``) against the exhaustive product it replaced
(``planner.exhaustive_plan``), both timed in this process on the same calls.

    python3 bench/rare_roses_planner.py [--games 4] [--seed 0] [--json]

1. Planner calls: every ``best_plan`` call of ``--games`` seeded games for each table below is
   recorded, then replayed through both planners, uncached (best of three passes each):
   microseconds a call and the ratio. Every replayed call must give the same plan (checked; a
   difference is an error).
2. Whole games: the same games played with the bots' planner as shipped and with the exhaustive
   one patched in: seconds a game and the ratio (the moves, and so the games, are identical).
"""
from __future__ import annotations

import argparse
import json
import time

from roses.agents import make_agent
from roses.core import load
from roses.games.rare_roses import bots, planner
from roses.sim.match import play_game

TABLES = (("heuristic", 4), ("trader", 4), ("heuristic", 1))


def _games(bot: str, players: int, games: int, seed: int) -> list[tuple[int, ...]]:
    game = load("rare-roses", players=players)
    out = []
    for g in range(seed, seed + games):
        st = play_game(game, [make_agent(bot, game, g * 10 + s) for s in range(players)], g)
        out.append(tuple(st.money))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = []
    shipped = bots.best_plan
    for bot, players in TABLES:
        calls: list[tuple] = []

        def record(*args):
            calls.append(args)
            return shipped(*args)
        bots.best_plan = record
        try:
            _games(bot, players, a.games, a.seed)
        finally:
            bots.best_plan = shipped
        per_call = {}
        for name, fn in (("exhaustive", planner.exhaustive_plan), ("walk", planner.walk_plan)):
            best = float("inf")
            for _ in range(3):
                t = time.perf_counter()
                for args in calls:
                    fn(*args)
                best = min(best, time.perf_counter() - t)
            per_call[name] = best / len(calls) * 1e6
        for args in calls:
            if planner.walk_plan(*args) != planner.exhaustive_plan(*args):
                raise SystemExit(f"the planners differ on {args}")
        per_game = {}
        money = {}
        for name, fn in (("exhaustive", planner.exhaustive_plan), ("walk", shipped)):
            bots.best_plan = fn
            try:
                t = time.perf_counter()
                money[name] = _games(bot, players, a.games, a.seed)
                per_game[name] = (time.perf_counter() - t) / a.games
            finally:
                bots.best_plan = shipped
        if money["walk"] != money["exhaustive"]:
            raise SystemExit(f"the games differ: {money}")
        rows.append({"bot": bot, "players": players, "games": a.games, "calls": len(calls),
                     "us_per_call_exhaustive": round(per_call["exhaustive"], 1),
                     "us_per_call_walk": round(per_call["walk"], 1),
                     "call_speedup": round(per_call["exhaustive"] / per_call["walk"], 2),
                     "s_per_game_exhaustive": round(per_game["exhaustive"], 3),
                     "s_per_game_walk": round(per_game["walk"], 3),
                     "game_speedup": round(per_game["exhaustive"] / per_game["walk"], 2)})
    if a.json:
        print(json.dumps(rows, indent=1))
        return
    print("| table | calls | µs a call: exhaustive → walk (×) | s a game: exhaustive → walk (×) |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r['bot']} × {r['players']} | {r['calls']} | {r['us_per_call_exhaustive']} → "
              f"{r['us_per_call_walk']} ({r['call_speedup']}×) | {r['s_per_game_exhaustive']} → "
              f"{r['s_per_game_walk']} ({r['game_speedup']}×) |")


if __name__ == "__main__":
    main()
