"""Property tests over 5–8 players: the core conformance checks (cards conserved, no leak through
determinize, clones, illegal actions, replay) plus this game's own: no observation shows another
seat's role, hand or unplaced crystal, or who played which card in a shuffled round; every game
ends within one round per crystal (rounds <= players)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import roses
from roses.core.conformance import check_random_game
from roses.core.log import own_seat_wording
from roses.core.serial import to_jsonable

from ..properties import SEEDS, check_seeds


def _check_game(players: int, seed: int) -> None:
    game = roses.load("blades-and-rose", players=players)
    state = check_random_game(game, seed)
    assert len(state.rounds) <= players
    assert state.winner is not None


@pytest.mark.parametrize("players,examples", [(5, 6), (6, 5), (7, 4), (8, 3)])
def test_conformance(players, examples):
    """Every player count, each with its own budget of hypothesis-drawn seeds."""
    check_seeds(lambda seed: _check_game(players, seed), examples)


def _no_leak(state, seat: int) -> None:
    obs = state.observation(seat)
    text = json.dumps(to_jsonable(obs))
    n = state.num_players
    for other in range(n):
        if other == seat:
            continue
        assert obs.roles[other] is None
        # An unplaced crystal's number appears nowhere in another seat's view (pool #1–#8 unique).
        k = state.crystals[other]
        if k is not None:
            assert f"#{k}" not in text and obs.crystal != k
    assert obs.hand == tuple(state.hands[seat])
    for view, rnd in zip(obs.rounds + ((obs.current_round,) if obs.current_round else ()),
                         state.rounds + ([state.rnd] if state.rnd else [])):
        assert view.my_card == rnd.plays.get(seat)
        if view.attribution is not None:
            assert rnd.unshuffled and rnd.resolved
    # Log lines only the own seat may read never name another seat's card or role.
    # Every other line is the public wording, the own seat marked ("seat 2 (you)", "your").
    for entry, mine in zip(state.log.entries, state.log.view(seat)):
        if seat not in dict(entry.private):
            assert mine == own_seat_wording(entry.public, seat)


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, players=st.integers(min_value=5, max_value=8))
def test_no_observation_reveals_hidden_information(seed, players):
    game = roses.load("blades-and-rose", players=players)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        for seat in range(players):
            _no_leak(state, seat)
        spectator = state.observation(None)
        assert spectator.hand == () and all(r is None for r in spectator.roles)
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert all(r is not None for r in state.observation(0).roles)  # revealed once over


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, players=st.integers(min_value=5, max_value=8))
def test_games_end_within_the_crystals(seed, players):
    game = roses.load("blades-and-rose", players=players)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
        state.check_invariants()
    assert 1 <= len(state.rounds) <= players and len(state.placed) == len(state.rounds)
    assert sum(state.returns()) == sum(1 for s in range(players) if state.faction(s) == state.winner)
