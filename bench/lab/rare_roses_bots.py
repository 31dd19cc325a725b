"""Rare Roses bot strength with several seats: orders filled and dollars per seat, and head-to-head.

Usage:
  ``python bench/lab/rare_roses_bots.py table --bots heuristic --players 3 --games 200 --seed 0``
      every seat plays ``--bots`` (one name, or one per seat, comma-separated); prints the mean
      dollars and orders filled per seat, orders trashed/lost and orders left in the queue.
  ``python bench/lab/rare_roses_bots.py h2h --bots heuristic,random --players 2 --games 200 --seed 0``
      the first bot in one seat (rotating), the second in every other seat; prints its wins,
      mean dollars and the mean margin over the best other seat.

Game ``i`` uses seed ``SEED + i``; the bot of seat ``s`` uses ``(SEED + i) * 10 + s``.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor


def _play(args):
    from roses.agents import make_agent
    from roses.core import load
    from roses.sim.match import play_game

    bots, players, seed = args
    game = load("rare-roses", players=players)
    agents = [make_agent(bots[s], game, seed * 10 + s) for s in range(players)]
    st = play_game(game, agents, seed)
    return (list(st.money), [len(f) for f in st.filled], len(st.discarded), st.returns(),
            sum(st.bonus_paid))


def table(bots, players, games, seed, jobs):
    if len(bots) == 1:
        bots = bots * players
    tasks = [(bots, players, seed + i) for i in range(games)]
    res = _run(tasks, jobs)
    money = [m for r in res for m in r[0]]
    filled = [f for r in res for f in r[1]]
    return {"bots": bots, "players": players, "games": games, "seed": seed,
            "mean_dollars_per_seat": round(statistics.fmean(money), 2),
            "mean_orders_filled_per_seat": round(statistics.fmean(filled), 2),
            "mean_orders_filled_per_game": round(statistics.fmean(sum(r[1]) for r in res), 2),
            "mean_orders_discarded_per_game": round(statistics.fmean(r[2] for r in res), 2),
            "bonuses_per_game": round(statistics.fmean(r[4] for r in res), 3)}


def h2h(bots, players, games, seed, jobs):
    a, b = bots[0], bots[1]
    tasks = []
    for i in range(games):
        seat = i % players
        tasks.append(([a if s == seat else b for s in range(players)], players, seed + i))
    res = _run(tasks, jobs)
    wins, money, margin, filled = 0.0, [], [], []
    for i, r in enumerate(res):
        seat = i % players
        wins += r[3][seat]
        money.append(r[0][seat])
        filled.append(r[1][seat])
        margin.append(r[0][seat] - max(r[0][s] for s in range(players) if s != seat))
    return {"bot": a, "against": b, "players": players, "games": games, "seed": seed,
            "wins": wins, "win_rate": round(wins / games, 3), "fair_share": round(1 / players, 3),
            "mean_dollars": round(statistics.fmean(money), 2),
            "mean_orders_filled": round(statistics.fmean(filled), 2),
            "mean_margin": round(statistics.fmean(margin), 2)}


def _run(tasks, jobs):
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            return list(ex.map(_play, tasks, chunksize=8))
    return [_play(t) for t in tasks]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("table", "h2h"))
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    bots = a.bots.split(",")
    t = time.time()
    out = (table if a.mode == "table" else h2h)(bots, a.players, a.games, a.seed, a.jobs)
    out["seconds"] = round(time.time() - t, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
