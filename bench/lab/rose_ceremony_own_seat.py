"""Rose Ceremony: variants of ``bold`` as ``ismcts:hard``'s own seat, each paired against ``bold``.

One seat among three heuristics at 4 players (``--players``): game ``g`` (seed ``START + g``) seats
the variant at seat ``g mod players`` and heuristics elsewhere (bot seeds ``1000 * seed + seat``,
as ``bench/bot_pairs.py``); the same game is played again with ``bold`` in that seat. It prints one
JSON line: the variant's mean return in its seat, ``bold``'s in the same seats, and the paired
difference with a 95% interval. A variant is ``bold`` with any of (``key=value,...``):

- ``respond=1``: answers a face-down offer (RC-3) by the chance of each card given that the offerer
  chose *this* seat, worked out by dealing the offerer ``samples`` hands from the unseen cards and
  asking the heuristic's offer rule which card and receiver it would pick with each (instead of
  ``bold``'s mean over the unseen cards tilted by ``suspicion``).
- ``offer=1``: on its date, a receiver's chance of accepting is the share of ``samples`` dealt
  hands with which the heuristic's answer rule accepts (instead of ``read`` or ``1 - read``).
- ``heuristic_model=1``: predicts a receiver's answer with the heuristic's settings, as the other
  seats play, instead of its own (``bold``'s ``growth`` 0.25), held with confidence ``read``.
- ``horizon=1``: a bouquet whose owner has no turn left before the deck's end (RC-5) is worth
  nothing, to it or to anybody (its owner cannot exchange it again); implies ``heuristic_model``.
- ``hold=G``: keeps a 4+ rose bouquet when a card in hand, given next turn to a seat predicted to
  refuse, would lift the exchange: keeps when ``G`` × (that chance × the better exchange + the rest
  × today's) beats today's exchange by ``hold_margin``.
- ``rwa, rwb, rwc, rwd``: the weight of a rival's gain, ``(1 + rwa·its points + rwb·its lead +
  rwd·[its points ≥ ours]) · rwc · 2/players`` (``bold``: 0.25, 0.25, 1, 0).

Reads only observations: the models deal hands from this seat's unseen cards. Figures in
docs/lab/rose-ceremony-bots.md ("Rose Ceremony's own seat: variants measured, none kept").

    python3 bench/lab/rose_ceremony_own_seat.py --games 2000 --start 9000 'respond=1'
    python3 bench/lab/rose_ceremony_own_seat.py --ends --games 1000   # how heuristics' games end
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # bench/: bot_pairs.py
from bot_pairs import pair, settings  # noqa: E402

import roses
from roses.games.rose_ceremony.actions import ACCEPT, EXCHANGE, KEEP, REFUSE, Offer
from roses.games.rose_ceremony.bots import BOLD, WIN_VALUE, HeuristicAgent, exchange_value
from roses.sim.match import play_game


def _deal(rng: random.Random, pool: Counter, k: int) -> list:
    cards = list(pool.elements())
    return cards if k >= len(cards) else rng.sample(cards, k)


class Variant(HeuristicAgent):
    """``bold`` with the changes of the module docstring (all off by default)."""

    name = "variant"

    def __init__(self, game, seed: int = 0, samples: int = 48, respond: int = 0, offer: int = 0,
                 horizon: int = 0, hold: float = 0.0, hold_margin: float = 0.5, rwa: float = 0.25,
                 rwb: float = 0.25, rwc: float = 1.0, rwd: float = 0.0, heuristic_model: int = 0, **kw):
        super().__init__(game, seed, **{**BOLD, **kw})
        self.samples, self.respond, self.offer, self.horizon = samples, respond, offer, horizon
        self.hold, self.hold_margin = hold, hold_margin
        self.heuristic_model = heuristic_model
        self.rw = (rwa, rwb, rwc, rwd)
        self.model = HeuristicAgent(game, seed + 7)  # the others, as they play
        self.deal_rng = random.Random(seed + 11)
        self._turns: tuple = (None, None)

    def _model(self) -> HeuristicAgent:
        if self.model._deck is None:
            self.model._deck = self._deck
        return self.model

    def _respond(self, obs, pool):
        if not self.respond:
            return super()._respond(obs, pool)
        me, offerer = obs.seat, obs.pending_offer.offerer
        model, chosen = self._model(), Counter()
        for _ in range(self.samples):
            hand = _deal(self.deal_rng, pool, obs.hand_sizes[offerer] + 1)
            theirs = pool + Counter(obs.hand) - Counter(hand)
            view = dataclasses.replace(obs, seat=offerer, hand=tuple(sorted(hand)), phase="offer",
                                       pending_offer=None, current_player=offerer)
            legal = [Offer(c, to) for c in sorted(set(hand)) for to in range(obs.players) if to != offerer]
            pick = model._offer(view, legal, theirs)
            if pick.to == me:
                chosen[pick.card] += 1
        n = sum(chosen.values())
        if n < 4:  # this seat was seldom the offerer's pick: no evidence worth the name
            return super()._respond(obs, pool)
        weight = self._rival_weight(obs, offerer)
        mine = dict(zip(pool, self._deltas(obs, me, pool)))
        theirs = dict(zip(pool, self._deltas(obs, offerer, pool)))
        gain = sum(k * (mine[c] + weight * theirs[c]) for c, k in chosen.items()) / n
        return ACCEPT if gain > 0 else REFUSE

    def _predicted_answers(self, obs, pool):
        model = self._model()
        theirs_all = pool + Counter(obs.hand)
        out = {}
        for seat in range(obs.players):
            if seat == obs.seat:
                continue
            if self.offer:
                accepts = sum(model._answer(obs, seat, obs.seat, theirs_all - Counter(
                    _deal(self.deal_rng, pool, obs.hand_sizes[seat]))) == ACCEPT for _ in range(self.samples))
                out[seat] = min(max(accepts / self.samples, 0.02), 0.98)
            elif self.horizon or self.heuristic_model:
                out[seat] = self.read if model._answer(obs, seat, obs.seat, theirs_all) == ACCEPT else 1 - self.read
            else:
                return super()._predicted_answers(obs, pool)
        return out

    def _turns_left(self, obs) -> list[int]:
        """Turns each seat still starts or is in, to the deck's end and the round's (RC-5)."""
        key = (obs.deck_size, obs.turn_player, obs.last_round)
        if self._turns[0] == key:
            return self._turns[1]
        n, tp, last_seat = obs.players, obs.turn_player, (obs.start_player - 1) % obs.players
        seq = [(tp + i) % n for i in range(max(obs.deck_size, 1) if not obs.last_round else 1)]
        s = seq[-1]
        while s != last_seat:
            s = (s + 1) % n
            seq.append(s)
        turns = [seq.count(x) for x in range(n)]
        self._turns = (key, turns)
        return turns

    def _deltas(self, obs, seat, pool):
        if self.horizon and not self._turns_left(obs)[seat]:
            return [0.0] * len(pool)
        return super()._deltas(obs, seat, pool)

    def _delta(self, obs, seat, card, pool):
        if self.horizon and not self._turns_left(obs)[seat]:
            return 0.0
        return super()._delta(obs, seat, card, pool)

    def _rival_weight(self, obs, seat):
        a, b, c, d = self.rw
        lead = obs.points[seat] - max(obs.points[s] for s in range(obs.players) if s != seat)
        above = float(seat != obs.seat and obs.points[seat] >= obs.points[obs.seat])
        return (1.0 + a * obs.points[seat] + b * max(lead, 0) + d * above) * c * 2.0 / obs.players

    def _exchange(self, obs, pool):
        choice = super()._exchange(obs, pool)
        if not self.hold or choice != EXCHANGE:
            return choice
        me = obs.seat
        r, t, p = obs.bouquet_roses[me], obs.bouquet_thorns[me], obs.points[me]
        now = exchange_value(r, p)
        if now >= WIN_VALUE or obs.last_round or obs.deck_size <= obs.players:
            return choice
        refused = max(1 - a for a in self._predicted_answers(obs, pool).values())
        best = max([exchange_value(r + c.roses, p) for c in obs.hand if t + c.thorns < 5], default=0.0)
        later = self.hold * (refused * best + (1 - refused) * now)
        return KEEP if later > now + self.hold_margin else EXCHANGE


def ends(players: int, games: int, start: int) -> dict:
    """How games of heuristics end: the share decided at the deck's end (RC-5) rather than by 5
    points or a 10-rose exchange, the number of winners, and the winners' charm points."""
    game = roses.load("rose-ceremony", players=players)
    how, winners, points = Counter(), Counter(), Counter()
    for seed in range(start, start + games):
        state = play_game(game, [HeuristicAgent(game, 1000 * seed + s) for s in range(players)], seed)
        obs = state.observation(None)
        how[state.win_by] += 1  # "deck-out", or how the game was won before it
        winners[len(obs.winners)] += 1
        points[max(obs.points)] += 1
    return {"players": players, "games": games, "ends": dict(how), "winners": dict(sorted(winners.items())),
            "winning points": dict(sorted(points.items()))}


def make(game, spec: str, seed: int):
    """A seat's bot for :func:`bot_pairs.pair`: ``heuristic``, ``bold`` or ``variant@key=value,...``."""
    name, _, extra = spec.partition("@")
    if name == "variant":
        return Variant(game, seed, **settings(extra))
    return HeuristicAgent(game, seed, **(BOLD if name == "bold" else {}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant", nargs="?", default="", help="key=value,... (the module docstring's keys)")
    ap.add_argument("--ends", action="store_true", help="print how games of heuristics end instead")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--start", type=int, default=9000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    if args.ends:
        print(json.dumps(ends(args.players, args.games, args.start)))
        return
    settings(args.variant)  # a malformed variant fails here, before any game
    t0 = time.time()
    r = pair("rose-ceremony", args.players, args.games, args.start, f"variant@{args.variant}", "heuristic",
             args.jobs, make=make, control="bold")
    print(json.dumps({"variant": args.variant, **{k: v for k, v in r.items() if k != "game"},
                      "seconds": round(time.time() - t0)}))


if __name__ == "__main__":
    main()
