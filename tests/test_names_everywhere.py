"""Names everywhere (issue 42): every worded line a player reads of whole seeded games names the
seats by name when every seat has one, so no "Seat N" is left, 0-based or not: each seat's log
lines (``plain_line``), its menu's words (``describe_action`` + ``name_seats``), the latest reveal's
title and captions, the confirmations, and the end's story. The browser's lines are scanned by
tests/server/test_browser_names.py."""
from __future__ import annotations

import re

import pytest

from roses.agents import Turn, make_agent
from roses.core import available_games, get_spec, load, to_jsonable
from roses.core.plain import name_seats, plain_line
from roses.core.story import story

NAMES = ["Ivy", "Rowan", "Juniper", "Hazel", "Willow", "Fern", "Moss", "Sage", "Wren", "Briar"]
#: A seat by number in any form: "Seat 3", "seat 0", "seats 1, 2".
NUMBERED = re.compile(r"\b[Ss]eats? \d")


def players_of(game: str) -> int:
    spec = get_spec(game)
    return max(spec.min_players, min(spec.max_players, 4))


@pytest.mark.parametrize("game", available_games())
def test_every_worded_line_of_a_whole_game_names_its_seats(game):
    n = players_of(game)
    names = NAMES[:n]
    g = load(game, players=n)
    spec = g.spec
    state = g.new_initial_state(3)
    agents = [make_agent("heuristic", g, 30 + s) for s in range(n)]
    read = 0

    def check(text: str, where: str) -> None:
        nonlocal read
        read += 1
        assert not NUMBERED.search(text), (where, text)

    while True:
        if not state.is_chance_node():
            for seat in range(n):
                obs = to_jsonable(state.observation(seat))
                for line in obs.get("log") or []:
                    check(plain_line(line, names), "log")
                reveal = spec.latest_reveal(obs)
                if reveal:
                    check(plain_line(reveal["title"], names), "reveal title")
                    for c in reveal["cards"]:
                        check(plain_line(c["line"], names), "reveal card")
            seat = state.current_player()
            if seat >= 0:
                obs = to_jsonable(state.observation(seat))
                for a in state.legal_actions():
                    check(name_seats(spec.describe_action(obs, str(a)), names), "menu")
                    why = spec.confirm(obs, str(a))
                    if why:
                        check(why, "confirm")
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(state.sample_chance())
        else:
            state.apply(agents[state.current_player()].act(Turn.of(state, ())))
    for line in story(state, names):
        check(line, "story")
    assert read > 100
