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

from ..properties import SEEDS


#: Parameter variants the conformance test plays: the default pool; a larger pool with repeated
#: crystals (hidden crystals then share numbers); low thresholds (games end in few rounds).
VARIANTS = {
    "default": {},
    "repeated crystals": {"crystals": [1, 2, 3, 4, 5, 6, 7, 8, 1, 3, 7, 7]},
    "low thresholds": {"death_limit": 2, "sacrifice_target": 2},
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("players,examples", [(5, 10), (6, 8), (7, 6), (8, 5)])
def test_conformance(players, examples, variant):
    """Every player count and variant: the core conformance checks over action sequences drawn by
    hypothesis (a failure shrinks to the shortest game); games end within one round per crystal."""
    game = roses.load("blades-and-rose", players=players, **VARIANTS[variant])

    @settings(max_examples=examples, deadline=None)
    @given(data=st.data())
    def run(data):
        seed = data.draw(SEEDS, label="seed")
        state = check_random_game(game, seed, choose=lambda legal: legal[data.draw(
            st.integers(0, len(legal) - 1))])
        assert len(state.rounds) <= players
        assert state.winner is not None

    run()


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
