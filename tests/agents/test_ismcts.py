"""The generic SO-ISMCTS agent (roses.agents.ismcts): legal for every game, reproducible, finds a
winning flip in Roses and Thorns, and beats ``random`` there."""
import random

import pytest

import roses
from roses.agents import GENERIC_AGENTS, Turn, make_agent
from roses.agents.ismcts import ISMCTSAgent, agent_policy
from roses.core import available_games
from roses.sim.batch import run_batch


def _positions(game, seed: int, every: int = 7, limit: int = 4):
    """Up to ``limit`` seat decisions (with a real choice) of a random game, one every ``every`` steps."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    steps = 0
    found = []
    while not state.is_terminal() and len(found) < limit:
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and steps % every == 0:
            found.append(state.clone())
        state.apply(rng.choice(legal))
        steps += 1
    return found


@pytest.mark.parametrize("name", available_games())
def test_returns_a_legal_action_for_every_game(name):
    spec = roses.load(name).spec
    for players in sorted({spec.min_players, spec.max_players}):
        game = roses.load(name, players=players)
        agent = ISMCTSAgent(game, seed=3, iterations=12)
        positions = _positions(game, seed=players)
        assert positions, f"{name} with {players} players offered no choice"
        for state in positions:
            before = state.snapshot()
            action = agent.act(Turn.of(state))
            assert action in state.legal_actions()
            assert state.snapshot() == before  # the search never touches the real state
            assert sum(agent.root_visits().values()) == 12


def test_registered_as_a_generic_agent():
    game = roses.load("rose-ceremony")
    assert GENERIC_AGENTS["ismcts"] is ISMCTSAgent
    assert make_agent("ismcts", game, 5).name == "ismcts"


def test_deterministic_for_a_fixed_seed():
    game = roses.load("roses-and-thorns", players=4)
    for state in _positions(game, seed=11, every=3):
        a, b = ISMCTSAgent(game, seed=9, iterations=60), ISMCTSAgent(game, seed=9, iterations=60)
        assert a.act(Turn.of(state)) == b.act(Turn.of(state))
        assert a.root_visits() == b.root_visits()


def _winning_flip_position():
    """3 players, seat 0 already holds a marker (§3.4) and has one card left to turn up.

    Seats 1 and 2 each laid their thorn first, then three roses (hands empty). Seat 0 bid 7: its
    own three roses turn up by themselves (RT-5), then it turned up seat 1's three roses. Seat 1
    holds all four cards, so its last face-down card is surely its thorn; seat 2's top card is a
    rose with chance 3/4 as far as seat 0 knows. ``flip 2`` is the only move that can win."""
    state = roses.load("roses-and-thorns", players=3, start_player=1).new_initial_state(1)
    state.markers[0] = 1  # won an earlier challenge
    for text in (["lay thorn", "lay thorn", "lay rose"] + ["lay rose"] * 8
                 + ["bid 7", "pass", "pass", "flip 1", "flip 1", "flip 1"]):
        state.apply(state.action_from_text(text))
    state.check_invariants()
    return state


def test_turns_up_the_stack_that_can_win_the_game():
    state = _winning_flip_position()
    assert state.current_player() == 0 and [str(a) for a in state.legal_actions()] == ["flip 1", "flip 2"]
    for seed in range(3):
        agent = ISMCTSAgent(state.game, seed=seed, iterations=200)
        assert str(agent.act(Turn.of(state))) == "flip 2"
        visits = agent.root_visits()
        assert visits["flip 2"] > visits["flip 1"]
    # The estimated value of the winning flip is about 3/4 (the chance that seat 2's top is a rose).
    root = agent.last_root
    win = root.children[(0, "flip 2")]
    assert 0.6 < win.reward / win.visits <= 1.0
    lose = root.children[(0, "flip 1")]  # loses a card; the game goes on, so not quite 0
    assert lose.reward / lose.visits < 0.5 < win.reward / win.visits


def test_playout_policy_and_depth_limit_are_used():
    state = _winning_flip_position()
    calls = []

    def first_legal(world, legal, rng):
        calls.append(world.current_player())
        return legal[0]

    agent = ISMCTSAgent(state.game, seed=1, iterations=30, playout_policy=first_legal, max_playout_depth=5)
    assert agent.act(Turn.of(state)) in state.legal_actions()
    assert calls and all(0 <= s < 3 for s in calls)
    bot = agent_policy(make_agent("heuristic", state.game, 2))
    agent = ISMCTSAgent(state.game, seed=1, iterations=20, playout_policy=bot)
    assert str(agent.act(Turn.of(state))) == "flip 2"


def test_wide_nodes_are_capped():
    game = roses.load("roses-and-thorns", players=6)
    state = next(s for s in _positions(game, seed=4, every=1, limit=200) if len(s.legal_actions()) > 4)
    agent = ISMCTSAgent(game, seed=2, iterations=40, max_branching=3)
    assert agent.act(Turn.of(state)) in state.legal_actions()
    assert len(agent.root_visits()) <= len(state.legal_actions())


@pytest.mark.parametrize("players,at_least", [(3, 9), (4, 7)])
def test_beats_random_in_roses_and_thorns(players, at_least, monkeypatch):
    # One ISMCTS seat (30 iterations, to stay fast) against random ones, 20 games of batch seed 0.
    # Measured: 11 wins with 3 players, 8 with 4; chance alone is 6.7 and 5. The bar leaves a
    # margin of two games (3 players) and one (4). The default 200 iterations win 13 and 8 of the
    # same games: random opponents are hard to model, the heuristic is beaten far more clearly
    # (docs/agents.md).
    monkeypatch.setitem(GENERIC_AGENTS, "ismcts-30", lambda g, s: ISMCTSAgent(g, s, iterations=30))
    result = run_batch("roses-and-thorns", {"players": players}, ["ismcts-30", "random"], games=20, seed=0)
    assert result.wins_per_seat[0] >= at_least
    assert result.win_rate[0] > 1 / players + 0.08
