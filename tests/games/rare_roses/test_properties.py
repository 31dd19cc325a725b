"""Property tests for 1–6 players (RR-1): the core conformance checks — 94 tiles conserved between
bag, market and shops, money conserved between the players and the bank's account (paid in by
purchases and pushes, paid out for orders and bonuses), order cards conserved, no leak through
determinize, independent clones, refused illegal actions, replay — plus Rare Roses' own limits."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import roses
from roses.core.conformance import check_random_game
from roses.games.rare_roses.actions import DealGive, DealPay, DealTake, DealWith, Propose

from ..properties import SEEDS, check_seeds


def _check(players: int, seed: int, deep: bool = True) -> None:
    state = check_random_game(roses.load("rare-roses", players=players), seed, deep=deep)
    assert sum(state.money) == 20 * players + state.bank_out - state.bank_in
    assert state.deck_size() == 0 and state.end_trigger is not None
    assert abs(sum(state.returns()) - 1.0) < 1e-9


@pytest.mark.parametrize("players,examples", [(1, 5), (2, 3), (3, 2)])
def test_conformance(players, examples):
    """Every player count, each with its own budget of hypothesis-drawn seeds."""
    check_seeds(lambda seed: _check(players, seed), examples)


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS, players=st.integers(min_value=4, max_value=6))
def test_conformance_4_to_6_players(seed, players):
    _check(players, seed)


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, players=st.integers(min_value=1, max_value=6))
def test_conformance_shallow_all_counts(seed, players):
    _check(players, seed, deep=False)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, players=st.integers(min_value=2, max_value=6))
def test_turn_limits_hold_through_random_games(seed, players):
    """Every turn: at most 6 tiles drawn that count (plus the first-turn extras), at most 6 received,
    at most 3 orders filled; a pending deal is seen only by its two seats, a draft only by its
    proposer (deals are drafted often here)."""
    state = roses.load("rare-roses", players=players).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        assert state.counted <= 6 and state.received <= 6 and state.fills <= 3
        if state.offer is not None:
            for seat in list(range(players)) + [None]:
                seen = state.observation(seat).pending_offer
                assert (seen is not None) == (seat in (state.turn, state.offer.seat))
        if state.draft is not None:
            for seat in list(range(players)) + [None]:
                obs = state.observation(seat)
                assert (obs.draft is not None) == (seat == state.turn) and obs.draft_with == state.draft[0]
        if state.is_chance_node():
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            offers = [a for a in legal if isinstance(a, (DealWith, DealTake, DealGive, DealPay, Propose))]
            a = rng.choice(offers) if offers and rng.random() < 0.3 else rng.choice(legal)
            state.apply(a)
    state.check_invariants()


SMALL_DECK = [{"id": i, "icon": i < 3, "roses": [["juliet", "bud"], ["black", "bloom"]] if i % 2 else [["rainbow", "bloom"]],
               "fill": 4 + i, "match": 8 + i, "specialty": "juliet" if i % 2 else None} for i in range(6)]


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, players=st.integers(min_value=1, max_value=4))
def test_conformance_small_custom_deck_and_prices(seed, players):
    """A six-card deck (three of each back, so the deck holds all six) with other prices: the game
    ends by the same rule (RR-9), and the record replays with the deck data and prices as
    parameters (the setup-drawn case is in ``test_setup.py``)."""
    game = roses.load("rare-roses", players=players, order_deck=SMALL_DECK,
                      market_prices={"rainbow": 1, "juliet": 1, "striped-dragon": 2, "osira": 2, "blue": 3, "black": 4})
    state = check_random_game(game, seed)
    assert state.deck_size() == 0 and state.end_trigger is not None
    assert len(state.drawn_icon) == 3 and len(state.drawn_plain) == 3
