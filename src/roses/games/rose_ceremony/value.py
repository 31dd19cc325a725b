"""How much a turn start is worth to each seat: a search horizon for Rose Ceremony.

A search playout may stop after a number of cards drawn (:class:`~roses.core.Horizon`, progress =
cards drawn from the deck, deal included; a seat draws one at the end of each turn, "Go on a
Date") and score the position by each seat's chance of winning from there, a conditional logit
over the seats:

    P(seat i wins) = exp(u_i) / Σ_j exp(u_j),   u_i = w · features(seat i)

with the features of :func:`features`: the seat's charm points, its bouquet's exchange value and
thorns (Exchange section; 5+ thorns wilts, so a bouquet on the table has at most 4), whether it
can win by exchanging on its turn (5 points or a 10-rose bouquet, End of the Game), its place
after the seat to move, and points weighted by how far the deck has run down (RC-5: at the deck's
end most points wins). Only public facts go in: points, bouquets, the deck's size and whose turn
it is are on the table for everybody (RC-3). The weights are fitted by maximum likelihood to the
turn starts of heuristic games (``bench/lab/calibrate_rose_ceremony_value.py``).
"""
from __future__ import annotations

import math
from typing import Sequence

from roses.core import Horizon

from .cards import HAND_SIZE
from .tables import MIN_EXCHANGE_ROSES, WINNING_POINTS, WINNING_ROSES, exchange_points

#: Features per seat (the order of the weights).
FEATURES = ("1 point", "2 points", "3 points", "4 points", "exchange 1", "exchange 2", "exchange 3",
            "10+ roses", "1 thorn", "2 thorns", "3 thorns", "4 thorns", "can win", "points x deck gone",
            "2nd to move", "3rd", "4th", "5th", "6th")

#: Fitted weights per player count, from 3,000 heuristic games each (``python
#: bench/lab/calibrate_rose_ceremony_value.py --players 2,3,4,5,6 --games 3000``). Bouquets carry more
#: than points early; points count as the deck runs down ("points x deck gone").
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.634, 1.042, 1.919, 2.887, 0.8, 1.713, 1.93, 0.0, 0.168, -0.073, -0.376, -0.597, 1.082, 0.486,
        0.084, 0.0, 0.0, 0.0, 0.0),  # 72,704 turn starts, log loss 0.575 (uniform 0.693)
    3: (-0.296, -0.704, -1.047, -1.316, 0.339, 0.524, 0.864, 2.254, 0.054, 0.064, -0.059, -0.292, 1.012,
        1.049, -0.006, 0.013, 0.0, 0.0, 0.0),  # 121,726, 1.070 (1.099)
    4: (-0.171, -0.272, -0.093, 0.43, 0.761, 1.257, 1.875, 2.395, 0.308, 0.281, -0.062, -0.519, 1.409,
        1.294, -0.022, -0.034, -0.011, 0.0, 0.0),  # 119,720, 1.206 (1.386)
    5: (-0.065, 0.105, 0.795, 2.234, 0.85, 1.613, 2.143, 1.589, 0.47, 0.471, 0.092, -0.371, 1.589, 1.438,
        -0.021, -0.048, -0.07, -0.072, 0.0),  # 104,797, 1.299 (1.609)
    6: (0.106, 0.219, 1.282, 2.744, 0.618, 1.656, 2.368, 2.485, 0.521, 0.536, 0.105, -0.075, 2.485, 1.517,
        -0.034, -0.066, -0.103, -0.135, -0.172),  # 89,640, 1.433 (1.792)
}


def features(seats: Sequence[tuple[int, int, int]], turn: int, left: float) -> list[list[float]]:
    """Per seat, its feature vector (:data:`FEATURES`, floats): ``seats[i]`` is seat ``i``'s
    (charm points, bouquet roses, bouquet thorns), ``turn`` the seat to move, ``left`` the share
    of the deck (after the deal) still to draw, in [0, 1]."""
    n = len(seats)
    out = []
    for i, (p, r, t) in enumerate(seats):
        ex = exchange_points(r)
        win = r >= WINNING_ROSES or (r >= MIN_EXCHANGE_ROSES and p + ex >= WINNING_POINTS)
        place = (i - turn) % n
        row = [float(p == k) for k in (1, 2, 3)] + [float(p >= 4)]
        row += [float(ex == k) for k in (1, 2, 3)] + [float(r >= WINNING_ROSES)]
        row += [float(t == k) for k in (1, 2, 3)] + [float(t >= 4)]
        row += [float(win), p * (1.0 - left)]
        row += [float(place == k) for k in range(1, 6)]
        out.append(row)
    return out


def progress(state) -> int:
    """Cards drawn from the deck so far (deal included): one more at the end of every turn."""
    return state._t.total - state._deck_size


def public_facts(state) -> tuple[list[tuple[int, int, int]], int, float]:
    """What :func:`features` reads of ``state``, all public (RC-3): each seat's (charm points,
    bouquet roses, bouquet thorns), the seat to move (0 before the start player is drawn) and the
    share of the deck (after the deal) still to draw."""
    full = max(1, state._t.total - HAND_SIZE * state.num_players)
    turn = state.turn_player if state.turn_player is not None else 0
    return list(zip(state.points, state._roses, state._thorns)), turn, state._deck_size / full


def win_chances(state) -> list[float]:
    """Each seat's estimated chance of winning (list of floats, one per seat, summing to 1) from
    the public points, bouquets, deck size and turn of ``state``; the returns once it is over."""
    if state.is_terminal():
        return list(state.returns())
    n = state.num_players
    w = WEIGHTS.get(n) or WEIGHTS[min(WEIGHTS, key=lambda k: abs(k - n))]
    u = [sum(a * b for a, b in zip(w, row)) for row in features(*public_facts(state))]
    top = max(u)
    e = [math.exp(x - top) for x in u]
    total = sum(e)
    return [x / total for x in e]


def horizon(game) -> Horizon:
    """The :class:`~roses.core.Horizon` of Rose Ceremony for ``game`` (``GameSpec.horizon``)."""
    return Horizon(progress=progress, value=win_chances)
