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
    """A world has a history and log of its own (sealed determinization): seat 0's first card is
    re-drawn in its history, and the world's log says to seat 0 what the world's seat 0 laid."""
    game = roses.load("roses-and-thorns", players=3, start_player=0)
    state = game.new_initial_state(seed=2)
    for t in ("lay thorn", "lay rose"):
        state.apply(state.action_from_text(t))
    turn = Turn.of(state)  # seat 2 to move; seat 0 laid its thorn
    rng = random.Random(0)
    firsts = set()
    for _ in range(40):
        world = turn.sample_state(rng)
        first = str(world.history[0][1])
        firsts.add(first)
        assert world.history[1] == state.history[1] or world.history[1][0] == 1
        said = "You lay your first card, a thorn." if first == "lay thorn" else "You lay your first card, a rose."
        assert said in world.log.view(0)
        assert world.observation(2) == state.observation(2)
    assert firsts == {"lay thorn", "lay rose"}  # the true card is not kept
    assert "You lay your first card, a thorn." in state.log.view(0)
