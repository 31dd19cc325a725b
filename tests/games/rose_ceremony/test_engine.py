"""The engine contract of Rose Ceremony beyond the rules: GameInfo, typed moves naming the rule,
the direct legality check and chance sampling agreeing with the generic ones, and determinized
worlds drawn from what the seat knows (sealed determinization)."""
from __future__ import annotations

import random

import pytest

import roses
from roses.agents.tuning import search_tuning
from roses.core import CHANCE, IllegalActionError, State
from roses.games.rose_ceremony.actions import ACCEPT, EXCHANGE, KEEP, REFUSE, Deal, Draw, Offer, Start
from roses.games.rose_ceremony.cards import Card

from .helpers import play, position


def _random_states(game, seed: int, keep: float = 0.0):
    """Every state of one random game (a fresh clone each), choosing ``keep`` with chance ``keep``."""
    rng = random.Random(seed)
    s = game.new_initial_state(seed)
    while True:
        yield s.clone()
        if s.is_terminal():
            return
        legal = s.legal_actions()
        if s.is_chance_node():
            s.apply(s.sample_chance())
        else:
            s.apply(KEEP if KEEP in legal and rng.random() < keep else rng.choice(legal))


# ---------------------------------------------------------------- GameInfo
def test_game_info():
    game = roses.load("rose-ceremony")
    info = game.info
    assert (info.information, info.chance_mode, info.utility) == ("imperfect", "explicit", "constant-sum")
    assert (info.min_utility, info.max_utility, info.score_unit) == (0.0, 1.0, "")
    assert search_tuning(game).search_iterations == 100
    assert info.num_distinct_actions == game.num_distinct_actions() == 18 * 4 + 4
    assert info.max_game_length == 4 * 54 - 9 * 4 + 1 == 181


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("deck", [None, "dealt-out"])
def test_games_stay_within_max_game_length_and_come_close_to_it(players, deck):
    # A deck of exactly 4 x players cards is dealt out in the Setup (one round is played).
    params = {"deck": [[3, 1, 2 * players], [0, 2, 2 * players]]} if deck else {}
    game = roses.load("rose-ceremony", players=players, **params)
    bound = game.info.max_game_length
    longest = 0
    for seed in range(60):
        *_, end = _random_states(game, seed, keep=0.9)  # keeping bouquets makes long games
        assert end.is_terminal() and len(end.history) <= bound
        longest = max(longest, len(end.history))
    assert longest >= 0.75 * bound, (longest, bound)  # the proof's bound is not loose


# ---------------------------------------------------------------- typed moves
def test_typed_illegal_moves_get_the_rule_that_applying_them_gets():
    state = position(hands={0: "1/0 1/0 2/1 3/3"})
    for text, action in [("offer 5/3 to 1", Offer(Card(5, 3), 1)), ("OFFER  1/0 to 0", Offer(Card(1, 0), 0)),
                         ("offer 1/0 to 9", Offer(Card(1, 0), 9)), ("exchange", EXCHANGE), ("accept", ACCEPT),
                         ("draw 1/0 for 0", Draw(Card(1, 0), 0))]:
        with pytest.raises(IllegalActionError) as typed:
            state.action_from_text(text)
        with pytest.raises(IllegalActionError) as applied:
            state.apply(action)
        assert (typed.value.rule, str(typed.value)) == (applied.value.rule, str(applied.value)), text
    with pytest.raises(IllegalActionError, match="you do not hold a card of 5 roses and 3 thorns") as e:
        state.action_from_text("offer 5/3 to 1")
    assert "Go on a Date" in e.value.rule
    with pytest.raises(IllegalActionError, match="legal: offer 1/0 to 1"):  # not a move of the game
        state.action_from_text("bid 3")


def test_parse_action_reads_every_text_form():
    state = roses.load("rose-ceremony").new_initial_state(0)
    forms = {"offer 3/1 to 2": Offer(Card(3, 1), 2), "accept": ACCEPT, "refuse": REFUSE, "exchange": EXCHANGE,
             "keep": KEEP, "deal 0/0 to 3": Deal(Card(0, 0), 3), "draw 5/3 for 1": Draw(Card(5, 3), 1),
             "start 2": Start(2)}
    for text, action in forms.items():
        assert state.parse_action(text) == action and str(action) == text
    for text in ("offer 3 to 2", "offer 3/1 for 2", "deal 1/1 for 0", "start x", "keep it", ""):
        assert state.parse_action(text) is None, text


