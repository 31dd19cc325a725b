"""The core keeps hidden information sealed: no agent, simulation, server or CLI module calls a
private game hook or reads a true state behind a Turn (issue: "Hidden information is sealed in the
core"); determinize is final."""
from __future__ import annotations

import re
from pathlib import Path

import roses
from roses.core import State

from ..registry import every_game, table

SRC = Path(roses.__file__).parent
HOOKS = re.compile(r"\._(apply|legal_actions|chance_outcomes|sample_history|observation|compute_legal|source)\b|"
                   r"\._state\b")


def test_no_module_outside_core_and_games_calls_a_private_hook():
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel == "agents/base.py":  # Turn itself holds the state
            continue
        if rel.startswith("core/") or (rel.startswith("games/") and not rel.endswith("/bots.py")):
            continue  # the rules themselves; a game's bots are agents like any other
        for i, line in enumerate(path.read_text().splitlines(), 1):
            if HOOKS.search(line):
                offenders.append(f"{rel}:{i}: {line.strip()}")
    assert offenders == []


def test_determinize_is_final_in_every_game():
    """Games provide ``_sample_history``; none overrides the core's sealed ``determinize``."""
    for name in roses.available_games():
        state = roses.load(name).new_initial_state(1)
        assert type(state).determinize is State.determinize, name
        assert type(state)._sample_history is not State._sample_history, name


def test_observation_is_final_and_refuses_a_seat_outside_the_game():
    """``observation(-1)`` (``CHANCE``: ``current_player()`` at a chance node) showed the last
    seat's private cards: Roses and Thorns its hand and stack, Rose Ceremony its hand, Blades &
    Rose its role and hand; ``information_state_key(-1)`` every chance outcome. Every game now
    refuses it, and ``n``; a numpy seat is a seat."""
    import numpy as np
    import pytest

    for name in every_game():
        players = table(name)
        state = roses.load(name, players=players).new_initial_state(1)
        assert type(state).observation is State.observation, name
        assert state.is_chance_node()
        for seat in (state.current_player(), players, True):
            with pytest.raises(ValueError, match="observation needs a seat"):
                state.observation(seat)
        state.resolve_chance()
        # information_state_key(-1) collected every chance outcome (every card dealt) as "own"
        with pytest.raises(ValueError, match="information_state_key needs a seat"):
            state.information_state_key(-1)
        last = players - 1
        assert state.observation(np.int64(last)) == state.observation(last)
        assert state.observation(last).seat == last and state.observation(None).seat is None


def test_loading_and_playing_a_game_imports_no_terminal_plotting_or_server_library():
    import subprocess
    import sys

    code = ("import sys, random, roses\n"
            "for name in roses.available_games():\n"
            "    s = roses.load(name).new_initial_state(1); rng = random.Random(0)\n"
            "    while not s.is_terminal():\n"
            "        s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))\n"
            "    s.observation(0); s.determinize(0, rng)\n"
            "heavy = ('rich', 'matplotlib', 'fastapi', 'starlette', 'typer', 'sqlalchemy', 'uvicorn', 'pydantic')\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & set(heavy)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_apply_legal_is_apply_of_that_legal_action():
    """The playout fast path applies exactly what ``apply(legal_actions()[i])`` would."""
    import random

    for name in roses.available_games():
        game = roses.load(name)
        a, b = game.new_initial_state(5), game.new_initial_state(5)
        rng = random.Random(1)
        while not a.is_terminal():
            i = rng.randrange(a.num_legal_actions())
            assert a.num_legal_actions() == len(a.legal_actions())
            action = b.legal_actions()[i]
            assert a.apply_legal(i) == action
            b.apply(action)
        assert a == b and b.is_terminal()
        before = a.snapshot()
        try:
            a.apply_legal(0)
        except IndexError:
            pass
        assert a.snapshot() == before


def test_result_tags_returns_and_scores_are_public_at_the_end_of_every_game():
    """The server's end screen and the summaries read ``result_tags``, ``returns`` and ``scores``
    from the true state once a game is over; every seat's worlds of the end state agree on them
    (``conformance.check_result_public``), in every game; a tag naming a card a seat never saw
    (here Rose Ceremony's hands, kept hidden at the end) is caught."""
    import random

    import pytest

    from roses.core.conformance import check_result_public

    ends = {}
    # every game at its default table, and Rare Roses solo as well: the solo game (the Lone
    # Florist) ends with one seat's score and no winner, another kind of result
    for name, players in [(n, table(n)) for n in every_game()] + [("rare-roses", 1)]:
        state = roses.load(name, players=players).new_initial_state(5)
        rng = random.Random(5)
        while not state.is_terminal():
            state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
        check_result_public(state, random.Random(1))
        ends[name] = state
    rc = ends["rose-ceremony"]
    leaky = type(rc).result_tags

    def tags_with_the_hands(self):  # each seat's hand: seat 0 never saw the others'
        return {**leaky(self), "hands": ";".join(",".join(map(str, hand)) for hand in self.hands)}

    assert sum(map(len, rc.hands[1:])) > 0
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(rc), "result_tags", tags_with_the_hands)
        with pytest.raises(AssertionError, match="result_tags"):
            check_result_public(rc, random.Random(1))
