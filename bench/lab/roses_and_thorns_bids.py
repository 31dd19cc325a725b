"""Roses and Thorns: how often heuristic bots bid the whole table, and how often those challenges fail.

Issue 10 ("heuristic bots bid every card on the table twice and hit a thorn both times"). Plays
``--games`` games of ``--players`` heuristic bots, each move by a bot made afresh (as the server's
bot runner does), and counts the challenges, the failed ones, the challenges on a bid of every card
on the table and how many of those failed, and the challenges on a bid of at most a third of the
table. ``--before`` plays the bot before issue 10 (``BEFORE_10`` of ``roses_and_thorns_bots.py``).

    PYTHONPATH=src python bench/lab/roses_and_thorns_bids.py --players 4 --games 200 [--before]
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))


def count(players: int, games: int, before: bool, start: int = 0) -> dict:
    import roses
    from roses.agents import Turn
    from roses.games.roses_and_thorns.actions import Bid
    from roses.games.roses_and_thorns.bots import HeuristicAgent
    from roses_and_thorns_bots import BEFORE_10

    kw = BEFORE_10 if before else {}
    game = roses.load("roses-and-thorns", players=players)
    out = dict(challenges=0, failed=0, whole=0, whole_failed=0, low=0)
    for g in range(start, start + games):
        s = game.new_initial_state(g)
        pending, i = None, 0
        while True:
            o = s.observation(None)
            if pending and o.phase in ("lay-first", "over"):  # the challenge is settled
                c, markers, whole = pending
                ok = o.winner == c or o.seats[c].markers > markers
                out["failed"] += not ok
                out["whole_failed"] += whole and not ok
                pending = None
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply(s.sample_chance())
                continue
            seat = s.current_player()
            a = HeuristicAgent(game, 1000 * g + i, **kw).act(Turn.of(s))
            i += 1
            s.apply(a)
            after = s.observation(None)
            if o.phase in ("add", "bidding") and after.phase not in ("add", "bidding"):
                c, bid = (seat, a.count) if isinstance(a, Bid) else (o.high_bidder, o.high_bid)
                whole = bid == o.cards_on_table
                out["challenges"] += 1
                out["whole"] += whole
                out["low"] += 3 * bid <= o.cards_on_table
                pending = (c, o.seats[c].markers, whole)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--before", action="store_true")
    args = ap.parse_args()
    r = count(args.players, args.games, args.before)
    n = max(1, r["challenges"])
    print(f"{'before issue 10' if args.before else 'shipped'}, {args.players} players, {args.games} games: "
          f"{r['challenges']} challenges, {r['failed'] / n:.2f} failed; whole-table bids {r['whole']} "
          f"({r['whole'] / n:.2f} of challenges), {r['whole_failed']} failed "
          f"({r['whole_failed'] / max(1, r['whole']):.2f}); bids of at most a third of the table {r['low']}")


if __name__ == "__main__":
    main()
