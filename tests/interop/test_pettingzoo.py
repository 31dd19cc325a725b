"""PettingZoo's own checkers on every game at several table sizes."""
import numpy as np
import pytest

pytest.importorskip("pettingzoo")  # installed by scripts/test (the interop extra)
from pettingzoo.test import api_test, seed_test  # noqa: E402

from roses.core import IllegalActionError  # noqa: E402
from roses.interop import pettingzoo as pz  # noqa: E402

from .conftest import CASES, case_id  # noqa: E402


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_api(case):
    api_test(pz.env(case[0], render_mode="ansi", **case[1]), num_cycles=60)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_seed(case):
    seed_test(lambda: pz.env(case[0], **case[1]), num_cycles=30)


def test_max_cycles_truncates_every_agent():
    """PettingZoo's max_cycles_test needs a parallel env with unmasked random actions, which a
    turn-based game with illegal moves is not; the same contract checked on the AEC env: after
    ``max_cycles`` table steps every agent is truncated and stepped out once."""
    env = pz.env("rose-ceremony", players=3, max_cycles=5)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5 and env.agents == []


def test_play_to_the_end_rewards_are_returns():
    env = pz.env("roses-and-thorns", players=3)
    env.reset(seed=4)
    total = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(total.values()) == [0.0, 0.0, 1.0]


def test_illegal_action_is_refused_state_unchanged():
    env = pz.env("roses-and-thorns", players=3, render_mode="ansi")
    env.reset(seed=2)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state_.to_json()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.state_.to_json() == before
    assert "Roses and Thorns" in env.render()


def test_an_action_that_is_not_an_id_is_refused_by_name_state_unchanged():
    """Regression: step(None) for a live agent raised int()'s bare TypeError, and step(2.5) played
    action 2. Anything but an integer id (numpy's too) is a ValueError naming the id range."""
    env = pz.env("rose-ceremony", players=3)
    env.reset(seed=0)
    before = env.state_.to_json()
    for bad in (None, 2.5, "x", True):
        with pytest.raises(ValueError, match=r"an action is an integer action id 0\.\.57"):
            env.step(bad)
    assert env.state_.to_json() == before
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.int64(legal[0]))  # a numpy id, as a policy gives it
    assert env.state_.to_json() != before
