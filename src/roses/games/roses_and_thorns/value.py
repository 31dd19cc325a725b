"""How much a round start is worth to each seat: the search horizon of Roses and Thorns.

``ismcts:hard`` stops its playouts when a new round begins (:class:`~roses.core.Horizon`,
progress = the round number, §3) and scores the position by each seat's chance of winning the
game from there, a conditional logit over the seats still in the game (§4: a seat without cards
is out):

    P(seat i wins) = exp(u_i) / Σ_j exp(u_j),
    u_i = MARKER · [i holds a marker] + CARDS[c_i] + START · [i starts the round]

with ``c_i`` the seat's cards (hand + stack, 1–4; §2, §3.4 losses). Only public facts go in:
markers, cards and the start player are on the table for everybody (the observation's ``SeatView``).
The weights are fitted by maximum likelihood to the round starts of heuristic games
(``bench/lab/calibrate_roses_and_thorns_value.py``, which prints them and their log loss against the
uniform guess); a quick game (RT-8) ends at the first marker, so a marker never stands at a round
start there and the weight goes unused.
"""
from __future__ import annotations

import math

from roses.core import Horizon

#: Fitted weights per player count: (MARKER, CARDS[1..4], START), from 3,000 heuristic games each
#: (``python bench/lab/calibrate_roses_and_thorns_value.py --players 3,4,5,6 --games 3000``); 7–10
#: seats use 6's. A marker is worth about as much as going from one card to four.
WEIGHTS: dict[int, tuple[float, tuple[float, float, float, float], float]] = {
    3: (1.230, (0.0, 0.489, 0.413, 0.294), 0.050),  # 13,206 round starts, log loss 0.997 (uniform 1.093)
    4: (1.277, (0.0, 0.699, 0.960, 0.955), -0.034),  # 20,035, 1.254 (1.369)
    5: (1.314, (0.0, 0.853, 1.132, 1.151), -0.087),  # 27,766, 1.438 (1.576)
    6: (1.292, (0.0, 0.958, 1.228, 1.267), -0.108),  # 36,675, 1.594 (1.746)
}


def progress(state) -> int:
    """The round number (1-based, §3): a new round is a new stage for the search's playouts."""
    return state.round


def win_chances(state) -> list[float]:
    """Each seat's estimated chance of winning (list of floats, one per seat, summing to 1) from
    the public markers, cards and start player of ``state``; the returns once it is over."""
    if state.is_terminal():
        return list(state.returns())
    n = state.num_players
    marker, cards, start = WEIGHTS.get(n) or WEIGHTS[min(WEIGHTS, key=lambda k: abs(k - n))]
    u = [None] * n
    for i in range(n):
        c = state.cards_of(i)
        if not state.out[i] and c:
            u[i] = marker * (state.markers[i] >= 1) + cards[min(c, 4) - 1] + start * (i == state.start_player)
    top = max(x for x in u if x is not None)
    e = [math.exp(x - top) if x is not None else 0.0 for x in u]
    total = sum(e)
    return [x / total for x in e]


def horizon(game) -> Horizon:
    """The :class:`~roses.core.Horizon` of Roses and Thorns for ``game`` (``GameSpec.horizon``)."""
    return Horizon(progress=progress, value=win_chances)
