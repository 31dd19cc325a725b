"""What a bot is given: its own view and a determinized sample, never the true future."""
import random

import roses
from roses.agents import Turn


def test_sampled_worlds_do_not_predict_the_real_chance_outcomes():
    game = roses.load("roses-and-thorns", players=4)
    state = game.new_initial_state(seed=12)
    state.apply(state.action_from_text("start 0"))
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    turn = Turn.of(state)
    rng = random.Random(1)
    worlds = [turn.sample_state(rng) for _ in range(20)]
    assert len({w.rng.getstate() for w in worlds}) == 20
    assert all(w.rng.getstate() != state.rng.getstate() for w in worlds)
    assert turn.observation == state.observation(turn.seat)
