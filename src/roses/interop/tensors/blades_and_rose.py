"""Blades & Rose tensor slices (from :class:`~roses.games.blades_and_rose.observation.BladesAndRoseObservation`).

Cards in :data:`~roses.games.blades_and_rose.cards.CARDS` order (7); ``n`` seats; crystals #1–#12:

- ``observer`` (n+1), ``phase`` (5: setup, coin, effect, play, over), ``to_move`` (n+2);
- ``role`` (7: six roles, none), ``faction`` (2), ``hand`` (7): own card counts / 3 (own secrets);
- ``crystal`` (13): own crystal number (last: placed or none); ``night_seen`` (n+1): seats seen
  with eyes open at night (BR-3), last entry "this seat saw nothing";
- ``coin`` (n+1); ``hand_counts`` (n) / 3; ``holds_crystal`` (n);
- ``placed`` (n×13): per seat, the number of the crystal it placed (last: none);
- ``areas`` (4×7): cards in the sacrifice area, death area, sanctuary, blades revealed (/ n);
- ``counts`` (6): removed ghosts, sacrifice count, death count, sacrifice target, death limit,
  crystals left (/ n, BR-6);
- ``round`` (3(n+1)+13+1+4n+7+8): the round in play: giver, receiver (n+1 each), crystal (13),
  effect applied, targets, must play, played, passed (n each), revealed card counts (7),
  own card played (8: 7 cards, none), rounds completed (n+1 one-hot, capped);
- ``history`` (n×2+7): over completed rounds: how often each seat played, passed; revealed counts;
- ``winner`` (3: White Rose, Blood Blades, none).
"""
from __future__ import annotations

import numpy as np

from roses.games.blades_and_rose.cards import CARDS, FACTIONS, ROLES

from .base import Slices, mover_one_hot, multi_hot, one_hot, seat_one_hot

PHASES = ("setup", "coin", "effect", "play", "over")


def _cards(cards) -> np.ndarray:
    v = np.zeros(len(CARDS), np.float32)
    for c in cards:
        v[CARDS.index(c)] += 1
    return v


def slices(game, obs, out: Slices) -> None:
    n = obs.players
    out.add("observer", seat_one_hot(obs.seat, n), "observing seat (last: spectator)")
    out.add("phase", one_hot(PHASES.index(obs.phase), len(PHASES)), "phase: " + ", ".join(PHASES))
    out.add("to_move", mover_one_hot(obs.current_player, n), "seat to move, chance, over")
    out.add("role", one_hot(len(ROLES) if obs.role is None else ROLES.index(obs.role), len(ROLES) + 1),
            "own character (last: none)")
    out.add("faction", multi_hot([FACTIONS.index(obs.faction)] if obs.faction else [], 2), "own faction")
    out.add("hand", _cards(obs.hand) / 3, "own cards: count per card / 3")
    out.add("crystal", one_hot(12 if obs.crystal is None else obs.crystal - 1, 13), "own crystal (last: none)")
    out.add("night_seen", np.concatenate([multi_hot(obs.night_seen or (), n), [float(obs.night_seen is None)]]),
            "seats seen with eyes open at night; last: saw nothing")
    out.add("coin", seat_one_hot(obs.coin, n), "coin holder (last: none)")
    out.add("hand_counts", np.asarray(obs.hand_counts, np.float32) / 3, "cards in each hand / 3")
    out.add("holds_crystal", [float(x) for x in obs.holds_crystal], "seat still holds its crystal")
    placed = np.zeros((n, 13), np.float32)
    placed[:, 12] = 1.0
    for seat, number in obs.placed_crystals:
        placed[seat] = one_hot(number - 1, 13)
    out.add("placed", placed, "per seat: crystal number placed (last: none)")
    out.add("areas", np.concatenate([_cards(obs.sacrifice_area), _cards(obs.death_area), _cards(obs.sanctuary),
                                     _cards(obs.blades_revealed)]) / n,
            "sacrifice area, death area, sanctuary, blades revealed: count per card / n")
    out.add("counts", np.asarray([obs.removed_ghosts, obs.sacrifice_count, obs.death_count,
                                  obs.sacrifice_target, obs.death_limit, obs.crystals_left], np.float32) / n,
            "removed ghosts, sacrifice, death, sacrifice target, death limit, crystals left / n")
    r = obs.current_round
    out.add("round", np.concatenate([
        seat_one_hot(r and r.giver, n), seat_one_hot(r and r.receiver, n),
        one_hot(12 if r is None else r.crystal - 1, 13), [float(bool(r) and r.effect_applied)],
        multi_hot(r.targets if r else (), n), multi_hot(r.must_play if r else (), n),
        multi_hot(r.played if r else (), n), multi_hot(r.passed if r else (), n),
        _cards(r.revealed if r else ()) / n,
        one_hot(len(CARDS) if r is None or r.my_card is None else CARDS.index(r.my_card), len(CARDS) + 1),
        one_hot(min(len(obs.rounds), n), n + 1)]),
        "round in play: giver, receiver, crystal, effect applied, targets, must play, played, passed, "
        "revealed, own card; rounds completed")
    played = np.zeros(n, np.float32)
    passed = np.zeros(n, np.float32)
    revealed = np.zeros(len(CARDS), np.float32)
    for past in obs.rounds:
        played[list(past.played)] += 1
        passed[list(past.passed)] += 1
        revealed += _cards(past.revealed)
    out.add("history", np.concatenate([played / n, passed / n, revealed / n]),
            "completed rounds: plays and passes per seat, revealed counts")
    out.add("winner", one_hot(2 if obs.winner is None else FACTIONS.index(obs.winner), 3),
            "winning faction (last: none)")
