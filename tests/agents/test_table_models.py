"""A strong search models each other seat as the bot it is at the table (``ISMCTSAgent.meet``,
``roses.agents.levels.seat_model``): who sits where is public, so a ``hard`` bot next to two
other ``hard`` bots models them as they play, not as the heuristic."""
from __future__ import annotations

import pytest

import roses
from roses.agents import RandomAgent, Turn, make_agent, tell_table
from roses.agents.belief import BeliefModel
from roses.agents.ismcts import ISMCTSAgent
from roses.agents.playout import agent_policy
from roses.agents.levels import seat_model
from roses.core import get_spec
from roses.sim.match import play_game, record_of

from ..registry import every_game
from .test_ismcts import _positions
from .test_search_levels import _Recorder


def test_a_seat_is_modelled_as_the_bot_it_is():
    game = roses.load("roses-and-thorns", players=4)
    spec = game.spec
    # a strong level as the bot it plays its own seat with, in playouts its cheaper twin
    assert seat_model(game, "ismcts:hard") == (spec.own_bot, spec.own_playout_bot)
    assert seat_model(game, "ismcts:expert") == (spec.own_bot, spec.own_playout_bot)
    assert spec.own_playout_bot is not None and spec.own_playout_bot is not spec.own_bot
    # bold plays out as its 12-world twin (GameSpec.bot_playouts), as the heuristic does
    assert seat_model(game, "bold") == (spec.bots["bold"], spec.bot_playouts["bold"])
    rc = roses.load("rose-ceremony", players=4)
    assert seat_model(rc, "bold") == (rc.spec.bots["bold"], rc.spec.bots["bold"])
    assert seat_model(rc, "ismcts:hard") == (rc.spec.own_bot, rc.spec.own_bot)  # no cheaper twin
    assert seat_model(game, "random") == (RandomAgent, RandomAgent)
    # a person, the heuristic, the weak levels and unknown names: the default (heuristic) model
    for name in (None, "heuristic", "ismcts:medium", "ismcts:easy", "ismcts", "ismcts:nonsense", "someone"):
        assert seat_model(game, name) is None, name
    # a game without an own_bot: a hard seat plays as the heuristic, so it is modelled as one
    assert seat_model(roses.load("blades-and-rose", players=6), "ismcts:hard") is None


def test_meet_gives_a_seat_its_model_in_the_tree_the_playouts_and_the_belief():
    """Seat 1 is a ``spy`` bot, the others people; seat 2 decides with its own prior and playouts.
    The spy's model is asked for seat 1 alone, the default model for seats 0 and 3 alone, and the
    deciding seat stays its own even when the table names it a spy too."""
    game = roses.load("roses-and-thorns", players=4)
    state = next(s for s in _positions(game, seed=2, limit=12)
                 if s.current_player() == 2 and len([a for a in s.history if a[0] == 1]) >= 2)
    spy_prior, spy_play, spy_belief = _Recorder(), _Recorder(), _Recorder()
    model, model_play, model_belief, own, own_play = (_Recorder() for _ in range(5))
    agent = ISMCTSAgent(game, seed=3, iterations=80, prior=model, own_prior=own,
                        playout_policy=agent_policy(model_play), own_playout_policy=agent_policy(own_play),
                        belief=BeliefModel(lambda game, seed: model_belief, pool=4),
                        seat_model=lambda name: ((lambda g, s: spy_prior), (lambda g, s: spy_play))
                        if name == "spy" else None)
    agent.meet([None, "spy", "spy", None])
    assert set(agent.belief.seat_models) == {1, 2}
    agent.belief.seat_models[1] = lambda game, seed: spy_belief  # to tell its calls from the tree's
    agent.act(Turn.of(state))
    assert spy_prior.seats == {1} and spy_play.seats == {1} and spy_belief.seats == {1}
    assert model.seats and model.seats <= {0, 3} and model_play.seats <= {0, 3} and model_play.seats
    assert model_belief.seats and model_belief.seats <= {0, 3}
    assert own.seats == {2} and own_play.seats == {2}


def test_meet_forgets_an_earlier_table_and_checks_its_length():
    game = roses.load("roses-and-thorns", players=4)
    hard = make_agent("ismcts:hard", game, 0)
    hard.meet(["ismcts:hard", "bold", None, "heuristic"])
    assert set(hard.seat_priors) == {0, 1} and set(hard.belief.seat_models) == {0, 1}
    assert hard.seat_priors[1].name == "bold" and hard.belief.seat_models[1] is game.spec.bots["bold"]
    hard.meet([None, None, None, None])
    assert hard.seat_priors == {} and hard.seat_playout_policies == {} and hard.belief.seat_models == {}
    with pytest.raises(ValueError, match="4 seats"):
        hard.meet(["bold"] * 3)
    # the weak levels model every seat alike
    medium = make_agent("ismcts:medium", game, 0)
    medium.meet(["bold"] * 4)
    assert medium.seat_priors == {}


def test_a_hard_table_is_searched_alike_whatever_the_heuristic_seats_are_called():
    """Modelling a heuristic seat by its name changes nothing: the default model is the
    heuristic, so a hard bot told a table of heuristics chooses as one told nothing."""
    game = roses.load("roses-and-thorns", players=4)
    state = next(s for s in _positions(game, seed=5, limit=10) if s.current_player() == 0)
    told, untold = make_agent("ismcts:hard", game, 9), make_agent("ismcts:hard", game, 9)
    told.meet(["ismcts:hard", "heuristic", None, "heuristic"])
    a, b = told.search(Turn.of(state)), untold.search(Turn.of(state))
    assert str(a.action) == str(b.action) and [m.visits for m in a.moves] == [m.visits for m in b.moves]


class _Table:
    """An agent that records the table it is told and plays the first legal move."""

    name = "table-spy"

    def __init__(self):
        self.told = None

    def meet(self, table):
        self.told = table

    def act(self, turn):
        return turn.legal_actions[0]


def test_play_game_tells_every_agent_the_table():
    game = roses.load("roses-and-thorns", players=3)
    agents = [_Table(), make_agent("bold", game, 1), _Table()]
    play_game(game, agents, 4)
    assert agents[0].told == agents[2].told == ("table-spy", "bold", "table-spy")
    agents = [_Table(), _Table(), _Table()]
    play_game(game, agents, 4, table=[None, "ismcts:hard", None])
    assert agents[1].told == (None, "ismcts:hard", None)
    spies = {0: _Table(), 2: _Table()}  # the terminal game's bots: a mapping of seat to agent
    tell_table(spies, [None, "bold", "heuristic"])
    assert spies[0].told == spies[2].told == (None, "bold", "heuristic")


@pytest.mark.parametrize("name", [g for g in every_game() if "bold" in get_spec(g).bots])
def test_a_bold_seat_is_named_bold(name):
    """Before, ``bold`` carried the heuristic's name, so records and tables called it heuristic."""
    game = roses.load(name, players=3)
    agents = [make_agent(b, game, s) for s, b in enumerate(["bold", "heuristic", "bold"])]
    state = play_game(game, agents, 2)
    assert record_of(state, agents).players == ["bot:bold", "bot:heuristic", "bot:bold"]
