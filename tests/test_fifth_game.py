"""A fifth game, High Rose, reaches every layer with nothing changed outside its package (issue 44).

The game lives in ``tests/fifth_game/`` only. These tests register it the ways a game author would:
in-process (``register_game``) and, for the servers and terminals started as subprocesses, through
the ``ROSES_GAMES`` environment variable. Then they use it as a player, a designer and a researcher
would: the engine's conformance checks, the bots and ISMCTS, ``roses simulate`` and ``roses
tournament``, ``roses play`` and ``roses replay`` in a terminal, a browser table drawn by the
generic renderer under ``python3 -m roses serve``, and the PettingZoo, Gymnasium and OpenSpiel
adapters with their own checkers.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

import roses
from roses.agents import agent_names, make_agent
from roses.agents.base import Turn
from roses.core.conformance import check_random_game
from roses.core.registry import available_games, register_game, unregister_game

from .fifth_game import MODULE, NAME
from .fifth_game.state import KEEP, SWAP

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def fifth(monkeypatch):
    """High Rose registered in this process and, through the environment, in every subprocess."""
    register_game(NAME, MODULE)
    monkeypatch.setenv("ROSES_GAMES", f"{NAME}={MODULE}")
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(REPO), path) if p))
    try:
        yield NAME
    finally:
        unregister_game(NAME)


def run(*args: str, input: str = "", cwd: Path | None = None, timeout: float = 240) -> subprocess.CompletedProcess:
    """``python3 -m roses ARGS`` in a subprocess, as a user types it."""
    r = subprocess.run([sys.executable, "-m", "roses", *args], input=input, capture_output=True, text=True,
                       cwd=cwd, timeout=timeout, env=dict(os.environ, COLUMNS="120"))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return r


def test_fifth_game_is_named_nowhere_outside_its_package():
    """Adding the game changed no file of the product: neither its name nor its module appears in
    src/ (code, pages, rules), and the built-in registry lists the four games only."""
    from roses.core.registry import GAME_MODULES

    assert NAME not in GAME_MODULES
    pattern = re.compile(r"high[-_ ]rose|fifth_game", re.IGNORECASE)
    hits = [str(p.relative_to(REPO)) for p in (REPO / "src").rglob("*")
            if p.is_file() and p.suffix in {".py", ".js", ".html", ".md", ".css", ".json", ".toml"}
            and pattern.search(p.read_text(errors="replace"))]
    assert hits == []


def test_fifth_game_joins_the_registry_only_when_registered(fifth, monkeypatch):
    assert NAME in available_games()
    unregister_game(NAME)
    monkeypatch.delenv("ROSES_GAMES")
    assert NAME not in available_games()
    with pytest.raises(roses.core.UnknownGameError):
        roses.load(NAME)
    monkeypatch.setenv("ROSES_GAMES", f"other=no.such.module, {NAME}={MODULE}")  # an absent module is left out
    assert NAME in available_games() and "other" not in available_games()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fifth_game_passes_the_conformance_checks(fifth, players):
    game = roses.load(NAME, players=players, cards=8 + players)
    ends = [check_random_game(game, seed) for seed in range(40)]
    assert {s.winner() for s in ends} == set(range(players))  # every seat wins some game
    assert game.info.max_chance_outcomes == 8 + players


def test_fifth_game_conformance_catches_a_chance_node_past_its_bound(fifth, monkeypatch):
    """The engine proves the game's declared facts: a bound one too small fails the check."""
    import dataclasses

    spec = roses.core.registry.get_spec(NAME)
    wrong = dataclasses.replace(spec, info=lambda game: dataclasses.replace(spec.info(game), max_chance_outcomes=7))
    with pytest.raises(AssertionError, match="past GameInfo.max_chance_outcomes 7"):
        check_random_game(roses.core.Game.create(wrong, players=2), 1)


