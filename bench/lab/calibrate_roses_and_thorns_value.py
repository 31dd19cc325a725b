"""Fit the weights of Roses and Thorns' round-start value (``games/roses_and_thorns/value.py``).

Usage: ``python bench/lab/calibrate_roses_and_thorns_value.py --players 3,4,5,6 --games 3000 [--jobs 2] [--json]``

Plays ``--games`` games of heuristic bots per player count (game ``i``: seed ``i``, bots seeded
``1000·i + seat``), records at every round start the public facts of each seat (in the game or
not, markers, cards, the start player: the spectator's observation) and the game's winner, and
fits the conditional logit of ``value.py`` by maximum likelihood (scipy's BFGS). Prints per player
count the weights as ``WEIGHTS`` wants them, the mean log loss per round start and the uniform
guess's (log of the seats in the game) for comparison.
"""
from __future__ import annotations

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calibrate import run  # noqa: E402  (the shared command line)


def round_starts(args: tuple[int, int]) -> list[tuple[list[tuple[bool, int, int]], int, int]]:
    """One heuristic game: ``[(seats [(in game, markers, cards)], start player, winner)]``, one
    entry per round start."""
    from roses.agents import make_agent
    from roses.core import load
    from roses.sim.match import play_game

    players, i = args
    game = load("roses-and-thorns", players=players)
    starts: list = []
    seen = set()

    def on_step(state, seat, action):
        obs = state.observation(None)
        if obs.phase == "lay-first" and obs.round not in seen:
            seen.add(obs.round)
            starts.append(([(v.in_game, v.markers, v.cards) for v in obs.seats], obs.start_player))

    agents = [make_agent("heuristic", game, 1000 * i + s) for s in range(players)]
    final = play_game(game, agents, i, on_step=on_step)
    winner = max(range(players), key=lambda s: final.returns()[s])
    return [(seats, start, winner) for seats, start in starts]


def features(seats, start) -> list[list[float]]:
    """Per seat: [marker, 2 cards, 3 cards, 4 cards, starts] (1 card is the baseline)."""
    return [[float(m >= 1), float(c == 2), float(c == 3), float(c >= 4), float(k == start)]
            for k, (_, m, c) in enumerate(seats)]


def fit(rows) -> tuple[list[float], float, float]:
    """(weights, mean log loss, uniform log loss) of the conditional logit over ``rows``."""
    import numpy as np
    from scipy.optimize import minimize

    data = [(np.array(features(seats, start)), np.array([s[0] for s in seats]), w) for seats, start, w in rows]

    def nll(b):
        total = 0.0
        for x, alive, w in data:
            u = np.where(alive, x @ b, -np.inf)
            top = u.max()
            total -= u[w] - top - math.log(np.exp(u - top).sum())
        return total / len(data)

    res = minimize(nll, np.zeros(5), method="BFGS")
    uniform = sum(math.log(alive.sum()) for _, alive, _ in data) / len(data)
    return [float(v) for v in res.x], float(res.fun), uniform


def main() -> None:
    run(__doc__.splitlines()[0], round_starts, fit,
        lambda w: f"({w[0]:.3f}, (0.0, {w[1]:.3f}, {w[2]:.3f}, {w[3]:.3f}), {w[4]:.3f})",
        players="3,4,5,6", noun="round_starts")


if __name__ == "__main__":
    main()
