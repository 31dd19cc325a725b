"""Roses and Thorns tensor slices (from :class:`~roses.games.roses_and_thorns.observation.Observation`).

With ``n`` players (every count relative to the rulebook's 4 cards a seat, §2):

- ``observer`` (n+1): the observing seat one-hot, last entry a spectator;
- ``phase`` (7): start, lay-first, add, bidding, flip, lose, over;
- ``to_move`` (n+2): seat to move, chance, game over;
- ``start_player`` (n+1), ``high_bidder`` (n+1), ``challenger`` (n+1), ``thorn_owner`` (n+1),
  ``winner`` (n+1): seats one-hot, last entry "nobody";
- ``round`` (1): round number / (4n);
- ``table`` (3): cards on the table, high bid, flips left, each / (4n);
- ``seats`` (n×10): per seat: in game, cards/4, hand/4, stack/4, turned-up roses/4, turned-up
  thorns/4, markers/2, passed, public chance it holds its thorn (RT-6), its bid / (4n);
- ``hand`` (2): own roses/4, own thorns/4 (zeros for a spectator);
- ``stack`` (12): own stack bottom → top, 4 positions × (empty, rose, thorn);
- ``lost`` (2): own lost roses, lost thorns (/4).
"""
from __future__ import annotations

from .base import Slices, mover_one_hot, one_hot, seat_one_hot

PHASES = ("start", "lay-first", "add", "bidding", "flip", "lose", "over")


def slices(game, obs, out: Slices) -> None:
    n = obs.players
    cap = 4.0 * n
    out.add("observer", seat_one_hot(obs.seat, n), "observing seat (last: spectator)")
    out.add("phase", one_hot(PHASES.index(obs.phase), len(PHASES)), "phase: " + ", ".join(PHASES))
    out.add("to_move", mover_one_hot(obs.current_player, n), "seat to move, chance, over")
    out.add("start_player", seat_one_hot(obs.start_player, n), "start player (last: not drawn)")
    out.add("high_bidder", seat_one_hot(obs.high_bidder, n), "high bidder (last: none)")
    out.add("challenger", seat_one_hot(obs.challenger, n), "challenger (last: none)")
    out.add("thorn_owner", seat_one_hot(obs.thorn_owner, n), "whose thorn stopped the challenge")
    out.add("winner", seat_one_hot(obs.winner, n), "winner (last: none yet)")
    out.add("round", obs.round / cap, "round number / (4n)")
    out.add("table", [obs.cards_on_table / cap, obs.high_bid / cap, obs.flips_left / cap],
            "cards on the table, high bid, flips left, / (4n)")
    rows = []
    for v in obs.seats:
        roses = sum(1 for k in v.revealed if k == "rose")
        rows += [float(v.in_game), v.cards / 4, v.hand_size / 4, v.stack_size / 4, roses / 4,
                 (len(v.revealed) - roses) / 4, v.markers / 2, float(v.passed), v.thorn_held, v.bid / cap]
    out.add("seats", rows, "per seat: in game, cards, hand, stack, turned-up roses, turned-up thorns, "
                           "markers, passed, public thorn chance, bid")
    hand = obs.hand or {"rose": 0, "thorn": 0}
    out.add("hand", [hand["rose"] / 4, hand["thorn"] / 4], "own roses, thorns in hand / 4")
    stack = []
    for i in range(4):
        kind = obs.stack[i] if obs.stack is not None and i < len(obs.stack) else None
        stack += (one_hot({None: 0, "rose": 1, "thorn": 2}[kind], 3))
    out.add("stack", stack, "own stack bottom→top, 4 × (empty, rose, thorn)")
    lost = obs.lost or ()
    out.add("lost", [lost.count("rose") / 4, lost.count("thorn") / 4], "own lost roses, thorns / 4")
