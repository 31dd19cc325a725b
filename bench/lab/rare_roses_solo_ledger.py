"""Rare Roses solo: where a bot's money comes from and which orders it loses ("The Lone Florist").

Plays solo games of the shipped deck (game ``i``: seed ``START + i`` for the game and the bot)
and keeps, per game, the seat's ledger:

- **money**: the $20 it starts with, plus what filled orders paid (Match or Fill), plus the
  specialty bonus (RR-4, $50 at the 4th order of the shop's rose), less what tiles from the market
  cost and what pushes cost (RR-5: $1, $3, $5 for the 4th, 5th, 6th draw of a turn). The script
  checks that these add up to the final money, game by game, and stops if they do not.
- **orders**: the order cards turned over, and of them those Matched, Filled and lost (advanced
  out of the queue, RR-10, or left at the end).
- **tiles**: tiles bought, tiles used in filled orders, and the tiles the turned-over orders asked
  for in all.
- **lost orders, by what the shop could reach on the order's last turn** (the purchase phase of
  the last turn it was in the queue, before any purchase): a rose type the market and the shop
  together did not hold enough of ("short of a rose"); held by type but not at the maturity a
  Match needs ("Fill only"); or enough for a Match, lost to the other orders of the queue, the
  six tiles a turn or the money ("Match in reach"). Apart from these, the lost orders still in the
  queue when the game ended (RR-9: solo, it ends with the turn that draws the last order card).

It reads only the seat's own observation (solo: all of it public to the seat). Prints means a game
over the seeds (``--json``: one object), reported, never asserted.

    python3 bench/lab/rare_roses_solo_ledger.py --start 0 --games 1000 --jobs 2
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

START_MONEY = 20


def _reach(order, market: dict, shop) -> str:
    """How ``order`` stood against the market and ``shop`` before a purchase: ``"short"``,
    ``"fill"`` or ``"match"`` (see the module docstring)."""
    need = Counter(r for r, _ in order.roses)
    if any(n > market[r] + shop.bud[r] + shop.fresh[r] + shop.mature[r] for r, n in need.items()):
        return "short"
    buds = Counter(r for r, m in order.roses if m == "bud")
    blooms = Counter(r for r, m in order.roses if m == "bloom")
    if (all(n <= market[r] + shop.bud[r] for r, n in buds.items())
            and all(n <= shop.fresh[r] + shop.mature[r] for r, n in blooms.items())):
        return "match"
    return "fill"


def play(task: tuple[str, int]) -> dict:
    """One solo game of ``bot`` (a ``roses.agents.make_agent`` name) at ``seed``: its ledger."""
    import roses
    from roses.agents import Turn, make_agent

    bot, seed = task
    game = roses.load("rare-roses", players=1)
    agent = make_agent(bot, game, seed)
    state = game.new_initial_state(seed)
    spend = Counter()      # dollars by what paid or cost them
    kind: dict[int, str] = {}
    last_reach: dict[int, str] = {}
    reached_turn = None
    bought = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        obs = state.observation(0)
        shop = obs.shops[0]
        if obs.phase == "purchase" and obs.received == 0 and reached_turn != obs.deck_size:
            reached_turn = obs.deck_size  # one order card is turned over a turn: a turn's key
            for o in obs.queue:
                if o is not None:
                    last_reach[o.id] = _reach(o, obs.market, shop)
        action = agent.act(Turn.of(state))
        text = str(action)
        before = shop.money
        state.apply(action)
        delta = state.observation(0).shops[0].money - before
        word = text.split()[0]
        if word == "buy":
            bought += 1
            spend["tiles"] -= delta
        elif word == "push":
            spend["pushes"] -= delta
        elif delta:
            spend["orders and bonus"] += delta
        if word == "fill":
            kind[int(text.split()[1])] = text.split()[2]
    obs = state.observation(0)
    shop = obs.shops[0]
    cards = obs.cards
    bonus = 50 * bool(shop.bonus_paid)
    ledger = {
        "money": shop.money,
        "orders paid": spend["orders and bonus"] - bonus,
        "bonus": bonus,
        "tiles cost": spend["tiles"],
        "pushes cost": spend["pushes"],
        "orders": len(cards),
        "matched": sum(1 for k in kind.values() if k == "match"),
        "filled": sum(1 for k in kind.values() if k == "fill"),
        "lost": len(cards) - len(kind),
        "tiles bought": bought,
        "tiles used": sum(len(cards[i].roses) for i in kind),
        "tiles asked": sum(len(c.roses) for c in cards.values()),
        "lost: short of a rose": 0, "lost: Fill only": 0, "lost: Match in reach": 0,
        "lost: in the queue at the end": sum(1 for o in obs.queue if o is not None and o.id not in kind),
    }
    names = {"short": "lost: short of a rose", "fill": "lost: Fill only", "match": "lost: Match in reach"}
    for i in cards:
        if i not in kind and i in last_reach:
            ledger[names[last_reach[i]]] += 1
    books = START_MONEY + ledger["orders paid"] + bonus - ledger["tiles cost"] - ledger["pushes cost"]
    if books != shop.money:
        raise SystemExit(f"seed {seed}: the ledger does not add up (${books} against ${shop.money})")
    return ledger


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    t0 = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as ex:
        games = list(ex.map(play, [(a.bot, a.start + i) for i in range(a.games)], chunksize=25))
    means = {k: statistics.fmean(g[k] for g in games) for k in games[0]}
    out = {"bot": a.bot, "start": a.start, "games": a.games, "seconds": round(time.perf_counter() - t0, 1),
           "money_sd": statistics.stdev(g["money"] for g in games) if len(games) > 1 else 0.0,
           "bonus_rate": sum(1 for g in games if g["bonus"]) / len(games), "means": means}
    if a.json:
        json.dump(out, sys.stdout)
        print()
        return
    print(f"{a.bot}, seeds {a.start}-{a.start + a.games - 1} ({out['seconds']} s): means a game")
    for k, v in means.items():
        print(f"  {k:<30} {v:8.2f}")
    print(f"  specialty bonus paid in {out['bonus_rate']:.3f} of the games")


if __name__ == "__main__":
    main()