# ---------------------------------------------------------------- fast paths agree with the generic ones
@pytest.mark.parametrize("players", [2, 5])
def test_is_legal_agrees_with_the_legal_actions(players):
    game = roses.load("rose-ceremony", players=players)
    n = players
    pool = ([Offer(Card(r, t), to) for r in range(6) for t in range(4) for to in range(-1, n + 1)]
            + [ACCEPT, REFUSE, EXCHANGE, KEEP, Start(-1), *(Start(s) for s in range(n + 1)), "accept", None]
            + [k(Card(r, t), s) for k in (Deal, Draw) for r in range(6) for t in range(4) for s in range(n)])
    for state in _random_states(game, players):
        legal = state.legal_actions()
        for a in pool:
            assert state.is_legal(a) == (a in legal), (state.phase, a)


@pytest.mark.parametrize("players", [2, 4])
def test_sampled_chance_outcomes_are_the_generic_ones(players):
    # The game walks the deck's counts; the core's sample_chance lists the outcomes: same number,
    # same outcome, so seeds give the games they gave.
    game = roses.load("rose-ceremony", players=players)
    chance = 0
    for seed in range(3):
        for state in _random_states(game, seed):
            if state.is_chance_node():
                twin = state.clone()
                assert state.sample_chance() == State.sample_chance(twin)
                chance += 1
    assert chance > 60


# ---------------------------------------------------------------- sealed determinization
def test_a_position_built_by_play_has_a_history_and_determinizes():
    state = position(2, hands={0: "0/0 0/0 3/0 2/3"}, bouquets={0: "3/2 4/2", 1: "5/2 4/2"}, seed=3)
    assert state.history and state.history[0] == (CHANCE, Deal(Card(3, 2), 0))
    world = state.determinize(0, random.Random(1))
    assert world.hands[0] == state.hands[0] and world.bouquets == state.bouquets
    assert world.information_state_key(0) == state.information_state_key(0)
    unplayable = position(hands={0: "1/0 0/0 0/0 0/0"}, bouquets={2: "1/0"})  # 1 card, not seat 0's turn
    assert not unplayable.history
    with pytest.raises(ValueError, match="not reached by play"):
        unplayable.determinize(0, random.Random(1))


def test_worlds_keep_what_the_seat_saw_and_redraw_the_rest():
    game = roses.load("rose-ceremony", players=3)
    state = game.new_initial_state(4)
    rng = random.Random(4)
    while len(state.history) < 70 or state.phase != "respond":
        assert not state.is_terminal()
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    offerer, receiver = state.pending.offerer, state.pending.receiver
    other = 3 - offerer - receiver
    hands_seen, pending_seen = set(), set()
    for k in range(40):
        world = state.determinize(receiver, random.Random(k))
        assert world.hands[receiver] == state.hands[receiver] and world.pending.offerer == offerer
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        for j, ((s, a), (ws, wa)) in enumerate(zip(state.history, world.history)):
            assert s == ws and type(a) is type(wa)
            if isinstance(a, (Deal, Draw)):
                assert a.seat == wa.seat and (a.seat != receiver or a == wa)
            elif isinstance(a, Offer):  # answered offers landed face up; the pending one is hidden
                assert a.to == wa.to and (j == len(state.history) - 1 or a == wa)
            else:
                assert a == wa
        hands_seen.add(tuple(world.hands[other]))
        pending_seen.add(world.pending.card)
        # the offerer's world keeps its own offered card
        own = state.determinize(offerer, random.Random(k))
        assert own.pending == state.pending and own.hands[offerer] == state.hands[offerer]
    assert len(hands_seen) > 20 and len(pending_seen) > 3  # re-drawn, not copied


def test_history_sampling_replays_other_seats_offers_from_cards_they_held():
    # Every world is a legal game (the conformance checks replay it checked); here: many worlds of
    # one late position, checked step by step.
    game = roses.load("rose-ceremony", players=4)
    seed = 0
    while True:  # the first random game that gets down to 3 cards in the deck
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while len(state.deck) > 3 and not state.is_terminal():
            state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
        if not state.is_terminal():
            break
        seed += 1
    for seat in range(4):
        world = state.determinize(seat, random.Random(seat))
        replayed = game.new_initial_state(world.seed)
        for s, a in world.history:
            replayed.apply(a)  # checked: every offered card was in hand, every card in the deck
        assert replayed == world


def test_clone_is_independent_and_shares_the_rng_copy_on_write():
    state = position(hands={0: "3/1 0/0 0/0 0/0"}, bouquets={2: "1/0"})
    twin = state.clone()
    play(twin, "offer 3/1 to 2", "accept")
    assert state.bouquets[2] == [Card(1, 0)] and twin.bouquets[2] == [Card(1, 0), Card(3, 1)]
    assert state.observation(None).bouquet_roses[2] == 1 and twin.observation(None).bouquet_roses[2] == 4
    assert (len(state.hands[0]), state.phase, len(twin.hands[0]), twin.phase) == (4, "offer", 3, "draw")
    where = state.rng_position()
    twin.apply(twin.sample_chance())  # the twin draws with its own copy of the RNG
    assert state.rng_position() == where and len(state.deck) == len(twin.deck) + 1
