"""Building Roses and Thorns positions for rule tests."""
from __future__ import annotations

import roses
from roses.core import to_jsonable
from roses.games.roses_and_thorns.state import RosesAndThornsState


def new(players: int = 3, start: int = 0, **params) -> RosesAndThornsState:
    return roses.load("roses-and-thorns", players=players, start_player=start, **params).new_initial_state(seed=1)


def play(state: RosesAndThornsState, *texts: str) -> RosesAndThornsState:
    """Apply action texts in order (chance outcomes included, e.g. ``"lose rose"``)."""
    for t in texts:
        state.apply(state.action_from_text(t))
    return state


def set_cards(state: RosesAndThornsState, seat: int, roses_: int, thorns: int) -> None:
    """Give ``seat`` a hand of ``roses_`` roses and ``thorns`` thorns; the rest of its 4 cards lost.
    A seat left with no card is out (§4)."""
    state.hands[seat] = [roses_, thorns]
    state.lost[seat] = ["rose"] * (3 - roses_) + ["thorn"] * (1 - thorns)
    state.out[seat] = roses_ + thorns == 0
    state.check_invariants()


def obs_json(state, seat):
    return to_jsonable(state.observation(seat))
