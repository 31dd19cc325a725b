"""Roses and Thorns: search and check the settings of ``ismcts:hard``'s own seat (``bots.OWN``).

Two commands, both on ``HeuristicAgent`` settings given as JSON (``{"thorn_rate": 0.4, ...}``):

``search``: a coordinate search for the best reply to three heuristics. From ``--from`` it tries,
one setting at a time, each value of :data:`GRID`, plays one seat with the trial settings among
``--players - 1`` heuristics in ``--games`` games (game seed ``START + g``, the seat ``g mod
players``, bot seeds ``1000 * seed + seat`` as ``bench/bot_pairs.py``) and keeps a value that wins
more than ``--keep`` above the best so far; ``--rounds`` passes over the grid::

    python3 bench/lab/roses_and_thorns_own_seat.py search --players 4 --start 30000 --games 3000 \\
        --from '{"thorn_rate": 0.4, "bid_confidence": 0.3, "samples": 96}'

``check``: what a setting does at a table, on fresh seeds: alone among heuristics (next to ``bold``
with 96 worlds, hard's own seat before, in the same games), an always-bid-everything player
against three of it (the exploit a rarely laid thorn invites), and a heuristic seat (a steady
player) against three of it::

    python3 bench/lab/roses_and_thorns_own_seat.py check --players 4 --start 50000 --games 2000 \\
        --settings '{"thorn_rate": 0.4, "bid_confidence": 0.3, "samples": 96, "bid_trust": 0.95, "open_rate": 0.6, "jump": false}'

Figures in docs/lab/roses-and-thorns-bots.md, "Roses and Thorns: a sharper own seat".
"""
from __future__ import annotations

import argparse
import json
import time

import roses
from roses.games.roses_and_thorns.bots import BOLD, BidEverythingAgent, HeuristicAgent
from roses.sim.match import play_game

#: The values tried for each setting (its current value is skipped).
GRID = {
    "thorn_rate": [0.3, 0.5],
    "bid_confidence": [0.25, 0.35],
    "raise_floor": [0.2, 0.4],
    "block_floor": [0.08, 0.25],
    "table_floor": [0.3, 0.5],
    "rival_weight": [0.1, 0.5],
    "bid_trust": [0.6, 0.95],
    "lay_thorn": [0.35, 0.65],
    "open_rate": [0.6],
    "min_open": [2],
    "jump": [False],
}
BOLD96 = {**BOLD, "samples": 96}


def share(players: int, start: int, games: int, seat, table) -> float:
    """Mean return of the seat built by ``seat(game, seed)`` (seat ``g mod players`` of game ``g``)
    against ``table(game, seed)`` in every other seat, over game seeds ``start … start+games-1``."""
    game = roses.load("roses-and-thorns", players=players)
    wins = 0.0
    for seed in range(start, start + games):
        m = seed % players
        agents = [(seat if s == m else table)(game, 1000 * seed + s) for s in range(players)]
        wins += play_game(game, agents, seed).returns()[m]
    return wins / games


def with_settings(settings: dict):
    return lambda game, seed: HeuristicAgent(game, seed, **settings)


def search(a) -> None:
    best_cfg = json.loads(a.from_)
    best = share(a.players, a.start, a.games, with_settings(best_cfg), HeuristicAgent)
    print("start", json.dumps(best_cfg), round(best, 4), flush=True)
    for rnd in range(a.rounds):
        for key, values in GRID.items():
            for v in values:
                if best_cfg.get(key) == v:
                    continue
                cfg = {**best_cfg, key: v}
                t = time.time()
                s = share(a.players, a.start, a.games, with_settings(cfg), HeuristicAgent)
                print(rnd, key, v, round(s, 4), "best", round(best, 4), f"[{time.time() - t:.0f} s]", flush=True)
                if s > best + a.keep:
                    best, best_cfg = s, cfg
                    print("  kept:", json.dumps(best_cfg), flush=True)
    print("final", json.dumps(best_cfg), round(best, 4))


def check(a) -> None:
    cfg = json.loads(a.settings)
    rows = []
    for n in (int(x) for x in a.players.split(",")):
        row = {"players": n, "games": a.games, "start": a.start,
               "alone": share(n, a.start, a.games, with_settings(cfg), HeuristicAgent),
               "bold96_alone": share(n, a.start, a.games, with_settings(BOLD96), HeuristicAgent)}
        if a.tables:
            row["bid_everything_against"] = share(n, a.start, a.games, BidEverythingAgent, with_settings(cfg))
            row["bid_everything_against_bold96"] = share(n, a.start, a.games, BidEverythingAgent, with_settings(BOLD96))
            row["heuristic_against"] = share(n, a.start, a.games, HeuristicAgent, with_settings(cfg))
            row["heuristic_against_bold96"] = share(n, a.start, a.games, HeuristicAgent, with_settings(BOLD96))
        rows.append({k: round(v, 4) if isinstance(v, float) else v for k, v in row.items()})
        print(json.dumps(rows[-1]) if a.json else
              " ".join(f"{k} {v}" for k, v in rows[-1].items()), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("search")
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--start", type=int, default=30000)
    s.add_argument("--games", type=int, default=3000)
    s.add_argument("--from", dest="from_", default=json.dumps(BOLD96))
    s.add_argument("--rounds", type=int, default=2)
    s.add_argument("--keep", type=float, default=0.008, help="least gain in win rate to keep a value")
    c = sub.add_parser("check")
    c.add_argument("--players", default="4", help="player counts, comma-separated")
    c.add_argument("--start", type=int, default=50000)
    c.add_argument("--games", type=int, default=2000)
    c.add_argument("--settings", required=True)
    c.add_argument("--no-tables", dest="tables", action="store_false",
                   help="only the seat alone among heuristics (no bid-everything or steady seat)")
    c.add_argument("--json", action="store_true")
    a = ap.parse_args()
    search(a) if a.command == "search" else check(a)


if __name__ == "__main__":
    main()
