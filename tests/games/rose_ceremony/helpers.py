"""Building Rose Ceremony positions for the tests: by play where a simple play reaches them (so they
have a history, and search bots can determinize them), else by setting the state's fields."""
from __future__ import annotations

from collections import Counter

import roses
from roses.games.rose_ceremony.actions import ACCEPT, KEEP, REFUSE, Deal, Draw, Offer, Start
from roses.games.rose_ceremony.cards import HAND_SIZE, Card, deck_counter
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

    When a plain game reaches the position (:func:`_play_to`: no charm points, nothing discarded,
    full hands, one turn per bouquet card), the state is that game, history and log included;
    otherwise its fields are set directly and it has no history (so it cannot be determinized).
    """
    game = roses.load("rose-ceremony", players=players, **params)
    left = deck_counter(game.params["deck"])

    def take(cs: list[Card]) -> list[Card]:
        for c in cs:
            assert left[c] > 0, f"no {c} left to place"
            left[c] -= 1
        return cs

    hand_of = [sorted(take(cards((hands or {}).get(s, "")))) for s in range(players)]
    bouquet_of = [take(cards((bouquets or {}).get(s, ""))) for s in range(players)]
    deck_cards = sorted(take(cards(deck))) if deck is not None else None
    for s in range(players):  # hands not given: 4 cards from what is left, smallest first
        if not (hands or {}).get(s):
            pool = sorted(left.elements())
            hand_of[s] = take(pool[:4])
    rest = sorted(left.elements())
    discard = [] if deck is None else rest
    deck_cards = rest if deck is None else deck_cards
    point_of = [(points or {}).get(s, 0) for s in range(players)]

    state = _play_to(game, seed, hand_of, bouquet_of, deck_cards, discard, point_of, turn, start)
    if state is None:
        state = game.new_initial_state(seed)
        state.hands = hand_of
        state.bouquets = bouquet_of
        state.discard = discard
        state.deck = deck_cards
        state.points = point_of
        state.start_player = start
        state.turn_player = turn
        state.phase = "offer"
        state.last_round = not state.deck
    state.check_invariants()
    return state


def _play_to(game, seed, hands, bouquets, deck, discard, points, turn, start) -> RoseCeremonyState | None:
    """The position reached by playing, or ``None`` when this simple play cannot reach it.

    The play: deal, start at ``start``, then one turn per bouquet card (bouquet 0's cards in order,
    then bouquet 1's, ...): the turn player offers the card to the bouquet's seat, who accepts, or,
    for its own bouquet, to the next seat, who refuses; it keeps any bouquet it could exchange and
    draws. Each seat is dealt and draws exactly the cards it will offer, in order, then its hand.
    It needs no charm points, an empty discard pile, full hands, a deck left over, a number of
    turns that brings the turn to ``turn``, and ``start_player`` (if fixed) equal to ``start``.
    """
    n = game.num_players
    placed = [(s, c) for s in range(n) for c in bouquets[s]]
    fixed = game.params.get("start_player")
    if (any(points) or discard or not deck or any(len(h) != HAND_SIZE for h in hands)
            or (start + len(placed)) % n != turn or fixed not in (None, start)):
        return None
    movers = [(start + k) % n for k in range(len(placed))]
    received = [[c for (_, c), m in zip(placed, movers) if m == s] + hands[s] for s in range(n)]
    state = game.new_initial_state(seed)
    steps = [Deal(received[d % n][d // n], d % n) for d in range(HAND_SIZE * n)]
    steps += [] if fixed is not None else [Start(start)]
    drawn = [HAND_SIZE] * n
    for (owner, card), mover in zip(placed, movers):
        if owner == mover:
            steps += [Offer(card, (mover + 1) % n), REFUSE]
        else:
            steps += [Offer(card, owner), ACCEPT]
        steps.append((mover, card))  # the keep (if asked) and the draw, below
    for step in steps:
        if isinstance(step, tuple):
            mover, _ = step
            if state.phase == "exchange":
                state.apply(KEEP)
            state.apply(Draw(received[mover][drawn[mover]], mover))
            drawn[mover] += 1
        else:
            state.apply(step)
    assert state.current_player() == turn and state.phase == "offer"
    assert state.hands == hands and state.bouquets == bouquets and sorted(state.deck) == sorted(deck)
    return state


def play(state: RoseCeremonyState, *texts: str) -> RoseCeremonyState:
    """Apply actions by their text forms (chance outcomes too), checking invariants after each."""
    for t in texts:
        state.apply(state.action_from_text(t))
        state.check_invariants()
    return state


def count(cs) -> Counter:
    return Counter(cs)
