"""OpenSpiel's own checker and bots on every registered roses game."""
import json
import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")  # installed by scripts/test (the interop extra)
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

from roses.interop import openspiel as ros  # noqa: E402
from roses.interop.tensors import tensor_size  # noqa: E402

from ..registry import SMALL_TABLES, case, every_table  # noqa: E402
from .conftest import CASES, case_id  # noqa: E402

#: Games whose whole game is too long for OpenSpiel's Python search bots here (a speed choice):
#: their bots choose the first few moves only. Every other game is played to the end.
LONG_GAMES = {"rose-ceremony", "rare-roses"}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test(case):
    game = ros.load_game(case[0], **case[1])
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_and_state_pickle_and_serialize():
    """pyspiel restores an unpickled Python game's C++ part only; ours is loaded again (it keeps its
    roses game and parameters), and a state round-trips through pyspiel's serialisation."""
    game = ros.load_game("rare-roses", players=2, max_offers=2)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.roses_game == game.roses_game
    assert again.roses_game.params["max_offers"] == 2
    state = game.new_initial_state()
    while len(state.history()) < 25:
        state.apply_action(state.legal_actions()[-1])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.history() == state.history()
    assert state2.information_state_string(0) == state.information_state_string(0)
    assert state2.legal_actions() == state.legal_actions()


def test_registered_names_and_honest_game_type():
    assert set(ros.GAMES.values()) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("python_roses_and_thorns", {"players": 5})
    gt = game.get_type()
    assert gt.min_num_players == 3 and gt.max_num_players == 10 and game.num_players() == 5
    assert gt.utility == pyspiel.GameType.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == 15 + 4 * 5
    assert game.max_game_length() == game.roses_game.info.max_game_length
    blades = ros.load_game("blades-and-rose", players=6)
    assert blades.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM  # a faction wins together
    assert blades.information_state_tensor_size() == tensor_size(blades.roses_game, True)
    assert blades.observation_tensor_size() == tensor_size(blades.roses_game)


def test_resample_keeps_information_state():
    game = ros.load_game("roses-and-thorns", players=4)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal() and len(state.history()) < 30:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    world = state.resample_from_infostate(seat, random.Random(5).random)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert world.legal_actions() == state.legal_actions()
    others = [world.information_state_string(s) != state.information_state_string(s)
              for s in range(4) if s != seat]
    assert any(others)  # hidden lays were re-drawn for somebody


def _restartable(bot):
    # evaluate_bots calls restart_at on every bot; OpenSpiel's Python search bots keep no
    # state between moves and do not define it.
    bot.restart_at = lambda state: None
    return bot


@pytest.mark.parametrize("name,players", [p for p in every_table(SMALL_TABLES) if p.values[0] not in LONG_GAMES])
def test_ismcts_and_mcts_play_whole_games(name, players):
    game = ros.load_game(name, players=players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [_restartable(ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(s)))
            for s in range(players - 1)]
    bots.append(_restartable(mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(9))))
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == players and max(returns) == 1.0


# and Rare Roses solo as well: the solo game (the Lone Florist) has rules of its own
@pytest.mark.parametrize("name,players", [p for p in every_table(SMALL_TABLES) if p.values[0] in LONG_GAMES]
                         + [case("rare-roses", 1)])
def test_ismcts_and_mcts_choose_legal_moves(name, players):
    """The long games: each bot chooses legal moves at the first few decisions."""
    game = ros.load_game(name, players=players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=np.random.RandomState(1)),
            mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=np.random.RandomState(2))]
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    moves = 0
    while moves < 4:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bots[moves % 2].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1


def test_observer_kinds_it_cannot_give_are_refused_not_answered_with_another_view():
    """Regression: public_info=False still gave the public information, and private_info=ALL_PLAYERS
    gave one seat's view; both are now refused by name. A seat's and a spectator's views stay."""
    game = pyspiel.load_game("python_rose_ceremony", {"players": 3})
    kinds = pyspiel.PrivateInfoType
    for public, private, says in ((True, kinds.ALL_PLAYERS, "every player's private information"),
                                  (False, kinds.SINGLE_PLAYER, "without the public information"),
                                  (False, kinds.NONE, "without the public information")):
        with pytest.raises(ValueError, match=says):
            game.make_py_observer(pyspiel.IIGObservationType(public_info=public, perfect_recall=False,
                                                             private_info=private))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    seat = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    public = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, private_info=kinds.NONE))
    mine, theirs = json.loads(seat.string_from(state, 0)), json.loads(public.string_from(state, 0))
    assert len(mine["hand"]) == 4 and theirs["hand"] == [] and (mine["seat"], theirs["seat"]) == (0, None)


def test_observer_dict_gives_recall_one_row_per_remembered_action():
    """The dict view's ``recall`` is 8 × action ids (docs/interop.md), a view of the tensor: row 0
    is the seat's most recent action, one-hot. It was one flat slice of 8·A numbers."""
    game = ros.load_game("roses-and-thorns", players=3)
    obs = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    played = state.legal_actions()[-1]
    state.apply_action(played)
    obs.set_from(state, seat)
    recall = obs.dict["recall"]
    assert recall.shape == (8, game.num_distinct_actions())
    assert recall[0].tolist() == [1.0 if a == played else 0.0 for a in range(game.num_distinct_actions())]
    assert recall[1:].sum() == 0
    assert np.shares_memory(recall, obs.tensor)
