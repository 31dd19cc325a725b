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


def test_sampled_worlds_carry_no_other_seats_secrets_in_log_or_history():
    game = roses.load("roses-and-thorns", players=3, start_player=0)
    state = game.new_initial_state(seed=2)
    for t in ("lay thorn", "lay rose"):
        state.apply(state.action_from_text(t))
    turn = Turn.of(state)  # seat 2 to move; seat 0 laid its thorn
    world = turn.sample_state(random.Random(0))
    assert world.history == []
    assert all(seat == 2 for e in world.log.entries for seat, _ in e.private)
    assert "thorn" not in " ".join(world.log.view(0))
    assert "You lay your first card, a thorn." in state.log.view(0)
