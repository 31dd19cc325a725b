"""Search tuning (issue 44): ``GameInfo`` states facts; the search budgets and their tuning are the
agents', declared by each game's package (``SEARCH_TUNING``) and read through
:func:`roses.agents.tuning.search_tuning` alone."""
from __future__ import annotations

import dataclasses
import sys
import types

import pytest

import roses
from roses.agents import make_agent
from roses.agents.tuning import DEFAULT_TUNING, SearchTuning, search_tuning
from roses.core import Game, GameInfo, available_games
from roses.core import registry


def test_game_info_holds_facts_and_no_search_tuning():
    facts = {f.name for f in dataclasses.fields(GameInfo)}
    assert not facts & {f.name for f in dataclasses.fields(SearchTuning)}


@pytest.mark.parametrize("name", available_games())
def test_every_game_declares_its_tuning_for_every_player_count(name):
    spec = roses.load(name).spec
    module = sys.modules[registry.game_modules()[name]]
    assert module.SPEC is spec and module.SEARCH_TUNING is not None
    for players in range(spec.min_players, spec.max_players + 1):
        tuning = search_tuning(roses.load(name, players=players))
        assert isinstance(tuning, SearchTuning)
        assert tuning.search_iterations >= 1 and tuning.strong_search_iterations >= 1
        assert tuning.belief_window >= 0 and tuning.score_scale > 0


def test_the_games_budgets():
    """Today's numbers (docs/agents.md, the levels' table), by player count where they depend on it."""
    rt = {n: search_tuning(roses.load("roses-and-thorns", players=n)) for n in (3, 4, 6, 10)}
    assert [(t.search_iterations, t.strong_search_iterations, t.belief_window) for t in rt.values()] == [
        (200, 120, 16), (200, 90, 16), (200, 19, 8), (200, 5, 4)]
    assert {t.search_keep_margin for t in rt.values()} == {0.5}
    rc = search_tuning(roses.load("rose-ceremony", players=4))
    assert (rc.search_iterations, rc.strong_search_iterations, rc.search_keep_margin) == (100, 50, None)
    br = [search_tuning(roses.load("blades-and-rose", players=n)).strong_search_iterations for n in (5, 6, 7, 8)]
    assert br == [150, 150, 110, 110]
    solo, duo = (search_tuning(roses.load("rare-roses", players=n)) for n in (1, 2))
    assert (solo.search_iterations, solo.strong_search_iterations, solo.strong_playout_depth) == (20, 20, None)
    assert (duo.strong_search_iterations, duo.strong_playout_depth, duo.belief_window) == (12, 24, 0)
    assert solo.random_playouts_blind and solo.score_scale == 100.0


def _module_game(monkeypatch, name: str, **attrs) -> Game:
    """A game named ``name`` whose ``SPEC`` module (registered for the test) holds ``attrs``."""
    spec = dataclasses.replace(roses.load("rose-ceremony").spec, name=name)
    module = types.ModuleType(f"tuning_test_{name.replace('-', '_')}")
    module.SPEC = spec
    for key, value in attrs.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(registry.GAME_MODULES, name, module.__name__)
    return Game.create(spec, players=3)


def test_a_game_without_a_declaration_gets_the_defaults(monkeypatch):
    game = _module_game(monkeypatch, "untuned")
    assert search_tuning(game) == DEFAULT_TUNING == SearchTuning()
    assert make_agent("ismcts:medium", game, 0).iterations == DEFAULT_TUNING.search_iterations
    unregistered = Game.create(dataclasses.replace(roses.load("rose-ceremony").spec, name="nowhere"), players=3)
    assert search_tuning(unregistered) == DEFAULT_TUNING


def test_a_declaration_is_a_tuning_or_a_function_of_the_game(monkeypatch):
    fixed = _module_game(monkeypatch, "fixed", SEARCH_TUNING=SearchTuning(search_iterations=40))
    assert search_tuning(fixed).search_iterations == 40
    assert make_agent("ismcts:medium", fixed, 0).iterations == 40
    assert make_agent("ismcts:easy", fixed, 0).iterations == 10
    by_seats = _module_game(monkeypatch, "by-seats",
                            SEARCH_TUNING=lambda g: SearchTuning(strong_search_iterations=30 * g.num_players,
                                                                 belief_window=0))
    assert search_tuning(by_seats).strong_search_iterations == 90
    hard = make_agent("ismcts:hard", by_seats, 0)
    assert hard.iterations == 90 and hard.belief is None
