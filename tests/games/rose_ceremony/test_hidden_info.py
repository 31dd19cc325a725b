"""No observation leak through a hidden card (RC-3: hands hidden; the offered card hidden from the
receiver, and everybody but the offerer, until the accept/refuse choice).

The conformance leak check re-draws hidden cards with ``determinize`` but keeps the log, so a log
line that named a dealt, drawn or offered card would pass it. Here a state is branched on each
hidden choice instead — two different cards offered to the same receiver, two different cards
dealt or drawn to the same seat — and every other seat's and the spectator's observation, log
included, must be the same in both branches, while the seat that holds the card sees a difference
(so the check is not vacuous).
"""
import random

import pytest

import roses
from roses.core import to_jsonable
from roses.games.rose_ceremony.actions import Deal, Draw, Offer


def _views(state, skip):
    return {t: to_jsonable(state.observation(t)) for t in [*range(state.num_players), None] if t != skip}


def _branch_pairs(state):
    """(seat that may tell them apart, action a, action b) for two hidden alternatives, if any."""
    groups: dict = {}
    for a in state.legal_actions():
        if isinstance(a, Offer):
            groups.setdefault(("offer", a.to), []).append(a)
        elif isinstance(a, (Deal, Draw)):
            groups.setdefault(("card", a.seat), []).append(a)
    for (kind, _), acts in groups.items():
        if len(acts) > 1:
            holder = state.turn_player if kind == "offer" else acts[0].seat
            yield holder, acts[0], acts[-1]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_dealt_drawn_and_offered_cards_look_the_same_to_every_other_seat(players):
    game = roses.load("rose-ceremony", players=players)
    branched = {"offer": 0, "deal/draw": 0}
    for seed in range(2):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            pairs = list(_branch_pairs(state))
            # the first group and one other at random per state: every kind is checked, fast
            for holder, x, y in pairs[:1] + (rng.sample(pairs[1:], 1) if len(pairs) > 1 else []):
                a, b = state.clone(), state.clone()
                a.apply(x)
                b.apply(y)
                assert _views(a, holder) == _views(b, holder), f"seed {seed}: {x} / {y} tell others apart"
                assert to_jsonable(a.observation(holder)) != to_jsonable(b.observation(holder))
                branched["offer" if isinstance(x, Offer) else "deal/draw"] += 1
            state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert branched["offer"] >= 10 and branched["deal/draw"] >= 20, branched
