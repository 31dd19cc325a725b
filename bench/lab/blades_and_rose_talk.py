"""Blades & Rose: what table talk changes between heuristic bots (issue 14).

Plays the same games (game seeds ``start .. start+games-1``; seat ``s`` of game ``g`` uses bot
seed ``10*g + s``) twice with every seat the ``heuristic`` bot: once without talk, once with it
(``play_game(..., talk=[])``: each bot may make a statement before it moves and hears all the
talk). Prints the White Rose Faction's win rate each way with its standard error, and the
statements made by faction and kind. The rules doc's figures come from::

    python3 bench/lab/blades_and_rose_talk.py --games 300 --players 5
"""
from __future__ import annotations

import argparse
import json
import math
from collections import Counter

import roses
from roses.games.blades_and_rose.bots import HeuristicAgent
from roses.games.blades_and_rose.cards import BLADES
from roses.sim.match import play_game


def run(players: int, games: int, start: int, talk: bool) -> dict:
    game = roses.load("blades-and-rose", players=players)
    wins, said = 0, Counter()
    for g in range(start, start + games):
        heard = [] if talk else None
        state = play_game(game, [HeuristicAgent(game, 10 * g + s) for s in range(players)], g, talk=heard)
        roles = [state.observation(s).role for s in range(players)]
        white = next(s for s in range(players) if roles[s] not in BLADES)
        wins += state.returns()[white] > 0
        for t in heard or ():
            said[f"{'blood' if roles[t.seat] in BLADES else 'white'} {t.kind}"] += 1
    p = wins / games
    return {"talk": talk, "white_rose_rate": p, "stderr": math.sqrt(p * (1 - p) / games),
            "statements": dict(sorted(said.items()))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    out = [run(a.players, a.games, a.start, talk) for talk in (False, True)]
    if a.json:
        print(json.dumps({"players": a.players, "games": a.games, "runs": out}))
        return
    for r in out:
        print(f"{'with talk   ' if r['talk'] else 'without talk'}: White Rose Faction wins "
              f"{100 * r['white_rose_rate']:.1f} % ± {100 * r['stderr']:.1f}  {r['statements']}")


if __name__ == "__main__":
    main()
