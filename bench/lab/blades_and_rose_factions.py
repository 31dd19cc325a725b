"""Blades & Rose: the ``heuristic`` bot per faction against ``random``, faction against faction.

For each player count, plays the same games (game seeds ``start .. start+games-1``; seat ``s`` of game
``g`` uses bot seed ``1000*g + s``) with each faction played by every seat of it as ``heuristic``
(H) or ``random`` (R), and prints the White Rose Faction's win rate in the four pairings RR, HR, RH,
HH (White Rose Faction's bot first). A faction's bot is better than random when:

- White Rose Faction: HR > RR (against random Blood Blades) and HH > RH (against heuristic ones);
- Blood Blades: RH < RR (against random White Rose) and HH < HR (against heuristic White Rose).

Each seat's bot sees only its own observation; the faction is read from it (every seat knows its
own faction). The rules doc's bot table (docs/rules/blades-and-rose.md) comes from::

    python3 bench/lab/blades_and_rose_factions.py --games 500 --start 1000
"""
from __future__ import annotations

import argparse
import time

import roses
from roses.agents import RandomAgent, Turn
from roses.games.blades_and_rose.bots import HeuristicAgent
from roses.games.blades_and_rose.cards import BLOOD_BLADES_FACTION, WHITE_ROSE_FACTION
from roses.sim.match import play_game


class FactionAgent:
    """``heuristic`` or ``random`` by the seat's own faction: ``wr``/``bb`` are ``"h"`` or ``"r"``."""

    name = "faction"

    def __init__(self, game, seed: int, wr: str, bb: str, heuristic=HeuristicAgent):
        def pick(code):
            return heuristic(game, seed) if code == "h" else RandomAgent(game, seed)
        self.agents = {WHITE_ROSE_FACTION: pick(wr), BLOOD_BLADES_FACTION: pick(bb)}

    def act(self, turn: Turn):
        return self.agents[turn.observation.faction].act(turn)


def white_rose_rate(players: int, wr: str, bb: str, games: int, start: int = 0,
                    heuristic=HeuristicAgent) -> float:
    """The White Rose Faction's win rate over game seeds ``start .. start+games-1``."""
    game = roses.load("blades-and-rose", players=players)
    wins = 0
    for seed in range(start, start + games):
        agents = [FactionAgent(game, 1000 * seed + s, wr, bb, heuristic) for s in range(players)]
        wins += play_game(game, agents, seed).winner == WHITE_ROSE_FACTION
    return wins / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--start", type=int, default=1000)
    ap.add_argument("--players", type=str, default="5,6,7,8")
    args = ap.parse_args()
    t0 = time.time()
    print("players | WR wins RR | HR | RH | HH | WR vs random | WR vs heuristic | BB vs random | BB vs heuristic")
    for n in (int(x) for x in args.players.split(",")):
        r = {k: white_rose_rate(n, k[0], k[1], args.games, args.start) for k in ("rr", "hr", "rh", "hh")}
        print(f"{n} | {r['rr']:.3f} | {r['hr']:.3f} | {r['rh']:.3f} | {r['hh']:.3f} | "
              f"{r['hr'] - r['rr']:+.3f} | {r['hh'] - r['rh']:+.3f} | "
              f"{r['rr'] - r['rh']:+.3f} | {r['hr'] - r['hh']:+.3f}", flush=True)
    print(f"{time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
