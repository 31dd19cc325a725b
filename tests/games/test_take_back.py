"""Which moves a seat may take back (issue 42; docs/browser.md, "Taking a move back"): each game's
``_may_take_back`` with the core's shared checks (``State.take_back_refusal``), over random games;
and the conformance check ``check_take_back`` refusing an unsound answer."""
from __future__ import annotations

import random

import pytest

from roses.core import CHANCE, load
from roses.core.conformance import check_take_back

#: game, players -> the action types that may be taken back (all of them show up in 12 random games):
#: per-game facts, each game's own rules (docs/browser.md, "Taking a move back").
EXPECTED = {
    ("roses-and-thorns", 4): {"Lay", "Bid", "Pass"},
    ("rose-ceremony", 3): {"Offer"},
    ("rare-roses", 1): {"Buy", "StopPushing", "DoneBuying", "FillOrder", "ChooseTiles", "UseTile", "EndTurn"},
    ("blades-and-rose", 5): set(),
}


def random_steps(name: str, players: int, games: int = 12):
    """``(before, seat, action, after)`` of every seat move of ``games`` random games."""
    game = load(name, players=players)
    for seed in range(games):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            seat, before = state.current_player(), state.clone()
            action = rng.choice(state.legal_actions())
            state.apply(action)
            yield before, seat, action, state


@pytest.mark.parametrize("name,players", list(EXPECTED))
def test_the_moves_each_game_lets_a_seat_take_back(name, players):
    allowed: set[str] = set()
    for before, seat, action, after in random_steps(name, players):
        why = after.take_back_refusal(seat)
        if why is None:
            allowed.add(type(action).__name__)
            check_take_back(before, action, after)
            assert after.history[-1] == (seat, action)
        else:
            assert why and "_" not in why  # plain words
        if players > 1:  # never another seat's move
            assert after.take_back_refusal((seat + 1) % players) is not None
    assert allowed == EXPECTED[(name, players)]


def test_roses_and_thorns_a_bid_that_ends_the_bidding_stands():
    seen = {"ended": 0, "goes on": 0}
    for _before, seat, action, after in random_steps("roses-and-thorns", 4):
        if type(action).__name__ != "Bid":
            continue
        if after.phase == "bidding":
            seen["goes on"] += 1
            assert after.take_back_refusal(seat) is None
        else:
            seen["ended"] += 1
            assert after.take_back_refusal(seat) == "this move cannot be taken back in this game"
    assert seen["ended"] and seen["goes on"]


def test_a_move_followed_by_a_chance_outcome_stands():
    """Rare Roses: seeding the market draws tiles; even a game rule that let it be taken back
    would be refused by the shared check (the draw came after it)."""
    for _before, seat, _action, after in random_steps("rare-roses", 1, games=3):
        if after.is_chance_node():
            after.apply(after.sample_chance())
            assert after.history[-1][0] == CHANCE
            assert after.take_back_refusal(seat) == "something has happened since your last move"
            return
    raise AssertionError("no chance outcome followed a move")


def test_check_take_back_refuses_a_turned_card(monkeypatch):
    """A game that let a turned-up card (Roses and Thorns) be taken back would un-show a card the
    table saw: the conformance check says so."""
    from roses.games.roses_and_thorns.state import RosesAndThornsState as RT
    monkeypatch.setattr(RT, "_may_take_back", lambda self, action: True)
    for before, seat, action, after in random_steps("roses-and-thorns", 4):
        if type(action).__name__ == "Flip" and action.seat != seat:
            try:
                check_take_back(before, action, after)
            except AssertionError as e:
                assert "could not know" in str(e)
                return
    raise AssertionError("no turned card was caught")
