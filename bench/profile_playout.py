"""Where a random playout spends its time: cProfile of uniformly random games through the public
API loop, the top functions by own time as a share of the total.

    python3 bench/profile_playout.py roses-and-thorns 4 [GAMES]
"""
from __future__ import annotations

import cProfile
import io
import pstats
import random
import sys

import roses


def main(argv: list[str]) -> None:
    name, players = argv[0], int(argv[1])
    games = int(argv[2]) if len(argv) > 2 else 1500
    game = roses.load(name, players=players)

    def run() -> None:
        rng = random.Random(0)
        for g in range(games):
            s = game.new_initial_state(g)
            while not s.is_terminal():
                s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))

    profile = cProfile.Profile()
    profile.enable()
    run()
    profile.disable()
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("tottime").print_stats(10)
    print(f"{name}, {players} players, {games} games: {stats.total_tt:.2f} s")
    rows = [line for line in out.getvalue().splitlines()
            if line.strip()[:1].isdigit() and "function calls" not in line]
    for line in rows[:10]:
        parts = line.split(None, 5)
        print(f"  {float(parts[1]) / stats.total_tt * 100:5.1f}%  {parts[5]}")


if __name__ == "__main__":
    main(sys.argv[1:])
