"""Building Blades & Rose positions for the tests: deal chosen roles and crystals, then play rounds."""
from __future__ import annotations

import roses
from roses.games.blades_and_rose.actions import (
    ChooseTargets, DealCrystal, DealRole, FirstCoin, GiveCoin, Pass, Play, RandomCard,
)
from roses.games.blades_and_rose.state import COIN, EFFECT, PLAY, BladesAndRoseState

# The rulebook's players A..E are seats 0..4, clockwise.
A, B, C, D, E, F, G, H = range(8)


def deal(roles: list[str], drawn: list[int], coin: int, **params) -> BladesAndRoseState:
    """A game whose chance outcomes are chosen: ``roles[s]`` and crystal ``drawn[s]`` for seat ``s``,
    the coin's first holder ``coin``. Every outcome goes through ``apply`` (so it must be legal)."""
    game = roses.load("blades-and-rose", players=len(roles), **params)
    state = game.new_initial_state(0)
    for s, r in enumerate(roles):
        state.apply(DealRole(s, r))
    for s, k in enumerate(drawn):
        state.apply(DealCrystal(s, k))
    state.apply(FirstCoin(coin))
    assert state.phase == COIN
    return state


def play_round(state: BladesAndRoseState, give_to: int, plays: dict[int, str],
               targets: tuple[int, ...] | None = None, random_cards: dict[int, str] | None = None) -> None:
    """One round: the holder gives the coin to ``give_to``; the effect's targets (if it asks);
    chosen random cards for #3/#4; then each seat in turn order plays ``plays[seat]`` or passes."""
    state.apply(GiveCoin(give_to))
    if state.phase == EFFECT:
        state.apply(ChooseTargets(state.rnd.crystal, tuple(sorted(targets))))
    number = len(state.rounds)
    while state.phase == PLAY and len(state.rounds) == number:
        if state.is_chance_node():
            seat = state.rnd.pending_random[0]
            state.apply(RandomCard(seat, random_cards[seat]))
            continue
        seat = state.current_player()
        card = plays.get(seat)
        state.apply(Play(card) if card else Pass())
