"""Roses and Thorns: a variant of the ``heuristic`` bot head-to-head against the shipped one.

For each player count, game ``g`` (seed ``START + g``) seats the candidate in seat ``g % players``
and the baseline in every other seat; the same games are then played with the baseline in that
seat too (a paired control: same game seeds, same bot seeds ``1000 * (START + g) + seat``). It
prints the candidate's win rate in its seat, the baseline's in the same seats (≈ 1/players), the
difference with a 95% interval from the paired games, and chance.

Candidates (``--candidate``, baseline ``--baseline``), all ``HeuristicAgent`` settings:

- ``shipped``: the defaults (the thorn evidence ``thorn_held``, a bid taken as a claim that the
  bidder's top cards are roses with trust 0.8, and the issue-10 changes: the laid card more often
  the thorn than a card in hand, raises under pressure from a likely rival challenge, the whole
  table only at 0.4);
- ``before-issue-10``: the shipped bot before 2026-12-01 (the issue-10 settings off);
- ``thorn-evidence``: the thorn evidence only (``bid_trust`` 0, issue-10 settings off);
- ``bids-half``: the thorn evidence and bids trusted at 0.5 (issue-10 settings off);
- ``no-evidence``: the bot before 2026-11-29 (an even chance that a seat which lost a card kept
  its thorn; bids ignored);
- ``bold``: the ``bold`` bot (``bots.BOLD``: thorn laid at 0.4, bids at 0.3), ``ismcts:hard``'s
  own seat;
- ``bid-everything`` (a candidate only, not a ``HeuristicAgent``): ``bots.BidEverythingAgent``,
  lays roses and bids every card on the table at once, the exploit a bot laying its thorn rarely
  invites.

The figures in docs/rules/roses-and-thorns.md ("Bots") come from::

    python3 bench/lab/roses_and_thorns_bots.py --games 400 --players 3,4,6 --start 0 \
        --candidate thorn-evidence --baseline no-evidence
    python3 bench/lab/roses_and_thorns_bots.py --games 400 --players 3,4,6 --start 0 \
        --candidate before-issue-10 --baseline thorn-evidence
    python3 bench/lab/roses_and_thorns_bots.py --games 400 --players 3,4,6 --start 0 \
        --candidate shipped --baseline before-issue-10
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # bench/: bot_pairs.py
from bot_pairs import pair  # noqa: E402

from roses.games.roses_and_thorns.bots import BOLD, BidEverythingAgent, HeuristicAgent

#: The issue-10 settings off: the bot as shipped before 2026-12-01 (same RNG stream, same moves).
BEFORE_10 = {"bid_confidence": 0.5, "lay_thorn": None, "rival_weight": 0.0, "table_floor": None}

VARIANTS = {
    "shipped": {},
    "before-issue-10": BEFORE_10,
    "thorn-evidence": {**BEFORE_10, "bid_trust": 0.0},
    "no-evidence": {**BEFORE_10, "thorn_evidence": False, "bid_trust": 0.0},
    "bids-half": {**BEFORE_10, "bid_trust": 0.5},
    "bold": BOLD,
    "bid-everything": None,
}


def variant(game, name: str, seed: int):
    """The bot of a variant name (``VARIANTS``) for a seat, seeded ``seed``."""
    settings = VARIANTS[name]
    return BidEverythingAgent() if settings is None else HeuristicAgent(game, seed, **settings)


def head_to_head(players: int, games: int, start: int, candidate: str, baseline: str, jobs: int) -> dict:
    return pair("roses-and-thorns", players, games, start, candidate, baseline, jobs, make=variant)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--players", type=str, default="3,4,6")
    ap.add_argument("--candidate", choices=sorted(VARIANTS), default="shipped")
    ap.add_argument("--baseline", choices=sorted(n for n in VARIANTS if VARIANTS[n] is not None),
                    default="no-evidence")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    print(f"candidate {args.candidate} in one seat, baseline {args.baseline} elsewhere; "
          f"paired control: baseline in that seat")
    print("players | games | candidate wins | baseline wins (same seats) | difference (95% CI) | chance")
    for n in (int(x) for x in args.players.split(",")):
        t0 = time.time()
        r = head_to_head(n, args.games, args.start, args.candidate, args.baseline, args.jobs)
        print(f"{n} | {r['games']} | {r['candidate']:.3f} | {r['baseline']:.3f} | "
              f"{r['diff']:+.3f} ({r['ci'][0]:+.3f} to {r['ci'][1]:+.3f}) | {r['chance']:.3f}"
              f"   [{time.time() - t0:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
