"""No observation leak through a hidden choice (§2 "Keep your cards hidden", RT-2, RT-6).

The conformance leak check re-draws hidden cards with ``determinize`` but keeps the log, so a log
line that named a laid or lost card would pass it. Here a state is branched on each hidden choice
instead (``lay rose`` / ``lay thorn``; ``lose rose`` / ``lose thorn``, drawn by chance or chosen in
the variant): every other seat's and the spectator's observation, log included, must be the same
in both branches, and the acting seat's must differ (so the check is not vacuous).
"""
import random

import pytest

import roses
from roses.core import to_jsonable
from roses.games.roses_and_thorns.actions import Lay, Lose


def _views(state, skip):
    return {t: to_jsonable(state.observation(t)) for t in [*range(state.num_players), None] if t != skip}


@pytest.mark.parametrize("players,own_thorn_choice", [(3, False), (4, True), (5, False)])
def test_laid_and_lost_cards_look_the_same_to_every_other_seat(players, own_thorn_choice):
    game = roses.load("roses-and-thorns", players=players, own_thorn_choice=own_thorn_choice)
    branched = {"lay": 0, "lose": 0}
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            hidden = [a for a in state.legal_actions() if isinstance(a, (Lay, Lose))]
            if len(hidden) == 2:
                actor = state.challenger if isinstance(hidden[0], Lose) else state.current_player()
                a, b = state.clone(), state.clone()
                a.apply(hidden[0])
                b.apply(hidden[1])
                assert _views(a, actor) == _views(b, actor), f"seed {seed}: {hidden} tells others apart"
                assert to_jsonable(a.observation(actor)) != to_jsonable(b.observation(actor))
                branched["lose" if isinstance(hidden[0], Lose) else "lay"] += 1
            state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert branched["lay"] >= 20 and branched["lose"] >= 2, branched
