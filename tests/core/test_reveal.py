"""The view's ``reveal`` (roses.core.reveal, each game's ``reveals`` module): the cards turned
face up last, in order, read from one seat's observation (issue 14, paced reveals)."""
from __future__ import annotations

import random

import pytest

from roses.core import load, to_jsonable

from ..registry import every_table

GAMES = every_table()  # every registered game at its default table


def _play(name: str, players: int, seed: int, steps: int = 400):
    """Yield the states of a seeded random game, one per step."""
    state = load(name, players=players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
        yield state


def _public(reveal):
    return None if reveal is None else (reveal["group"], [(c["face"], c["kind"], c["owner"], c["at"]) for c in reveal["cards"]])


@pytest.mark.parametrize("name,players", GAMES)
def test_reveals_grow_in_order_and_are_the_same_for_every_reader(name, players):
    spec = load(name, players=players).spec
    groups = 0
    for seed in (1, 2):
        last = {}
        for state in _play(name, players, seed):
            seen = {}
            for seat in [None, *range(players)]:
                obs = to_jsonable(state.observation(seat))
                r = spec.latest_reveal(obs)
                seen[seat] = _public(r)
                if r is None:
                    continue
                assert r["cards"] and r["title"]
                for c in r["cards"]:
                    assert obs["log"][c["at"]] == c["line"]  # each card is its log line
                assert [c["at"] for c in r["cards"]] == sorted(c["at"] for c in r["cards"])
                assert r["group"] <= r["cards"][0]["at"]
                before = last.get(seat)
                if before is not None:  # a group only grows; a later group starts later
                    assert r["group"] >= before[0]
                    if r["group"] == before[0]:
                        assert _public(r)[1][:len(before[1])] == before[1]
                    else:
                        groups += 1
                last[seat] = _public(r)
            # Public information only: every seat and a spectator read the same cards.
            assert len(set(map(repr, seen.values()))) == 1, seen
    assert groups >= 3


def test_a_challenge_reveals_the_cards_turned_up_own_stack_first():
    """RT-5: the challenger's own stack first, top down; the kinds are the stacks' turned-up
    cards (§3.4), each with its stack's seat."""
    checked = 0
    for state in (s for seed in range(7, 13) for s in _play("roses-and-thorns", 4, seed, 2000)):
        obs = to_jsonable(state.observation(None))
        if obs["phase"] != "flip" and obs["phase"] != "lose":
            continue
        r = state.game.spec.latest_reveal(obs)
        c = obs["challenger"]
        owners = [x["owner"] for x in r["cards"]]
        own = owners.count(c)
        assert owners[:own] == [c] * own
        for seat in range(4):
            kinds = [x["kind"] for x in r["cards"] if x["owner"] == seat]
            assert kinds == list(obs["seats"][seat]["revealed"])  # top first, in the order turned
        checked += 1
    assert checked >= 20


def test_rare_roses_seed_is_one_group_of_tiles():
    game = load("rare-roses", players=2)
    state = game.new_initial_state(seed=1)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    state.apply(state.action_from_text("seed"))
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    r = game.spec.latest_reveal(to_jsonable(state.observation(0)))
    assert r["title"] == "seat 0 (you) seeds the market"
    assert [c["kind"] for c in r["cards"]] == ["tile"] * 3
