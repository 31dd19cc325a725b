"""Solo calibration of Rare Roses (RR-3): final money of a bot over many solo games.

Usage: ``python bench/lab/calibrate_rare_roses.py --bot search --games 1000 --seed 2026 [--jobs 2] [--deck PATH]``

Game ``i`` uses seed ``SEED + i`` for the game and for the bot. Prints the mean, standard deviation,
quartiles and the share of games at $90+ ("good") and over $120 ("great"), the rulebook's yardstick
for 20 order cards ("The Lone Florist"); ``--json`` prints the same as JSON.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def _play(args: tuple[str, int, str | None]) -> tuple[int, int, bool]:
    from roses.agents import make_agent
    from roses.core import load
    from roses.sim.match import play_game

    bot, seed, deck = args
    game = load("rare-roses", players=1, **({"order_deck": Path(deck)} if deck else {}))
    state = play_game(game, [make_agent(bot, game, seed)], seed)
    return state.money[0], len(state.filled[0]), bool(state.bonus_paid[0])


def calibrate(bot: str, games: int, seed: int, jobs: int = 2, deck: str | None = None) -> dict:
    tasks = [(bot, seed + i, deck) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            results = list(ex.map(_play, tasks, chunksize=16))
    else:
        results = [_play(t) for t in tasks]
    money = [m for m, _, _ in results]
    filled = [f for _, f, _ in results]
    q = statistics.quantiles(money, n=4)
    return {
        "bot": bot, "games": games, "seed": seed, "deck": deck or "shipped",
        "mean": round(statistics.fmean(money), 2), "stdev": round(statistics.pstdev(money), 2),
        "min": min(money), "q1": q[0], "median": q[1], "q3": q[2], "max": max(money),
        "good_90_plus": round(sum(m >= 90 for m in money) / games, 3),
        "great_over_120": round(sum(m > 120 for m in money) / games, 3),
        "orders_filled_mean": round(statistics.fmean(filled), 2),
        "specialty_bonus_rate": round(sum(b for _, _, b in results) / games, 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description="Solo calibration of Rare Roses")
    ap.add_argument("--bot", default="search")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--deck", default=None, help="order deck JSON file (default: the shipped deck)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    t = time.time()
    out = calibrate(a.bot, a.games, a.seed, a.jobs, a.deck)
    out["seconds"] = round(time.time() - t, 1)
    if a.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:>18}: {v}")


if __name__ == "__main__":
    main()
