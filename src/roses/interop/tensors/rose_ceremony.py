"""Rose Ceremony tensor slices (from :class:`~roses.games.rose_ceremony.observation.RoseCeremonyObservation`).

With ``n`` players and ``C`` distinct cards in the deck (sorted; 18 for the default deck) and
``D`` cards in the deck at setup:

- ``observer`` (n+1), ``phase`` (7: deal, start, offer, respond, exchange, draw, over),
  ``to_move`` (n+2), ``turn_player`` (n+1), ``start_player`` (n+1);
- ``hand`` (C): own cards, count per card kind / 4 (RC-3: hidden from the others);
- ``hand_sizes`` (n) / 4; ``bouquets`` (n×C): count of each card kind in each bouquet / 4;
- ``bouquet_totals`` (n×2): roses / 20 and thorns / 5 of each bouquet (5+ thorns wilt, RC-2);
- ``points`` (n) / 10; ``deck`` (2): cards left / D, discard count / D;
- ``discard`` (C): count per kind in the discard pile / 4;
- ``offer`` (2n+2+C+1): offerer, receiver (n+1 each, last: no offer), card one-hot (C, last entry:
  unknown to this seat; only the offerer sees the card, RC-3);
- ``flags`` (1): last round (the deck ran out); ``winners`` (n).
"""
from __future__ import annotations

import numpy as np

from roses.games.rose_ceremony.tables import tables

from .base import Slices, mover_one_hot, multi_hot, one_hot, seat_one_hot

PHASES = ("deal", "start", "offer", "respond", "exchange", "draw", "over")


def _counts(cards, index) -> np.ndarray:
    v = np.zeros(len(index), np.float32)
    for c in cards:
        v[index[c]] += 1
    return v


def slices(game, obs, out: Slices) -> None:
    n = obs.players
    kinds = tables(game).cards
    index = {c: i for i, c in enumerate(kinds)}
    total = max(1, sum(int(r[2]) for r in game.params["deck"]))
    out.add("observer", seat_one_hot(obs.seat, n), "observing seat (last: spectator)")
    out.add("phase", one_hot(PHASES.index(obs.phase), len(PHASES)), "phase: " + ", ".join(PHASES))
    out.add("to_move", mover_one_hot(obs.current_player, n), "seat to move, chance, over")
    out.add("turn_player", seat_one_hot(obs.turn_player, n), "whose turn (last: none yet)")
    out.add("start_player", seat_one_hot(obs.start_player, n), "round's start player (last: none)")
    out.add("hand", _counts(obs.hand, index) / 4, "own cards: count per card kind / 4")
    out.add("hand_sizes", np.asarray(obs.hand_sizes) / 4, "cards in each hand / 4")
    out.add("bouquets", np.concatenate([_counts(b, index) for b in obs.bouquets]) / 4,
            "per seat: count per card kind in its bouquet / 4")
    out.add("bouquet_totals", np.column_stack([np.asarray(obs.bouquet_roses) / 20,
                                               np.asarray(obs.bouquet_thorns) / 5]),
            "per seat: roses / 20, thorns / 5")
    out.add("points", np.asarray(obs.points) / 10, "charm points / 10")
    out.add("deck", [obs.deck_size / total, obs.discard_count / total], "deck left, discard count / deck size")
    out.add("discard", _counts(obs.discard, index) / 4, "discard pile: count per card kind / 4")
    p = obs.pending_offer
    card = np.zeros(len(kinds) + 1, np.float32)
    if p is not None:
        card[len(kinds) if p.card is None else index[p.card]] = 1.0
    out.add("offer", np.concatenate([seat_one_hot(p and p.offerer, n), seat_one_hot(p and p.receiver, n),
                                     card]),
            "pending offer: offerer, receiver (last: none), card kind (last: hidden from this seat)")
    out.add("flags", [float(obs.last_round)], "last round (the deck ran out)")
    out.add("winners", multi_hot(obs.winners, n), "winning seats once over")
