"""Fit the weights of Rose Ceremony's turn-start value (``games/rose_ceremony/value.py``).

Usage: ``python bench/calibrate_rose_ceremony_value.py --players 2,3,4,5,6 --games 3000 [--jobs 2] [--json]``

Plays ``--games`` games of heuristic bots per player count (game ``i``: seed ``i``, bots seeded
``1000·i + seat``), records at every turn start the public facts of each seat (charm points, the
roses and thorns of its bouquet, its place after the seat to move, the cards left in the deck:
the spectator's observation) and the game's returns (a win shared at the deck's end counts its
share, RC-5), and fits the conditional logit of ``value.py`` by maximum likelihood (scipy's
L-BFGS on the cross-entropy with the returns). Prints per player count the weights as ``WEIGHTS``
wants them, the mean log loss per turn start and the uniform guess's (log of the seats).
"""
from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor


def turn_starts(args: tuple[int, int]) -> list[tuple[list[tuple[int, int, int]], int, float, list[float]]]:
    """One heuristic game: ``[(seats [(points, roses, thorns)], turn player, deck fraction left,
    returns)]``, one entry per turn start (a date about to be offered)."""
    from roses.agents import make_agent
    from roses.core import load
    from roses.sim.match import play_game

    players, i = args
    game = load("rose-ceremony", players=players)
    starts: list = []
    seen = set()

    def on_step(state, seat, action):
        obs = state.observation(None)
        if obs.phase == "offer" and (obs.deck_size, obs.turn_player) not in seen:
            seen.add((obs.deck_size, obs.turn_player))
            full = sum(int(row[2]) for row in game.params["deck"]) - 4 * players
            seats = list(zip(obs.points, obs.bouquet_roses, obs.bouquet_thorns))
            starts.append((seats, obs.turn_player, obs.deck_size / full))

    agents = [make_agent("heuristic", game, 1000 * i + s) for s in range(players)]
    final = play_game(game, agents, i, on_step=on_step)
    returns = list(final.returns())
    return [(seats, turn, left, returns) for seats, turn, left in starts]


def main() -> None:
    import numpy as np
    from scipy.optimize import minimize

    from roses.games.rose_ceremony.value import features

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = {}
    with ProcessPoolExecutor(args.jobs) as ex:
        for n in (int(p) for p in args.players.split(",")):
            rows = [r for game in ex.map(turn_starts, [(n, i) for i in range(args.games)], chunksize=20)
                    for r in game]
            x = np.array([features(seats, turn, left) for seats, turn, left, _ in rows])  # (N, n, F)
            y = np.array([ret for *_, ret in rows])  # (N, n), rows sum to 1

            def loss(b):
                u = x @ b
                u -= u.max(axis=1, keepdims=True)
                logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
                p = np.exp(logp)
                return -(y * logp).sum() / len(x), ((p - y)[:, :, None] * x).sum(axis=(0, 1)) / len(x)

            res = minimize(loss, np.zeros(x.shape[2]), jac=True, method="L-BFGS-B")
            weights = [round(float(v), 3) for v in res.x]
            out[n] = {"weights": weights, "turn_starts": len(rows), "log_loss": round(float(res.fun), 4),
                      "uniform": round(math.log(n), 4)}
            if not args.json:
                print(f"{n}: {tuple(weights)},  # {len(rows):,} turn starts, log loss {res.fun:.3f} "
                      f"(uniform {math.log(n):.3f})", flush=True)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
