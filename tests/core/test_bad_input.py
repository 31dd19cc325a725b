"""Bad input to the engine gets a clear error and changes nothing (a reviewer's findings on engine
v2; each test fails on the code before its fix)."""
from __future__ import annotations

import dataclasses
import random

import pytest

import roses
from roses.core import IllegalActionError, State
from roses.games.blades_and_rose.actions import RandomCard
from roses.games.roses_and_thorns.actions import Bid, Start


def _rt():
    state = roses.load("roses-and-thorns", players=3).new_initial_state(1)
    return state


def _to_add_phase():
    state = roses.load("roses-and-thorns", players=3, start_player=0).new_initial_state(1)
    for text in ("lay rose", "lay rose", "lay rose"):
        state.apply(state.action_from_text(text))
    return state


@pytest.mark.parametrize("bad", [Start(0.0), Start(True)])
def test_a_look_alike_chance_outcome_is_refused_and_the_history_stays_replayable(bad):
    state = _rt()
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.apply(bad)  # Start(0.0) == Start(0), but "start 0.0" would not replay
    assert state.snapshot() == before
    state.apply(state.legal_actions()[0])
    assert State.from_json(state.to_json()) == state


def test_a_look_alike_bid_is_refused():
    state = _to_add_phase()
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.apply(Bid(True))
    assert state.snapshot() == before


def test_an_action_with_a_field_of_the_wrong_type_gets_an_illegal_action_error():
    state = _to_add_phase()
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.apply(Bid("2"))  # was a TypeError from the rule check
    assert state.snapshot() == before


def test_a_look_alike_random_card_no_longer_skips_the_chance_node():
    """Regression: Blades & Rose accepted RandomCard(seat=3.0), then failed half-way, leaving the
    random-card chance node skipped and the state changed."""
    game = roses.load("blades-and-rose", players=6)
    for seed in range(200):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.is_chance_node() and isinstance(legal[0], RandomCard):
                break
            state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(legal))
        if not state.is_terminal():
            break
    good = state.legal_actions()[0]
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.apply(dataclasses.replace(good, seat=float(good.seat)))
    assert state.snapshot() == before
    state.apply(good)


def test_a_variant_spelling_of_a_legal_typed_move_is_that_move():
    state = _to_add_phase()
    assert state.action_from_text("bid 01") is state.legal_actions()[state.legal_actions().index(Bid(1))]


def test_sampling_chance_where_chance_is_not_to_move_is_refused():
    state = _to_add_phase()
    with pytest.raises(IllegalActionError, match="chance is not to move"):
        state.sample_chance()


@pytest.mark.parametrize("seat", [-1, 3, None, 1.0, True])
def test_determinize_needs_a_seat_of_the_game(seat):
    with pytest.raises(ValueError):
        _to_add_phase().determinize(seat, random.Random(0))


def test_determinize_takes_a_numpy_seat():
    """A seat from numpy (an argmax, an agent index) is a seat: it was refused as 'determinize
    needs a seat 0..2, not np.int64(1)'."""
    import numpy as np  # matplotlib's dependency, so always installed

    state = _to_add_phase()
    world = state.determinize(np.int64(1), random.Random(0))
    assert world.information_state_key(1) == state.information_state_key(1)
    assert world.history == state.determinize(1, random.Random(0)).history


def test_apply_legal_refuses_an_index_out_of_range():
    state = _to_add_phase()
    before = state.snapshot()
    for i in (-1, state.num_legal_actions()):
        with pytest.raises(IndexError):
            state.apply_legal(i)
    assert state.snapshot() == before
