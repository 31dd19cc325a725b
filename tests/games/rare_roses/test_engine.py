"""Engine v2 contract for Rare Roses: drawn action sequences through the conformance checks (the
sealed determinization included), legal actions generated from the rules agreeing with the rule
checks, deals hidden from a seat re-drawn in its worlds, typed moves refused by rule, GameInfo."""
from __future__ import annotations

import hashlib
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import roses
from roses.core import IllegalActionError
from roses.core.conformance import check_determinize, check_random_game
from roses.games.rare_roses.actions import (FILL, MATCH, Accept, Buy, Decline, DoneBuying, DrawOrder,
                                            DrawTile, EndTurn, FillOrder, Offer, Push, Seed, Specialty,
                                            StartPlayer, StopPushing, Trash)
from roses.games.rare_roses.cards import BOXES, ROSES

from ..properties import SEEDS
from .helpers import do, new_game, to_purchase

SMALL_DECK = [{"id": i, "icon": i < 3, "roses": [["juliet", "bud"], ["black", "bloom"]] if i % 2 else [["rainbow", "bloom"]],
               "fill": 4 + i, "match": 8 + i, "specialty": "juliet" if i % 2 else None} for i in range(6)]
CHEAP = {"rainbow": 1, "juliet": 1, "striped-dragon": 2, "osira": 2, "blue": 3, "black": 4}
VARIANTS = {
    "default": {},
    "small deck, other prices": {"order_deck": SMALL_DECK, "market_prices": CHEAP},
    "fixed start, more deals": {"start_player": 0, "max_offers": 6},
    "no deals": {"max_offers": 0},
}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), players=st.integers(min_value=1, max_value=6), variant=st.sampled_from(sorted(VARIANTS)))
def test_conformance_on_drawn_action_sequences(data, players, variant):
    """Every player count and variant: the seat actions are drawn by hypothesis, so a failure
    shrinks to the shortest game that shows it."""
    params = dict(VARIANTS[variant])
    if params.get("start_player", 0) >= players:
        params.pop("start_player")
    game = roses.load("rare-roses", players=players, **params)
    seed = data.draw(SEEDS, label="seed")
    state = check_random_game(game, seed, choose=lambda legal: legal[data.draw(st.integers(0, len(legal) - 1))])
    assert len(state.history) <= game.info.max_game_length


def _candidates(s):
    """Every seat action of the bounded kinds, legal or not: what the old code listed and checked."""
    n = s.num_players
    out = [Trash(), Seed(), Push(), StopPushing(), Accept(), Decline(), DoneBuying(), EndTurn()]
    out += [Buy(r) for r in ROSES]
    out += [Offer(seat, ((r, b),), s.rules.prices[ROSES.index(r)]) for seat in range(n) for b in BOXES for r in ROSES]
    out += [FillOrder(c, v) for c in s.rules.cards for v in (MATCH, FILL)]
    return out


def _chance_candidates(s):
    """Every chance outcome of the game, possible now or not."""
    return ([DrawTile(r) for r in ROSES] + [DrawOrder(c) for c in s.rules.cards]
            + [Specialty(r) for r in ROSES] + [StartPlayer(k) for k in range(s.num_players + 1)] + [Trash()])


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_legal_actions_generated_from_the_rules_agree_with_the_rule_checks(players):
    """The list is built straight from the rules (no refusal built per candidate); each candidate
    is listed exactly when the rule checks pass, and refusals name a rule; at chance nodes the
    direct check agrees with the listed outcomes."""
    game = roses.load("rare-roses", players=players)
    rng = random.Random(players)
    for seed in range(3):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = [a for a, _ in s.chance_outcomes()]
                for a in _chance_candidates(s):
                    assert (a in outcomes) == s.is_legal(a), (s.phase, str(a))
                s.apply(s.sample_chance())
                continue
            legal = s.legal_actions()
            for a in _candidates(s):
                assert (a in legal) == s.is_legal(a), (s.phase, str(a))
                if a not in legal:
                    err = s.explain_illegal(a)
                    assert isinstance(err, IllegalActionError) and err.rule
            assert all(a is b for a, b in zip(legal, s.legal_actions()))  # interned, cached
            s.apply(rng.choice(legal))


def _declined_then_pending():
    """Seat 0, in its second turn, proposes a deal to seat 1 that is declined, then another one,
    pending (positions reached by play)."""
    s = new_game(3, seed=8)
    for seat in range(3):
        to_purchase(s)
        for _ in range(2 if seat < 2 else 0):
            do(s, str([a for a in s.legal_actions() if isinstance(a, Buy)][-1]))
        do(s, "done buying", "end turn")
    to_purchase(s)
    do(s, "offer 1 take black/bud,osira/bud pay 7 give black/fresh", "decline",
       "offer 1 take osira/bud pay 3")
    return s


