"""Confirmations only where a move is irreversible and costly (issue 42; docs/browser.md,
"Confirmations"): each game's ``confirm(observation, text)`` asks about its documented moves only,
with a plain reason, over whole seeded games of every registered game."""
from __future__ import annotations

import re

import pytest

from roses.agents import Turn, make_agent
from roses.core import available_games, load, to_jsonable
from roses.core.plain import engine_syntax

#: What each game asks about (docs/browser.md): a pattern of the legal move's text. The test runs
#: on every registered game; these are per-game facts (a game not named asks about nothing).
ASKED = {
    "roses-and-thorns": r"bid \d+|lose thorn",
    "rose-ceremony": r"exchange",
    "rare-roses": r"propose",
    "blades-and-rose": r"play White Rose",
}


def decisions(game: str, players: int, seed: int):
    """``(observation JSON, legal texts, the move played)`` of every seat decision of a heuristic
    game."""
    g = load(game, players=players)
    state = g.new_initial_state(seed)
    agents = [make_agent("heuristic", g, seed * 7 + s) for s in range(players)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        seat = state.current_player()
        obs, legal = to_jsonable(state.observation(seat)), [str(a) for a in state.legal_actions()]
        action = agents[seat].act(Turn.of(state, ()))
        yield obs, legal, str(action)
        state.apply(action)


@pytest.mark.parametrize("game", available_games())
def test_only_the_documented_moves_ask_and_say_why_plainly(game):
    spec = load(game).spec
    pattern = re.compile(ASKED.get(game, r"(?!)"))
    played = asked_played = asked = 0
    for players in sorted({spec.min_players, max(spec.min_players, min(spec.max_players, 4))}):
        for seed in (0, 1):
            for obs, legal, chosen in decisions(game, players, seed):
                played += 1
                for text in legal:
                    why = spec.confirm(obs, text)
                    if why is None:
                        continue
                    asked += 1
                    asked_played += text == chosen
                    assert pattern.fullmatch(text), (text, why)
                    assert why[:1].isupper() and why.endswith(".") and engine_syntax(why) == [], why
    # most moves are played without asking (it was 15 of 21 in one Roses and Thorns game)
    assert played and asked_played / played < 0.15, (asked_played, played)
    if game in ASKED:
        assert asked, f"no move of {game} asked in these games"


def test_roses_and_thorns_asks_for_a_bid_that_ends_the_bidding_only():
    spec = load("roses-and-thorns").spec
    obs = {"seat": 0, "cards_on_table": 4, "stack": ["rose"]}
    assert spec.confirm(obs, "bid 3") is None
    assert spec.confirm(obs, "bid 4") == "Bid 4 ends the bidding: you must turn up 4 cards at once, your own stack first."
    assert spec.confirm({**obs, "stack": ["rose", "thorn"]}, "bid 4").startswith(
        "Bid 4 ends the bidding, and your own stack holds your thorn")
    assert spec.confirm(obs, "lay rose") is None and spec.confirm(obs, "flip 2") is None
    assert spec.confirm(obs, "lose thorn") == "Lose your thorn: you can never lay a thorn again."


def test_the_other_games_reasons():
    assert load("rose-ceremony").spec.confirm({"seat": 1, "bouquet_roses": [0, 6]}, "exchange") == (
        "Exchange your bouquet of 6 roses for 2 charm points: it starts again empty.")
    rr = load("rare-roses").spec
    assert rr.confirm({"seat": 0, "draft": {"to": 1, "pay": 5}}, "propose") == (
        "Propose this deal: you pay $5 if it is accepted, and it can't be taken back.")
    assert rr.confirm({"seat": 0, "draft": {"to": 1, "pay": 0}}, "propose") is None
    assert rr.confirm({"seat": 0}, "buy juliet") is None
    br = load("blades-and-rose").spec
    assert br.confirm({}, "play White Rose").startswith("Play the White Rose: if a blade is played this round")
    assert br.confirm({}, "play Believer") is None
