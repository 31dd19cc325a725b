"""Records, replay, JSON round trips, chance sampling and the registry (the core contract)."""
import json
import pickle

import pytest

import roses
from roses.core import (CHANCE, GameParameterError, GameRecord, RecordError, State, UnknownGameError,
                        available_games, replay)
from roses.core.conformance import check_random_game
from roses.core.record import FORMAT

from ..registry import every_table


def finished(seed=5, players=4):
    return check_random_game(roses.load("roses-and-thorns", players=players), seed, deep=False)


def test_load_validates_parameters():
    with pytest.raises(GameParameterError, match="players"):
        roses.load("roses-and-thorns", players=11)
    with pytest.raises(GameParameterError, match="unknown parameter"):
        roses.load("roses-and-thorns", colour="red")
    with pytest.raises(UnknownGameError, match="known games: roses-and-thorns"):
        roses.load("skull")
    with pytest.raises(GameParameterError, match="start_player"):
        roses.load("roses-and-thorns", players=3, start_player=5).new_initial_state(1)


def test_registry_lists_roses_and_thorns_first():
    assert available_games()[0] == "roses-and-thorns"


def test_record_json_round_trip_and_replay_equal_state():
    state = finished()
    rec = GameRecord.from_state(state, ["bot:random"] * 4)
    data = json.loads(json.dumps(rec.to_json()))
    assert data["format"] == FORMAT and data["game"] == "roses-and-thorns" and data["seed"] == 5
    assert data["engine_version"] == roses.__version__
    again = GameRecord.from_json(data)
    assert replay(again) == state
    assert any(seat == CHANCE for seat, _ in again.actions)  # chance outcomes are recorded


def test_replay_detects_a_tampered_record():
    state = finished()
    data = GameRecord.from_state(state).to_json()
    data["result"]["returns"] = list(reversed(data["result"]["returns"]))
    if data["result"]["returns"] == GameRecord.from_state(state).result["returns"]:
        pytest.skip("symmetric result")
    with pytest.raises(RecordError, match="replay gives"):
        replay(GameRecord.from_json(data))
    data = GameRecord.from_state(state).to_json()
    i = next(k for k, (s, _) in enumerate(data["actions"]) if s >= 0)
    data["actions"][i][1] = "bid 99"
    with pytest.raises(RecordError, match=f"step {i}"):
        replay(GameRecord.from_json(data))


def test_not_a_record():
    with pytest.raises(RecordError, match="not a roses record"):
        GameRecord.from_json({"game": "x"})


def test_state_json_round_trip_mid_game_continues_identically():
    game = roses.load("roses-and-thorns", players=3)
    s = game.new_initial_state(9)
    for _ in range(25):
        s.apply(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    t = State.from_json(json.loads(json.dumps(s.to_json())))
    assert t == s
    for _ in range(60):  # the same RNG position: the same future chance outcomes
        if s.is_terminal():
            break
        a = s.sample_chance() if s.is_chance_node() else s.legal_actions()[-1]
        b = t.sample_chance() if t.is_chance_node() else t.legal_actions()[-1]
        assert a == b
        s.apply(a)
        t.apply(b)
    assert s == t


@pytest.mark.parametrize("name,players", every_table())
def test_a_pickled_state_is_equal_and_continues_identically(name, players):
    """A state goes to a worker process (or OpenSpiel's serialisation) by pickle: its game's
    read-only parameters used to refuse ("cannot pickle 'mappingproxy' object")."""
    game = roses.load(name, players=players)
    s = game.new_initial_state(4)
    for _ in range(20):
        s.apply(s.sample_chance() if s.is_chance_node() else s.legal_actions()[-1])
    t = pickle.loads(pickle.dumps(s))
    assert t == s and t.game == game and dict(t.game.params) == dict(game.params)
    for _ in range(40):
        if s.is_terminal():
            break
        a = s.sample_chance() if s.is_chance_node() else s.legal_actions()[0]
        assert a == (t.sample_chance() if t.is_chance_node() else t.legal_actions()[0])
        s.apply(a)
        t.apply(a)
    assert s == t


def test_sampling_is_pure_and_seeded():
    game = roses.load("roses-and-thorns", players=5)
    a, b = game.new_initial_state(3), game.new_initial_state(3)
    assert a.sample_chance() == a.sample_chance() == b.sample_chance()
    draws = {str(game.new_initial_state(k).sample_chance()) for k in range(60)}
    assert draws == {f"start {k}" for k in range(5)}


def test_chosen_chance_outcomes_keep_replay_exact():
    """A test or a server may apply a chance outcome it chose; the record still replays."""
    game = roses.load("roses-and-thorns", players=3)
    s = game.new_initial_state(1)
    s.apply(s.action_from_text("start 2"))
    assert replay(GameRecord.from_state(s), verify=False) == s


def test_action_ids_round_trip():
    game = roses.load("roses-and-thorns", players=4)
    s = game.new_initial_state(2)
    s.resolve_chance()
    seen = set()
    while not s.is_terminal() and len(seen) < 40:
        if s.is_chance_node():
            s.apply(s.sample_chance())
            continue
        for a in s.legal_actions():
            i = game.action_to_id(a)
            assert 0 <= i < game.num_distinct_actions() and game.action_from_id(i) == a
            seen.add(i)
        s.apply(s.legal_actions()[-1])
    assert len(seen) > 5
