"""Fit the weights of Rose Ceremony's turn-start value (``games/rose_ceremony/value.py``).

Usage: ``python bench/lab/calibrate_rose_ceremony_value.py --players 2,3,4,5,6 --games 3000 [--jobs 2] [--json]``

Plays ``--games`` games of heuristic bots per player count (game ``i``: seed ``i``, bots seeded
``1000·i + seat``), records at every turn start the public facts the value reads
(``value.public_facts``: each seat's charm points and bouquet, the seat to move, the share of the
deck left) and the game's returns (a win shared at the deck's end counts its share, RC-5), and
fits the conditional logit of ``value.py`` by maximum likelihood (scipy's L-BFGS on the
cross-entropy with the returns). Prints per player count the weights as ``WEIGHTS`` wants them,
the mean log loss per turn start and the uniform guess's (log of the seats).
"""
from __future__ import annotations

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calibrate import run  # noqa: E402  (the shared command line)


def turn_starts(args: tuple[int, int]) -> list[tuple[tuple, list[float]]]:
    """One heuristic game: ``[(public facts, returns)]``, one entry per turn start (a date about
    to be offered)."""
    from roses.agents import make_agent
    from roses.core import load
    from roses.games.rose_ceremony.value import progress, public_facts
    from roses.sim.match import play_game

    players, i = args
    game = load("rose-ceremony", players=players)
    starts: list = []
    seen = set()

    def on_step(state, seat, action):
        key = (state.turn_player, progress(state))  # one entry a turn: the cards drawn count turns
        if state.phase == "offer" and key not in seen:
            seen.add(key)
            starts.append(public_facts(state))

    agents = [make_agent("heuristic", game, 1000 * i + s) for s in range(players)]
    returns = list(play_game(game, agents, i, on_step=on_step).returns())
    return [(facts, returns) for facts in starts]


def fit(rows) -> tuple[list[float], float, float]:
    """(weights, mean log loss, uniform log loss) of the conditional logit over ``rows``."""
    import numpy as np
    from scipy.optimize import minimize

    from roses.games.rose_ceremony.value import features

    x = np.array([features(*facts) for facts, _ in rows])  # (N, n, F)
    y = np.array([ret for _, ret in rows])  # (N, n), rows sum to 1

    def loss(b):
        u = x @ b
        u -= u.max(axis=1, keepdims=True)
        logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
        return -(y * logp).sum() / len(x), ((np.exp(logp) - y)[:, :, None] * x).sum(axis=(0, 1)) / len(x)

    res = minimize(loss, np.zeros(x.shape[2]), jac=True, method="L-BFGS-B")
    return [round(float(v), 3) for v in res.x], float(res.fun), math.log(x.shape[1])


def main() -> None:
    run(__doc__.splitlines()[0], turn_starts, fit, lambda w: str(tuple(w)), players="2,3,4,5,6",
        noun="turn_starts")


if __name__ == "__main__":
    main()
