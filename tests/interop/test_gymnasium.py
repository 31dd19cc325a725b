"""Gymnasium's own checker on The Lone Florist, rewards in dollars, illegal ids harmless."""
import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")  # installed by scripts/test (the interop extra)
from gymnasium.utils.env_checker import check_env  # noqa: E402

import roses.interop.gymnasium as lone  # noqa: E402
from roses.agents.base import Turn  # noqa: E402

from .conftest import CASES, case_id  # noqa: E402


def test_check_env():
    env = gymnasium.make(lone.ENV_ID)
    check_env(env.unwrapped, skip_render_check=False)
    assert isinstance(env.unwrapped, lone.LoneFloristEnv)


def test_rewards_sum_to_money_earned_heuristic_play():
    env = gymnasium.make(lone.ENV_ID)
    game = env.unwrapped.game
    bot = game.spec.bots["heuristic"](game, 3)
    obs, info = env.reset(seed=3)
    total, steps = 0.0, 0
    while True:
        action = game.action_to_id(bot.act(Turn.of(env.unwrapped.state_)))
        assert info["action_mask"][action] == 1
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        if terminated or truncated:
            break
    assert terminated and not truncated
    assert total == info["money"] - 20  # Setup: $20 in coins
    assert info["money"] > 60
    assert obs.shape == env.observation_space.shape


def test_illegal_id_changes_nothing():
    env = gymnasium.make(lone.ENV_ID, render_mode="ansi")
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.unwrapped.state_.to_json()
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert info2["illegal_action"] and reward == 0.0 and not terminated
    assert env.unwrapped.state_.to_json() == before
    np.testing.assert_array_equal(obs, obs2)
    assert "Rare Roses" in env.render()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_seat_env_passes_the_checker_and_plays_to_the_end(case):
    """``roses/Seat-v0``: one seat of any game against heuristic bots, through Gymnasium's checker;
    a random seat plays whole games, the reward is its return at the end and 0 before."""
    name, params = case
    seat = params["players"] - 1
    env = gymnasium.make(lone.SEAT_ENV_ID, game=name, seat=seat, **params)
    check_env(env.unwrapped, skip_render_check=True)
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=4)
    rewards = []
    while True:
        assert env.unwrapped.state_.current_player() == seat
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        rewards.append(reward)
        if terminated or truncated:
            break
    assert terminated and rewards[-1] == env.unwrapped.state_.returns()[seat] and not any(rewards[:-1])


def test_seat_env_refuses_an_unknown_bot_and_a_wrong_count_of_opponents():
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        gymnasium.make(lone.SEAT_ENV_ID, game="rose-ceremony", players=3, opponents="genius")
    with pytest.raises(ValueError, match="1 opponents for 2 other seats"):
        gymnasium.make(lone.SEAT_ENV_ID, game="rose-ceremony", players=3, opponents=["heuristic"])
    with pytest.raises(ValueError, match="seat 3"):
        gymnasium.make(lone.SEAT_ENV_ID, game="rose-ceremony", players=3, seat=3)
