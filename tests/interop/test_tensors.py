"""A seat's tensors are fixed-shape and built from its view only: another world of the same
information state (``determinize``) gives identical tensors."""
import random

import numpy as np
import pytest

import roses
from roses.interop.tensors import (RECALL, information_state_tensor, layout, observation_tensor,
                                   tensor_size)

from .conftest import CASES, case_id


def _positions(game, seed, limit):
    """Up to ``limit`` positions of a seeded random game (every 3rd step), seat to move or not."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal() and steps < 3 * limit:
        if steps % 3 == 0:
            yield state.clone()
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
        steps += 1
    yield state


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_tensors_fixed_shape_and_sealed(case):
    game = roses.load(case[0], **case[1])
    size, isize = tensor_size(game), tensor_size(game, True)
    assert isize == size + RECALL * game.num_distinct_actions()
    rng = random.Random(7)
    checked = 0
    for state in _positions(game, 11, 40):
        for seat in range(game.num_players):
            obs, info = observation_tensor(state, seat), information_state_tensor(state, seat)
            assert obs.shape == (size,) and obs.dtype == np.float32 and info.shape == (isize,)
            assert np.isfinite(info).all() and (info >= 0).all()  # the spaces are Box(0, inf)
            world = state.determinize(seat, rng)
            np.testing.assert_array_equal(observation_tensor(world, seat), obs)
            np.testing.assert_array_equal(information_state_tensor(world, seat), info)
            checked += 1
        assert observation_tensor(state, None).shape == (size,)
    assert checked > 20


def test_tensors_see_private_cards():
    """Two seats of one Roses and Thorns position see different tensors (own hand and stack),
    and the recall rows hold the seat's own latest action."""
    game = roses.load("roses-and-thorns", players=3)
    state = game.new_initial_state(3)
    state.resolve_chance()
    seat = state.current_player()
    state.apply(state.legal_actions()[1])  # lay thorn
    names = [name for name, _, _ in layout(game)]
    offset = sum(n for name, n, _ in layout(game)[:names.index("stack")])
    mine = observation_tensor(state, seat)
    assert mine[offset:offset + 3].tolist() == [0.0, 0.0, 1.0]  # bottom of own stack: a thorn
    other = observation_tensor(state, (seat + 1) % 3)
    assert not np.array_equal(mine, other)
    recall = information_state_tensor(state, seat)[tensor_size(game):]
    assert recall[:game.num_distinct_actions()].tolist().index(1.0) == 1  # id 1: lay thorn


@pytest.mark.parametrize("name,players", [("roses-and-thorns", 4), ("blades-and-rose", 5)])
def test_tensors_sealed_along_drawn_action_sequences(name, players):
    """Property: along an action sequence drawn by hypothesis, every seat's tensors equal those of
    another world of its information state."""
    from hypothesis import given, settings, strategies as st

    game = roses.load(name, players=players)

    @settings(max_examples=8, deadline=None, derandomize=True)
    @given(st.integers(0, 2**31), st.data())
    def prop(seed, data):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(data.draw(st.integers(0, 40))):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
        for seat in range(players):
            world = state.determinize(seat, rng)
            np.testing.assert_array_equal(information_state_tensor(world, seat),
                                          information_state_tensor(state, seat))

    prop()
