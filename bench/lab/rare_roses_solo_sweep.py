"""Rare Roses solo: a planner bot's settings, paired over the same game seeds.

Usage: ``python3 bench/lab/rare_roses_solo_sweep.py --seed 1000 --games 2000 --bot heuristic "" "specialty_fill=0.7" "gamma_solo=0.95"``

Each argument after the options is one configuration, ``attr=value,...`` (attributes of the bot
object, e.g. ``specialty_weight``, ``specialty_fill``, ``gamma_solo``, ``push_margin_solo``; ``""``
is the bot as shipped). Every configuration plays the same games (game ``i``: seed ``SEED + i``
for the game and the bot), so most games are the same game and the difference to the first
configuration is measured far more tightly than either mean: it prints each configuration's mean
final money, its paired difference to the first with one standard error, the specialty bonus rate
(RR-4) and the specialty orders filled of those turned over (the shop's own rose). ``--jobs`` runs
games in that many processes.
"""
from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor


def _play(task: tuple[str, dict, int]) -> tuple[int, bool, int, int]:
    import roses
    from roses.agents import Turn, make_agent

    bot, settings, seed = task
    game = roses.load("rare-roses", players=1)
    agent = make_agent(bot, game, seed)
    for key, value in settings.items():
        setattr(agent, key, value)
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node() else agent.act(Turn.of(state)))
    obs = state.observation(0)
    shop = obs.shops[0]
    seen = sum(1 for c in obs.cards.values() if c.specialty == shop.specialty)
    return shop.money, shop.bonus_paid, seen, min(shop.specialty_filled, seen)


def _settings(text: str) -> dict:
    out = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        out[key] = float(value)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("configs", nargs="*", default=[""])
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    configs = a.configs or [""]
    first = None
    with ProcessPoolExecutor(a.jobs) as ex:
        for c in configs:
            res = list(ex.map(_play, [(a.bot, _settings(c), a.seed + i) for i in range(a.games)], chunksize=50))
            first = first or res
            money = [r[0] for r in res]
            diffs = [x[0] - y[0] for x, y in zip(res, first)]
            se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
            print(f"{a.bot} [{c or 'shipped'}]: mean ${statistics.fmean(money):.2f}  "
                  f"paired difference {statistics.fmean(diffs):+.2f} ± {se:.2f}  "
                  f"bonus {sum(r[1] for r in res) / len(res):.3f}  "
                  f"specialty orders filled {sum(r[3] for r in res)} of {sum(r[2] for r in res)}", flush=True)


if __name__ == "__main__":
    main()
