"""Rare Roses: one bot's seat against a table of another, with its deal drafts counted.

A search level with random playouts (``ismcts:easy``, ``medium``) drafted deals and dropped them
("seat 0 drops the deal with seat 1"): searching the draft one step a decision, it cannot tell a
step that leads to a deal from one that does not. Plays ``--games`` games at ``--players`` seats,
seats rotated (game ``g``, seed ``START + g``, seats the candidate at ``g mod players`` and
``--others`` elsewhere, bot seeds ``1000·g + seat``), and prints the candidate's wins (a shared win
counts its share) with a 95% Wilson interval, its mean money, and the drafts (``deal SEAT``),
drops (``cancel deal``) and proposals of the candidate and of the other seats.

    PYTHONPATH=src python3 bench/lab/rare_roses_drafts.py ismcts:easy --players 3 --games 100
"""
from __future__ import annotations

import argparse
import time
from collections import Counter

from roses.sim.batch import wilson


def measure(candidate: str, others: str, players: int, games: int, start: int) -> tuple[float, float, Counter]:
    """``(wins, mean money, counts)`` of the candidate's seat; ``counts[(who, word)]``: ``who``
    ``"candidate"`` or ``"others"``, ``word`` ``"drafts"``, ``"drops"`` or ``"proposals"``."""
    import roses
    from roses.agents import make_agent
    from roses.games.rare_roses.actions import CancelDeal, DealWith, Propose
    from roses.sim.match import play_game

    game = roses.load("rare-roses", players=players)
    won = money = 0.0
    counts: Counter = Counter()
    for g in range(games):
        m = g % players
        names = [candidate if s == m else others for s in range(players)]

        def count(state, seat, a, m=m):
            if seat < 0:  # a chance outcome
                return
            who = "candidate" if seat == m else "others"
            for word, kind in (("drafts", DealWith), ("drops", CancelDeal), ("proposals", Propose)):
                counts[who, word] += isinstance(a, kind)
        state = play_game(game, [make_agent(n, game, 1000 * g + s) for s, n in enumerate(names)], start + g,
                          on_step=count)
        won += state.returns()[m]
        money += state.scores()[m]
    return won, money / games, counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("candidate", help="the bot of one seat, e.g. ismcts:easy")
    ap.add_argument("--others", default="heuristic", help="the bot of every other seat")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--start", type=int, default=0, help="seed of the first game")
    args = ap.parse_args()
    t = time.perf_counter()
    won, money, c = measure(args.candidate, args.others, args.players, args.games, args.start)
    lo, hi = wilson(won, args.games)  # the one interval of every report (roses.sim.batch)
    print(f"{args.candidate} against {args.players - 1} × {args.others}, {args.games} games from seed "
          f"{args.start}: win rate {won / args.games:.3f} ({lo:.3f}–{hi:.3f}), mean money ${money:.1f}")
    for who in ("candidate", "others"):
        print(f"  {who}: {c[who, 'drafts']} drafts, {c[who, 'drops']} drops, {c[who, 'proposals']} proposals")
    print(f"  {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
