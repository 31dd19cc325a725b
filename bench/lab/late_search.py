"""Search only late in the game: `ismcts:hard` with a budget schedule (`ISMCTSAgent.budget`), one
seat among heuristics, paired as `bench/bot_pairs.py` (same game and bot seeds with the baseline
in that seat).

A candidate ``late@deck=D,share=S`` is `ismcts:hard` that plays its own seat's bot (the game's
``own_bot``, Rose Ceremony's `bold`) without a search while the deck holds more than ``D`` cards,
then searches ``S`` times its iterations (a late playout is short, so a late move costs about what
an early one did). Any other candidate is a bot or level name (``bold``, ``ismcts:hard``, settings
after ``@`` as in `bench/bot_pairs.py`). Rose Ceremony only (its observation's ``deck_size``).
Figures in docs/lab/rose-ceremony-bots.md ("Rose Ceremony: search only late in the game").

Example::

    python3 bench/lab/late_search.py --players 4 --games 600 --start 9000 --jobs 1 \\
        late@deck=8,share=4 late@deck=16,share=4 bold
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # bench/: bot_pairs.py
import bot_pairs  # noqa: E402  (the paired games and their figures)


def make(game, spec: str, seed: int):
    """A seat's bot from its spec (module level, so that worker processes can load it)."""
    name, _, extra = spec.partition("@")
    if name == "late":
        from roses.agents.levels import make_level_agent

        kw = bot_pairs.settings(extra)
        deck, share = kw.get("deck", 8), kw.get("share", 4.0)
        agent = make_level_agent(game, "hard", seed)
        agent.budget = lambda obs: 0.0 if obs.deck_size > deck else share
        return agent
    if name.startswith("ismcts:"):
        from roses.agents import make_agent

        return make_agent(spec, game, seed)
    return bot_pairs._bot(game, spec, seed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("candidates", nargs="+")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--start", type=int, default=9000)
    ap.add_argument("--baseline", default="heuristic")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for cand in args.candidates:
        t = time.time()
        r = bot_pairs.pair("rose-ceremony", args.players, args.games, args.start, cand, args.baseline,
                           args.jobs, make=make)
        r = {"candidate_bot": cand, **r, "seconds": round(time.time() - t)}
        if args.json:
            print(json.dumps(r), flush=True)
        else:
            lo, hi = r["ci"]
            print(f"{cand}: {r['players']} players, {r['games']} games: {r['candidate']:.3f} in its seat, "
                  f"{args.baseline} {r['baseline']:.3f} in the same seats, difference {r['diff']:+.3f} "
                  f"({lo:+.3f} to {hi:+.3f})  [{r['seconds']} s]", flush=True)


if __name__ == "__main__":
    main()
