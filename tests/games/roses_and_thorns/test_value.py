"""The round-start value of Roses and Thorns (``value.py``): the search horizon's score."""
import math
import random

import pytest

import roses
from roses.games.roses_and_thorns.value import WEIGHTS, horizon, progress, win_chances

from .helpers import new, play, set_cards


def test_chances_sum_to_one_and_a_marker_is_worth_more_than_a_card():
    state = new(players=4)
    assert win_chances(state) == pytest.approx([0.25] * 4, abs=0.01)  # all equal but the start player
    state.markers[2] = 1
    set_cards(state, 3, 2, 0)  # seat 3 lost two cards
    chances = win_chances(state)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[2] > max(chances[0], chances[1]) > chances[3]


def test_a_seat_that_is_out_has_no_chance_and_a_finished_game_scores_its_returns():
    state = new(players=3)
    set_cards(state, 1, 0, 0)
    chances = win_chances(state)
    assert chances[1] == 0.0 and sum(chances) == pytest.approx(1.0)
    assert chances[0] / chances[2] == pytest.approx(math.exp(WEIGHTS[3][2]))  # seat 0 starts
    # A quick game ends at the first marker (RT-8): the returns, whatever the weights say.
    quick = play(new(players=3, quick_game=True), "lay rose", "lay rose", "lay rose", "bid 1", "pass", "pass")
    assert quick.is_terminal()
    assert win_chances(quick) == quick.returns() == [1.0, 0.0, 0.0]


def test_progress_is_the_round_and_rises_when_a_round_ends():
    state = new(players=3)
    assert progress(state) == 1
    play(state, "lay rose", "lay rose", "lay rose", "bid 1", "pass", "pass")
    assert progress(state) == 2  # seat 0 turned up its own rose: a marker and a new round (§3.5)


def test_the_value_reads_only_public_facts():
    """Every world of a seat's information state scores the same (sealed: markers, cards and the
    start player are on the table)."""
    game = roses.load("roses-and-thorns", players=5)
    state = game.new_initial_state(4)
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 12:
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        seat = state.current_player()
        want = win_chances(state)
        for _ in range(3):
            assert win_chances(state.determinize(seat, rng)) == pytest.approx(want)
        checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked == 12


def test_every_player_count_has_weights_and_the_horizon_is_the_games():
    assert set(WEIGHTS) >= {3, 4, 5, 6}
    for n in (3, 7, 10):
        game = roses.load("roses-and-thorns", players=n)
        h = game.spec.horizon(game)
        assert h.progress is progress and h.value is win_chances
        assert sum(h.value(game.new_initial_state(1))) == pytest.approx(1.0)
    assert horizon(None).value is win_chances
