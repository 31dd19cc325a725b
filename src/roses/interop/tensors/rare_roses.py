"""Rare Roses tensor slices (from :class:`~roses.games.rare_roses.observation.RareRosesObservation`).

Tiles are counted per rose (6, rulebook component order) or per rose × box (18 = 3·rose + box,
boxes bud, fresh, mature). Money in dollars / 100; tile counts / 10; ``K`` = order card ids of the
game's deck (43 for the shipped deck); ``n`` seats (1 in solo, RR-10):

- ``observer`` (n+1), ``phase`` (14), ``to_move`` (n+2), ``turn`` (n+1, last: setup),
  ``start_player`` (n+1);
- ``shops`` (n×27): per seat: specialty (7: six roses, none), tiles by rose × box (18) / 10,
  money / 100, orders filled / 10, specialty orders filled / 4, bonus paid (RR-4);
- ``market`` (6) / 10, ``prices`` (6) / 10, ``bag`` (6) / 20 (derivable from public information);
- ``queue`` (4×(K+3)): per order space: card id one-hot (K), empty, fill / 20, match / 20;
- ``deck`` (3): order cards left / K, top card shows the icon, the end is triggered;
- ``discarded`` (K), ``filled`` (K): multi-hot card ids;
- ``turn_counts`` (7): tiles drawn / 6, next push cost / 5, first-turn extras / 6, received / 6,
  deals left to propose / 3, fills / 3, turns left / n (RR-5, RR-7);
- ``deal`` (2(n+1)+37): the deal in hand, seen only by its two seats: proposer, other seat (n+1 each),
  tiles taken (18) / 6, tiles given (18) / 6, pay / 100; ``drafting_with`` (n+1), ``declined`` (1)/3;
- ``naming`` (K+3): the fill being named: card one-hot, none, value is match, tiles named / 6.
"""
from __future__ import annotations

import numpy as np

from roses.games.rare_roses.cards import BOXES, ROSES
from roses.games.rare_roses.state import rules_of

from .base import Slices, mover_one_hot, multi_hot, one_hot, seat_one_hot

PHASES = ("specialty", "start", "setup-market", "setup-orders", "trash-or-seed", "seeding", "push",
          "refill", "purchase", "draft", "respond", "fill", "name-tiles", "over")


def _tiles(tiles) -> np.ndarray:
    v = np.zeros(len(ROSES) * len(BOXES), np.float32)
    for rose, box in tiles:
        v[ROSES.index(rose) * len(BOXES) + BOXES.index(box)] += 1
    return v


def slices(game, obs, out: Slices) -> None:
    n = len(obs.shops)
    k = max(rules_of(game).cards) + 1
    out.add("observer", seat_one_hot(obs.seat, n), "observing seat (last: spectator)")
    out.add("phase", one_hot(PHASES.index(obs.phase), len(PHASES)), "phase: " + ", ".join(PHASES))
    out.add("to_move", mover_one_hot(obs.current_player, n), "seat to move, chance, over")
    out.add("turn", seat_one_hot(None if obs.turn < 0 else obs.turn, n), "whose turn (last: setup)")
    out.add("start_player", seat_one_hot(obs.start_player, n), "start player (last: not drawn)")
    shops = []
    for s in obs.shops:
        boxes = [s.bud[r] for r in ROSES], [s.fresh[r] for r in ROSES], [s.mature[r] for r in ROSES]
        shops += list(one_hot(len(ROSES) if s.specialty is None else ROSES.index(s.specialty), len(ROSES) + 1))
        shops += list(np.asarray(boxes, np.float32).T.reshape(-1) / 10)
        shops += [s.money / 100, len(s.orders_filled) / 10, s.specialty_filled / 4, float(s.bonus_paid)]
    out.add("shops", shops, "per seat: specialty, tiles rose×box, money, orders, specialty orders, bonus")
    out.add("market", [obs.market[r] / 10 for r in ROSES], "market tiles per rose / 10")
    out.add("prices", [obs.prices[r] / 10 for r in ROSES], "market price per rose / 10 (RR-2)")
    out.add("bag", [obs.bag[r] / 20 for r in ROSES], "bag tiles per rose / 20")
    queue = []
    for i in range(4):
        c = obs.queue[i] if i < len(obs.queue) else None
        queue += list(one_hot(None if c is None else c.id, k))
        queue += [float(c is None), 0.0 if c is None else c.fill / 20, 0.0 if c is None else c.match / 20]
    out.add("queue", queue, "4 order spaces: card id, empty, fill, match")
    out.add("deck", [obs.deck_size / k, float(bool(obs.deck_top_icon)), float(obs.end_triggered)],
            "order cards left, top card icon, end triggered")
    out.add("discarded", multi_hot(obs.discarded, k), "discarded order card ids")
    out.add("filled", multi_hot([c for s in obs.shops for c in s.orders_filled], k), "filled order card ids")
    out.add("turn_counts", [obs.tiles_drawn / 6, (obs.next_push_cost or 0) / 5, obs.first_turn_extras / 6,
                            obs.received / 6, obs.offers_left / 3, obs.fills / 3,
                            (obs.turns_left or 0) / n],
            "tiles drawn, next push cost, first-turn extras, received, deals left, fills, turns left")
    deal = obs.pending_offer or obs.draft
    proposer = None if deal is None else obs.turn
    other = None if deal is None else deal["to"]
    out.add("deal", np.concatenate([
        seat_one_hot(proposer, n), seat_one_hot(other, n),
        _tiles(deal["take"] if deal else ()) / 6, _tiles(deal["give"] if deal else ()) / 6,
        [deal["pay"] / 100 if deal else 0.0]]), "deal seen by its seats: proposer, other, take, give, pay")
    out.add("drafting_with", seat_one_hot(obs.draft_with, n), "seat a deal is drafted with (last: none)")
    out.add("declined", len(obs.deals_declined) / 3, "deals declined this turn / 3")
    nm = obs.naming
    out.add("naming", np.concatenate([one_hot(nm["card"] if nm else k, k + 1),
                                      [float(bool(nm) and nm["value"] == "match"),
                                       len(nm["tiles"]) / 6 if nm else 0.0]]),
            "fill being named: card (last: none), match value, tiles named")