def test_a_declined_deal_and_a_pending_one_are_redrawn_for_a_seat_outside_them():
    """RR-7: the terms of a declined deal are never shown to the third seat, so its worlds re-draw
    them too (consistently: a legal deal where it stood), not only the pending one's."""
    s = _declined_then_pending()
    i_declined = next(i for i, (_, a) in enumerate(s.history) if isinstance(a, Offer))
    real = s.history[i_declined][1]
    assert isinstance(s.history[i_declined + 1][1], Decline)
    assert s.log.view(2)[-2] == "seat 1 declines seat 0's deal"
    redrawn = set()
    for k in range(12):
        w = s.determinize(2, random.Random(k))
        assert w.information_state_key(2) == s.information_state_key(2)
        assert w.log.view(2) == s.log.view(2)
        past = w.history[i_declined][1]
        assert isinstance(past, Offer) and past.seat == 1 and len(past.take) == 1 and not past.give
        assert past.take[0] in (("black", "bud"), ("osira", "bud"))
        told = [line for line in w.log.view(1) if line.startswith("seat 0 proposes: take ")]
        assert told[0] == f"seat 0 proposes: take {past.take[0][0]}/bud from you for ${past.pay}"  # its seats' words
        redrawn.add(past)
    assert real not in redrawn and len(redrawn) > 1
    for seat in (0, 1):   # the two seats of the deals keep every term
        w = s.determinize(seat, random.Random(3))
        assert w.history == s.history
    for seat in range(3):
        check_determinize(s, seat, 11)


def test_an_accepted_deal_keeps_its_terms_in_every_world():
    s = new_game(3, seed=8)
    for seat in range(3):
        to_purchase(s)
        for _ in range(2 if seat < 2 else 0):
            do(s, str([a for a in s.legal_actions() if isinstance(a, Buy)][-1]))
        do(s, "done buying", "end turn")
    to_purchase(s)
    do(s, "offer 1 take osira/bud pay 3", "accept")
    assert s.log.view(2)[-1] == "seat 1 accepts: seat 0 takes osira/bud and gives $3"
    w = s.determinize(2, random.Random(1))
    assert w.history == s.history


def test_the_information_state_key_tells_apart_steps_that_write_no_log_line():
    """``stop`` (when no order card is to be turned over) and ``done buying`` write nothing to the
    log, yet the other seats see them happen (the phase moves on): their keys differ."""
    s = new_game(3, seed=8)
    do(s, "seed")
    assert s.phase == "push" and None not in s.queue          # a full queue: nothing to refill
    for text, phase in (("stop", "purchase"), ("done buying", "fill")):
        after = s.clone()
        after.apply(after.action_from_text(text))
        assert after.phase == phase and after.log.seen_by(1) == s.log.seen_by(1)
        assert after.information_state_key(1) != s.information_state_key(1)
        s = after


def test_a_typed_move_that_is_well_formed_but_illegal_gets_the_rule():
    s = new_game(3, seed=8)                       # trash-or-seed: buying comes later
    assert s.parse_action("buy black") == Buy("black") and s.parse_action("bid 2") is None
    with pytest.raises(IllegalActionError) as typed:
        s.action_from_text("BUY  black")
    with pytest.raises(IllegalActionError) as applied:
        s.apply(Buy("black"))
    assert typed.value.rule == applied.value.rule == "Turn phases"
    assert str(typed.value) == str(applied.value)


def test_game_info_and_the_length_bound():
    rng = random.Random(0)
    for players in range(1, 7):
        game = roses.load("rare-roses", players=players)
        info = game.info
        assert (info.information, info.chance_mode, info.utility) == ("imperfect", "explicit", "constant-sum")
        assert (info.min_utility, info.max_utility, info.score_unit) == (0.0, 1.0, "dollars")
        assert info.num_distinct_actions == game.num_distinct_actions() and info.search_iterations == 20
        longest = 0
        for seed in range(4):
            s = game.new_initial_state(seed)
            while not s.is_terminal():
                s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
            longest = max(longest, len(s.history))
        assert longest <= info.max_game_length < 40 * longest, (players, longest, info.max_game_length)
    more = roses.load("rare-roses", players=4, max_offers=10).info.max_game_length
    assert more > roses.load("rare-roses", players=4).info.max_game_length
    free = dict(CHEAP, rainbow=0)
    assert roses.load("rare-roses", players=2, market_prices=free).info.max_game_length == sys.maxsize


def test_same_seeds_give_the_games_of_the_engine_before_v2():
    """The legal actions' order, the chance outcomes' order and probabilities and the log wording
    are unchanged: random games (uniform over the listed actions) fingerprint as they did with
    the engine before v2 (histories, money and the public log of six games)."""
    h = hashlib.sha256()
    for players in (1, 3, 6):
        game = roses.load("rare-roses", players=players)
        for seed in (0, 1):
            s, rng = game.new_initial_state(seed), random.Random(seed)
            while not s.is_terminal():
                s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
            h.update(repr(([str(a) for _, a in s.history], s.money, s.log.view(None))).encode())
    assert h.hexdigest() == "d19fe1546a4ebcb5ef4224fbb7044bb58a37b7a8ab3677fcd4d091ec5d632be3"
