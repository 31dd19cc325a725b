"""The turn-start value of Rose Ceremony (``value.py``): the score of a search playout stopped at
its horizon."""
import random

import pytest

import roses
from roses.core.conformance import check_horizon
from roses.games.rose_ceremony.value import FEATURES, WEIGHTS, features, horizon, progress, win_chances

from .helpers import position


def test_chances_sum_to_one_and_follow_points_and_bouquets():
    state = position(4, points={1: 3, 2: 4}, bouquets={2: "3/1 3/0", 3: "1/1 1/1 1/2"}, deck="")
    chances = win_chances(state)
    assert sum(chances) == pytest.approx(1.0)
    # seat 2 can exchange 6 roses for 2 points and win on its turn (End of the Game); seat 3's
    # bouquet has 3 roses and 4 thorns; seat 0 has nothing
    assert chances[2] > 0.5 and chances[2] > chances[1] > chances[0]
    assert chances[0] > chances[3]  # a thorny bouquet of 3 roses is worth less than none


def test_points_count_more_as_the_deck_runs_down():
    early = position(4, points={1: 2})
    late = position(4, points={1: 2}, deck="1/0 1/0")
    assert early._deck_size > 30 and late._deck_size == 2
    assert win_chances(late)[1] > 0.4 > win_chances(early)[1]


def test_a_finished_game_scores_its_returns():
    game = roses.load("rose-ceremony", players=3)
    from roses.agents import make_agent
    from roses.sim.match import play_game

    final = play_game(game, [make_agent("heuristic", game, s) for s in range(3)], 5)
    assert final.is_terminal() and win_chances(final) == final.returns()


def test_progress_counts_the_cards_drawn_one_a_turn():
    game = roses.load("rose-ceremony", players=4)
    state = game.new_initial_state(2)
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply(state.sample_chance())
    assert progress(state) == 16  # the deal: 4 cards to each of 4 seats
    turn = state.turn_player
    while state.turn_player == turn:  # date, answer, exchange or keep, then the draw
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert progress(state) == 17


def test_every_player_count_has_weights_and_the_horizon_is_the_games():
    assert set(WEIGHTS) == {2, 3, 4, 5, 6}
    assert all(len(w) == len(FEATURES) for w in WEIGHTS.values())
    assert len(features([(0, 0, 0)] * 6, 0, 1.0)[0]) == len(FEATURES)
    for n in (2, 6):
        game = roses.load("rose-ceremony", players=n)
        h = game.spec.horizon(game)
        assert h.progress is progress and h.value is win_chances
    assert horizon(None).value is win_chances


def test_the_conformance_check_catches_a_value_that_reads_a_hand():
    """The value reads only public facts: ``check_horizon`` (run on every game with a horizon by
    ``check_random_game``, the property tests) fails a horizon whose value reads a hidden hand."""
    from dataclasses import replace

    from roses.core import Game, Horizon

    leaky = Horizon(progress=progress, value=lambda s: [1.0 if s.hands[0] and s.hands[0][0].roses >= 3 else 0.0]
                    + [0.0] * (s.num_players - 1))
    spec = replace(roses.load("rose-ceremony").spec, horizon=lambda game: leaky)
    game = Game.create(spec, players=4)
    state = game.new_initial_state(1)
    rng = random.Random(1)
    caught = False
    while not state.is_terminal() and not caught:
        if not state.is_chance_node():
            try:
                check_horizon(state, rng)
            except AssertionError as e:
                caught = "cannot see" in str(e)
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert caught
