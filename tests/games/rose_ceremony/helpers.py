"""Building Rose Ceremony positions for the tests by setting the state's fields directly."""
from __future__ import annotations

from collections import Counter

import roses
from roses.games.rose_ceremony.cards import Card, deck_counter
from roses.games.rose_ceremony.state import RoseCeremonyState


def cards(text: str) -> list[Card]:
    """``"3/1 0/2"`` -> ``[Card(3, 1), Card(0, 2)]``."""
    return [Card.parse(t) for t in text.split()]


def position(players: int = 4, *, hands: dict[int, str] | None = None, bouquets: dict[int, str] | None = None,
             points: dict[int, int] | None = None, turn: int = 0, start: int = 0,
             deck: str | None = None, seed: int = 0, **params) -> RoseCeremonyState:
    """A state at the start of ``turn``'s date (phase ``offer``), start player ``start``.

    ``hands``/``bouquets`` give chosen cards per seat (hands not given get 4 cards from the deck);
    ``deck`` fixes the deck's contents (the rest of the 54 cards go to the discard pile, which keeps
    cards conserved); by default the deck holds every card not placed elsewhere.
    """
    game = roses.load("rose-ceremony", players=players, **params)
    state = game.new_initial_state(seed)
    left = deck_counter(game.params["deck"])

    def take(cs: list[Card]) -> list[Card]:
        for c in cs:
            assert left[c] > 0, f"no {c} left to place"
            left[c] -= 1
        return cs

    state.hands = [sorted(take(cards((hands or {}).get(s, "")))) for s in range(players)]
    state.bouquets = [take(cards((bouquets or {}).get(s, ""))) for s in range(players)]
    state.discard = []
    if deck is not None:
        state.deck = sorted(take(cards(deck)))
    for s in range(players):  # hands not given: 4 cards from what is left, smallest first
        if not (hands or {}).get(s):
            pool = sorted(left.elements())
            state.hands[s] = take(pool[:4])
    rest = sorted(left.elements())
    if deck is None:
        state.deck = rest
    else:
        state.discard = rest
    state.points = [(points or {}).get(s, 0) for s in range(players)]
    state.start_player = start
    state.turn_player = turn
    state.phase = "offer"
    state.last_round = not state.deck
    state.check_invariants()
    return state


def play(state: RoseCeremonyState, *texts: str) -> RoseCeremonyState:
    """Apply actions by their text forms (chance outcomes too), checking invariants after each."""
    for t in texts:
        state.apply(state.action_from_text(t))
        state.check_invariants()
    return state


def count(cs) -> Counter:
    return Counter(cs)