def test_fifth_game_every_bot_plays_it_and_the_search_reads_its_cards(fifth):
    game = roses.load(NAME, players=3)
    names = agent_names(game)
    assert {"random", "heuristic", "ismcts:easy", "ismcts:hard"} <= set(names)
    for name in names:
        state = game.new_initial_state(5)
        agents = [make_agent(name, game, 5 + s) for s in range(3)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
            else:
                state.apply(agents[state.current_player()].act(Turn.of(state)))
        assert sorted(state.returns()) == [0.0, 0.0, 1.0], name
    # The search sees only its own card: with the top card it keeps (it cannot lose), with the
    # lowest it swaps (it cannot win). Deal seat 0 the card, then the others theirs.
    for card, best in ((8, KEEP), (1, SWAP)):
        state = game.new_initial_state(0)
        for value in (card, 4, 5):
            state.apply(next(a for a in state.legal_actions() if a.value == value))
        for level in ("ismcts:medium", "ismcts:hard"):
            assert make_agent(level, game, 1).act(Turn.of(state)) == best, (level, card)


def test_fifth_game_simulate_and_tournament_from_the_command_line(fifth, tmp_path):
    sim = json.loads(run("simulate", NAME, "--players", "3", "--games", "30", "--seed", "2",
                         "--bots", "heuristic,random", "--json").stdout)
    assert sim["games"] == 30 and sim["bots"] == ["heuristic", "random", "random"]
    assert sum(sim["wins_per_seat"]) == 30 and sim["mean_actions"] == 3.0  # one decision a seat
    tour = json.loads(run("tournament", NAME, "--players", "3", "--games", "12", "--seed", "1",
                          "--bots", "heuristic,random,ismcts:easy", "--json").stdout)
    assert {row["bot"]: row["seats"] for row in tour["standings"]} == {
        "heuristic": [4, 4, 4], "random": [4, 4, 4], "ismcts:easy": [4, 4, 4]}
    assert sum(row["wins"] for row in tour["standings"]) == 12


def test_fifth_game_plays_and_replays_in_the_terminal(fifth, tmp_path):
    out = run("play", NAME, "--players", "3", "--seed", "3", "--records", str(tmp_path),
              input="hold\nkeep\n").stdout
    assert "Your card: 2" in out and "Seat 1 (you): to decide" in out
    assert "'hold' is not a legal move" in out  # a bad answer is refused, and the game goes on
    assert "Seat 1 (you) keeps their card." in out and "Game over" in out
    record = next(tmp_path.glob("high-rose-*.json"))
    assert "the record replays to its result" in run("replay", str(record)).stdout
    rules = run("rules", NAME).stdout
    assert "the highest card wins" in rules


def test_fifth_game_at_a_browser_table_under_python_m_roses_serve(fifth, tmp_path):
    """The README's command serves the game: the lobby lists it, its rules page is its own
    howto.md, and a person plays a whole game against two bots, drawn by the generic renderer."""
    from .server.browser_fixtures import CHROMIUM, CHROMIUM_ARGS, is_over, my_turn_buttons, new_page, require_browser
    from .server.launched import Launched

    require_browser()
    from playwright.sync_api import sync_playwright

    server = Launched("python3 -m roses serve", tmp_path, "--bot-delay-ms", "0", "--think-workers", "1")
    try:
        games = httpx.get(server.url + "/api/games", timeout=30).json()
        mine = next(g for g in games if g["name"] == NAME)
        assert mine["title"] == "High Rose" and {"heuristic", "ismcts:hard"} <= set(mine["bots"])
        rules = httpx.get(f"{server.url}/api/rules/{NAME}", timeout=30).json()
        assert "the highest card wins" in rules["markdown"]
        made = httpx.post(server.url + "/api/tables", json={
            "game": NAME, "params": {"players": 3}, "seed": 3, "bot_delay_ms": 0,
            "seats": [{"kind": "human", "name": "Ivy"}, {"kind": "bot", "bot": "heuristic"},
                      {"kind": "bot", "bot": "ismcts:easy"}]}, timeout=30)
        assert made.status_code == 201, made.text
        seat = made.json()["seats"][0]
        errors: list[str] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                page = new_page(browser, errors)
                page.goto(server.url + seat["join_url"])
                page.wait_for_selector("#board > *")
                board = page.inner_text("#board")
                assert "Card" in board and "2" in board  # the generic renderer shows the seat's own card
                buttons = my_turn_buttons(page)
                buttons.first.wait_for()
                texts = buttons.evaluate_all("els => els.map(e => e.dataset.action)")
                assert sorted(texts) == ["keep", "swap"]
                buttons.nth(texts.index("keep")).click()
                page.wait_for_selector("#end:not([hidden]) #end-title")
                assert is_over(page)
                end = page.inner_text("#end")
                assert "wins" in end.lower()
                page.screenshot(path=str(tmp_path / "high-rose-end.png"), full_page=True)
            finally:
                browser.close()
        assert errors == []
        table = httpx.get(f"{server.url}/api/tables/{made.json()['table_id']}/record", timeout=30)
        assert table.status_code == 200
        steps = table.json()["actions"]
        assert steps[:4] == [[-1, "card 2"], [-1, "card 5"], [-1, "card 4"], [0, "keep"]]  # seed 3 deals seat 1 a 2
        health = server.health()
        assert health["thinking"]["fallbacks"] == 0
    finally:
        server.stop()


def test_fifth_game_pettingzoo_api_and_seed_tests(fifth):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from roses.interop import pettingzoo as pz

    api_test(pz.env(NAME, players=3, render_mode="ansi"), num_cycles=40)
    seed_test(lambda: pz.env(NAME, players=4), num_cycles=20)


def test_fifth_game_gymnasium_seat_env_passes_the_checker(fifth):
    gymnasium = pytest.importorskip("gymnasium")
    import numpy as np
    from gymnasium.utils.env_checker import check_env

    from roses.interop import gymnasium as gym_adapter

    env = gymnasium.make(gym_adapter.SEAT_ENV_ID, game=NAME, players=3, seat=1, opponents="heuristic")
    check_env(env.unwrapped)
    wins = 0
    for seed in range(30):
        obs, info = env.reset(seed=seed)
        assert obs.shape == env.observation_space.shape and info["action_mask"].tolist() == [1, 1]
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert terminated and not truncated and reward in (0.0, 1.0)
        wins += reward
    assert 0 < wins < 30


def test_fifth_game_openspiel_random_sim_and_ismcts(fifth):
    pyspiel = pytest.importorskip("pyspiel")
    import numpy as np
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    from roses.interop import openspiel as ros

    game = ros.load_game(NAME, players=3)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    assert game.max_chance_outcomes() == 8 and game.max_game_length() == 9
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, 1.4, 50, random_state=rng) for _ in range(2)]
    bots.append(mcts.MCTSBot(game, 1.4, 20, evaluator, random_state=rng))
    for bot in bots:
        bot.restart_at = lambda state: None  # OpenSpiel's Python search bots keep nothing between moves
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [0.0, 0.0, 1.0]


def test_fifth_game_without_tensors_is_refused_by_the_adapters_in_words(fifth, monkeypatch):
    """A game that declares no tensor encoder is refused by the learning adapters with a message
    that names what is missing, not a KeyError."""
    import dataclasses

    from roses.core import RosesError
    from roses.interop.tensors import observation_tensor

    spec = roses.core.registry.get_spec(NAME)
    bare = dataclasses.replace(spec, tensors=None)
    game = roses.core.Game.create(bare, players=2)
    with pytest.raises(RosesError, match="High Rose has no tensor encoder"):
        observation_tensor(game.new_initial_state(1), 0)


def test_fifth_game_sweep_figures_are_the_generic_ones(fifth):
    """A game with no ``figures`` module records its winners, length and start player, and no
    figure of another game."""
    from roses.sim.figures import game_figures, start_seat

    state = check_random_game(roses.load(NAME, players=2), 3)
    assert game_figures(state) == (None, {})
    assert start_seat(roses.load(NAME, players=2).new_initial_state(1)) == 0
